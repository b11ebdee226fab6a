/// The motion a renderer plays for a ``Transition``: a name and its frames as data.
///
/// For operations that add or replace a screen (push, present, replace, set root, tab switch) the
/// animation plays forwards: a slide names the edge the new screen enters from. For operations that
/// remove screens (pop, pop-to, dismiss) it plays backwards: the leaving screen exits toward that edge.
/// So the defaults are symmetric, as in UIKit: push and pop are both ``slideFromRight``, present and
/// dismiss both ``slideFromBottom``.
///
/// The six built-in animations are static instances; an app registers its own in an
/// ``AnimationRegistry`` (or the `"animations"` object of an app description) and names them on
/// routes and in URLs (`?animation=name`).
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The name routes, URLs and scripts use, e.g. `slideFromRight`.
    public var name: String
    /// What the renderer draws.
    public var motion: AnimationMotion

    /// Creates an animation named `name` that plays `motion`.
    public init(name: String, motion: AnimationMotion) {
        self.name = name
        self.motion = motion
    }

    /// Enters from (or, reversed, leaves toward) the right edge; the push/pop default.
    public static let slideFromRight = Animation(name: "slideFromRight", motion: .slide(from: .right))
    /// Enters from (or leaves toward) the left edge.
    public static let slideFromLeft = Animation(name: "slideFromLeft", motion: .slide(from: .left))
    /// Enters from (or leaves toward) the top edge.
    public static let slideFromTop = Animation(name: "slideFromTop", motion: .slide(from: .top))
    /// Enters from (or leaves toward) the bottom edge; the present/dismiss default.
    public static let slideFromBottom = Animation(name: "slideFromBottom", motion: .slide(from: .bottom))
    /// Cross-fades; the set-root and replace-top default.
    public static let fade = Animation(name: "fade", motion: .crossFade)
    /// Switches at once; the tab-switch default.
    public static let none = Animation(name: "none", motion: .immediate)

    /// The six built-in animations, in declaration order.
    public static let builtIns: [Animation] = [.slideFromRight, .slideFromLeft, .slideFromTop, .slideFromBottom, .fade,
                                               .none]

    /// The built-in animations (the former enumeration's cases).
    public static var allCases: [Animation] {
        builtIns
    }

    /// Whether this is one of the six ``builtIns`` (same name and motion).
    public var isBuiltIn: Bool {
        Self.builtIns.contains(self)
    }

    /// The name, e.g. `slideFromRight`.
    public var description: String {
        name
    }

    /// The name of the animation played backwards, as a pop or dismiss plays it: the screen leaves toward
    /// the edge it came from (`slideToRight` for ``slideFromRight``); other animations keep their names.
    public var exitName: String {
        guard isBuiltIn, case .slide(let edge) = motion else { return name }
        return "slideTo" + edge.rawValue.prefix(1).uppercased() + edge.rawValue.dropFirst()
    }
}

/// A side of the area an ``Animation`` plays in.
public enum AnimationEdge: String, Hashable, Sendable, CaseIterable, Codable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
}

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

/// An offset from a screen's place, as fractions of the area's width (`x`) and height (`y`).
public struct AnimationOffset: Hashable, Sendable {
    /// Columns, as a fraction of the width; positive moves right.
    public var x: Double
    /// Rows, as a fraction of the height; positive moves down.
    public var y: Double

    /// Creates an offset.
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }
}
