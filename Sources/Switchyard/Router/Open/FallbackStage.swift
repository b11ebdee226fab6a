/// Stage 3b: the fallback handler (``Router/setFallback(_:)``), for a URL no route matches.
///
/// Without a fallback the open ends as not found. Otherwise the fallback handles a request for the
/// pattern `fallback` and adds a ``RouteTrace/Step/Kind/fallback`` step with its result; its result then
/// goes to the placement stage. A fallback that throws ends the open as failed, without a step.
struct FallbackStage {
    /// The pattern a fallback request carries.
    static let pattern = RoutePattern(scheme: nil, host: .literal("fallback"), path: [])

    /// The fallback handler, if one is set.
    let handler: (any RouteHandler)?

    /// The fallback's result.
    func run(_ parsed: RouteURL, _ pass: inout OpenPass) async throws(PassEnd) -> HandledRequest {
        guard let handler else { throw .finish(.notFound(url: pass.url)) }
        var request = RouteRequest(url: parsed, pattern: Self.pattern, target: "fallback",
                                   path: PathParameters(names: [], values: []), native: pass.native,
                                   callback: pass.callback, redirectedFrom: pass.redirectedFrom)
        request.openID = pass.trace.id
        let start = ContinuousClock.now
        let result: RouteResult
        do { result = try await handler.handle(request) } catch {
            throw .finish(.failed(pattern: nil, error: String(describing: error)))
        }
        pass.addStep(.fallback, "fallback", result.description, seconds: (ContinuousClock.now - start).seconds)
        return HandledRequest(result: result, request: request, pattern: "fallback")
    }
}
