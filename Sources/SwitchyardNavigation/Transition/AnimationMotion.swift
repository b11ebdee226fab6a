/// The frames of an ``Animation``, as data a renderer plays.
public enum AnimationMotion: Hashable, Sendable {
    /// The new screen replaces the old one at once.
    case immediate
    /// The new screen slides in over the old one from `edge` (played backwards, the old screen slides
    /// off toward it), eased by the renderer's timing.
    case slide(from: AnimationEdge)
    /// The old screen dimmed for the first third, then the new screen dimmed, then the new screen.
    case crossFade
    /// Keyframes held for equal shares of the transition, in order (the last keyframe is followed by
    /// the finished screen). Played backwards (pop, pop-to, dismiss), the keyframes run in reverse
    /// order with the incoming and outgoing screens swapped. Never empty in a registered animation.
    case keyframes([AnimationKeyframe])
}
