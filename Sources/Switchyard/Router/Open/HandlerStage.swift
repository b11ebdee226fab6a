/// Stage 5: the route's handler.
///
/// A route without a handler ends the open as failed. The handler's ``RouteHandler/shouldHandle(_:)``
/// runs first; a no ends the open as declined. An open superseded by then ends as cancelled and the
/// handler does not run. Adds a ``RouteTrace/Step/Kind/handler`` step: `declined`, the result, or
/// `threw …` (the open then ends as failed).
struct HandlerStage {
    /// The handler's result.
    func run(_ route: MatchedRoute, _ pass: inout OpenPass) async throws(PassEnd) -> HandledRequest {
        let request = route.request
        let pattern = request.pattern.description
        let target = route.entry.name
        guard let handler = route.entry.handler else {
            throw .finish(.failed(pattern: pattern, error: "no handler registered for target \(target)"))
        }
        let start = ContinuousClock.now
        guard await handler.shouldHandle(request) else {
            pass.addStep(.handler, target, "declined", seconds: (ContinuousClock.now - start).seconds)
            throw .finish(.declined(pattern: pattern))
        }
        guard pass.isCurrent() else { throw .finish(OpenPass.superseded) }
        let result: RouteResult
        do { result = try await handler.handle(request) } catch {
            pass.addStep(.handler, target, "threw \(error)", seconds: (ContinuousClock.now - start).seconds)
            throw .finish(.failed(pattern: pattern, error: String(describing: error)))
        }
        pass.addStep(.handler, target, result.description, seconds: (ContinuousClock.now - start).seconds)
        return HandledRequest(result: result, request: request, pattern: pattern)
    }
}
