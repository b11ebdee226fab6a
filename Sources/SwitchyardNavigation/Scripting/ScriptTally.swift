/// What a script run counts, defined once for every report of it: `switchyard script`'s last line,
/// a headless replay's, and the terminal app's replay progress and summary.
///
/// A step line is exactly one of: a command that ran (``commandsRun``), an `expect` line that was
/// checked (``expectationsPassed`` or ``expectationsFailed``), or a bad line that could not be read
/// (``badLines``: an unknown command, animation or expectation, a missing argument). A hold-rule
/// violation after a command is a failure of its own, and so is a command that ended in an error no
/// `expect error` or `expect outcome` line checks (``uncheckedErrors``). So the expectations add up
/// (passed + failed = checked) and the failures are the failed expectations, the bad lines and the
/// hold-rule violations.
public struct ScriptTally: Hashable, Sendable, CustomStringConvertible {
    /// Command lines that were read and ran.
    public var commandsRun = 0
    /// Step lines that could not be read (neither run nor checked).
    public var badLines = 0
    /// `expect` lines that held.
    public var expectationsPassed = 0
    /// `expect` lines that were checked and did not hold.
    public var expectationsFailed = 0
    /// Commands that ran and ended in an error (not found, no such tab, nothing to pop) with no
    /// `expect error` or `expect outcome` line after them.
    public var uncheckedErrors = 0
    /// Commands after which the hold rule (``AppRuntime/holdViolation``) was broken.
    public var holdViolations = 0

    /// Creates a tally; every count defaults to zero.
    public init(commandsRun: Int = 0, badLines: Int = 0, expectationsPassed: Int = 0, expectationsFailed: Int = 0,
                holdViolations: Int = 0, uncheckedErrors: Int = 0) {
        self.commandsRun = commandsRun
        self.badLines = badLines
        self.expectationsPassed = expectationsPassed
        self.expectationsFailed = expectationsFailed
        self.holdViolations = holdViolations
        self.uncheckedErrors = uncheckedErrors
    }

    /// The `expect` lines that were checked: passed plus failed.
    public var expectations: Int { expectationsPassed + expectationsFailed }

    /// Every failure: failed expectations, bad lines, unchecked errors and hold-rule violations.
    public var failures: Int { expectationsFailed + badLines + uncheckedErrors + holdViolations }

    /// The counts in the words every report uses: `5 commands run; 7 of 8 expectations passed,
    /// 1 failed; 2 bad lines` (bad lines, unexpected errors and hold-rule failures only when there are some);
    /// `2 commands run; no expectations` for a script that checks nothing.
    public var description: String {
        var text = "\(commandsRun) command\(commandsRun == 1 ? "" : "s") run; "
            + (expectations == 0 ? "no expectations"
                : "\(expectationsPassed) of \(expectations) expectations passed, \(expectationsFailed) failed")
        if badLines > 0 { text += "; \(badLines) bad line\(badLines == 1 ? "" : "s")" }
        if uncheckedErrors > 0 {
            text += "; \(uncheckedErrors) command\(uncheckedErrors == 1 ? "" : "s") ended in an unexpected error"
        }
        if holdViolations > 0 { text += "; \(holdViolations) hold-rule failure\(holdViolations == 1 ? "" : "s")" }
        return text
    }

    /// How many of `lines` are commands that can be read, so will run: the number a replay's
    /// progress counts to (`Replay 2/5`), which ends equal to ``commandsRun``.
    public static func runnableCommands(in lines: [String]) -> Int {
        lines.count { line in
            guard ScriptRunner.isCommand(line) else { return false }
            return (try? NavigationCommand(parsing: line)) != nil
        }
    }
}
