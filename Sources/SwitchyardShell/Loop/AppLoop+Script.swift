import SwitchyardNavigation

extension AppLoop {
    // MARK: What `--record` writes and what a replay says

    /// The script lines `--record` writes for one command: the command, then an `expect stack` line with
    /// the state it left (after `expect outcome CODE` or `expect error` when the command ended in an
    /// error). A command refused with an error (a guard's veto, a back at a root) is written so too, the
    /// refusal checked. A command that changed nothing, opened nothing and met no error (a discard with
    /// nothing to discard, a login when logged in) is written as a comment saying so, so that a replay
    /// neither runs it nor expects anything of it.
    package static func scriptLines(_ command: NavigationCommand, _ report: StepReport, changed: Bool) -> String {
        guard writesCommand(report, changed: changed) else {
            let why = (report.message ?? "nothing changed").split(separator: "\n").first.map(String.init) ?? ""
            return "# \(command): changed nothing (\(why))\n"
        }
        // An error the command ended in is expected in so many words: a replay fails on an error no
        // `expect` line checks.
        let error = !report.isError ? "" : report.outcome.map { "expect outcome \($0.code)\n" } ?? "expect error\n"
        return "\(command)\n\(error)expect stack \(report.state.compactDescription)\n"
    }

    /// Whether `--record` writes the command to run (else as a comment): it changed something, or it
    /// was refused with an error (a guard's veto, a back at a root, a tab that does not exist), which the
    /// recording then checks with `expect error` so a replay meets the same refusal.
    package static func writesCommand(_ report: StepReport, changed: Bool) -> Bool {
        changed || report.isError
    }

    /// What `--record` says it wrote, in the replay's own count: `recorded 13 commands`, then the
    /// commands written as comments (``scriptLines(_:_:changed:)``), which a replay does not run:
    /// `recorded 13 commands (2 more as comments: they changed nothing)`.
    package static func recordedCount(commands: Int, comments: Int) -> String {
        let counted = "recorded \(commands) command\(commands == 1 ? "" : "s")"
        guard comments > 0 else { return counted }
        return counted + (comments == 1 ? " (1 more as a comment: it changed nothing)"
            : " (\(comments) more as comments: they changed nothing)")
    }

    /// A replay's steps: the line numbers (0-based) of each command that will run with the lines after
    /// it up to the next such command (its `expect` lines and any bad lines). Lines before the first
    /// command are a step of their own. Blank lines and comments are in no step.
    package static func replaySteps(_ lines: [String]) -> [[Int]] {
        var steps: [[Int]] = []
        for (index, line) in lines.enumerated() where ScriptRunner.isStep(line) {
            let runs = ScriptRunner.isCommand(line) && (try? NavigationCommand(parsing: line)) != nil
            if runs || steps.isEmpty {
                steps.append([index])
            } else {
                steps[steps.count - 1].append(index)
            }
        }
        return steps
    }

    /// The status a replayed step leaves: `Replay 4/12: open app://cart → ✓ Opened Cart`, or, when a
    /// line of the step failed, `Replay 4/12: open app://cart · ✗ line 6: FAILED: expect top Home, got Cart`
    /// (the first failure; every one is in the messages view); when only lines that could not be read
    /// failed, the command is marked as passed before them (`Replay 4/12: tab 9 ✓ · ✗ line 13: error: …`).
    /// A step that passed is marked as passed,
    /// with the failures so far counted beside it.
    package static func replayProgress(played: Int, of count: Int, command: String?, failed: [String],
                                       failuresSoFar: Int, said: [String]) -> AppStatus {
        let place = command.map { "Replay \(played)/\(count): \($0)" } ?? "Replay"
        let outcome = said.isEmpty ? "" : " → " + said.joined(separator: " · ")
        guard let first = failed.first else {
            let sofar = failuresSoFar == 0 ? ""
                : " (\(failuresSoFar) failure\(failuresSoFar == 1 ? "" : "s") so far, listed at the end)"
            // A step that passed is marked as passed (✓), whatever failed before it.
            var status = AppStatus(place + sofar, kind: command == nil ? .note : .info)
            status.detail = place + outcome + sofar
            return status
        }
        let more = failed.count > 1 ? " (+\(failed.count - 1) more)" : ""
        // Lines of the step that could not be read (`line 13: error: unknown command…`) are no failure of
        // its command: the command is marked as passed before them, so it does not read as failed.
        let onlyBadLines = command != nil && failed.allSatisfy { $0.contains(": error: ") && !$0.contains("FAILED") }
        var status = AppStatus("\(place)\(onlyBadLines ? " ✓" : "") · ✗ \(first)\(more)", kind: .error)
        status.detail = place + outcome + failed.map { " · ✗ \($0)" }.joined()
        return status
    }
}
