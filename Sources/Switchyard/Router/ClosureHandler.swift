/// A handler made of closures (WLRRoute's block registration).
public struct ClosureHandler: RouteHandler {
    let should: @Sendable (RouteRequest) async -> Bool
    let body: @Sendable (RouteRequest) async throws -> RouteResult

    /// Creates a handler from a body and an optional should-handle check.
    public init(shouldHandle: @escaping @Sendable (RouteRequest) async -> Bool = { _ in true },
                _ body: @escaping @Sendable (RouteRequest) async throws -> RouteResult) {
        should = shouldHandle
        self.body = body
    }

    /// Runs the should-handle closure.
    public func shouldHandle(_ request: RouteRequest) async -> Bool { await should(request) }
    /// Runs the body.
    public func handle(_ request: RouteRequest) async throws -> RouteResult { try await body(request) }
}
