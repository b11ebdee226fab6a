/// How the animator moves the two screens of a transition.
///
/// SwitchyardShell derives a motion from a navigation transition (`Motion(_:)` there).
public enum Motion: Hashable, Sendable {
    /// The new screen replaces the old at once.
    case immediate
    /// The new screen slides in over the old one, entering from `edge`.
    case enter(from: Edge)
    /// The old screen slides out toward `edge`, revealing the new one beneath.
    case exit(toward: Edge)
    /// The old screen dims, then the new screen appears dimmed, then at full brightness.
    case crossFade

    /// A side of the content area.
    public enum Edge: Hashable, Sendable {
        /// The left edge.
        case left
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
    }
}
