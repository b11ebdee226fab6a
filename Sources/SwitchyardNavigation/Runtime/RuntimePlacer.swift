import Switchyard

/// The runtime's side of every open: places the handler's screen on the main actor.
struct RuntimePlacer: PlacementApplier {
    let target: PlacementTarget

    func apply(_ result: RouteResult, for request: RouteRequest) async -> PlacementVerdict {
        await target.apply(result, for: request)
    }
}
