import SwitchyardNavigation
import TerminalKit

extension Motion {
    /// The motion for `transition`: push, present, replace, root replacement and tab switch
    /// enter from the edge their ``Animation`` names; pop, pop-to and dismiss leave toward it;
    /// ``Animation/fade`` cross-fades and ``Animation/none`` (and ``Transition/none``) is immediate.
    package init(_ transition: Transition) {
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
        case .none, .removed:
            self = .immediate
        }
    }
}
