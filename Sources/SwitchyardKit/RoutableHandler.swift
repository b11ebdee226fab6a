import Switchyard

/// The handler a ``Routable`` is registered with: checks the required parameters, then runs the
/// type's factory.
struct RoutableHandler<R: Routable>: RouteHandler {
    func shouldHandle(_ request: RouteRequest) async -> Bool { true }

    func handle(_ request: RouteRequest) async throws -> RouteResult {
        let missing = R.requiredParameters.filter { request[$0] == nil && request.native.describeValue($0) == nil }
        guard missing.isEmpty else {
            throw MissingParameterError(target: R.target, names: missing)
        }
        return try await R.make(request)
    }
}
