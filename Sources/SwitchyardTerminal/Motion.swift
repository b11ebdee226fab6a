import SwitchyardNavigation

/// How the animator moves the two screens of a transition.
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

    /// The motion for `transition`: push, present, replace, root replacement and tab switch
    /// enter from the edge their ``Animation`` names; pop, pop-to and dismiss leave toward it;
    /// ``Animation/fade`` cross-fades and ``Animation/none`` (and ``Transition/none``) is immediate.
    public init(_ transition: Transition) {
        let edge: Edge
        switch transition.animation {
        case .none:
            self = .immediate
            return
        case .fade:
            self = .crossFade
            return
        case .slideFromRight:
            edge = .right
        case .slideFromLeft:
            edge = .left
        case .slideFromTop:
            edge = .top
        case .slideFromBottom:
            edge = .bottom
        }
        switch transition.mainStep {
        case .pop, .popTo, .dismiss:
            self = .exit(toward: edge)
        case .push, .pushMany, .present, .tabSwitch, .rootReplaced, .replace, .sequence:
            self = .enter(from: edge)
        case .none:
            self = .immediate
        }
    }
}
