import Switchyard
import SwitchyardNavigation
import SwitchyardTooling
import TerminalKit

/// The interactive loop: reads keys from a ``Terminal``, turns them into ``AppMessage``s, runs
/// the resulting `NavigationCommand`s through the `AppRuntime` (so every navigation goes through the
/// router), and presents each frame ``AppView`` draws.
///
/// Transitions play as ticks of the loop: while a ``Playback`` runs, the loop waits at most one
/// frame interval for a key; when none comes it shows the next frame, and when one comes the
/// transition jumps to its end and the key is handled at once. Drawing never sleeps. A resize
/// is an input like a key (``Key/resize``): the terminal ends the wait for it at once, so the
/// new size is drawn without waiting for an idle tick.
///
/// The loop does not shut the terminal down; its owner does (always, also on errors).
@MainActor
package final class AppLoop {
    /// The app being driven (replaced when a watched file reloads).
    package private(set) var runtime: AppRuntime
    /// Where frames go and keys come from.
    package let terminal: any Terminal
    /// The current model.
    package internal(set) var model: AppModel
    /// The frame last presented (its hit regions map the next mouse click).
    package private(set) var frame: AppFrame
    /// Return from ``run()`` when no key is waiting and nothing plays (for ``MemoryTerminal``).
    package var stopsWhenIdle: Bool
    /// How long one idle wait for a key lasts, in milliseconds.
    package var idleTimeoutMilliseconds = 1000
    /// Receives every command the loop performs with its report (`--record` writes them as a script).
    package var onCommand: ((NavigationCommand, StepReport) -> Void)?
    /// The file `--record` writes to, shown as `● REC` while the app runs (kept across reloads).
    package var recording: String? {
        get { model.recording }
        set { model.recording = newValue }
    }

    /// What a check of the watched files found.
    package enum Reload {
        /// Nothing changed.
        case unchanged
        /// The files changed and loaded: the new app, and a sentence for the status line.
        case reloaded(AppRuntime, String)
        /// The files changed but were refused; the previous table stays in force.
        case failed(String)
    }

    /// Checks the watched route or app file; called when the loop is idle (about once a second).
    package var watch: (@MainActor () -> Reload)?

    /// Runs ``watch`` and applies what it found. A new app carries on from the old one
    /// (`AppRuntime.carryOn(from:)`): open numbers go on, the login state stays, and the user stays on
    /// the current screen when its URL still routes (else the tab's root, which the log says), with
    /// the panels, the prompt and the log as they were. A refused change is shown in the status line
    /// and the log, and the running app stays.
    package func checkReload() {
        guard let watch else { return }
        switch watch() {
        case .unchanged:
            return
        case .reloaded(let next, let message):
            let old = model
            let carried = next.carryOn(from: runtime)
            runtime = next
            var fresh = AppModel(runtime: next, width: old.width, height: old.height, animationsEnabled: old.animationsEnabled, tween: old.tween)
            fresh.showsLog = old.showsLog
            fresh.showsRoutes = old.showsRoutes
            fresh.relayout()
            let text = fresh.shown("\(message); \(carried.description)")
            // The log and the messages keep what happened before the reload, then say it happened.
            // Open and event numbers go on from the old app's, so every entry keeps its number and
            // its folding.
            fresh.log = old.log
            fresh.logDropped = old.logDropped
            fresh.messages = old.messages
            fresh.messagesDropped = old.messagesDropped
            fresh.messageSequence = old.messageSequence
            fresh.recording = old.recording
            fresh.say(AppStatus(text, kind: .note), time: next.secondsSinceStart)
            if let hold = carried.cancelledHold, let index = fresh.log.lastIndex(where: { $0.event == nil && $0.id == hold.openID }) {
                fresh.log[index].fate = "⏸ held, then cancelled: the route file was reloaded"
                fresh.log[index].fateIsFailure = true
            }
            fresh.logToggled = old.logToggled
            fresh.logExpandsAll = old.logExpandsAll
            fresh.prompt = old.prompt
            fresh.keepCoverage(old.coverage)
            model = fresh
        case .failed(let message):
            // In the log too, where a long reason is not cut to the status line's width.
            model.say(AppStatus(message, kind: .error), time: runtime.secondsSinceStart)
        }
        present()
    }

    /// Whether keys already waiting after a key are handled before the next frame is drawn, so
    /// a burst of input (typing faster than frames, a paste a terminal sends as keys) is drawn
    /// once rather than once per key. A frame is still drawn at least every
    /// ``coalescingLimitMilliseconds``, and before any mouse event (which is mapped through the
    /// frame on screen). Off by default, so each key of a ``MemoryTerminal`` script is one frame.
    package var coalescesWaitingKeys = false
    /// The longest time keys are handled without drawing a frame while coalescing.
    package var coalescingLimitMilliseconds = 50

    /// Creates a loop for `runtime` on `terminal`.
    ///
    /// - Parameters:
    ///   - animations: whether transitions are animated (`--no-animation` passes false).
    ///   - tween: the timing of transitions.
    ///   - stopsWhenIdle: whether ``run()`` returns once the terminal has no key waiting.
    package init(runtime: AppRuntime, terminal: any Terminal, animations: Bool = true, tween: Tween = .standard, stopsWhenIdle: Bool = false) {
        self.runtime = runtime
        self.terminal = terminal
        self.stopsWhenIdle = stopsWhenIdle
        let size = terminal.size
        let model = AppModel(runtime: runtime, width: size.width, height: size.height, animationsEnabled: animations, tween: tween)
        self.model = model
        self.frame = AppView.render(model)
    }

    /// Runs until the user quits (or, with ``stopsWhenIdle``, until no key is waiting), or until
    /// the terminal keeps reporting no input without waiting (its input is gone).
    package func run() async {
        present()
        var hastyEmptyReads = 0
        while !model.quitRequested {
            let animating = model.playback != nil
            let timeout = animating ? model.tween.frameIntervalMilliseconds : idleTimeoutMilliseconds
            let started = ContinuousClock.now
            guard let key = terminal.readKey(timeoutMilliseconds: timeout) else {
                if animating {
                    model.advancePlayback()
                    present()
                    continue
                }
                checkReload()
                if stopsWhenIdle {
                    return
                }
                // A terminal whose input has gone returns at once, again and again.
                if started.duration(to: .now) < .milliseconds(max(1, timeout / 2)) {
                    hastyEmptyReads += 1
                    if hastyEmptyReads >= 100 {
                        return
                    }
                } else {
                    hastyEmptyReads = 0
                }
                continue
            }
            hastyEmptyReads = 0
            await handle(key)
            if coalescesWaitingKeys {
                await handleWaitingKeys()
            }
            present()
        }
    }

    /// Handles the keys that are already waiting, for up to ``coalescingLimitMilliseconds``.
    private func handleWaitingKeys() async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(coalescingLimitMilliseconds))
        while !model.quitRequested, clock.now < deadline, let next = terminal.readKey(timeoutMilliseconds: 0) {
            if case .mouse = next {
                present()
            }
            await handle(next)
        }
    }

    /// Handles one key: a playing transition jumps to its end first. After Ctrl-Z the terminal
    /// is suspended; once the app is resumed the model takes the terminal's size (it may have
    /// changed meanwhile) and the next frame is drawn in full.
    package func handle(_ key: Key) async {
        model.finishPlayback()
        let message = model.message(for: key, hits: frame.hits, terminalSize: terminal.size)
        let effect = model.update(message)
        if let text = model.pendingCopy {
            model.pendingCopy = nil
            terminal.copyToClipboard(text)
        }
        updateURLTest()
        if model.suspendRequested {
            model.suspendRequested = false
            if !terminal.suspend() {
                model.status = AppStatus("Ctrl-Z: no job-control shell to suspend to (q quits)", kind: .info)
            }
            let size = terminal.size
            _ = model.update(.resize(width: size.width, height: size.height))
        }
        guard let effect else {
            return
        }
        await perform(effect)
    }

    /// Runs `effect` through the runtime, updates the model with the report, and starts the
    /// transition's playback from the phone screen before the step to the one after it.
    @discardableResult
    package func perform(_ effect: NavigationCommand) async -> StepReport {
        let size = model.layout.screen
        let before = AppView.phoneScreen(model, width: size.width, height: size.height).canvas
        let beforeLayer = AppView.topLayerRect(model, width: size.width, height: size.height)
        let stateBefore = runtime.state
        let report = await runtime.perform(effect)
        model.recordCoverage(report, before: stateBefore, router: runtime.router)
        onCommand?(effect, report)
        model.apply(report, after: effect, isShowingLogin: runtime.isShowingLogin, timeline: runtime.timeline)
        model.isLoggedIn = runtime.gate == nil ? nil : runtime.isLoggedIn
        model.held = runtime.heldNavigation
        model.lockedURLs = AppModel.lockedURLs(runtime)
        guard model.animationsEnabled, !model.layout.isTooSmall else {
            return report
        }
        let plays = Self.playbacks(report, model: model, before: before, beforeLayer: beforeLayer, size: size)
        model.playback = plays.first
        model.queuedPlaybacks = Array(plays.dropFirst())
        return report
    }

    /// The playbacks of a step, in the order the log tells it: one per animated part of the
    /// report's ``StepReport/stages``, each from the phone screen that part started on (a push after
    /// an instant tab switch slides over the tab it is pushed on, not the screen the user left).
    /// Parts with no animation are taken at once. Without stages, the whole transition plays from
    /// `before` to the model's screen.
    static func playbacks(_ report: StepReport, model: AppModel, before: Canvas, beforeLayer: Rect, size: Rect) -> [Playback] {
        func render(_ state: NavigationState) -> (Canvas, Rect) {
            var staged = model
            staged.state = state
            return (AppView.phoneScreen(staged, width: size.width, height: size.height).canvas,
                    AppView.topLayerRect(staged, width: size.width, height: size.height))
        }
        guard report.stages.count > 1 else {
            let (after, afterLayer) = render(model.state)
            return Playback(transition: report.transition, old: before, new: after, oldLayer: beforeLayer, newLayer: afterLayer,
                            tween: model.tween).map { [$0] } ?? []
        }
        var plays: [Playback] = []
        var (old, oldLayer) = (before, beforeLayer)
        for (index, stage) in report.stages.enumerated() {
            // The last part shows the model's own state (with its selection and the hold line).
            let (new, newLayer) = index == report.stages.count - 1 ? render(model.state) : render(stage.state)
            if let play = Playback(transition: stage.transition, old: old, new: new, oldLayer: oldLayer, newLayer: newLayer,
                                   tween: model.tween) {
                plays.append(play)
            }
            (old, oldLayer) = (new, newLayer)
        }
        return plays
    }

    /// Plays a script in the app, animations included, before the user takes over (`--replay`):
    /// its commands run as typed keys would run them, and its `expect` lines are checked as the
    /// script runner checks them, a failed one shown in the status line (and counted at the end).
    /// Between commands the loop waits `delayMilliseconds`, or, with `stepwise`, for a key; `q` or
    /// Ctrl-C during the replay quits, any other key skips the wait. Returns the failed expectations.
    @discardableResult
    package func replay(script text: String, delayMilliseconds: Int, stepwise: Bool) async -> Int {
        present()
        var failedLines: [String] = []
        let runner = ScriptRunner(runtime: runtime, showTraces: false) { line in
            if line.contains(": FAILED: ") || line.contains(": error: ") { failedLines.append(line) }
        }
        runner.performer = { [unowned self] command in await self.perform(command) }
        let lines = ScriptRunner.lines(of: text)
        let commandCount = lines.filter(ScriptRunner.isCommand).count
        var played = 0
        for (index, line) in lines.enumerated() {
            guard ScriptRunner.isStep(line) else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let failuresBefore = runner.failures
            await runner.run(line: line, number: index + 1)
            if runner.failures > failuresBefore, let failed = failedLines.last {
                // Each failed expectation shows when it happens, in the status line and the log.
                model.say(AppStatus("Replay \(failed)", kind: .error), time: runtime.secondsSinceStart)
                present()
            }
            if !ScriptRunner.isCommand(line) { continue }
            played += 1
            while model.playback != nil {
                present()
                _ = terminal.readKey(timeoutMilliseconds: model.tween.frameIntervalMilliseconds)
                model.advancePlayback()
            }
            if runner.failures == failuresBefore {
                let failed = runner.failures == 0 ? "" : " · ✗ \(runner.failures) failed (m lists them)"
                model.status = AppStatus("Replay \(played)/\(commandCount): \(trimmed)\(failed)"
                    + (stepwise ? " · any key for the next step" : ""), kind: runner.failures == 0 ? .note : .error)
            }
            present()
            let key = terminal.readKey(timeoutMilliseconds: stepwise ? 600_000 : max(0, delayMilliseconds))
            if key == .char("q") || key == .ctrl("c") {
                model.quitRequested = true
                return runner.failures
            }
        }
        let checks = runner.passedExpectations + runner.failures
        let summary = "Replay finished: \(played) command\(played == 1 ? "" : "s")"
            + (checks == 0 ? "" : ", \(runner.passedExpectations) of \(checks) expectations passed")
        if runner.failures > 0 {
            // Every failure, listed at the end: one log line each, and the status line names their lines.
            let numbers = failedLines.compactMap { $0.split(separator: ":").first.map(String.init) }
            for failed in failedLines { model.appendLogEvent("✗ replay \(failed)", time: runtime.secondsSinceStart) }
            model.say(AppStatus("\(summary); \(runner.failures) failed: \(numbers.joined(separator: ", ")) (m or F2 lists them)", kind: .error),
                      time: runtime.secondsSinceStart)
        } else {
            model.say(AppStatus(summary + "; the app is yours", kind: .note), time: runtime.secondsSinceStart)
        }
        return runner.failures
    }

    /// Explains the route table's filter when it holds a URL (`scheme://…`), for "test a URL" mode.
    func updateURLTest() {
        let text = model.filter.text.trimmingCharacters(in: .whitespaces)
        guard text.contains("://") else {
            model.urlTest = nil
            return
        }
        if model.urlTest?.url != text {
            model.urlTest = AppModel.URLTest(url: text, explanation: runtime.router.explain(text))
        }
    }

    /// Draws the model and shows it.
    package func present() {
        frame = AppView.render(model)
        terminal.present(frame.canvas)
    }
}
