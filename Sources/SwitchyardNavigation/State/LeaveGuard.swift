/// A screen's veto on being left, e.g. a form holding unsaved input.
///
/// While a screen carries a guard, actions that would remove it (pop, pop-to, dismiss, set root,
/// replace top, a tab selection that pops) or switch away from it to another tab are rejected with
/// ``NavigationError/vetoed(by:reason:)``. Clear it with ``NavigationAction/discardGuard(_:)`` or
/// apply with `overridingGuards: true`.
public struct LeaveGuard: Hashable, Sendable {
    /// Why leaving is refused, worded for the user (e.g. "Unsaved changes").
    public var reason: String

    /// Creates a guard with the reason shown to the user.
    public init(reason: String) {
        self.reason = reason
    }
}
