import Foundation

/// A set of relocation entries, applied on top of the registered routes.
///
/// JSON: `{"version": 2, "entries": [{"op": "replace", "pattern": "app://old/:id", "to": "app://new/:id"}, …]}`.
/// Loading validates the whole table first: a malformed entry is refused with its index, a cycle with
/// the cycle shown, and a refused table leaves the previous one in force.
public struct RelocationTable: Sendable, Equatable, Codable {
    /// A version number chosen by whoever delivers the table (shown in traces).
    public var version: Int
    /// The entries, applied in order.
    public var entries: [RelocationEntry]

    /// Creates a table.
    public init(version: Int = 0, entries: [RelocationEntry]) {
        self.version = version
        self.entries = entries
    }

    private enum Keys: String, CodingKey, CaseIterable { case version, entries }

    /// Decodes `{"version": N, "entries": […]}` strictly: `version` (optional, default 0) must be an
    /// integer, every entry must be valid (``RelocationEntry/init(from:)``), and the table must apply on
    /// its own (no cycle of replacements).
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            // TheRouter's relocation payload: a bare array of maps with a numeric `routerType`.
            var entries: [RelocationEntry] = []
            while !list.isAtEnd { entries.append(try list.decode(TheRouterRelocation.self).entry) }
            version = 0
            self.entries = entries
            do throws(RelocationError) { _ = try RelocationState().applying(self) } catch {
                throw RouteFileError("", error.description)
            }
            return
        }
        let o = try SchemaObject(decoder, Keys.self)
        version = try o.integer(.version) ?? 0
        entries = try o.decode([RelocationEntry].self, .entries)
        // The table on its own must apply: a cycle among its replacements is refused here, not later.
        do throws(RelocationError) { _ = try RelocationState().applying(self) } catch {
            switch error {
            case .invalidEntry(let index, let reason):
                throw RouteFileError(SchemaPath.appending(o.path(.entries), index: index), reason)
            case .cycle, .malformed:
                throw o.refuse(.entries, error.description)
            }
        }
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(version, forKey: .version)
        try c.encode(entries, forKey: .entries)
    }

    /// Decodes a table from JSON (``RouteSchema/decode(_:json:file:)``). A bad entry is refused as
    /// ``RelocationError/invalidEntry(index:reason:)`` with the rest of its path in the reason
    /// (`op: unknown op 'move' …`); anything else as ``RelocationError/malformed(_:)``.
    public static func decode(json data: Data) throws(RelocationError) -> RelocationTable {
        do throws(RouteFileError) { return try RouteSchema.decode(RelocationTable.self, json: data) } catch {
            if error.line == nil, let (index, rest) = entryPath(error.location) {
                throw .invalidEntry(index: index, reason: rest.isEmpty ? error.message : "\(rest): \(error.message)")
            }
            throw .malformed(error.description)
        }
    }

    /// `entries[3].to` as (3, "to"); nil for other paths.
    private static func entryPath(_ path: String) -> (Int, String)? {
        guard path.hasPrefix("entries["), let close = path.firstIndex(of: "]") else { return nil }
        guard let index = Int(path[path.index(path.startIndex, offsetBy: "entries[".count)..<close]) else { return nil }
        var rest = path[path.index(after: close)...]
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return (index, String(rest))
    }
}
