/// What changed on screen after an action, for the renderer to animate.
///
/// A transition is derived from the difference between two states (see
/// ``derive(from:to:action:)``); the action only supplies the ``Animation``. The renderer plays it
/// and never decides navigation itself.
public enum Transition: Hashable, Sendable, CustomStringConvertible {
    /// One screen was added on top of the visible stack.
    case push(from: Screen, to: Screen, animation: Animation)
    /// The top screen of the visible stack was removed.
    case pop(from: Screen, to: Screen, animation: Animation)
    /// Several screens were removed from the top of the visible stack at once.
    case popTo(from: Screen, to: Screen, removed: Int, animation: Animation)
    /// A modal was presented; the screen is its top.
    case present(Screen, style: PresentationStyle, animation: Animation)
    /// One or more modals were dismissed; the screen is the top that disappeared.
    case dismiss(Screen, animation: Animation)
    /// The selected tab changed (modals above it, if any, are gone too).
    case tabSwitch(from: Int, to: Int, animation: Animation)
    /// The selected tab's root screen changed: its whole stack was replaced.
    case rootReplaced(from: Screen, to: Screen, animation: Animation)
    /// Any other change of the visible screen (a swapped top, or several layers at once).
    case replace(from: Screen, to: Screen, animation: Animation)
    /// Nothing visible changed (for instance only a leave guard, or a goal that already held).
    case none

    /// The animation to play (``Animation/none`` for ``Transition/none``).
    public var animation: Animation {
        switch self {
        case .push(_, _, let animation),
             .pop(_, _, let animation),
             .popTo(_, _, _, let animation),
             .present(_, _, let animation),
             .dismiss(_, let animation),
             .tabSwitch(_, _, let animation),
             .rootReplaced(_, _, let animation),
             .replace(_, _, let animation):
            animation
        case .none:
            .none
        }
    }

    /// A one-line summary, e.g. `push Orders → Order #42 (slideFromRight)`.
    public var description: String {
        switch self {
        case .push(let from, let to, let animation):
            "push \(from.title) → \(to.title) (\(animation))"
        case .pop(let from, let to, let animation):
            "pop \(from.title) → \(to.title) (\(animation))"
        case .popTo(let from, let to, let removed, let animation):
            "popTo \(from.title) → \(to.title), removed \(removed) (\(animation))"
        case .present(let screen, let style, let animation):
            "present \(screen.title) as \(style) (\(animation))"
        case .dismiss(let screen, let animation):
            "dismiss \(screen.title) (\(animation))"
        case .tabSwitch(let from, let to, let animation):
            "tabSwitch \(from) → \(to) (\(animation))"
        case .rootReplaced(let from, let to, let animation):
            "rootReplaced \(from.title) → \(to.title) (\(animation))"
        case .replace(let from, let to, let animation):
            "replace \(from.title) → \(to.title) (\(animation))"
        case .none:
            "none"
        }
    }
}
