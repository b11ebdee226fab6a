import SwitchyardNavigation
import TerminalKit

extension Animator {
    /// Creates an animator for `transition` from `old` to `new`: it plays the transition's ``Motion``.
    package init(transition: Transition, old: Canvas, new: Canvas, tween: Tween = .standard) {
        self.init(motion: Motion(transition), old: old, new: new, tween: tween)
    }
}
