/// Names the screen a ``NavigationAction/popTo(_:animation:)`` returns to.
///
/// The search runs from the top of the visible path downward (top modal's stack, lower modals, then
/// the selected tab's stack), so the nearest matching instance wins.
public enum ScreenTarget: Hashable, Sendable, CustomStringConvertible {
    /// The nearest screen whose ``Screen/kind`` equals the name (e.g. `"OrderList"`).
    case kind(String)
    /// The nearest screen whose route ``Screen/pattern`` equals the text (e.g. `"app://order/:id"`).
    case pattern(String)
    /// The screen with this identity.
    case screen(ScreenID)
    /// Any screen showing the same route as this one (see ``Screen/isSameRoute(as:)``).
    case sameRoute(as: Screen)

    /// Whether `screen` is an instance of this target.
    public func matches(_ screen: Screen) -> Bool {
        switch self {
        case .kind(let kind): screen.kind == kind
        case .pattern(let pattern): screen.pattern == pattern
        case .screen(let id): screen.id == id
        case .sameRoute(let other): screen.isSameRoute(as: other)
        }
    }

    /// The target written as `kind OrderList`, `pattern app://order/:id` or `screen #3`.
    public var description: String {
        switch self {
        case .kind(let kind): "kind \(kind)"
        case .pattern(let pattern): "pattern \(pattern)"
        case .screen(let id): "screen \(id)"
        case .sameRoute(let other): "\(other.title)"
        }
    }
}
