/// Chooses a tab for ``NavigationAction/selectTab(_:popToRoot:animation:)``.
///
/// An integer literal selects by index, so `.selectTab(1)` reads naturally. Selecting by root route
/// lets a deep link such as `app://profile` pick the tab that owns it without knowing the tab order.
public enum TabSelector: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The tab at this position (0-based).
    case index(Int)
    /// The first tab whose ``Tab/rootURL`` equals the URL.
    case rootURL(String)
    /// The first tab whose current root screen has this ``Screen/kind``.
    case rootKind(String)

    /// Selects by index from an integer literal.
    public init(integerLiteral value: Int) {
        self = .index(value)
    }

    /// The selector written as `index 1`, `rootURL app://profile` or `rootKind Profile`.
    public var description: String {
        switch self {
        case .index(let index): "index \(index)"
        case .rootURL(let url): "rootURL \(url)"
        case .rootKind(let kind): "rootKind \(kind)"
        }
    }
}
