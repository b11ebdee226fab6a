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
