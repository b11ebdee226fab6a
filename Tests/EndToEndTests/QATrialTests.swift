import Foundation
import Testing

/// The QA flow's commands agree: what `lint` calls an error is what the app, `script` and `coverage`
/// report at load; lint prints in file order; a replay counts a bad line as `script` does and ends
/// with its failures and a status.
@Suite("The QA flow's commands agree", .disabled(if: TmuxDriver.binary == nil, "the switchyard binary is not built"))
struct QAFlowAgreementTests {
    /// A route file with errors of several kinds, written out of rule order.
    static let file = #"""
    {"routes": [
       {"pattern": "shop://home", "target": "Home"},
       {"pattern": "shop://item/:id<int>", "target": "Item"},
       {"pattern": "shop://item/:id<int>", "target": "Item2"},
       {"pattern": "shop://gated", "target": "Gated", "metadata": {"requiresLogin": "yes"}},
       {"pattern": "shop://gated", "target": "Gated2"},
       {"pattern": "shop://x/:id<int", "target": "X"}],
     "redirects": [
       {"from": "shop://a", "to": "shop://b"},
       {"from": "shop://b", "to": "shop://a"},
       {"from": "shop://old", "to": "shop://nowhere"}]}
    """#

    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-qaflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func everyErrorLintPrintsIsNamedByEveryCommandThatOpensTheFile() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let routes = directory.appendingPathComponent("r.json").path
        let script = directory.appendingPathComponent("w.script").path
        try Data(Self.file.utf8).write(to: URL(fileURLWithPath: routes))
        try Data("open shop://gated\nexpect top Gated2\n".utf8).write(to: URL(fileURLWithPath: script))
        let lint = try CommandLineTests.run(["lint", "--routes", routes, "--json"])
        #expect(lint.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lint.out.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let errors = findings.filter { $0["severity"] as? String == "error" }
        // The errors, in file order: by line.
        let lines = findings.compactMap { $0["line"] as? Int }
        #expect(lines.count == findings.count && lines == lines.sorted(), "\(lint.out)")
        #expect(errors.compactMap { $0["code"] as? String } == [
            "duplicate", "metadata-type", "invalid-pattern", "redirect-cycle", "unknown-target",
        ], "\(lint.out)")
        // The text output is in the same order.
        let text = try CommandLineTests.run(["lint", "--routes", routes])
        #expect(text.out.split(separator: "\n").map { String($0.split(separator: " ")[2]) }
                    == findings.map { "[\($0["code"] as? String ?? "")]" }, "\(text.out)")
        // The app's load report (headless replay), script, coverage and graph name each error lint names.
        let runs = [
            ("script", try CommandLineTests.run(["script", "--routes", routes, script])),
            ("coverage", try CommandLineTests.run(["coverage", "--routes", routes, script])),
            ("replay", try CommandLineTests.run(["--routes", routes, "--replay", script])),
            ("graph", try CommandLineTests.run(["graph", "--routes", routes])),
        ]
        for (name, run) in runs {
            for error in errors {
                let location = error["location"] as? String ?? "", message = error["message"] as? String ?? ""
                let line = error["line"] as? Int ?? 0
                #expect(run.err.contains("r.json:\(line):"), "\(name) places \(location) at its line: \(run.err)")
                #expect(run.err.contains("\(location): \(message)"), "\(name) names \(location): \(run.err)")
                // An entry the app left out is marked so, whichever rule left it out.
                if error["code"] as? String == "metadata-type" {
                    #expect(run.err.contains("\(location): \(message) (left out)"), "\(name) marks \(location): \(run.err)")
                }
            }
            // The later `shop://gated` loads: the one left out for its requiresLogin makes no duplicate.
            #expect(run.status == (name == "coverage" ? 0 : 1), "\(name): \(run.out)\(run.err)")
        }
        #expect(runs[0].1.out.contains("1 of 1 expectations passed, 0 failed"), "\(runs[0].1.out)")
        // With every expectation passed, `script` and a headless replay end on why the status is 1.
        for (name, run) in [runs[0], runs[2]] {
            let last = run.out.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.hasPrefix("# \(routes): ") && last.hasSuffix("; exit status 1"), "\(name): \(run.out)")
        }
    }

    @Test func aHeadlessReplayCountsABadLineAndRunsOn() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("w.script").path
        try Data("open app://discover\ntpa 2\nexpect top Discover\nback spin\nexpect top Nowhere\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        let replay = try CommandLineTests.run(["--replay", script])
        let run = try CommandLineTests.run(["script", script])
        #expect(replay.status == 1 && run.status == 1)
        for out in [replay.out, run.out] {
            #expect(out.contains("line 2: error: unknown command 'tpa'"), "\(out)")
            #expect(out.contains("line 4: error: unknown animation 'spin'"), "\(out)")
            #expect(out.contains("line 5: FAILED: expect top Nowhere"), "\(out)")
            #expect(out.contains("# 1 command run; 1 of 2 expectations passed, 1 failed; 2 bad lines"), "\(out)")
        }
    }
}

/// In the terminal: the app names every error lint reports at load, and a replay with failures ends
/// with their list on standard error and status 1.
@Suite("The QA flow in the terminal", .serialized,
       .disabled(if: TmuxDriver.skipReason != nil, Comment(rawValue: TmuxDriver.skipReason ?? "")))
struct QAFlowTerminalTests {
    @Test func aRedirectCycleIsInTheAppsLoadReport() async throws {
        let binary = try #require(TmuxDriver.binary)
        let tmux = try TmuxDriver(name: "cycle")
        defer { tmux.kill() }
        let file = tmux.path("cycle.json")
        try Data(#"""
        {"routes": [{"pattern": "app://home", "target": "Home"}],
         "redirects": [{"from": "app://a", "to": "app://b"}, {"from": "app://b", "to": "app://a"}]}
        """#.utf8).write(to: URL(fileURLWithPath: file))
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation --routes \(TmuxDriver.quote(file))"))
        #expect(await tmux.waitFor("cycle.json: 1 error lint reports") != nil, "the status line: \(tmux.capture())")
        tmux.press("F2")
        // The entry wraps at the log's width: its words are compared with the line breaks taken out.
        let wanted = "[redirect-cycle] redirects[0]: redirect cycle: app://a → app://b → app://a"
        #expect(await tmux.waitFor { screen in
            let log = screen.split(separator: "\n").map { line in
                // The log is the panel right of the phone's (`│ │` between them).
                line.range(of: "│ │").map { String(line[$0.upperBound...]).replacingOccurrences(of: "│", with: "")
                    .trimmingCharacters(in: .whitespaces) } ?? ""
            }
            return log.joined(separator: " ").contains(wanted)
        } != nil, "the log: \(tmux.capture())")
    }

    @Test func quittingAfterAReplayWithFailuresListsThemAndExits1() async throws {
        let binary = try #require(TmuxDriver.binary)
        let tmux = try TmuxDriver(name: "replay-exit")
        defer { tmux.kill() }
        let script = tmux.path("w.script")
        try Data("open app://discover\ntpa 2\nexpect top Discover\nexpect top Nowhere\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        let command = TmuxDriver.appCommand(binary, "--no-animation --delay 0 --replay \(TmuxDriver.quote(script))")
        tmux.start(command + " 2> err.txt; echo $? > status.txt", width: 160)
        try #require(await tmux.waitFor("Replay finished") != nil, "\(tmux.capture())")
        let summary = "Replay finished: 1 command run; 1 of 2 expectations passed, 1 failed; 1 bad line; "
            + "failures at line 2, line 4"
        #expect(tmux.capture().contains(summary), "\(tmux.capture())")
        tmux.press("q")
        let status = try #require(await tmux.waitForFile("status.txt"))
        #expect(status == "1\n")
        let err = try String(contentsOfFile: tmux.path("err.txt"), encoding: .utf8)
        #expect(err.contains("switchyard: replay of \(script): 1 command run; 1 of 2 expectations passed, 1 failed; 1 bad line\n"), "\(err)")
        #expect(err.contains("  line 2: error: unknown command 'tpa'"), "\(err)")
        #expect(err.contains("  line 4: FAILED: expect top Nowhere, got Discover"), "\(err)")
        // A clean replay says so and exits 0.
        try Data("open app://discover\nexpect top Discover\n".utf8).write(to: URL(fileURLWithPath: script))
        tmux.tmux("kill-server")
        let clean = try TmuxDriver(name: "replay-clean")
        defer { clean.kill() }
        clean.start(command + " 2> err.txt; echo $? > status.txt")
        try #require(await clean.waitFor("Replay finished") != nil, "\(clean.capture())")
        clean.press("q")
        #expect(await clean.waitForFile("status.txt") == "0\n")
        let cleanErr = try String(contentsOfFile: clean.path("err.txt"), encoding: .utf8)
        #expect(cleanErr == "switchyard: replay of \(script): 1 command run; 1 of 1 expectations passed, 0 failed\n",
                "\(cleanErr)")
        // On a route file with errors the replay fails the step, as a headless replay does, and says why.
        let routes = clean.path("bad.json")
        let json = #"{"routes": [{"pattern": "app://discover", "target": "Discover"}, "#
            + #"{"pattern": "app://discover", "target": "Again"}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: routes))
        clean.tmux("kill-server")
        let onFile = try TmuxDriver(name: "replay-file")
        defer { onFile.kill() }
        let withFile = TmuxDriver.appCommand(binary, "--no-animation --delay 0 --routes \(TmuxDriver.quote(routes))"
            + " --replay \(TmuxDriver.quote(script))")
        onFile.start(withFile + " 2> err.txt; echo $? > status.txt")
        // The screen says why the run fails though its expectations passed, as standard error does.
        try #require(await onFile.waitFor("Replay finished", "bad.json: 1 entry left out for errors: exit status 1")
                     != nil, "\(onFile.capture())")
        onFile.press("q")
        #expect(await onFile.waitForFile("status.txt") == "1\n")
        let fileErr = try String(contentsOfFile: onFile.path("err.txt"), encoding: .utf8)
        #expect(fileErr.hasSuffix("switchyard: replay of \(script): 1 command run; 1 of 1 expectations passed, 0 failed"
                                  + "; \(routes): 1 entry left out for errors\n"),
                "\(fileErr)")
    }
}
