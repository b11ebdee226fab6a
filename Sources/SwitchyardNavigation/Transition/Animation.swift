/// The motion a renderer plays for a ``Transition``.
///
/// For operations that add or replace a screen (push, present, replace, set root, tab switch) the
/// animation names the edge the new screen enters from. For operations that remove screens (pop,
/// pop-to, dismiss) it names the same motion played backwards: the leaving screen exits toward that
/// edge. So the defaults are symmetric, as in UIKit: push and pop are both ``slideFromRight``, present
/// and dismiss both ``slideFromBottom``.
public enum Animation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Enters from (or, reversed, leaves toward) the right edge; the push/pop default.
    case slideFromRight
    /// Enters from (or leaves toward) the left edge.
    case slideFromLeft
    /// Enters from (or leaves toward) the top edge.
    case slideFromTop
    /// Enters from (or leaves toward) the bottom edge; the present/dismiss default.
    case slideFromBottom
    /// Cross-fades; the set-root and replace-top default.
    case fade
    /// Switches at once; the tab-switch default.
    case none

    /// The case name, e.g. `slideFromRight`.
    public var description: String {
        rawValue
    }

    /// The name of the animation played backwards, as a pop or dismiss plays it: the screen leaves toward
    /// the edge it came from (`slideToRight` for ``slideFromRight``); ``fade`` and ``none`` keep their names.
    public var exitName: String {
        switch self {
        case .slideFromRight: "slideToRight"
        case .slideFromLeft: "slideToLeft"
        case .slideFromTop: "slideToTop"
        case .slideFromBottom: "slideToBottom"
        case .fade: "fade"
        case .none: "none"
        }
    }
}
