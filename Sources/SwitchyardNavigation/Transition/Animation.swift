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
