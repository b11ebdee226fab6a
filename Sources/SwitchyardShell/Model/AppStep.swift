import Switchyard
import SwitchyardKit
import SwitchyardNavigation

/// What one navigation did, as the ``AppLoop`` hands it back to the model (``AppMessage/stepped(_:)``):
/// the command, the runtime's report, the runtime afterwards, the timeline events the step added and
/// the routes it reached.
package struct AppStep: Sendable, Equatable {
    /// The command that ran.
    package var command: NavigationCommand
    /// What the runtime did.
    package var report: StepReport
    /// The runtime after the command.
    package var snapshot: RuntimeSnapshot
    /// The timeline events newer than the model's log, oldest first.
    package var events: [TimelineEvent]
    /// The routes the command reached (for the route table's marks).
    package var reached: [RouteCoverage.Route]

    /// Creates a step result.
    package init(command: NavigationCommand, report: StepReport, snapshot: RuntimeSnapshot, events: [TimelineEvent],
                 reached: [RouteCoverage.Route] = []) {
        self.command = command
        self.report = report
        self.snapshot = snapshot
        self.events = events
        self.reached = reached
    }

    /// Two results are the same step when they ran the same command to the same runtime snapshot,
    /// through the same open and events (a report and its events are compared by their numbers,
    /// which the runtime never reuses).
    package static func == (a: AppStep, b: AppStep) -> Bool {
        a.command == b.command && a.snapshot == b.snapshot && a.reached == b.reached
            && a.report.command == b.report.command && a.report.trace?.id == b.report.trace?.id
            && a.events.map(\.sequence) == b.events.map(\.sequence)
    }
}
