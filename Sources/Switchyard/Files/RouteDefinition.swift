import Foundation

/// One route as text: its pattern, target name, priority and metadata, as a route file writes it.
///
/// It is the one textual shape of a route: a route file's entries, a live router's routes
/// (`Route.definition`), a route map's and a host definition's routes and the app's screen routes
/// (`ScreenRoute.definition`) all hold or give one.
public struct RouteDefinition: Sendable, Hashable {
    /// The pattern text.
    public var pattern: String
    /// The target's name.
    public var target: String
    /// Tie-breaking priority (higher wins).
    public var priority: Int
    /// Free-form metadata (`requiresLogin`, `title`…).
    public var metadata: [String: String]

    /// Creates a definition.
    public init(pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:]) {
        self.pattern = pattern
        self.target = target
        self.priority = priority
        self.metadata = metadata
    }
}

extension RouteDefinition: Codable {
    package enum Keys: String, CodingKey, CaseIterable { case pattern, target, priority, metadata, interceptors }

    /// Decodes `{"pattern", "target", "priority"?, "metadata"?, "interceptors"?}` strictly: the pattern
    /// must parse, the target must not be empty, the priority must be an integer, and metadata values
    /// must be strings, numbers or booleans (kept as text). `interceptors` is checked and not kept.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        pattern = try o.pattern(.pattern)
        target = try o.nonEmptyString(.target)
        priority = try o.integer(.priority) ?? 0
        metadata = try o.metadata(.metadata)
        _ = try o.decodeIfPresent([String].self, .interceptors)
    }

    /// Encodes the shape it decodes (without `interceptors`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(pattern, forKey: .pattern)
        try c.encode(target, forKey: .target)
        try c.encode(priority, forKey: .priority)
        try c.encode(metadata, forKey: .metadata)
    }
}
