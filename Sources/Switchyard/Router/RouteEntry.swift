/// What the router stores for each route.
public struct RouteEntry: Sendable {
    /// The target's name (a screen kind, a service…), shown in tables and traces.
    public let name: String
    /// The handler, if one is registered (a route loaded from a file may have none yet).
    public let handler: (any RouteHandler)?
    /// Free-form metadata that interceptors can read (`requiresLogin`, `title`…).
    public let metadata: [String: String]

    /// Creates an entry.
    public init(name: String, handler: (any RouteHandler)?, metadata: [String: String] = [:]) {
        self.name = name
        self.handler = handler
        self.metadata = metadata
    }
}
