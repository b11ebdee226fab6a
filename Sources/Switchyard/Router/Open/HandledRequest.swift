/// What a handler (or the fallback) produced, on its way to the placement stage.
struct HandledRequest {
    /// The handler's result.
    let result: RouteResult
    /// The request it handled.
    let request: RouteRequest
    /// The pattern the outcome names: the route's, or `fallback`.
    let pattern: String
}
