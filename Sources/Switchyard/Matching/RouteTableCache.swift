import Foundation

/// A compiled route table kept in one file, keyed by app version (TheRouter's version-keyed route cache).
///
/// The file holds a ``RouteTable/snapshot(version:)``. ``load(version:)`` returns the table when the file
/// was saved by the same app version, and otherwise removes the file and returns nil: a new version
/// (new routes) invalidates the cache, as does a damaged file or one written by a build with another
/// snapshot format.
///
/// ```swift
/// let cache = RouteTableCache<String>(directory: cachesDirectory)
/// let table = try cache.table(version: appVersion) {
///     var builder = RouteTableBuilder<String>()
///     try builder.add("app://user/:id<int>", target: "UserProfile")
///     return builder.build()
/// }
/// ```
public struct RouteTableCache<Target: Codable & Sendable>: Sendable {
    /// The cache file.
    public let fileURL: URL

    /// A cache in `directory`, in the file `name` + `.routesnapshot`.
    ///
    /// - Parameters:
    ///   - directory: where the file lives (created by ``save(_:version:)`` when missing).
    ///   - name: the file's name without extension; give tables of different targets different names.
    public init(directory: URL, name: String = "routes") {
        fileURL = directory.appendingPathComponent(name + ".routesnapshot")
    }

    /// The cached table when the file was saved for `version`; nil when there is no file, and nil with
    /// the file removed when it is for another version or cannot be loaded.
    ///
    /// - Parameter version: the running app's version.
    public func load(version: String) -> RouteTable<Target>? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        do throws(SnapshotError) {
            return try RouteTable<Target>(snapshot: [UInt8](data), version: version)
        } catch {
            remove()
            return nil
        }
    }

    /// Writes `table`'s snapshot for `version`, replacing the file atomically.
    ///
    /// - Parameters:
    ///   - table: the table to cache.
    ///   - version: the app version it belongs to.
    /// - Throws: a ``SnapshotError`` when a target cannot be encoded, or the file system's error.
    public func save(_ table: RouteTable<Target>, version: String) throws {
        let bytes = try table.snapshot(version: version)
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: fileURL, options: .atomic)
    }

    /// Deletes the cache file, if there is one.
    public func remove() {
        try? FileManager.default.removeItem(at: fileURL)
    }

    /// The cached table for `version`, or else the one `build` returns, saved for next time (a failed
    /// save is ignored: the cache is only an optimisation).
    ///
    /// - Parameters:
    ///   - version: the running app's version.
    ///   - build: builds the table from its patterns when the cache cannot serve it.
    public func table(version: String, build: () throws -> RouteTable<Target>) rethrows -> RouteTable<Target> {
        if let cached = load(version: version) { return cached }
        let table = try build()
        try? save(table, version: version)
        return table
    }
}
