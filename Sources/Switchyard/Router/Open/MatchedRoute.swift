/// The route a pass reached, with the request its interceptors and handler see.
struct MatchedRoute {
    /// The route's entry: target, handler and metadata.
    let entry: RouteEntry
    /// The request for the route.
    let request: RouteRequest
}
