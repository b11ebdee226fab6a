/// One picture of a ``AnimationMotion/keyframes(_:)`` animation: where the outgoing (old) and incoming
/// (new) screens are, which one is on top, and whether the picture is dimmed.
///
/// A position is an offset from the screen's place as a fraction of the area: `x = 1` is one full width
/// to the right, `y = -0.5` half a height up; `(0, 0)` is in place. A screen with no position is not drawn.
public struct AnimationKeyframe: Hashable, Sendable {
    /// The outgoing screen's offset, or nil when it is not drawn.
    public var outgoing: AnimationOffset?
    /// The incoming screen's offset, or nil when it is not drawn.
    public var incoming: AnimationOffset?
    /// Whether the incoming screen is drawn over the outgoing one (true) or under it.
    public var incomingOnTop: Bool
    /// Whether the whole picture is dimmed.
    public var dimmed: Bool

    /// Creates a keyframe.
    public init(outgoing: AnimationOffset? = nil, incoming: AnimationOffset? = nil, incomingOnTop: Bool = true,
                dimmed: Bool = false) {
        self.outgoing = outgoing
        self.incoming = incoming
        self.incomingOnTop = incomingOnTop
        self.dimmed = dimmed
    }

    /// The keyframe with the two screens' roles swapped, as the animation played backwards shows it.
    public var reversed: AnimationKeyframe {
        AnimationKeyframe(outgoing: incoming, incoming: outgoing, incomingOnTop: !incomingOnTop, dimmed: dimmed)
    }
}
