import Switchyard

/// Holds the runtime for the router's placement step without keeping it alive.
@MainActor
final class PlacementTarget {
    weak var runtime: AppRuntime?

    func apply(_ result: RouteResult, for request: RouteRequest) -> PlacementVerdict {
        guard let runtime else { return .failed(reason: "the app is gone") }
        return runtime.applyPlacement(result, for: request)
    }
}
