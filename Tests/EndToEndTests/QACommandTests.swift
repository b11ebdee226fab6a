import Foundation
import Testing

/// `lint` reports every problem of a file in one run, and `match`, `explain`, `diff` and `graph` say
/// what opening a URL does: relocations (deletions, `add` paths) and redirects applied as `open` applies
/// them.
@Suite("QA commands agree with opening", .disabled(if: TmuxDriver.binary == nil, "the switchyard binary is not built"))
struct QACommandTests {
    static func run(_ arguments: [String], input: String = "") throws -> (out: String, err: String, status: Int32) {
        try CommandLineTests.run(arguments, input: input)
    }

    static let relocated = #"""
    {"routes": [{"pattern": "app://order/:id", "target": "Order"}, {"pattern": "app://gone/:id", "target": "Gone"},
                {"pattern": "app://loop1", "target": "L1"}, {"pattern": "app://loop2", "target": "L2"}],
     "redirects": [{"from": "app://loop1", "to": "app://loop2"}, {"from": "app://loop2", "to": "app://loop1"}],
     "relocations": {"version": 1, "entries": [
       {"op": "delete", "pattern": "app://gone/:id"},
       {"op": "add", "pattern": "app://alias/:id", "target": "Order"},
       {"op": "replace", "pattern": "app://old/:id", "to": "app://order/:id"}]}}
    """#

    @Test func lintReportsEveryBadRedirectInOneRun() throws {
        let file = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "app://a/:id", "target": "A"}],
         "redirects": [{"from": "app://r1/:id", "to": "app://x/:missing"}, {"from": "app://r2", "to": "app://y/:nope"},
                       {"from": "app://r3/:a", "to": "app://z/:b"}, {"from": "app://r4", "to": "app://w/:c"}]}
        """#)
        let lint = try Self.run(["lint", "--routes", file])
        #expect(lint.status == 1)
        let lines = lint.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lint.out)")
        for (i, line) in lines.enumerated() {
            #expect(line.hasPrefix("\(file):"), "\(line)")
            #expect(line.contains(": error: [invalid-redirect] redirects[\(i)].to: destination parameter"), "\(line)")
        }
        #expect(lint.err == "switchyard lint: 4 errors, 0 warnings\n")
    }

    /// URLs from standard input are answered in batches, a large batch by several workers: the lines
    /// come out in input order and read as the URLs given as arguments do (hits, misses with their
    /// nearest route, relocations, redirects, invalid URLs), a `\r\n` line reads as its URL, an empty
    /// line is skipped, and a last line without a newline is answered.
    @Test func aLargeBatchFromStandardInputAnswersInOrderAsArgumentsDo() throws {
        let file = try CommandLineTests.routeFile(Self.relocated)
        let kinds = ["app://order/%d", "app://gone/%d", "app://alias/%d", "app://old/%d#top", "app://loop1",
                     "app://nowhere/%d", "app://orders/%d", "web://order/%d", "app://order/%d/more", "::bad%d"]
        let urls = (0..<1_500).map { k in kinds[k % kinds.count].replacingOccurrences(of: "%d", with: "\(k)") }
        var input = ""
        for (k, url) in urls.enumerated() {
            input += url + (k % 7 == 0 ? "\r\n" : "\n")
            if k % 100 == 0 { input += "\n" }
        }
        input.removeLast()
        let piped = try Self.run(["match", "--routes", file], input: input)
        #expect(piped.status == 1, "the file's redirect cycle is an error: \(piped.err)")
        let lines = piped.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == urls.count)
        // The same URLs as arguments, a few hundred at a time (one worker).
        var expected: [String] = []
        for start in stride(from: 0, to: urls.count, by: 300) {
            let one = try Self.run(["match", "--routes", file] + urls[start..<min(urls.count, start + 300)])
            expected += one.out.split(separator: "\n").map(String.init)
        }
        #expect(lines == expected)
        #expect(lines.filter { $0.contains(#""nearest":{"pattern""#) }.count >= 300, "misses name their nearest route")
    }

    /// `routes` prints one line a route and `coverage` one a route, with columns that line up in a
    /// terminal: a metadata value of several lines (an importer's warnings) shows `\n`, and a wide
    /// character takes its two columns.
    @Test func routesAndCoverageKeepOneAlignedLineARoute() throws {
        let file = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "mgj://category/家居", "target": "Category"},
                    {"pattern": "mgj://search/:keyword", "target": "Search",
                     "metadata": {"importWarning": "a.m:3: first\nb.m:9: second"}}]}
        """#)
        let routes = try Self.run(["routes", "--routes", file])
        #expect(routes.status == 0, "\(routes.err)")
        let lines = routes.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "a header and one line a route: \(routes.out)")
        #expect(lines.last?.contains(#"importWarning=a.m:3: first\nb.m:9: second"#) == true, "\(routes.out)")
        // The target column starts at the same terminal column on every line (家 and 居 take two each).
        func column(of word: String, in line: String) -> Int? {
            guard let r = line.range(of: word) else { return nil }
            return line[..<r.lowerBound].reduce(0) { $0 + ($1.unicodeScalars.first.map { $0.value >= 0x1100 } == true ? 2 : 1) }
        }
        #expect(column(of: "Category", in: lines[1]) == column(of: "Search", in: lines[2]), "\(routes.out)")
        // A script that opens nothing leaves both routes untested, one under the other.
        let script = try CommandLineTests.routeFile("# opens nothing\n")
        let coverage = try Self.run(["coverage", "--routes", file, script])
        let rows = coverage.out.split(separator: "\n").map(String.init)
        let category = rows.first { $0.contains("mgj://category") } ?? ""
        let search = rows.first { $0.contains("mgj://search") } ?? ""
        #expect(column(of: "Category", in: category) != nil, "\(coverage.out)")
        #expect(column(of: "Category", in: category) == column(of: "Search", in: search), "\(coverage.out)")
    }

    /// `diff` names what every command names for a route file: an error that leaves its entry in the
    /// table (a redirect to no route) fails the step with status 2, and a near-miss metadata key is a
    /// warning, as `match` and `routes` name them.
    @Test func diffNamesEveryErrorAndWarningOfAFile() throws {
        let warned = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "shop://a/:id", "target": "A", "metadata": {"requireLogin": "true"}}]}
        """#)
        let nowhere = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "shop://a/:id", "target": "A"}], "redirects": [{"from": "shop://r/:id", "to": "shop://q/:id"}]}
        """#)
        let d = try Self.run(["diff", warned, nowhere])
        #expect(d.status == 2, "\(d.err)")
        #expect(d.err.contains("warning: [unknown-metadata-key]"), "\(d.err)")
        #expect(d.err.contains("error: [unknown-target] redirects[0]"), "\(d.err)")
        #expect(d.out.contains("+ redirect shop://r/:id"), "the diff is printed all the same: \(d.out)")
        let clean = try Self.run(["diff", warned, warned])
        #expect(clean.status == 0 && clean.err.contains("warning: [unknown-metadata-key]"), "\(clean.err)")
    }

    @Test func matchReportsWhatOpeningDoes() throws {
        let file = try CommandLineTests.routeFile(Self.relocated)
        let r = try Self.run(["match", "--routes", file, "app://gone/1", "app://loop1", "app://alias/5", "app://old/3#top"])
        // The file's redirect cycle is an error lint reports: named on standard error, and the step fails
        // once every URL is answered.
        #expect(r.status == 1)
        #expect(r.err.contains("redirects[0]") && r.err.contains("error: [redirect-cycle]"), "\(r.err)")
        #expect(r.out == """
        {"url":"app://gone/1","via":["relocation app://gone/:id: deleted"],"pattern":null,"target":null,"path":{},"query":{},"error":null,"stopped":"the relocation table deletes this route"}
        {"url":"app://loop1","via":["redirect app://loop1 → app://loop2","redirect app://loop2 → app://loop1"],"pattern":null,"target":null,"path":{},"query":{},"error":null,"stopped":"redirect loop"}
        {"url":"app://alias/5","via":["alias app://alias/:id → target Order"],"pattern":"app://alias/:id","target":"Order","path":{"id":"5"},"query":{},"error":null}
        {"url":"app://old/3#top","via":["relocation app://old/:id → app://order/3#top"],"final":"app://order/3#top","pattern":"app://order/:id","target":"Order","path":{"id":"3"},"query":{},"error":null}

        """)
        // A route file read from a pipe.
        let piped = try Self.run(["match", "--routes", "/dev/stdin", "app://alias/5"], input: Self.relocated)
        #expect(piped.status == 1, "\(piped.err)")
        #expect(piped.out.contains(#""target":"Order""#))
    }

    @Test func explainSaysNothingWinsWhenTheWalkStops() throws {
        let file = try CommandLineTests.routeFile(Self.relocated)
        let deleted = try Self.run(["explain", "--routes", file, "app://gone/1"])
        #expect(deleted.status == 1)
        #expect(deleted.out == """
        explain app://gone/1
          stopped: the relocation table deletes this route
          chain: app://gone/1
          via relocation app://gone/:id: deleted
          winner: none
          ✗ app://gone/:id: not opened: the relocation table deletes this route; it would win on rank (specific scheme, literal, parameter)

        """)
        let alias = try Self.run(["explain", "--routes", file, "app://alias/5"])
        #expect(alias.status == 1, "the file's redirect cycle fails the step: \(alias.err)")
        #expect(alias.out.contains("  winner: app://alias/:id\n  ✓ app://alias/:id: won (relocation add: a path for target Order)\n"), "\(alias.out)")
        let loop = try Self.run(["explain", "--routes", file, "app://loop1"])
        #expect(loop.status == 1)
        #expect(!loop.out.contains(": won"), "\(loop.out)")
        #expect(loop.out.contains("  ✗ app://loop2: bypassed: redirect app://loop2 rewrites app://loop2 first"), "\(loop.out)")
        // The demo's services are mounted as the app mounts them.
        let service = try Self.run(["explain", "app://services/cart/add"])
        #expect(service.status == 0)
        #expect(service.out.contains("winner: app://services/:service/:method"), "\(service.out)")
    }

    @Test func diffComparesRedirectsByCanonicalTextAndFollowsAddPaths() throws {
        let old = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "app://user/:id", "target": "User"}],
         "redirects": [{"from": "app://profile/:id", "to": "APP://user/:id"}]}
        """#)
        let new = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "app://user/:id", "target": "User"}],
         "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
         "relocations": {"version": 1, "entries": [{"op": "add", "pattern": "app://u/:id", "target": "User"}]}}
        """#)
        let r = try Self.run(["diff", old, new])
        #expect(!r.out.contains("~ redirect"), "\(r.out)")
        #expect(r.out.contains("app://u/42: none → app://u/:id (User) via alias"), "\(r.out)")
    }
}

/// A route file with errors runs the same way in every command that opens it (the app, `--replay`,
/// `script`, `coverage`, `match`, `explain`): the entries that load are open and each error is named;
/// a route whose `requiresLogin` no gate can read is one of those errors, never an ungated screen. The
/// commands that check exit 1 once their work is done.
@Suite("Every command opens what loads")
struct OpensWhatLoadsTests {
    static let file = #"""
    {"routes": [{"pattern": "shop://home", "target": "Home"}, {"pattern": "shop://item/:id<int>", "target": "Item"},
                {"pattern": "shop://item/:num<int>", "target": "Item2"},
                {"pattern": "shop://account/orders/:id<int>", "target": "AccountOrder", "metadata": {"requiresLogin": "yes"}}]}
    """#

    @Test func scriptCoverageAndReplayLeaveOutTheSameEntriesAndNameThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-opens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let routes = directory.appendingPathComponent("r.json").path
        let script = directory.appendingPathComponent("w.script").path
        try Data(Self.file.utf8).write(to: URL(fileURLWithPath: routes))
        try Data("open shop://item/7\nexpect top Item\nopen shop://account/orders/3\nexpect outcome not_found\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        let runs = [
            try QACommandTests.run(["script", "--routes", routes, script]),
            try QACommandTests.run(["coverage", "--routes", routes, script]),
            try QACommandTests.run(["--routes", routes, "--replay", script]),
        ]
        // Each runs to its end; a file with errors fails the step (coverage reports and exits 0, as documented).
        #expect(runs.map(\.status) == [1, 0, 1], "\(runs.map(\.err))")
        // script's transcript says why the status is 1 though every expectation passed.
        #expect(runs[0].out.hasSuffix("# \(routes): 2 entries left out for errors; exit status 1\n"), "\(runs[0].out)")
        #expect(runs[0].out.contains("2 of 2 expectations passed, 0 failed") && runs[2].out.contains("2 of 2 expectations passed, 0 failed"), "\(runs[0].out)")
        for run in runs {
            #expect(run.err.contains("routes[2]: pattern 'shop://item/:num<int>' has the same shape"), "\(run.err)")
            #expect(run.err.contains("routes[3].metadata.requiresLogin: 'yes' is not a boolean"), "\(run.err)")
            #expect(run.err.components(separatedBy: "left out").count == 3, "each error once: \(run.err)")
        }
        #expect(runs[1].out.hasPrefix("1 of 2 routes reached by 1 script"), "\(runs[1].out)")
        // match and explain answer for the routes that load, and name the same errors.
        let match = try QACommandTests.run(["match", "--routes", routes, "shop://item/7", "shop://account/orders/3"])
        let explain = try QACommandTests.run(["explain", "--routes", routes, "shop://item/7"])
        for run in [match, explain] {
            #expect(run.err.components(separatedBy: "left out").count == 3, "each error once: \(run.err)")
        }
        #expect(match.out.contains("shop://item/:id<int>"), "\(match.out)")
        #expect(match.status == 1 && explain.status == 1, "a file with errors fails the step")
        #expect(explain.out.contains("winner: shop://item/:id<int>"), "\(explain.out)")
        // A URL meant for a route that did not load is told so, not only answered with the nearest; a
        // left-out duplicate of the route that opened it changes nothing and is not named.
        #expect(!match.err.contains("shop://item/7: routes[2]"), "\(match.err)")
        #expect(!explain.err.contains("matches this URL but did not load"), "\(explain.err)")
        let meant = try QACommandTests.run(["explain", "--routes", routes, "shop://account/orders/3"])
        #expect(meant.err.contains("shop://account/orders/3: routes[3] ("), "\(meant.err)")
        #expect(meant.err.contains("matches this URL but did not load"), "\(meant.err)")
    }

    /// An entry left out for its `requiresLogin` is not registered first: a later entry of the same
    /// pattern loads instead of being refused as a duplicate of nothing.
    @Test func anEntryLeftOutDoesNotMakeALaterOneADuplicate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-dup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let routes = directory.appendingPathComponent("r.json").path
        try Data(#"""
        {"routes": [{"pattern": "app://user/:id<int>", "target": "Gated", "metadata": {"requiresLogin": "yes"}},
                    {"pattern": "app://user/:id<int>", "target": "User"}]}
        """#.utf8).write(to: URL(fileURLWithPath: routes))
        let match = try QACommandTests.run(["match", "--routes", routes, "app://user/5"])
        #expect(match.out.contains(#""target":"User""#), "\(match.out)")
        #expect(match.err.contains("routes[0].metadata.requiresLogin"), "\(match.err)")
        #expect(!match.err.contains("already registered"), "\(match.err)")
        #expect(match.err.components(separatedBy: "left out").count == 2, "one error: \(match.err)")
    }
}

/// `switchyard --routes FILE` on a file with errors opens the app with the routes that load and lists
/// every error, and every near-miss metadata key as a warning, in the route log, with a summary in the
/// status line.
@Suite("A route file with errors opens with what loads", .serialized,
       .disabled(if: TmuxDriver.skipReason != nil, Comment(rawValue: TmuxDriver.skipReason ?? "")))
struct RouteFileWithErrorsAppTests {
    @Test func theAppOpensWithTheRoutesThatLoadAndLogsEveryError() async throws {
        let binary = try #require(TmuxDriver.binary)
        let tmux = try TmuxDriver(name: "partial")
        defer { tmux.kill() }
        let file = tmux.path("partial.json")
        try Data(#"""
        {"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}, {"pattern": "app://bad/:x<int", "target": "Bad"},
                    {"pattern": "app://user/:id<int>", "target": "Again"}, {"pattern": "app://order/:id", "target": 5},
                    {"pattern": "app://secret", "target": "Secret", "metadata": {"requireLogin": true}}],
         "redirects": [{"from": "app://r/:a", "to": "app://user/:b"}]}
        """#.utf8).write(to: URL(fileURLWithPath: file))
        let q = TmuxDriver.quote
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation --routes \(q(file))") + " 2> \(q(tmux.path("err")))"
                   + "; echo \"exit=$?\" > \(q(tmux.path("status"))); echo SY-DONE; exec sh")
        try #require(await tmux.waitFor("app://user/:id<int> → UserProfile") != nil, "\(tmux.capture())")
        #expect(await tmux.waitFor("partial.json: 4 entries left out for errors, 1 warning") != nil,
                "the status line: \(tmux.capture())")
        tmux.press("F2")
        let log = await tmux.waitFor("routes[1].pattern", "routes[2]: ", "routes[3].target", "redirects[0].to",
                                     "[unknown-metadata-key]", "routes[4].metadata.requireLogin: unknown")
        #expect(log != nil, "each error in the log: \(tmux.capture())")
        tmux.press("Enter")
        #expect(await tmux.waitFor("path     id = 42") != nil, "the routes that load work: \(tmux.capture())")
        // Once the app is gone: every problem on standard error, as `script` names them, and status 1.
        tmux.type("q")
        #expect(await tmux.waitFor("SY-DONE") != nil, "\(tmux.capture())")
        let status = await tmux.waitForFile("status")
        #expect(status?.trimmingCharacters(in: .whitespacesAndNewlines) == "exit=1", "\(status ?? "no status")")
        let err = (try? String(contentsOfFile: tmux.path("err"), encoding: .utf8)) ?? ""
        for place in ["routes[1].pattern", "routes[2]: ", "routes[3].target", "redirects[0].to",
                      "warning: [unknown-metadata-key] routes[4].metadata.requireLogin: ", "4 entries left out for errors"] {
            #expect(err.contains(place), "\(place): \(err)")
        }
    }

    /// The report at exit and the exit status describe the table in force when the app quits: a file
    /// fixed while the app runs exits 0 with nothing on standard error; one broken by a save that still
    /// reloads exits 1 and names its errors, as last reloaded.
    @Test(arguments: [(true, "exit=0"), (false, "exit=1")])
    func theExitReportDescribesTheTableInForce(fixedWhileRunning: Bool, expected: String) async throws {
        let binary = try #require(TmuxDriver.binary)
        let tmux = try TmuxDriver(name: fixedWhileRunning ? "fixed-live" : "broken-live")
        defer { tmux.kill() }
        let file = tmux.path("live.json")
        let broken = #"{"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}, "#
            + #"{"pattern": "app://user/:n<int>", "target": "Again"}]}"#
        let fixed = #"{"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}, "#
            + #"{"pattern": "app://order/:id<int>", "target": "Order"}]}"#
        try Data((fixedWhileRunning ? broken : fixed).utf8).write(to: URL(fileURLWithPath: file))
        let q = TmuxDriver.quote
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation --routes \(q(file))") + " 2> \(q(tmux.path("err")))"
                   + "; echo \"exit=$?\" > \(q(tmux.path("status"))); echo SY-DONE; exec sh")
        try #require(await tmux.waitFor("app://user/:id<int> → UserProfile") != nil, "\(tmux.capture())")
        try await Task.sleep(for: .milliseconds(1100))
        try Data((fixedWhileRunning ? fixed : broken).utf8).write(to: URL(fileURLWithPath: file))
        try #require(await tmux.waitFor("Reloaded live.json") != nil, "\(tmux.capture())")
        tmux.type("q")
        #expect(await tmux.waitFor("SY-DONE") != nil, "\(tmux.capture())")
        let status = await tmux.waitForFile("status")
        #expect(status?.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(status ?? "no status")")
        let err = (try? String(contentsOfFile: tmux.path("err"), encoding: .utf8)) ?? ""
        if fixedWhileRunning {
            #expect(!err.contains("error"), "the errors of the start are gone with them: \(err)")
        } else {
            #expect(err.contains("routes[1]") && err.contains("live.json (as last reloaded): 1 entry left out"),
                    "\(err)")
        }
    }
}

/// A left-out route is named for a URL only when it would have opened it instead of the route that did:
/// a more specific route left out is named; a less specific one, or one matching a URL nothing opens
/// differently, is not.
struct LeftOutRouteNoteTests {
    @Test func aLeftOutRouteIsNamedOnlyWhenItWouldHaveWon() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-lo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let routes = directory.appendingPathComponent("r.json").path
        try Data(#"""
        {"routes": [
          {"pattern": "shop://item/:id", "target": "Item"},
          {"pattern": "shop://item/:n<int>", "target": "Numbered", "metadata": {"requiresLogin": "yes"}},
          {"pattern": "shop://item/*rest", "target": "Any", "metadata": {"requiresLogin": "no"}}
        ]}
        """#.utf8).write(to: URL(fileURLWithPath: routes))
        let numbered = try QACommandTests.run(["match", "--routes", routes, "shop://item/7"])
        #expect(numbered.err.contains("shop://item/7: routes[1] (shop://item/:n<int>) matches this URL but did not load"),
                "\(numbered.err)")
        #expect(!numbered.err.contains("routes[2] (shop://item/*rest) matches"), "a catch-all would lose: \(numbered.err)")
        let word = try QACommandTests.run(["explain", "--routes", routes, "shop://item/abc"])
        #expect(!word.err.contains("matches this URL"), "\(word.err)")
        let deeper = try QACommandTests.run(["explain", "--routes", routes, "shop://item/a/b"])
        #expect(deeper.err.contains("shop://item/a/b: routes[2] (shop://item/*rest) matches this URL"), "\(deeper.err)")
    }
}
