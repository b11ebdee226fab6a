/// Every navigation the app can ask for: the union of the operations of three iOS routers.
///
/// "Active stack" below means the top modal's stack when a modal is presented, otherwise the
/// selected tab's stack. Screens carried by an action receive a fresh ``ScreenID`` when they enter
/// the state. Every case carries the ``Animation`` the renderer plays; defaults follow UIKit.
///
/// Actions that describe a step (``pop(animation:)``, ``dismiss(animation:)``) fail when the step is
/// impossible; actions that describe a goal (``popToRoot(animation:)``, ``dismissAll(animation:)``,
/// selecting the current tab) succeed with ``Transition/none`` when the goal already holds.
public enum NavigationAction: Hashable, Sendable {
    /// Pushes a screen on the active stack.
    ///
    /// Fails with ``NavigationError/modalHasNoNavigationStack`` when the top modal does not wrap
    /// navigation, and with ``NavigationError/duplicate(kind:url:)`` when the screen repeats the top
    /// screen's route under ``DuplicatePolicy/ignore``.
    case push(Screen, animation: Animation = .slideFromRight)
    /// Removes the top screen of the active stack.
    ///
    /// Fails with ``NavigationError/cannotPopRoot`` on a one-screen stack and with
    /// ``NavigationError/modalHasNoNavigationStack`` inside a modal without navigation.
    case pop(animation: Animation = .slideFromRight)
    /// Pops the active stack down to its root; a no-op when already there.
    case popToRoot(animation: Animation = .slideFromRight)
    /// Pops back to the nearest screen matching the target, searching the visible path from the top
    /// (top modal's stack, lower modals, then the selected tab), then the other tabs in order; modals
    /// above it are dismissed, and a target in another tab selects that tab.
    /// Fails with ``NavigationError/targetNotFound(_:)``.
    case popTo(ScreenTarget, animation: Animation = .slideFromRight)
    /// Presents a screen as a new top modal, optionally with its own navigation stack.
    /// Fails with ``NavigationError/duplicate(kind:url:)`` as for ``push(_:animation:)``.
    case present(
        Screen,
        style: PresentationStyle = .sheet,
        wrapsInNavigation: Bool = false,
        animation: Animation = .slideFromBottom
    )
    /// Dismisses the top modal. Fails with ``NavigationError/nothingToDismiss``.
    case dismiss(animation: Animation = .slideFromBottom)
    /// Dismisses every modal; a no-op when none is presented.
    case dismissAll(animation: Animation = .slideFromBottom)
    /// Dismisses every modal and selects a tab, optionally popping that tab to its root.
    ///
    /// Fails with ``NavigationError/tabOutOfRange(index:count:)`` or
    /// ``NavigationError/tabNotFound(_:)``. Selecting the current tab only dismisses modals (and pops
    /// when asked).
    case selectTab(TabSelector, popToRoot: Bool = false, animation: Animation = .none)
    /// Replaces the selected tab's whole stack with one screen and dismisses every modal
    /// (a "window root" change such as showing Login after logout).
    case setRoot(Screen, animation: Animation = .fade)
    /// Dismisses every modal, then pushes the screen on the selected tab's stack.
    /// Fails with ``NavigationError/duplicate(kind:url:)`` against that tab's top screen.
    case dismissThenPush(Screen, animation: Animation = .slideFromRight)
    /// Replaces the top screen of the active stack (allowed in a modal without navigation too).
    case replaceTop(Screen, animation: Animation = .fade)
    /// Sets or clears the leave guard of the screen with this ID, wherever it is in the state.
    /// Fails with ``NavigationError/screenNotFound(_:)``.
    case setLeaveGuard(LeaveGuard?, on: ScreenID)
    /// Removes the screen with this ID wherever it is: a modal showing only it is dismissed, otherwise
    /// it leaves its stack (screens above it stay). Fails with ``NavigationError/screenNotFound(_:)``,
    /// and with ``NavigationError/cannotPopRoot`` for a tab's root screen.
    case remove(ScreenID, animation: Animation = .slideFromBottom)
    /// Replaces the content of the screen with this ID (title, parameters, body, links) in place,
    /// keeping its ID and position: reopening a screen with other query values.
    /// Fails with ``NavigationError/screenNotFound(_:)``.
    case update(ScreenID, with: Screen)

    /// Clears the leave guard of a screen, e.g. after the user confirmed "Discard changes".
    public static func discardGuard(_ id: ScreenID) -> NavigationAction {
        .setLeaveGuard(nil, on: id)
    }

    /// The animation this action asks the renderer to play (``Animation/none`` for guard changes).
    public var animation: Animation {
        switch self {
        case .push(_, let animation),
             .pop(let animation),
             .popToRoot(let animation),
             .popTo(_, let animation),
             .present(_, _, _, let animation),
             .dismiss(let animation),
             .dismissAll(let animation),
             .selectTab(_, _, let animation),
             .setRoot(_, let animation),
             .dismissThenPush(_, let animation),
             .replaceTop(_, let animation),
             .remove(_, let animation):
            animation
        case .setLeaveGuard, .update:
            .none
        }
    }
}
