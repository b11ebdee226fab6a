/// The stable identity of one screen instance in a ``NavigationState``.
///
/// Two screens showing the same URL are still different screens when they have different IDs
/// (for example `Order #42` pushed twice with ``DuplicatePolicy/allow``). IDs are handed out by the
/// state's ``ScreenIDGenerator`` whenever a screen enters the state, so they are unique and
/// deterministic. The value `0` is reserved for ``unassigned``.
public struct ScreenID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The numeric value of the identity.
    public var rawValue: Int

    /// Creates an identity from its numeric value.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates an identity from an integer literal, so tests can write `Screen(id: 3, …)`.
    public init(integerLiteral value: Int) {
        self.rawValue = value
    }

    /// The placeholder carried by a screen that has not entered a state yet.
    ///
    /// ``NavigationState/apply(_:overridingGuards:)`` replaces it (and any other ID) with a fresh one.
    public static let unassigned = ScreenID(0)

    /// Orders identities by their numeric value (older screens first).
    public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identity written as `#n`.
    public var description: String {
        "#\(rawValue)"
    }
}
