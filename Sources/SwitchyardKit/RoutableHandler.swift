import Switchyard

/// The handler a ``Routable`` is registered with: checks the required parameters, then runs the
/// type's factory.
struct RoutableHandler<R: Routable>: RouteHandler {
    /// The registry of the module the route came with; given to the factory as `request.services`
    /// unless the open carries its own.
    let services: ServiceRegistry?

    func shouldHandle(_ request: RouteRequest) async -> Bool { true }

    func handle(_ request: RouteRequest) async throws -> RouteResult {
        let missing = R.requiredParameters.filter { request[$0] == nil && request.native.describeValue($0) == nil }
        guard missing.isEmpty else {
            throw MissingParameterError(target: R.target, names: missing)
        }
        return try await R.make(withServices(request))
    }

    func impliedURLs(for request: RouteRequest) -> [String] {
        R.impliedURLs(for: withServices(request))
    }

    /// `request` with the module's registry as `request.services`, unless it carries its own.
    private func withServices(_ request: RouteRequest) -> RouteRequest {
        guard let services, request.services == nil else { return request }
        var request = request
        request.native[ModuleServices.self] = services
        return request
    }
}
