import Switchyard
import SwitchyardNavigation
import TerminalKit

extension AppModel {
    /// Takes in a navigation's result (``AppMessage/stepped(_:)``): the routes it reached, the runtime
    /// afterwards, its log entries and status, and the playback of its transition, each animated part
    /// from the phone screen it started on.
    mutating func take(_ step: AppStep) {
        let size = layout.screen
        let before = AppView.phoneScreen(self, width: size.width, height: size.height).canvas
        let beforeLayer = AppView.topLayerRect(self, width: size.width, height: size.height)
        let beforeSheet = AppView.topSheetBox(self, width: size.width, height: size.height)
        let beforeBackdrop = AppView.phoneBackdrop(self, width: size.width, height: size.height)
        for route in step.reached { routePanel.coverage.add(route) }
        apply(step.report, after: step.command, snapshot: step.snapshot, events: step.events)
        guard animationsEnabled, !layout.isTooSmall else { return }
        let plays = Self.playbacks(step.report, model: self, before: before, beforeLayer: beforeLayer,
                                   beforeSheet: beforeSheet, beforeBackdrop: beforeBackdrop, size: size)
        playback = plays.first
        queuedPlaybacks = Array(plays.dropFirst())
    }

    /// Takes in what the runtime did for `effect`: the runtime's new snapshot, the status message,
    /// and the timeline events not yet in the log. An invalid URL typed at the prompt goes back into
    /// the prompt with the cursor on the offending character.
    mutating func apply(_ report: StepReport, after effect: NavigationCommand, snapshot: RuntimeSnapshot,
                        events: [TimelineEvent]) {
        self.snapshot = snapshot
        let fresh = events  // newer than the log by contract (AppStep.events)
        if let newest = fresh.map(\.sequence).max() {
            // A hold is told on its open's own line (`⏸ held until login`), not on a line of its own;
            // so is a cancel whose held open is in the log (`⏸ held, then cancelled: …`), told once.
            let told = fresh.filter { event in
                switch event.kind {
                case .hold: return false
                case .cancel(let openID, _, _):
                    return !log.contains { $0.event == nil && $0.id == openID }
                default: return true
                }
            }
            var entries = told.map { event in
                var entry = RouteLogEntry(event)
                // The reason an open matched nothing goes with its entry, not only to the status line.
                if entry.event == nil, entry.id == report.trace?.id { entry.nearest = report.nearest }
                return entry.showing(shown) { pattern in app?.standInWords(for: pattern) }
            }
            // A resumed open points back to the open it resumes.
            for event in fresh {
                if case .resume(let held, _, let resumedAs) = event.kind,
                   let index = entries.firstIndex(where: { $0.event == nil && $0.id == resumedAs }) {
                    entries[index].resumes = held
                }
            }
            logPanel.append(entries)
            // A held open's line tells how the hold ended: held, then resumed or cancelled.
            for event in fresh {
                let (id, fate, failed): (Int, String, Bool)
                switch event.kind {
                case .hold(let openID, _): (id, fate, failed) = (openID, "⏸ held until login", false)
                case .resume(let openID, _, let resumedAs):
                    (id, fate, failed) = (openID, "⏸ held, resumed as #\(resumedAs)", false)
                case .cancel(let openID, _, let reason):
                    (id, fate, failed) = (openID, "⏸ held, then cancelled: \(reason)", true)
                default: continue
                }
                if let index = log.lastIndex(where: { $0.event == nil && $0.id == id }) {
                    log[index].fate = fate
                    log[index].fateIsFailure = failed
                }
            }
            lastTraceID = newest
        }
        var status = AppStatus(report: report, effect: effect, isShowingLogin: isShowingLogin,
                               heldFor: snapshot.heldFor)
        status.text = shown(status.text)
        // A back is a back whichever key asked for it (Esc, `<`, the navigation bar).
        if case .back = effect { status.origin = "back" } else { status.origin = effect.description }
        self.status = status
        let ids = state.screenIDs
        selections = selections.filter { ids.contains($0.key) }
        // A URL typed wrong comes back to the prompt, the cursor at the fault; a replayed one does not (the
        // replay goes on, and the prompt would keep the keys its status line names).
        if replaying == nil, case .open(let url) = effect, case .invalidURL(let error)? = report.outcome?.final {
            prompt.setText(url)
            prompt.moveHome()
            var bytes = 0
            for character in url {
                guard bytes < error.offset else {
                    break
                }
                bytes += character.utf8.count
                prompt.moveRight()
            }
            focus = .prompt
        }
    }

    /// Jumps a playing transition to its end.
    package mutating func finishPlayback() {
        playback = nil
        queuedPlaybacks = []
    }

    /// Shows the next frame of the playing transition; ends it after its last frame.
    package mutating func advancePlayback() {
        guard var current = playback else {
            return
        }
        current.frame += 1
        if current.isFinished {
            // The next part of the step, if any, plays from where this one ended.
            playback = queuedPlaybacks.isEmpty ? nil : queuedPlaybacks.removeFirst()
        } else {
            playback = current
        }
    }

    /// The playbacks of a step, in the order the log tells it: one per animated part of the
    /// report's ``StepReport/stages``, each from the phone screen that part started on (a push after
    /// an instant tab switch slides over the tab it is pushed on, not the screen the user left).
    /// Parts with no animation are taken at once. Without stages, the whole transition plays from
    /// `before` to the model's screen.
    static func playbacks(_ report: StepReport, model: AppModel, before: Canvas, beforeLayer: Rect,
                          beforeSheet: Rect? = nil, beforeBackdrop: Canvas? = nil, size: Rect) -> [Playback] {
        func render(_ state: NavigationState) -> (Canvas, Rect, Rect?, Canvas?) {
            var staged = model
            staged.state = state
            return (AppView.phoneScreen(staged, width: size.width, height: size.height).canvas,
                    AppView.topLayerRect(staged, width: size.width, height: size.height),
                    AppView.topSheetBox(staged, width: size.width, height: size.height),
                    AppView.phoneBackdrop(staged, width: size.width, height: size.height))
        }
        guard report.stages.count > 1 else {
            let (after, afterLayer, afterSheet, afterBackdrop) = render(model.state)
            return Playback(transition: report.transition, old: before, new: after, oldLayer: beforeLayer,
                            newLayer: afterLayer, oldSheet: beforeSheet, newSheet: afterSheet,
                            oldBackdrop: beforeBackdrop, newBackdrop: afterBackdrop,
                            tween: model.tween).map { [$0] } ?? []
        }
        var plays: [Playback] = []
        var (old, oldLayer, oldSheet, oldBackdrop) = (before, beforeLayer, beforeSheet, beforeBackdrop)
        for (index, stage) in report.stages.enumerated() {
            // The last part shows the model's own state (with its selection and the hold line).
            let (new, newLayer, newSheet, newBackdrop) = index == report.stages.count - 1
                ? render(model.state) : render(stage.state)
            if let play = Playback(transition: stage.transition, old: old, new: new, oldLayer: oldLayer,
                                   newLayer: newLayer, oldSheet: oldSheet, newSheet: newSheet,
                                   oldBackdrop: oldBackdrop, newBackdrop: newBackdrop, tween: model.tween) {
                plays.append(play)
            }
            (old, oldLayer, oldSheet, oldBackdrop) = (new, newLayer, newSheet, newBackdrop)
        }
        return plays
    }
}
