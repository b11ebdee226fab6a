/// What changed on screen after an action, for the renderer to animate.
///
/// A transition is derived from the difference between two states (see
/// ``derive(from:to:action:)``); the action only supplies the ``Animation``. The renderer plays it
/// and never decides navigation itself.
public enum Transition: Hashable, Sendable, CustomStringConvertible {
    /// One screen was added on top of the visible stack.
    case push(from: Screen, to: Screen, animation: Animation)
    /// Several screens were added on top of the visible stack at once (a deep link's back stack):
    /// `pushed` lists them bottom first, so its last screen is the new top.
    case pushMany(from: Screen, pushed: [Screen], animation: Animation)
    /// Several transitions in order, played as one step (a dismiss followed by a push, a tab switch
    /// followed by a deep link's pushes). The last one is the main one.
    indirect case sequence([Transition])
    /// The top screen of the visible stack was removed.
    case pop(from: Screen, to: Screen, animation: Animation)
    /// Several screens were removed from the top of the visible stack at once.
    case popTo(from: Screen, to: Screen, removed: Int, animation: Animation)
    /// A modal was presented; the screen is its top.
    case present(Screen, style: PresentationStyle, animation: Animation)
    /// One or more modals were dismissed; the screen is the top that disappeared.
    case dismiss(Screen, animation: Animation)
    /// Several screens left with one dismiss: modals dismissed together, or a modal with a navigation
    /// stack of its own. `screens` lists them top first; the first is the top that disappeared.
    case dismissMany([Screen], animation: Animation)
    /// The selected tab changed (modals above it, if any, are gone too). The indices count from 0;
    /// ``description`` shows them counted from 1, as the tab bar numbers tabs (`tabSwitch 1 → 3`).
    case tabSwitch(from: Int, to: Int, animation: Animation)
    /// The selected tab's root screen changed: its whole stack was replaced.
    case rootReplaced(from: Screen, to: Screen, animation: Animation)
    /// Any other change of the visible screen (a swapped top, or several layers at once).
    case replace(from: Screen, to: Screen, animation: Animation)
    /// A screen below the top was taken out (a login screen under a screen pushed on it); the
    /// top, `under`, stays where it is, so nothing moves on screen.
    case removed(Screen, under: Screen, animation: Animation)
    /// Nothing visible changed (for instance only a leave guard, or a goal that already held).
    case none

    /// The animation to play (``Animation/none`` for ``Transition/none``).
    public var animation: Animation {
        switch self {
        case .push(_, _, let animation),
             .pushMany(_, _, let animation),
             .pop(_, _, let animation),
             .popTo(_, _, _, let animation),
             .present(_, _, let animation),
             .dismiss(_, let animation),
             .dismissMany(_, let animation),
             .tabSwitch(_, _, let animation),
             .rootReplaced(_, _, let animation),
             .replace(_, _, let animation),
             .removed(_, _, let animation):
            animation
        case .sequence(let steps):
            steps.last?.animation ?? .none
        case .none:
            .none
        }
    }

    /// A one-line summary, e.g. `push Orders → Order #42 (slideFromRight)` or `tabSwitch 1 → 3 (none)`
    /// (tabs counted from 1).
    public var description: String {
        switch self {
        case .push(let from, let to, let animation):
            "push \(from.title) → \(to.title) (\(animation))"
        case .pushMany(let from, let pushed, let animation):
            "push \(pushed.count) screens \(Self.path(from, pushed)) (\(animation))"
        case .pop(let from, let to, let animation):
            "pop \(from.title) → \(to.title) (\(animation.exitName))"
        case .popTo(let from, let to, let removed, let animation):
            "popTo \(from.title) → \(to.title), removed \(removed) (\(animation.exitName))"
        case .present(let screen, let style, let animation):
            "present \(screen.title) as \(style) (\(animation))"
        case .dismiss(let screen, let animation):
            "dismiss \(screen.title) (\(animation.exitName))"
        case .dismissMany(let screens, let animation):
            "dismiss \(screens.map(\.title).joined(separator: ", ")) (\(animation.exitName))"
        case .tabSwitch(let from, let to, let animation):
            // Tabs are counted from 1 in what the user reads, as on the tab bar and in `tab N`.
            "tabSwitch \(from + 1) → \(to + 1) (\(animation))"
        case .rootReplaced(let from, let to, let animation):
            "rootReplaced \(from.title) → \(to.title) (\(animation))"
        case .replace(let from, let to, let animation):
            "replace \(from.title) → \(to.title) (\(animation))"
        case .removed(let screen, let top, _):
            "remove \(screen.title) from under \(top.title)"
        case .sequence(let steps):
            steps.map(\.description).joined(separator: ", then ")
        case .none:
            "none"
        }
    }

    /// `from` and the screens pushed on it, joined by arrows; past five screens in all, the middle
    /// ones are one `…` (`Home → Orders → … → Order #42 → Tracking #42`).
    private static func path(_ from: Screen, _ pushed: [Screen]) -> String {
        let titles = [from.title] + pushed.map(\.title)
        let shown = titles.count <= 5 ? titles : Array(titles.prefix(2)) + ["…"] + Array(titles.suffix(2))
        return shown.joined(separator: " → ")
    }

    /// This push followed by `next`, as one push of several screens (a deep link's back stack); nil
    /// unless this is a push and `next` a push of one screen.
    func followed(byPush next: Transition) -> Transition? {
        guard case .push(_, let to, let animation) = next else { return nil }
        switch self {
        case .push(let from, let first, _): return .pushMany(from: from, pushed: [first, to], animation: animation)
        case .pushMany(let from, let pushed, _):
            return .pushMany(from: from, pushed: pushed + [to], animation: animation)
        default: return nil
        }
    }

    /// The transition in one flat line, as the log says it beside other words: as ``description``,
    /// except that a step with no animation names none (`tabSwitch 3 → 1`, not `tabSwitch 3 → 1
    /// (none)`). No parenthesis nests in it, and a line that adds it to other words does so after
    /// ` · `, never in parentheses.
    public var summary: String {
        switch self {
        case .sequence(let steps):
            return steps.map(\.summary).joined(separator: ", then ")
        case .none:
            return "none"
        default:
            let text = description
            return animation == .none && text.hasSuffix(" (none)") ? String(text.dropLast(7)) : text
        }
    }

    /// The transition as one word (`push`, `pop`, `present`…); a sequence joins its steps with `+`
    /// (`dismiss+push`). Scripts check it with `expect transition`.
    public var kind: String {
        switch self {
        case .push, .pushMany: "push"
        case .pop: "pop"
        case .popTo: "popTo"
        case .present: "present"
        case .dismiss, .dismissMany: "dismiss"
        case .tabSwitch: "tabSwitch"
        case .rootReplaced: "rootReplaced"
        case .replace: "replace"
        case .removed: "remove"
        case .sequence(let steps): steps.map(\.kind).joined(separator: "+")
        case .none: "none"
        }
    }

    /// The main step: the last step of a sequence, else the transition itself.
    public var mainStep: Transition {
        if case .sequence(let steps) = self, let last = steps.last { return last.mainStep }
        return self
    }

    /// Joins transitions played in one step, leaving out `none`: nothing, one, or a sequence.
    public static func combining(_ steps: [Transition]) -> Transition {
        let flat = steps.flatMap { step -> [Transition] in
            if case .sequence(let inner) = step { return inner }
            return step == .none ? [] : [step]
        }
        switch flat.count {
        case 0: return .none
        case 1: return flat[0]
        default: return .sequence(flat)
        }
    }
}
