/// What happens when a push or present would add a screen equal in kind and URL to the top screen.
public enum DuplicatePolicy: String, Hashable, Sendable, CaseIterable {
    /// Reject the action with ``NavigationError/duplicate(kind:url:)`` and leave the state unchanged
    /// (guards against double taps and repeated deep links). The default.
    case ignore
    /// Add the screen anyway, as a second instance with its own ``ScreenID``.
    case allow
}
