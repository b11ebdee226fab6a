/// A deterministic source of fresh ``ScreenID``s, stored inside ``NavigationState``.
///
/// Because the generator is part of the state value, applying the same actions to equal states
/// yields equal states (same IDs), and a rejected action does not consume an ID.
public struct ScreenIDGenerator: Hashable, Sendable {
    /// The raw value the next call to ``next()`` returns.
    public private(set) var nextValue: Int

    /// Creates a generator whose first ID is `nextValue` (1 by default).
    public init(nextValue: Int = 1) {
        self.nextValue = nextValue
    }

    /// Returns a fresh ID and advances the counter.
    ///
    /// The counter wraps instead of trapping at `Int.max`; a wrapped (non-positive) ID is reported by
    /// ``NavigationState/checkInvariants()``, so the action that would use it is rejected.
    public mutating func next() -> ScreenID {
        let id = ScreenID(nextValue)
        nextValue = nextValue &+ 1
        return id
    }
}
