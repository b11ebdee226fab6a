/// An interceptor made of a closure.
public struct ClosureInterceptor: Interceptor {
    /// The name shown in traces.
    public let name: String
    let body: @Sendable (RouteRequest) async throws -> InterceptorDecision

    /// Creates an interceptor.
    public init(_ name: String, _ body: @escaping @Sendable (RouteRequest) async throws -> InterceptorDecision) {
        self.name = name
        self.body = body
    }

    /// Runs the closure.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { try await body(request) }
}
