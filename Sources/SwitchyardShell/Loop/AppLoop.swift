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
    /// Whether the user asked to quit (the ``AppEffect/quit`` effect ran): ``run()`` returns.
    package internal(set) var hasQuit = false
    /// The files whose errors fail a replay whatever its expectations, one line each (`broken.json: 6
    /// entries left out for errors`): the replay's closing status names them and is an error.
    package var replayFailsOn: [String] = []
    /// How many commands of the last replay did not run because it was quit before them (0 when it
    /// played to its end): a replay cut short checked less than its script says, and fails.
    package var replayUnplayed = 0
    /// What the last ``replay(script:delayMilliseconds:stepwise:)`` counted, as far as it got.
    package private(set) var replayTally: ScriptTally?
    /// The frame last presented (its hit regions map the next mouse click).
    package private(set) var frame: AppFrame
    /// Return from ``run()`` when no key is waiting and nothing plays (for ``MemoryTerminal``).
    package var stopsWhenIdle: Bool
    /// How long one idle wait for a key lasts, in milliseconds.
    package var idleTimeoutMilliseconds = 1000
    /// Receives every command the loop performs with its report, and whether it changed anything
    /// (`--record` writes them as a script, see ``scriptLines(_:_:changed:)``).
    package var onCommand: ((NavigationCommand, StepReport, _ changed: Bool) -> Void)?
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
    /// The routes of the app's file that match a URL but did not load for an error (`routes[6]
    /// (shop://orders)`), named when the route table tests the URL; nil when every route loaded.
    package var unloadedRoutes: (@MainActor (String) -> [String])?

    /// Tells `messages` in turn, each in the status line and the route log (the last one stays in the
    /// status line), then draws: a route file's problems at start.
    package func tell(_ messages: [AppStatus]) {
        for message in messages {
            _ = model.update(.notify(message, logged: true, time: runtime.secondsSinceStart))
        }
        present()
    }

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
            let carried = next.carryOn(from: runtime)
            runtime = next
            model = model.reloaded(with: next, note: "\(message); \(carried.description)",
                                   cancelledHold: carried.cancelledHold)
            // The left-out routes named were the old file's.
            unloadedRoutes = nil
            if let url = model.routePanel.typedURL {
                // The URL the route table was testing, tested against the reloaded table.
                _ = model.update(.urlTested(urlTest(url)))
            }
        case .failed(let message):
            // In the log too, where a long reason is not cut to the status line's width.
            _ = model.update(.notify(AppStatus(message, kind: .error), logged: true, time: runtime.secondsSinceStart))
        }
        present()
    }

    /// Whether keys already waiting after a key are handled before the next frame is drawn, so
    /// a burst of input (typing faster than frames, a paste a terminal sends as keys) is drawn
    /// once rather than once per key. A frame is still drawn at least every
    /// ``coalescingLimitMilliseconds``, and before any mouse event (which is mapped through the
    /// frame on screen). Off by default, so each key of a ``MemoryTerminal`` script is one frame.
    package var coalescesWaitingKeys = false
    /// Keys read while a replayed step played its animation, for the replay's next waits, in order.
    private var keysDuringReplayStep: [Key] = []
    /// The longest time keys are handled without drawing a frame while coalescing.
    package var coalescingLimitMilliseconds = 50

    /// Creates a loop for `runtime` on `terminal`.
    ///
    /// - Parameters:
    ///   - animations: whether transitions are animated (`--no-animation` passes false).
    ///   - tween: the timing of transitions.
    ///   - stopsWhenIdle: whether ``run()`` returns once the terminal has no key waiting.
    package init(runtime: AppRuntime, terminal: any Terminal, animations: Bool = true, tween: Tween = .standard,
                 stopsWhenIdle: Bool = false) {
        self.runtime = runtime
        self.terminal = terminal
        self.stopsWhenIdle = stopsWhenIdle
        let size = terminal.size
        let model = AppModel(runtime: runtime, width: size.width, height: size.height, animationsEnabled: animations,
                             tween: tween)
        self.model = model
        self.frame = AppView.render(model)
    }

    /// Runs until the user quits (or, with ``stopsWhenIdle``, until no key is waiting), or until
    /// the terminal keeps reporting no input without waiting (its input is gone).
    package func run() async {
        present()
        var hastyEmptyReads = 0
        while !hasQuit {
            let animating = model.playback != nil
            let timeout = animating ? model.tween.frameIntervalMilliseconds : idleTimeoutMilliseconds
            let started = ContinuousClock.now
            guard let key = terminal.readKey(timeoutMilliseconds: timeout) else {
                if animating {
                    _ = model.update(.tick)
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
        while !hasQuit, clock.now < deadline, let next = terminal.readKey(timeoutMilliseconds: 0) {
            if case .mouse = next {
                present()
            }
            await handle(next)
        }
    }

    /// Handles one key: a playing transition jumps to its end first, then the key's message goes
    /// through ``send(_:)``.
    package func handle(_ key: Key) async {
        _ = model.update(.finishPlayback)
        await send(model.message(for: key, hits: frame.hits, terminalSize: terminal.size))
    }

    /// Updates the model with `message` and runs the effects it returns, feeding what each produced
    /// back to the model as a message, until no effect is left.
    package func send(_ message: AppMessage) async {
        var messages = [message]
        while !messages.isEmpty {
            // The model is a value and reads no clock: each message carries the app's time for the
            // log lines it writes.
            model.now = runtime.secondsSinceStart
            for effect in model.update(messages.removeFirst()) {
                if let answer = await run(effect) { messages.append(answer) }
            }
        }
    }

    /// Runs one effect; returns the message that carries its result, if it has one.
    private func run(_ effect: AppEffect) async -> AppMessage? {
        switch effect {
        case .navigate(let command):
            return .stepped(await step(command))
        case .copy(let text):
            terminal.copyToClipboard(text)
            return nil
        case .quit:
            hasQuit = true
            return nil
        case .suspend:
            // After Ctrl-Z the model takes the terminal's size (it may have changed meanwhile) and the
            // next frame is drawn in full.
            let suspended = terminal.suspend()
            let size = terminal.size
            return .resumed(suspended: suspended, width: size.width, height: size.height)
        case .explain(let url):
            return .urlTested(urlTest(url))
        case .declined(let command, let why):
            // Recorded as what it is: a command that changed nothing.
            onCommand?(command, StepReport(command: command.description, message: why, state: runtime.state), false)
            return nil
        }
    }

    /// Runs `command` through the runtime and sends its result to the model (its transition starts
    /// playing). Returns the runtime's report.
    @discardableResult
    package func perform(_ command: NavigationCommand) async -> StepReport {
        let result = await step(command)
        await send(.stepped(result))
        return result.report
    }

    /// Runs `command` through the runtime: the report, a snapshot of the runtime after it, the
    /// timeline events the log does not have yet and the routes it reached.
    private func step(_ command: NavigationCommand) async -> AppStep {
        let stateBefore = runtime.state
        let loggedInBefore = runtime.isLoggedIn
        let heldBefore = runtime.heldNavigation?.openID
        let report = await runtime.perform(command)
        // A command changed something when it opened a URL (whatever the router answered), moved a
        // screen, or changed the login or the held open.
        let changed = report.trace != nil || runtime.state != stateBefore || runtime.isLoggedIn != loggedInBefore
            || runtime.heldNavigation?.openID != heldBefore
        onCommand?(command, report, changed)
        return AppStep(command: command, report: report, snapshot: RuntimeSnapshot(runtime),
                       events: runtime.timeline.filter { $0.sequence > model.lastTraceID },
                       reached: RouteCoverage.reached(by: report, before: stateBefore, router: runtime.router))
    }

    /// Plays a script in the app, animations included, before the user takes over (`--replay`):
    /// its commands run as typed keys would run them, and its `expect` lines are checked as the
    /// script runner checks them, a failed one shown in the status line (and counted at the end).
    /// After each command and each failed expectation the loop waits `delayMilliseconds`, or, with
    /// `stepwise`, for a key; meanwhile F2, F3 and `m` show the log, the route table and the messages.
    /// `q` or Ctrl-C during the replay quits, any other key ends the wait. A line that is no command
    /// (`tap x`, a misspelt word) is a failure at its line, as `switchyard script` counts it, and the
    /// rest of the script runs. Returns every failure as the script runner reports it
    /// (`line 3: FAILED: expect top Cart, got Home`, `line 5: error: unknown command 'tpa' …`), in order.
    @discardableResult
    package func replay(script text: String, delayMilliseconds: Int, stepwise: Bool) async -> [String] {
        _ = model.update(.replaying(stepwise ? .stepwise : .timed))
        present()
        var failedLines: [String] = []
        let runner = ScriptRunner(runtime: runtime, showTraces: false) { line in
            if line.contains(": FAILED: ") || line.contains(": error: ") { failedLines.append(line) }
        }
        runner.performer = { [unowned self] command in await self.perform(command) }
        let lines = ScriptRunner.lines(of: text)
        runner.begin(lines)
        // The progress counts to the commands that will run (a bad line runs nothing), so it ends at
        // the summary's `commands run`.
        let commandCount = ScriptTally.runnableCommands(in: lines)
        // Step by step, nothing plays before the first key: the prompt's "any key plays the next step"
        // holds for step 1 too.
        var waitsFirst = stepwise
        // One key (or one delay) a step: a command with the `expect` and bad lines after it, so the
        // progress counts the keys it takes. After the last step nothing is next: a timed replay ends with
        // its summary; a stepped one shows the last step until a key ends the replay (no "any key next").
        let steps = Self.replaySteps(lines)
        for (number, step) in steps.enumerated() {
            if waitsFirst {
                waitsFirst = false
                // Says it is waiting: nothing has played yet, and a key plays step 1.
                _ = model.update(.notify(AppStatus("Replay 0/\(commandCount): any key plays the first step · q quits",
                                                   kind: .note), logged: false, time: nil))
                present()
                if await !waitForNextStep(stepwise: true, delayMilliseconds: delayMilliseconds) {
                    _ = model.update(.replaying(nil))
                    hasQuit = true
                    replayTally = runner.tally
                    replayUnplayed = commandCount
                    return failedLines
                }
            }
            let isLast = number == steps.count - 1
            // The last step has no next step to offer: its hints say so before it plays.
            if isLast, model.replaying != nil { _ = model.update(.replaying(stepwise ? .lastStep : nil)) }
            let failedBefore = failedLines.count
            let messagesBefore = model.messagesPanel.entries.count
            var command: String?
            for index in step {
                let ranBefore = runner.tally.commandsRun
                await runner.run(line: lines[index], number: index + 1)
                guard runner.tally.commandsRun > ranBefore else { continue }
                command = lines[index].trimmingCharacters(in: .whitespaces)
                while model.playback != nil {
                    present()
                    // A key pressed while the step plays is kept for the next wait: three keys pressed in
                    // a burst step three times, none is lost to the animation.
                    if let key = terminal.readKey(timeoutMilliseconds: model.tween.frameIntervalMilliseconds) {
                        keysDuringReplayStep.append(key)
                    }
                    _ = model.update(.tick)
                }
            }
            let failed = Array(failedLines[failedBefore...])
            guard command != nil || !failed.isEmpty else { continue }
            _ = model.update(.notify(Self.replayProgress(
                played: runner.tally.commandsRun, of: commandCount, command: command, failed: failed,
                failuresSoFar: runner.failures,
                said: model.messagesPanel.takeEntries(from: messagesBefore).map { $0.marked($0.detail ?? $0.text) }
            ), logged: !failed.isEmpty, time: failed.isEmpty ? nil : runtime.secondsSinceStart))
            present()
            // A timed replay's last step leads straight to the summary; a stepped one waits for the key
            // that ends the replay, so the last step's outcome is read before the summary replaces it.
            guard !isLast || stepwise else { continue }
            if await !waitForNextStep(stepwise: stepwise, delayMilliseconds: delayMilliseconds) {
                _ = model.update(.replaying(nil))
                hasQuit = true
                replayTally = runner.tally
                replayUnplayed = max(0, commandCount - runner.tally.commandsRun)
                return failedLines
            }
        }
        _ = model.update(.replaying(nil))
        replayTally = runner.tally
        keysDuringReplayStep.removeAll()
        // The counts in `switchyard script`'s words (``ScriptTally``): commands run, expectations
        // passed of checked and failed, bad lines.
        let summary = "Replay finished: \(runner.tally)"
        let closing: AppStatus
        if runner.failures > 0 {
            // Each failure was logged whole when it happened; the summary at the end names their lines
            // (the key hints name `m messages`, which shows them whole: the summary does not say it again).
            let numbers = failedLines.compactMap { $0.split(separator: ":").first.map(String.init) }
            let files = replayFailsOn.map { "; " + $0 }.joined()
            closing = AppStatus("\(summary); failures at \(numbers.joined(separator: ", "))\(files)", kind: .error)
        } else if !replayFailsOn.isEmpty {
            // Every expectation passed, and the run still fails: the files' errors are why.
            let files = replayFailsOn.joined(separator: "; ")
            closing = AppStatus("\(summary); \(files): exit status 1 (F2 lists them)", kind: .error)
        } else {
            closing = AppStatus(summary + "; the app is yours", kind: .note)
        }
        _ = model.update(.notify(closing, logged: true, time: runtime.secondsSinceStart))
        if stepwise {
            // Keys pressed to step on do not reach the app once the steps run out: the key that ended the
            // replay was the last one meant for it; keys typed ahead, and the rest of a burst arriving
            // after them, are dropped (keys until none has come for a short while).
            terminal.discardPendingInput()
            present()
            dropKeyBurst()
        }
        return failedLines
    }

    /// Reads and drops keys until none comes for `quietMilliseconds` (at most `limit` keys): the tail of
    /// a burst that was meant for the replay.
    private func dropKeyBurst(quietMilliseconds: Int = 200, limit: Int = 64) {
        var dropped = 0
        while dropped < limit, let key = terminal.readKey(timeoutMilliseconds: quietMilliseconds) {
            if case .resize = key {
                _ = model.update(model.message(for: key, hits: frame.hits, terminalSize: terminal.size))
            }
            dropped += 1
        }
    }

    /// Waits between replayed steps: for a key (`stepwise`) or the delay. F2, F3 and `m` show or hide
    /// the log, the route table and the messages while the replay waits, and the wait goes on; `q` or
    /// Ctrl-C returns false (quit); any other key ends the wait.
    private func waitForNextStep(stepwise: Bool, delayMilliseconds: Int) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(stepwise ? 600_000 : max(0, delayMilliseconds)))
        while true {
            let left = Int((clock.now.duration(to: deadline) / .milliseconds(1)).rounded(.up))
            let kept = keysDuringReplayStep.isEmpty ? nil : keysDuringReplayStep.removeFirst()
            guard let key = kept ?? terminal.readKey(timeoutMilliseconds: max(0, left)) else { return true }
            switch key {
            case .char("q"), .ctrl("c"):
                return false
            case .function(2), .function(3), .char("m"), .char("M"), .resize:
                _ = model.update(model.message(for: key, hits: frame.hits, terminalSize: terminal.size))
                present()
            case _ where model.messagesPanel.isShown:
                // The messages view takes its own keys (scrolling, Esc) while it is open.
                _ = model.update(model.message(for: key, hits: frame.hits, terminalSize: terminal.size))
                present()
            default:
                return true
            }
        }
    }

    /// The route table's verdicts for `url` on the running router, with the left-out routes that match it.
    private func urlTest(_ url: String) -> RoutePanel.URLTest {
        var test = RoutePanel.URLTest(url: url, explanation: runtime.router.explain(url))
        test.unloaded = unloadedRoutes?(url) ?? []
        return test
    }

    /// Draws the model and shows it.
    package func present() {
        frame = AppView.render(model)
        terminal.present(frame.canvas)
    }
}
