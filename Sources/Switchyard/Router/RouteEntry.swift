/// What the router stores for each route.
public struct RouteEntry: Sendable {
    /// The target's name (a screen kind, a service…), shown in tables and traces.
    public let target: String
    /// The handler, if one is registered (a route loaded from a file may have none yet).
    public let handler: (any RouteHandler)?
    /// Free-form metadata that interceptors can read (`requiresLogin`, `title`…).
    public let metadata: [String: String]

    /// Creates an entry.
    public init(target: String, handler: (any RouteHandler)?, metadata: [String: String] = [:]) {
        self.target = target
        self.handler = handler
        self.metadata = metadata
    }
}
