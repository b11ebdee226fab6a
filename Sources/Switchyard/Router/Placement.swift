/// What the app did with a handler's result: the last step of an open, before its outcome is final.
public enum PlacementVerdict: Sendable, Equatable, CustomStringConvertible {
    /// The result was applied (a screen placed, or a result with nothing to place); the note says how.
    /// `shown`, when given, says in a result note's words what reached the screen (`present User ann`
    /// when a push became a present, `tab Orders` when a tab jump showed another tab than its
    /// carrier's): the outcome's result carries it in place of the handler's note.
    case placed(note: String, shown: String? = nil)
    /// A leave guard on a screen the placement would leave said no; the open ends as
    /// ``RouteOutcome/vetoed(by:reason:)``.
    case vetoed(by: String, reason: String)
    /// The placement could not happen; the open ends as ``RouteOutcome/placementFailed(reason:)``.
    case failed(reason: String)

    /// A short description for traces.
    public var description: String {
        switch self {
        case .placed(let note, _): note.isEmpty ? "placed" : note
        case .vetoed(let by, let reason): "vetoed by \(by): \(reason)"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}

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
