/// Handles requests for one or more patterns (WLRRoute's handler lifecycle).
///
/// The router calls ``shouldHandle(_:)`` first; when it says no, the navigation ends as
/// ``RouteOutcome/declined(pattern:)``. Otherwise ``handle(_:)`` runs. A handler may answer the caller
/// early with `request.callback.finish(…)`; if it does not, the router finishes the callback with the
/// navigation's outcome (the default finish).
public protocol RouteHandler: Sendable {
    /// Whether this handler wants the request. Defaults to true.
    func shouldHandle(_ request: RouteRequest) async -> Bool
    /// Handles the request and returns its result. Throwing ends the navigation as `failed`.
    func handle(_ request: RouteRequest) async throws -> RouteResult
    /// The URLs of the other screens this navigation will show besides its own (a deep link's parent,
    /// whose own handler names its parent in turn). Interceptors judge the navigation against those
    /// routes too, so a deep link whose parent chain holds a gated screen is gated as a whole.
    /// Defaults to none.
    func impliedURLs(for request: RouteRequest) -> [String]
}

extension RouteHandler {
    /// Accepts every request.
    public func shouldHandle(_ request: RouteRequest) async -> Bool { true }
    /// No other screens.
    public func impliedURLs(for request: RouteRequest) -> [String] { [] }
}

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
