import SwitchyardNavigation
@testable import SwitchyardShell
import Testing

/// One tally, told alike: `switchyard script`'s last line (the headless replay's too) and the
/// terminal app's replay summary give the same counts in the same words, the replay's progress
/// counts to the commands that run, and the expectations add up (passed + failed = checked).
struct ScriptTallyTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let script: String
        let tally: ScriptTally
        let words: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "commands only", script: "open app://discover\nopen app://user/7\n",
             tally: ScriptTally(commandsRun: 2), words: "2 commands run; no expectations"),
        Case(name: "all pass", script: "open app://discover\nexpect top Discover\n",
             tally: ScriptTally(commandsRun: 1, expectationsPassed: 1),
             words: "1 command run; 1 of 1 expectations passed, 0 failed"),
        Case(name: "a failed expectation", script: "open app://discover\nexpect top Discover\nexpect top Nowhere\n",
             tally: ScriptTally(commandsRun: 1, expectationsPassed: 1, expectationsFailed: 1),
             words: "1 command run; 1 of 2 expectations passed, 1 failed"),
        Case(name: "a bad command", script: "open app://discover\ntpa 2\nexpect top Discover\n",
             tally: ScriptTally(commandsRun: 1, badLines: 1, expectationsPassed: 1),
             words: "1 command run; 1 of 1 expectations passed, 0 failed; 1 bad line"),
        Case(name: "a bad expect line is a bad line, not an expectation",
             script: "open app://discover\nexpect colour red\nexpect outcome nope\n",
             tally: ScriptTally(commandsRun: 1, badLines: 2),
             words: "1 command run; no expectations; 2 bad lines"),
        Case(name: "every kind (the trial's mix)",
             script: "open app://discover\nexpect top Discover\nexpect top Nope\ntpa 2\nopen app://user/7\n"
                + "# a comment\n\nback spin\nback\nexpect top Discover\n",
             tally: ScriptTally(commandsRun: 3, badLines: 2, expectationsPassed: 2, expectationsFailed: 1),
             words: "3 commands run; 2 of 3 expectations passed, 1 failed; 2 bad lines"),
        Case(name: "commands that end in an error no expect line checks fail",
             script: "open app://nope\ntab 9\nexpect top Home\nback\nexpect ok\n",
             tally: ScriptTally(commandsRun: 3, expectationsPassed: 1, expectationsFailed: 1, uncheckedErrors: 3),
             words: "3 commands run; 1 of 2 expectations passed, 1 failed; 3 commands ended in an unexpected error"),
        Case(name: "errors the script expects pass",
             script: "open app://nope\nexpect top Home\nexpect outcome not_found\ntab 9\n# no tab 9\n\nexpect error\n",
             tally: ScriptTally(commandsRun: 2, expectationsPassed: 3),
             words: "2 commands run; 3 of 3 expectations passed, 0 failed"),
    ]

    @Test(arguments: cases) @MainActor
    func everyReportCountsAlike(_ c: Case) async throws {
        #expect(c.tally.description == c.words)
        #expect(c.tally.expectations == c.tally.expectationsPassed + c.tally.expectationsFailed)
        #expect(ScriptTally.runnableCommands(in: ScriptRunner.lines(of: c.script)) == c.tally.commandsRun)

        // `switchyard script` and a headless replay: the runner's last line.
        var out: [String] = []
        let runner = ScriptRunner(runtime: try AppFixture.runtime(), showTraces: false) { out.append($0) }
        await runner.run(c.script)
        #expect(runner.tally == c.tally)
        #expect(runner.failures == c.tally.failures)
        #expect(out.last == "# \(c.words)", "\(out)")

        // The terminal app's replay: the progress counts to the commands run, the summary says the same.
        let (loop, terminal) = try AppFixture.loop()
        let failed = await loop.replay(script: c.script, delayMilliseconds: 0, stepwise: false)
        #expect(loop.replayTally == c.tally)
        #expect(failed.count == c.tally.failures, "\(failed)")
        let summary = try #require(loop.model.status?.text)
        #expect(summary.hasPrefix("Replay finished: \(c.words); "), "\(summary)")
        // A long progress line continues from the prompt's line above: the last two rows, as read.
        let progress = terminal.frames.map { $0.text().suffix(2).joined(separator: " ") }
            .filter { $0.contains("Replay ") && $0.contains("/") }
        if c.tally.commandsRun > 0 {
            // `Replay 3/3: back`, or `Replay 3/3 line 4: FAILED: …` when the last command failed.
            let last = "Replay \(c.tally.commandsRun)/\(c.tally.commandsRun)"
            #expect(progress.contains { $0.contains(last + ":") || $0.contains(last + " line ") }, "\(progress)")
        }
        let counted = "/\(c.tally.commandsRun + c.tally.badLines):"
        #expect(c.tally.badLines == 0 || !progress.contains { $0.contains(counted) },
                "the progress does not count bad lines: \(progress)")
    }
}
