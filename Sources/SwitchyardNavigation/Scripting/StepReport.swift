import Switchyard
import SwitchyardKit

/// What one command did: the outcome and trace of the open it caused (if any), the transition played,
/// the state after it, and notes such as a held navigation that was cancelled.
public struct StepReport: Sendable {
    /// The command as a script line (`open app://order/42`, `back`…).
    public var command: String
    /// The outcome of the open this command caused, if it caused one (`open`, `tap`, `tab`, and a
    /// `login` that resumed a held navigation).
    public var outcome: RouteOutcome?
    /// The transition to animate (`.none` when nothing moved).
    public var transition: Transition
    /// A sentence about an error or a notable event, for the status line.
    public var message: String?
    /// True when the step failed (invalid URL, no route, rejected, vetoed, placement failed…).
    public var isError: Bool
    /// The navigation state after the step.
    public var state: NavigationState
    /// This open's own trace (never another open's), when the command caused an open.
    public var trace: RouteTrace?
    /// The held navigation this step cancelled, if any (its callback received `cancelled`).
    public var cancelledHold: HeldNavigation?
    /// For an open no route matched: the nearest candidate and why it lost (`app://order/:id<int>:
    /// segment 1: 'abc' does not satisfy <int>`).
    public var nearest: String?
    /// The step's transition taken apart, in the order it happened, each part with the state it
    /// left (a dismiss, then a tab switch, then a push), so a renderer plays what the log says: each
    /// animated part from the screen it started on. Empty when the step cannot say (then
    /// ``transition`` is played from the state before to ``state``).
    public var stages: [Stage] = []

    /// One part of a step's transition and the state after it.
    public struct Stage: Sendable, Equatable {
        /// What moved.
        public var transition: Transition
        /// The state it left.
        public var state: NavigationState

        /// Creates a stage.
        public init(_ transition: Transition, _ state: NavigationState) {
            self.transition = transition
            self.state = state
        }

        /// Joins consecutive pushes into one push of several screens (as the step's transition
        /// does) and leaves out parts where nothing moved.
        static func merged(_ stages: [Stage]) -> [Stage] {
            var out: [Stage] = []
            for stage in stages where stage.transition != .none {
                if let joined = out.last?.transition.followed(byPush: stage.transition) {
                    out[out.count - 1] = Stage(joined, stage.state)
                } else {
                    out.append(stage)
                }
            }
            return out
        }
    }

    /// Creates a report.
    public init(command: String, outcome: RouteOutcome? = nil, transition: Transition = .none, message: String? = nil,
                isError: Bool = false, state: NavigationState, trace: RouteTrace? = nil,
                    cancelledHold: HeldNavigation? = nil) {
        self.command = command
        self.outcome = outcome
        self.transition = transition
        self.message = message
        self.isError = isError
        self.state = state
        self.trace = trace
        self.cancelledHold = cancelledHold
    }

    /// Whether the command caused an open (so `expect outcome` reads its outcome).
    public var isOpen: Bool { outcome != nil }

    /// Adds a sentence to ``message``.
    mutating func note(_ sentence: String) {
        message = message.map { "\($0); \(sentence)" } ?? sentence
    }
}
