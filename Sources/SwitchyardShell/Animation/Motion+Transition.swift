import SwitchyardNavigation
import TerminalKit

extension Motion {
    /// The motion for `transition`, from its ``Animation``'s frames: push, present, replace, root
    /// replacement and tab switch play them forwards (a slide enters from its edge); pop, pop-to and
    /// dismiss play them backwards (a slide leaves toward its edge, keyframes run in reverse with the
    /// screens' roles swapped). A cross-fade plays the same both ways; ``Animation/none`` (and
    /// ``Transition/none``) is immediate.
    package init(_ transition: Transition) {
        switch transition.animation.motion {
        case .immediate:
            self = .immediate
            return
        case .crossFade:
            self = .crossFade
            return
        case .slide, .keyframes:
            break
        }
        let backwards: Bool
        switch transition.mainStep {
        case .pop, .popTo, .dismiss, .dismissMany:
            backwards = true
        case .push, .pushMany, .present, .tabSwitch, .rootReplaced, .replace, .sequence:
            backwards = false
        case .none, .removed:
            self = .immediate
            return
        }
        self.init(transition.animation.motion, backwards: backwards)
    }

    /// The terminal motion playing `motion` forwards or backwards.
    package init(_ motion: AnimationMotion, backwards: Bool) {
        switch motion {
        case .immediate:
            self = .immediate
        case .crossFade:
            self = .crossFade
        case .slide(let from):
            let edge: Edge = switch from {
            case .left: .left
            case .right: .right
            case .top: .top
            case .bottom: .bottom
            }
            self = backwards ? .exit(toward: edge) : .enter(from: edge)
        case .keyframes(let keys):
            let played = backwards ? keys.reversed().map(\.reversed) : keys
            self = .keyframes(played.map { key in
                Keyframe(old: key.outgoing.map { ($0.x, $0.y) }, new: key.incoming.map { ($0.x, $0.y) },
                         newOnTop: key.incomingOnTop, dimmed: key.dimmed)
            })
        }
    }
}
