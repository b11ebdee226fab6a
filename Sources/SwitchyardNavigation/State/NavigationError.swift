/// Why ``NavigationState/apply(_:overridingGuards:)`` rejected an action.
///
/// A rejected action never changes the state.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A pop on a stack that holds only its root.
    case cannotPopRoot
    /// A dismiss while no modal is presented.
    case nothingToDismiss
    /// A push or pop while the top modal shows a single screen without a navigation stack.
    case modalHasNoNavigationStack
    /// A tab index outside `0..<count`.
    case tabOutOfRange(index: Int, count: Int)
    /// No tab matches the selector's root URL or root kind.
    case tabNotFound(TabSelector)
    /// No screen on the visible path matches a pop-to target.
    case targetNotFound(ScreenTarget)
    /// No screen in the state has this ID.
    case screenNotFound(ScreenID)
    /// A screen's ``LeaveGuard`` refused to be left.
    case vetoed(by: ScreenID, reason: String)
    /// The pushed or presented screen repeats the top screen's route under ``DuplicatePolicy/ignore``.
    case duplicate(kind: String, url: String)
    /// A state would break its invariants; carries the list from ``NavigationState/checkInvariants()``.
    case invalidState([String])

    /// A one-line explanation for logs and the status bar.
    public var description: String {
        switch self {
        case .cannotPopRoot:
            "cannot pop: the stack holds only its root"
        case .nothingToDismiss:
            "nothing to dismiss: no modal is presented"
        case .modalHasNoNavigationStack:
            "the top modal has no navigation stack"
        case .tabOutOfRange(let index, let count):
            "tab index \(index) is out of range (\(count) tabs, counted from 0)"
        case .tabNotFound(let selector):
            "no tab matches \(selector)"
        case .targetNotFound(let target):
            "no screen on the visible path matches \(target)"
        case .screenNotFound(let id):
            "no screen has ID \(id)"
        case .vetoed(let id, let reason):
            "screen \(id) refuses to be left: \(reason)"
        case .duplicate(let kind, let url):
            "\(kind) \(url) is already on top"
        case .invalidState(let violations):
            "invalid navigation state: " + violations.joined(separator: "; ")
        }
    }
}
