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
