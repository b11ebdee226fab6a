import Foundation

/// What a ``RouterCache`` keeps of a route: its target's name and metadata. A handler is code, so it is
/// not cached; it is attached again by target when the routes are loaded.
public struct CachedRoute: Codable, Sendable, Hashable {
    /// The route's target name.
    public let target: String
    /// The route's metadata.
    public let metadata: [String: String]

    /// Creates a cached route.
    public init(target: String, metadata: [String: String] = [:]) {
        self.target = target
        self.metadata = metadata
    }
}
