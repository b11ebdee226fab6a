/// The app's side of an open (WLRRoute's transition step, TheRouter's jump): it receives what the
/// handler produced and applies it — places the screen, runs a custom jump action — before the open ends.
///
/// The router awaits ``apply(_:for:)`` after the handler returns, so the outcome delivered to the
/// caller's callback and to the failure handler says what really reached the screen: `handled` only when
/// the placement happened, ``RouteOutcome/vetoed(by:reason:)`` or
/// ``RouteOutcome/placementFailed(reason:)`` otherwise. Install one with
/// ``Router/setPlacementApplier(_:)``.
public protocol PlacementApplier: Sendable {
    /// Applies `result`, which the handler of `request` produced, and says what happened.
    func apply(_ result: RouteResult, for request: RouteRequest) async -> PlacementVerdict
}
