/// Checks a request before its handler runs (WLRRoute's middleware, TheRouter's interceptors).
///
/// One async function that returns a decision: there is no completion to forget, so a navigation
/// can never be left hanging by an interceptor that "forgot to call back". An interceptor that takes
/// longer than its deadline ends the navigation as ``RouteOutcome/timedOut(interceptor:seconds:)``.
public protocol Interceptor: Sendable {
    /// The name shown in traces and outcomes.
    var name: String { get }
    /// Decides about the request.
    func intercept(_ request: RouteRequest) async throws -> InterceptorDecision
}
