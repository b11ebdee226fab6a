import Foundation
import Testing

/// The non-interactive commands of the real binary, as QA scripts use them: output and exit status.
@Suite("Command line", .disabled(if: TmuxDriver.binary == nil, "the switchyard binary is not built"))
struct CommandLineTests {
    /// Runs the binary with `arguments` and `input` on stdin; returns stdout, stderr and the exit status.
    /// (Plain pipes work for these short-lived commands; only tmux sessions hang Foundation.Process.)
    static func run(_ arguments: [String], input: String = "") throws -> (out: String, err: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxDriver.binary ?? "switchyard")
        process.arguments = arguments
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sy-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inURL = dir.appendingPathComponent("in"), outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
        try Data(input.utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return (try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8), process.terminationStatus)
    }

    /// Runs the binary with standard output and standard error going to one file, as in a CI log.
    static func runMerged(_ arguments: [String]) throws -> (text: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxDriver.binary ?? "switchyard")
        process.arguments = arguments
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sy-merged-\(UUID().uuidString)")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (try String(contentsOf: url, encoding: .utf8), process.terminationStatus)
    }

    /// With both streams in one file, lint's summary (standard error) comes after every finding
    /// (standard output), on its own line.
    @Test func lintsSummaryFollowsItsFindingsInOneLog() throws {
        var routes: [String] = []
        for index in 0..<400 {
            routes.append(#"{"pattern": "app://a/:x\#(index)", "target": "T\#(index)"}"#)
        }
        let file = try Self.routeFile(#"{"routes": ["# + routes.joined(separator: ",") + "]}")
        let (text, status) = try Self.runMerged(["lint", "--routes", file])
        let lines = text.split(separator: "\n")
        #expect(status == 1 || status == 0)
        #expect(lines.count > 100, "the table gives many findings")
        #expect(lines.last?.hasPrefix("switchyard lint: ") == true, "\(lines.suffix(2))")
        #expect(lines.dropLast().allSatisfy { !$0.contains("switchyard lint: ") })
    }

    static func routeFile(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sy-routes-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func matchPrintsOneJSONObjectPerURLAndExitsZero() throws {
        let file = try Self.routeFile(#"{"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}]}"#)
        let r = try Self.run(["match", "--routes", file, "app://user/42?x=1&x=2", "app://nope"], input: "")
        #expect(r.status == 0)
        #expect(r.out == """
        {"url":"app://user/42?x=1&x=2","via":[],"pattern":"app://user/:id<int>","target":"UserProfile","path":{"id":"42"},"query":{"x":["1","2"]},"error":null}
        {"url":"app://nope","via":[],"pattern":null,"target":null,"path":{},"query":{},"error":null,"nearest":{"pattern":"app://user/:id<int>","verdict":"host: 'nope' is not 'user'"}}

        """)
        // URLs from standard input, one a line; an invalid one reports its code and position.
        let piped = try Self.run(["match", "--routes", file], input: "app://user/%zz\napp://user/7\n")
        #expect(piped.status == 0)
        #expect(piped.out.contains(#""error":{"code":"bad_percent_escape","message":"'%' is not followed by two hexadecimal digits at byte 11"}"#))
        #expect(piped.out.contains(#""target":"UserProfile","path":{"id":"7"}"#))
    }

    @Test func matchFollowsRedirectsAndRelocations() throws {
        let file = try Self.routeFile(#"""
        {"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}],
         "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
         "relocations": {"version": 1, "entries": [{"op": "replace", "pattern": "app://old/:id", "to": "app://profile/:id"}]}}
        """#)
        let r = try Self.run(["match", "--routes", file, "app://old/7"], input: "")
        #expect(r.status == 0)
        #expect(r.out == """
        {"url":"app://old/7","via":["relocation app://old/:id → app://profile/7","redirect app://profile/:id → app://user/7"],"final":"app://user/7","pattern":"app://user/:id<int>","target":"UserProfile","path":{"id":"7"},"query":{},"error":null}

        """)
    }

    /// A mistyped option gets the nearest known one, also where the rest of the line is incomplete
    /// (`match --route FILE` was answered "missing --routes").
    @Test func aMistypedOptionIsNamedWithTheNearestOneWhateverElseIsMissing() throws {
        let cases: [([String], String)] = [
            (["match", "--route", "routes.json", "app://a"], "Error: Unknown option '--route'. Did you mean '--routes'?\nUsage: switchyard match [--routes <routes>] [--app <app>] [<urls> ...]\n  See 'switchyard match --help' for more information.\n"),
            (["match", "--route=routes.json"], "Error: Unknown option '--route'. Did you mean '--routes'?\n"),
            (["explain", "--jsn"], "Error: Unknown option '--jsn'. Did you mean '--json'?\n"),
            (["diff", "--jsno"], "Error: Unknown option '--jsno'. Did you mean '--json'?\n"),
            (["generate", "swift", "--nam", "X"], "Error: Unknown option '--nam'. Did you mean '--name'?\n"),
            (["routes", "--tre"], "Error: Unknown option '--tre'. Did you mean '--tree'?\n"),
            (["--no-animaton"], "Error: Unknown option '--no-animaton'. Did you mean '--no-animation'?\n"),
            (["match", "--bogus"], "Error: Unknown option '--bogus'\n"),
            (["--replay", "x.script", "--step", "--delay", "5"],
             "Error: --delay and --step: a stepped replay waits for a key, not a delay; give one of them.\n"),
            (["--replay", "x.script", "--delay=-3"], "Error: --delay: '-3' is not a number of milliseconds (0 or more).\n"),
        ]
        for (arguments, expected) in cases {
            let r = try Self.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.out.isEmpty)
            #expect(r.err.hasPrefix(expected), "\(arguments): \(r.err)")
        }
        // A missing argument with no unknown option is still the parser's own error.
        let missing = try Self.run(["diff"])
        #expect(missing.status == 64)
        #expect(missing.err.hasPrefix("Error: Missing expected argument '<old>'"), "\(missing.err)")
        // `match` without a file matches against the demo app, as `explain` and `routes` do.
        let demo = try Self.run(["match", "app://user/42"])
        #expect(demo.status == 0, "\(demo.err)")
        #expect(demo.out.contains(#""pattern":"app://user/:id","target":"UserProfile""#), "\(demo.out)")
    }

    /// A file given as a bare word where a command reads `--routes`, or as a script where a route file
    /// goes, is named with the spelling that takes it, not answered "unexpected argument" alone or run
    /// as lines of unknown commands.
    @Test func aRouteFileInTheWrongPlaceIsNamedWithWhereItGoes() throws {
        let file = try Self.routeFile(#"{"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}]}"#)
        let cases: [([String], Int32, String)] = [
            (["lint", file], 64,
             "Error: Unexpected argument '\(file)'. A route file is given as '--routes \(file)' (an app description: '--app \(file)')"),
            (["routes", file], 64, "Error: Unexpected argument '\(file)'. A route file is given as '--routes \(file)'"),
            (["match", file, "app://user/7"], 64,
             "Error: Unexpected argument '\(file)'. A route file is given as '--routes \(file)'"),
            ([file], 64, "switchyard: '\(file)' is not a command. To open the app on a route file, give it as '--routes \(file)'."),
            (["script", file], 1,
             "switchyard script: \(file) holds JSON, not a script (one command a line); a route file is given as --routes \(file)"),
            (["coverage", file], 1,
             "switchyard coverage: \(file) holds JSON, not a script (one command a line); a route file is given as --routes \(file)"),
        ]
        for (arguments, status, expected) in cases {
            let r = try Self.run(arguments, input: "")
            #expect(r.status == status, "\(arguments): \(r.err)")
            #expect(r.out.isEmpty, "\(arguments): \(r.out)")
            #expect(r.err.hasPrefix(expected), "\(arguments): \(r.err)")
        }
        // A word that names no file is still the parser's (or the command's) own answer.
        let lint = try Self.run(["lint", "no-such-file.json"])
        #expect(lint.status == 64 && lint.err.hasPrefix("Error: Unexpected argument 'no-such-file.json'\n"), "\(lint.err)")
    }

    @Test func anUnknownCommandIsNamedWithTheCommandsNotRunsUsage() throws {
        let r = try Self.run(["bogus"])
        #expect(r.status != 0)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("switchyard: 'bogus' is not a command. The commands are run, match, explain, app, script, routes, lint,"), "\(r.err)")
        #expect(!r.err.contains("Usage: switchyard run"))
        // No command, or options only, still runs the app (here headless: no terminal).
        let file = try Self.routeFile(#"{"routes": [{"pattern": "app://user/:id<int>", "target": "UserProfile"}]}"#)
        for arguments in [[], ["--no-animation"], ["--routes", file], ["run", "--routes", file]] {
            let app = try Self.run(arguments, input: "open app://user/42\nexpect ok\n")
            #expect(app.status == 0, "\(arguments): \(app.err)")
            #expect(app.err.hasPrefix("switchyard: no terminal; running the script runner"), "\(arguments)")
        }
        let help = try Self.run(["help", "match"])
        #expect(help.status == 0 && help.out.contains("USAGE: switchyard match"))
    }

    /// A mistyped command or subcommand is named with the nearest one (status 64); a word near none
    /// gets no guess. `generate swfit` was answered "Unexpected argument 'swfit'".
    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let explain = try Self.run(["explian", "app://user/1"])
        #expect(explain.status == 64)
        #expect(explain.out.isEmpty)
        #expect(explain.err.hasPrefix("switchyard: 'explian' is not a command. Did you mean 'explain'? The commands are run, match, explain,"), "\(explain.err)")
        let swift = try Self.run(["generate", "swfit", "--nam", "X"])
        #expect(swift.status == 64)
        #expect(swift.out.isEmpty)
        #expect(swift.err == """
        Error: Unknown subcommand 'swfit'. Did you mean 'swift'? The subcommands are swift.
        Usage: switchyard generate <subcommand>
          See 'switchyard generate --help' for more information.

        """, "\(swift.err)")
        let far = try Self.run(["generate", "kotlin"])
        #expect(far.status == 64)
        #expect(far.err.hasPrefix("Error: Unknown subcommand 'kotlin'. The subcommands are swift.\n"), "\(far.err)")
        for word in ["bogus", "xyz"] {
            let r = try Self.run([word])
            #expect(r.status == 64)
            #expect(r.err.hasPrefix("switchyard: '\(word)' is not a command. The commands are"), "\(r.err)")
        }
        // A known subcommand still parses as before.
        let ok = try Self.run(["generate", "swift", "--nam", "X"])
        #expect(ok.err.hasPrefix("Error: Unknown option '--nam'. Did you mean '--name'?"), "\(ok.err)")
    }

    @Test func explainNamesTheWinnerAndWhyTheOthersLost() throws {
        let r = try Self.run(["explain", "app://order/abc"], input: "")
        #expect(r.status == 1)
        #expect(r.out == """
        explain app://order/abc
          winner: none
          ✗ app://order/:id<int>: segment 1: 'abc' does not satisfy <int>
          ✗ app://order/:id<int>/track: segment 1: 'abc' does not satisfy <int>

        """)
        let redirected = try Self.run(["explain", "--json", "app://profile/alice"], input: "")
        #expect(redirected.status == 0)
        #expect(redirected.out.contains(#""via":[{"kind":"redirect","rule":"app://profile/:id","result":"app://user/alice"}]"#))
        #expect(redirected.out.contains(#""winner":"app://user/:id""#))
        #expect(redirected.out.contains(#"{"pattern":"app://user/login/:phone([0-9]+)","matched":false,"verdict":"segment 1: 'alice' is not 'login'"}"#))
    }

    @Test func diffListsChangedRoutesAndTheURLsWhoseWinnerChanges() throws {
        let old = try Self.routeFile(#"""
        {"routes": [{"pattern": "app://order/:id<int>", "target": "OrderDetail"}, {"pattern": "app://order/:id", "target": "OrderAny"},
         {"pattern": "app://home", "target": "Home"}, {"pattern": "app://old", "target": "Old"}],
         "redirects": [{"from": "app://legacy/:id", "to": "app://order/:id"}]}
        """#)
        let new = try Self.routeFile(#"""
        {"routes": [{"pattern": "app://order/:id", "target": "OrderView", "priority": 5}, {"pattern": "app://order/:id<int>", "target": "OrderDetail"},
         {"pattern": "app://home", "target": "Home", "metadata": {"requiresLogin": true}}, {"pattern": "app://new/:slug", "target": "New"}],
         "redirects": [{"from": "app://legacy/:id", "to": "app://new/:id"}]}
        """#)
        let r = try Self.run(["diff", old, new], input: "")
        #expect(r.status == 1)
        let body = r.out.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        #expect(body == """
        + route app://new/:slug  New
        - route app://old  Old
        ~ route app://order/:id  target OrderAny → OrderView, priority 0 → 5
        ~ route app://home  requiresLogin unset → true
        ~ redirect app://legacy/:id  → app://order/:id becomes → app://new/:id
        URLs that open differently (another winner, another reason nothing opens, or another login gate):
          app://order/abc: app://order/:id (OrderAny) → app://order/:id (OrderView)
          app://old: app://old (Old) → none
          app://new/42: none → app://new/:slug (New)
          app://new/7: none → app://new/:slug (New)
          app://new/abc: none → app://new/:slug (New)
          app://legacy/42: app://order/:id<int> (OrderDetail) via redirect → app://new/:slug (New) via redirect
          app://legacy/7: app://order/:id<int> (OrderDetail) via redirect → app://new/:slug (New) via redirect
          app://legacy/abc: app://order/:id (OrderAny) via redirect → app://new/:slug (New) via redirect
          app://home: app://home (Home) now asks for login
        1 added, 1 removed, 3 changed, 9 URLs that open differently
        """)
        // The same table: nothing, status 0; a missing file: status 2 and the file named.
        let same = try Self.run(["diff", old, old], input: "")
        #expect(same.status == 0)
        #expect(same.out == "no differences\n")
        let missing = try Self.run(["diff", old, "/nonexistent/routes.json"], input: "")
        #expect(missing.status == 2)
        #expect(missing.err.contains("/nonexistent/routes.json"))
        // An app description is read as its route table: the demo app against itself.
        let app = try Self.run(["app", "--print"], input: "")
        let appFile = try Self.routeFile(app.out)
        #expect(try Self.run(["diff", appFile, appFile], input: "").status == 0)
    }

    /// Runs `command` through `sh -c`; returns the exit status and the output (standard error too).
    static func shell(_ command: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>&1"]
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sy-shell-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8))
    }

    @Test func generatedSwiftCompilesBuildsURLsTheRouterSendsToTheRightTargetAndRefusesAMissingParameter() throws {
        let generated = try Self.run(["generate", "swift"], input: "")
        #expect(generated.status == 0)
        #expect(generated.err.isEmpty)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try generated.out.write(to: directory.appendingPathComponent("Routes.swift"), atomically: true, encoding: .utf8)
        try """
        print(Routes.orderDetail(id: 42).url)
        print(Routes.tracking(id: 7).url)
        print(try Routes.search(query: "red shoes/50%").url(query: ["sort": "price&size"]))
        print(try Routes.userProfile(id: "a/b").url)
        print(try Routes.webPage(host: "Docs.Example.com", path: ["guide", "a b"]).url)
        print(Routes.OrderDetail.pattern)
        """.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Self.shell("cd \(directory.path) && swiftc -swift-version 6 Routes.swift main.swift -o links && ./links")
        try #require(build.status == 0, "\(build.output)")
        let urls = build.output.split(separator: "\n").map(String.init)
        #expect(urls == [
            "app://order/42", "app://order/7/track", "app://search/red%20shoes%2F50%25?sort=price%26size",
            "app://user/a%2Fb", "https://docs.example.com/guide/a%20b", "app://order/:id<int>",
        ])
        // Each URL reaches the route it was built for.
        let winners = try urls.dropLast().map { url in
            let explained = try Self.run(["explain", "--json", url], input: "").out
            return explained.range(of: #""winner":"[^"]*""#, options: .regularExpression).map { String(explained[$0]) } ?? "none"
        }
        #expect(winners == [
            #""winner":"app://order/:id<int>""#, #""winner":"app://order/:id<int>/track""#, #""winner":"app://search/:query?""#,
            #""winner":"app://user/:id""#, #""winner":"https://:host/*path""#,
        ])
        // Leaving out a required parameter does not compile.
        let bad = directory.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try "print(Routes.orderDetail().url)\n".write(to: bad.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let refused = try Self.shell("cd \(bad.path) && swiftc -swift-version 6 -typecheck ../Routes.swift main.swift")
        #expect(refused.status != 0)
        #expect(refused.output.contains("missing argument for parameter 'id'"))
    }

    /// A suffix pattern's link checks the base it is given, as `RoutePattern.url(_:base:)` does, and
    /// throws a typed error that names what is wrong; a good base builds a URL the route matches.
    @Test func generatedSuffixLinksCheckTheirBaseWithATypedError() throws {
        let routes = try Self.routeFile(#"""
        {"routes": [{"pattern": "**/login/:phone([0-9]+)", "target": "PhoneLogin"},
                    {"pattern": "web://**/x/:id<int>", "target": "WebX"}]}
        """#)
        let generated = try Self.run(["generate", "swift", "--routes", routes], input: "")
        #expect(generated.status == 0, "\(generated.err)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try generated.out.write(to: directory.appendingPathComponent("Routes.swift"), atomically: true, encoding: .utf8)
        try """
        // The error is typed: `error` in the catch is a Routes.LinkError, with its reason.
        func login(_ base: String) {
            do throws(Routes.LinkError) { print(try Routes.phoneLogin(base: base, phone: "138").url) } catch { print("\\(error.reason): \\(error)") }
        }
        func web(_ base: String) {
            do throws(Routes.LinkError) { print(try Routes.webX(base: base, id: 7).url) } catch { print("\\(error.reason): \\(error)") }
        }
        for base in ["app://user", "app://user/a/", "user/a", "app://", "app://u?x=1", "app://u#top"] { login(base) }
        for base in ["app://u", "WEB://u"] { web(base) }
        """.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Self.shell("cd \(directory.path) && swiftc -swift-version 6 Routes.swift main.swift -o links && ./links")
        try #require(build.status == 0, "\(build.output)")
        #expect(build.output.split(separator: "\n").map(String.init) == [
            "app://user/login/138",
            "app://user/a/login/138",
            "missingScheme: 'user/a' cannot be the base of suffix pattern '**/login/:phone([0-9]+)': it does not start with a scheme and ://",
            "missingHost: 'app://' cannot be the base of suffix pattern '**/login/:phone([0-9]+)': it has no host after ://",
            "query: 'app://u?x=1' cannot be the base of suffix pattern '**/login/:phone([0-9]+)': it has a query",
            "fragment: 'app://u#top' cannot be the base of suffix pattern '**/login/:phone([0-9]+)': it has a fragment",
            "scheme(expected: \"web\"): 'app://u' cannot be the base of suffix pattern 'web://**/x/:id<int>': its scheme is not web",
            "WEB://u/x/7",
        ])
        let matched = try Self.run(["match", "--routes", routes, "app://user/login/138"]).out
        #expect(matched.contains(#""target":"PhoneLogin""#), "\(matched)")
    }

    /// Target names that are Swift or Foundation names, keywords, the enum's own name, names that
    /// collide after a case change or repeat, and parameters named like keywords: the generated file
    /// type-checks beside the built Switchyard modules, every route keeps a builder, and the builders
    /// refuse an empty, `.` or `..` value with a typed error (no route would match it).
    @Test(arguments: ["Routes", "Shop"])
    func generatedSwiftCompilesForAHostileTable(name: String) throws {
        let targets = ["Link", "Type", "Self", "Any", "String", "Int", "UUID", "Error", "Hashable", "Sendable", "Swift",
                       "Foundation", "LinkError", "Routes", "Shop", "class", "func", "init", "FAQ", "fAQ", "Item", "Item",
                       "segment", "host", "value", "suffixBase", "Optional", "Never", "Void", "Bool", "Protocol", "some", "_", "9lives"]
        var routes = targets.enumerated().map { index, target in
            #"{"pattern": "app://t\#(index)/:id", "target": "\#(target)"}"#
        }
        routes += [
            #"{"pattern": "app://p/:self/:Type/:url/:pattern/:target/:hashValue/:class?", "target": "Params"}"#,
            #"{"pattern": "app://q/:q<int>/:u<uuid>/*rest", "target": "Typed"}"#,
            #"{"pattern": "app://:h/at", "target": "HostParam"}"#,
            #"{"pattern": "**/login/:phone([0-9]+)", "target": "PhoneLogin"}"#,
            #"{"pattern": "**/any/:x", "target": "SuffixAny"}"#,
        ]
        let file = try Self.routeFile(#"{"routes": ["# + routes.joined(separator: ", ") + "]}")
        let generated = try Self.run(["generate", "swift", "--routes", file, "--name", name])
        #expect(generated.status == 0, "\(generated.err)")
        #expect(generated.err.isEmpty, "\(generated.err)")
        let functions = generated.out.split(separator: "\n").filter { $0.hasPrefix("    public static func ") && $0.contains(" -> ") }
        #expect(functions.count == targets.count + 5 + 4, "one builder a route, plus segment, host, value, suffixBase")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try generated.out.write(to: directory.appendingPathComponent("Routes.swift"), atomically: true, encoding: .utf8)
        // Beside the Switchyard modules: the links go to a router, and the refusals are typed.
        try """
        import Foundation
        import Switchyard
        import SwitchyardKit

        let router = Router()
        func check(_ link: some \(name).Link) { _ = try? router.match(link.url) }
        check(try \(name).type(id: "7") as \(name).TypeRoute)
        check(try \(name).link(id: "a/b"))
        check(try \(name).selfValue(id: "x"))
        check(try \(name).params(selfValue: "a", type: "b", urlValue: "c", patternValue: "d", targetValue: "e", hashValueValue: "f"))
        check(\(name).typed(q: 1, u: Foundation.UUID(), rest: ["a", ".."]))
        check(try \(name).hostParam(h: "Example"))
        check(try \(name).phoneLogin(base: "app://user", phone: "1"))
        do throws(\(name).LinkError) { _ = try \(name).string(id: "..") } catch { print(error.reason) }
        print((try? RouteRequestBuilder(pattern: \(name).StringRoute.pattern).with("id", "..").url()) ?? "refused")
        """.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let products = URL(fileURLWithPath: TmuxDriver.binary ?? "").deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules").path
        // The core's C module (its prefetch hint), as SwiftPM hands it to every client of the package.
        let cModule = products.appendingPathComponent("CSwitchyardPrefetch.build/module.modulemap").path
        let typecheck = try Self.shell("cd \(directory.path) && swiftc -swift-version 6 -typecheck -I \(modules) "
            + "-Xcc -fmodule-map-file=\(cModule) Routes.swift main.swift")
        #expect(typecheck.status == 0, "\(typecheck.output)")

        // Run: what the links make, and what they refuse.
        let run = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try """
        import Foundation

        do throws(\(name).LinkError) { print(try \(name).string(id: "a b").url) } catch { print("\\(error.reason): \\(error)") }
        do throws(\(name).LinkError) { print(try \(name).string(id: "..").url) } catch { print("\\(error.reason): \\(error)") }
        do throws(\(name).LinkError) { print(try \(name).string(id: ".").url) } catch { print("\\(error.reason): \\(error)") }
        do throws(\(name).LinkError) { print(try \(name).string(id: "").url) } catch { print("\\(error.reason): \\(error)") }
        do throws(\(name).LinkError) { print(try \(name).params(selfValue: "a", type: "b", urlValue: "c", patternValue: "d", targetValue: "e", hashValueValue: "f", classValue: "..").url) } catch { print("\\(error.reason): \\(error)") }
        do throws(\(name).LinkError) { print(try \(name).suffixAny(base: "app://u", x: "..").url) } catch { print("\\(error.reason): \\(error)") }
        do throws(\(name).LinkError) { print(try \(name).hostParam(h: "..").url) } catch { print("\\(error.reason): \\(error)") }
        print(\(name).typed(q: 1, u: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, rest: ["a", ".."]).url)
        print(try \(name).faq(id: "1").url, try \(name).fAQ(id: "2").url, \(name).FAQ.target, \(name).FAQ2.target)
        print(\(name).\(name)Route.target, \(name).LinkRoute.target, \(name).SelfRoute.target)
        """.write(to: run.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let built = try Self.shell("cd \(run.path) && swiftc -swift-version 6 ../Routes.swift main.swift -o links && ./links")
        try #require(built.status == 0, "\(built.output)")
        let t = targets.firstIndex(of: "String") ?? -1
        #expect(built.output.split(separator: "\n").map(String.init) == [
            "app://t\(t)/a%20b",
            "notASegmentValue(parameter: \"id\"): '..' cannot be the value of parameter 'id' of 'app://t\(t)/:id': an empty, '.' or '..' segment never matches a parameter",
            "notASegmentValue(parameter: \"id\"): '.' cannot be the value of parameter 'id' of 'app://t\(t)/:id': an empty, '.' or '..' segment never matches a parameter",
            "notASegmentValue(parameter: \"id\"): '' cannot be the value of parameter 'id' of 'app://t\(t)/:id': an empty, '.' or '..' segment never matches a parameter",
            "notASegmentValue(parameter: \"class\"): '..' cannot be the value of parameter 'class' of 'app://p/:self/:Type/:url/:pattern/:target/:hashValue/:class?': an empty, '.' or '..' segment never matches a parameter",
            "notASegmentValue(parameter: \"x\"): '..' cannot be the value of parameter 'x' of '**/any/:x': an empty, '.' or '..' segment never matches a parameter",
            "notASegmentValue(parameter: \"h\"): '..' cannot be the value of parameter 'h' of 'app://:h/at': an empty, '.' or '..' segment never matches a parameter",
            "app://q/1/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/a/%2E%2E",
            "app://t\(targets.firstIndex(of: "FAQ") ?? -1)/1 app://t\(targets.firstIndex(of: "fAQ") ?? -1)/2 FAQ fAQ",
            "\(name) Link Self",
        ])
    }

    /// `coverage` runs each script on a fresh app and splits the table into reached and untested
    /// routes; a failing script still counts (named on stderr) and the exit status stays 0; a script
    /// that cannot be read exits 1.
    /// The README's coverage example is what the command prints for those two scripts today.
    @Test func theReadmesCoverageExampleIsTrue() throws {
        let root = PackageManifestTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ S=Tests/SwitchyardNavigationTests/Scripts; swift run switchyard coverage "
            + "$S/login-gate.script $S/deep-links.script\n"
        let start = try #require(readme.range(of: command)).upperBound
        let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let scripts = root.appendingPathComponent("Tests/SwitchyardNavigationTests/Scripts")
        let run = try Self.run(["coverage", scripts.appendingPathComponent("login-gate.script").path,
                                scripts.appendingPathComponent("deep-links.script").path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == String(readme[start..<end]))
    }

    /// The README's Mermaid graph of the demo app is what `graph --format mermaid` prints today.
    @Test func theReadmesGraphIsTheDemosGraph() throws {
        let readme = try String(contentsOf: PackageManifestTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```mermaid\n")).upperBound
        let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let run = try Self.run(["graph", "--format", "mermaid"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == String(readme[start..<end]))
    }

    @Test func coverageListsReachedThenUntestedRoutesAndPrintsJSON() throws {
        let app = try Self.routeFile(#"""
        {"name": "C", "loginURL": "c://login", "tabs": [{"title": "Home", "root": "c://home"}],
         "routes": [{"pattern": "c://home", "target": "Home", "opens": "tab"},
                    {"pattern": "c://list/:id", "target": "List", "parent": "c://home"},
                    {"pattern": "c://item/:list/:id", "target": "Item", "parent": "c://list/{list}"},
                    {"pattern": "c://secret", "target": "Secret", "metadata": {"requiresLogin": true}},
                    {"pattern": "c://login", "target": "Login", "opens": "present"}]}
        """#)
        let first = try Self.routeFile("open c://item/1/2\nopen c://item/1/3\n")
        let failing = try Self.routeFile("open c://secret\nexpect top Nowhere\n")
        let text = try Self.run(["coverage", "--app", app, first, failing])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out == """
        4 of 5 routes reached by 2 scripts

        reached
          2  c://home            Home
          1  c://list/:id        List
          2  c://item/:list/:id  Item
          1  c://login           Login

        untested
          c://secret  Secret  login

        """)
        #expect(text.err == "switchyard coverage: \(failing): 1 command run; 0 of 1 expectations passed, 1 failed"
                + " (its coverage still counts)\n")
        let json = try Self.run(["coverage", "--json", "--app", app, first])
        #expect(json.status == 0)
        // The start screen counts once a script, as reached.
        #expect(json.out == #"{"routes":5,"reached":[{"pattern":"c://home","target":"Home","count":1},"#
            + #"{"pattern":"c://list/:id","target":"List","count":1},"#
            + #"{"pattern":"c://item/:list/:id","target":"Item","count":2}],"untested":["#
            + #"{"pattern":"c://secret","target":"Secret","gated":true},{"pattern":"c://login","target":"Login","gated":false}]}"# + "\n")
        // `-` reads the script from standard input, as `script -` does.
        let piped = try Self.run(["coverage", "--app", app, "-"], input: "open c://item/1/2\n")
        #expect(piped.status == 0 && piped.out.hasPrefix("3 of 5 routes reached by 1 script\n"), "\(piped.out)\(piped.err)")
        let missing = try Self.run(["coverage", "/nonexistent-sy/none.script"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("/nonexistent-sy/none.script"))
        let none = try Self.run(["coverage"])
        #expect(none.status != 0)
    }

    /// A `--name` the generated file could not compile with is refused, naming why.
    @Test func generateSwiftRefusesAnEnumNameThatCannotCompile() throws {
        for (name, why) in [("class", "is a Swift keyword"), ("Self", "is a Swift keyword"), ("Type", "is a Swift keyword"),
                            ("String", "is a Swift or Foundation name"), ("Link", "is a Swift or Foundation name"),
                            ("LinkError", "is a Swift or Foundation name"), ("Foundation", "is a Swift or Foundation name"),
                            ("9Routes", "is not a Swift type name"), ("My-Routes", "is not a Swift type name")] {
            let r = try Self.run(["generate", "swift", "--name", name])
            #expect(r.status != 0, "\(name)")
            #expect(r.err.contains("--name: '\(name)' \(why)"), "\(name): \(r.err)")
            #expect(r.out.isEmpty)
        }
    }

    @Test func badReplayAndRecordPathsAreRefusedWithTheReasonBeforeTheScreenIsTaken() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let replay = try Self.run(["--replay", directory], input: "")
        #expect(replay.status == 1)
        #expect(replay.err == "switchyard: \(directory): is a directory, not a file\n")
        let record = try Self.run(["--record", directory], input: "")
        #expect(record.status == 1)
        #expect(record.err == "switchyard: \(directory): is a directory, not a file\n")
        let missing = try Self.run(["--record", "/nonexistent-sy/x.txt"], input: "")
        #expect(missing.status == 1)
        #expect(missing.err == "switchyard: /nonexistent-sy/x.txt: no such folder /nonexistent-sy\n")
    }

    @Test func theAppTemplateLintsCleanAndItsServiceLinksWork() throws {
        let template = try Self.routeFile(try Self.run(["app", "--print"], input: "").out)
        let lint = try Self.run(["lint", "--app", template], input: "")
        #expect(lint.status == 0)
        #expect(lint.err.contains("0 errors, 0 warnings") || lint.out.contains("0 errors, 0 warnings"), "\(lint.out)\(lint.err)")
        let script = try Self.run(["script", "--app", template], input: "open app://services/cart/add?item=7\nexpect outcome handled\n")
        #expect(script.status == 0, "\(script.out)")
    }

    /// The demo allows callbacks to its own scheme; `--callback-allow` sets another list, and a bad entry
    /// is named.
    @Test func callbackAllowListsFromTheDemoAndTheCommandLine() throws {
        let script = "open app://user/7?callBack=app%3A%2F%2Fdiscover\nexpect top Discover\n"
        let demo = try Self.run(["script", "--no-trace"], input: script)
        #expect(demo.status == 0, "\(demo.out)")
        #expect(demo.out.contains("  callback: app://discover?outcome=handled as #2: handled by app://discover (tab Discover)\n"), "\(demo.out)")
        let narrowed = try Self.run(["script", "--no-trace", "--callback-allow", "partner://done"], input: script)
        #expect(narrowed.status == 1)
        #expect(narrowed.out.contains("callback URL 'app://discover?outcome=handled' is not on the callback allow list"), "\(narrowed.out)")
        let bad = try Self.run(["script", "--callback-allow", "partner"], input: script)
        #expect(bad.status == 1)
        #expect(bad.err == "switchyard script: --callback-allow: callback allow-list entry 'partner' is not scheme://host\n")
    }

    @Test func smallRefusals() throws {
        // An empty script checks nothing, so it fails.
        let empty = try Self.run(["script"], input: "# only a comment\n\n")
        #expect(empty.status == 1)
        #expect(empty.out.hasSuffix("error: the script has no commands or expectations\n"
                                     + "# 0 commands run; no expectations\n"))
        // A plain route file given as an app says how to open it.
        let routes = try Self.routeFile(#"{"routes": [{"pattern": "app://faq/:topic", "target": "FAQ"}]}"#)
        let asApp = try Self.run(["script", "--app", routes], input: "")
        #expect(asApp.status == 1)
        #expect(asApp.err.hasSuffix("missing required key \"tabs\" (a plain route file? open it with --routes FILE)\n"))
        // An all-caps target names its builder in lower case.
        let generated = try Self.run(["generate", "swift", "--routes", routes], input: "")
        #expect(generated.out.contains("public static func faq(topic: Swift.String) throws(Routes.LinkError) -> FAQ {"))
    }

    @Test func graphDrawsTheAppInDOTOrMermaidAndRefusesOtherFormats() throws {
        let dot = try Self.run(["graph"], input: "")
        #expect(dot.status == 0)
        #expect(dot.out.hasPrefix("digraph \"Switchyard Shop\" {"))
        #expect(dot.out.contains("tab3 -> screen10 [style=bold];"))
        let routes = try Self.routeFile(#"{"routes": [{"pattern": "app://a/:id<int>", "target": "A"}, {"pattern": "app://b", "target": "B"}]}"#)
        let mermaid = try Self.run(["graph", "--format", "mermaid", "--routes", routes], input: "")
        #expect(mermaid.status == 0)
        #expect(mermaid.out.hasPrefix("flowchart LR\n"))
        #expect(mermaid.out.contains("app://a/:id#lt;int#gt;"))
        let svg = try Self.run(["graph", "--format", "svg"], input: "")
        #expect(svg.status != 0)
        #expect(svg.err.contains("svg"))
    }

    @Test func matchReportsEncodedSlashesAndHostCaseAsTheContractSays() throws {
        let file = try Self.routeFile(#"{"routes": [{"pattern": "app://search/:q", "target": "Search"}, {"pattern": "app://:h<slug>/y", "target": "Y"}]}"#)
        let r = try Self.run(["match", "--routes", file, "app://search/AC%2FDC", "app://search/%2e%2E", "app://USER/y"])
        #expect(r.status == 0)
        #expect(r.out == #"""
        {"url":"app://search/AC%2FDC","via":[],"pattern":"app://search/:q","target":"Search","path":{"q":"AC/DC"},"query":{},"error":null}
        {"url":"app://search/%2e%2E","via":[],"pattern":null,"target":null,"path":{},"query":{},"error":null,"nearest":{"pattern":"app://search/:q","verdict":"segment 1: '..' is not allowed as a parameter value (dot segment)"}}
        {"url":"app://USER/y","via":[],"pattern":"app://:h<slug>/y","target":"Y","path":{"h":"user"},"query":{},"error":null}

        """#)
    }

    @Test func anUnboundParentPlaceholderIsRefusedAtLoadAndByLint() throws {
        let file = try Self.routeFile(#"""
        {"name":"B","tabs":[{"title":"H","root":"app://home"}],
         "routes":[{"pattern":"app://home","target":"Home","opens":"tab"},
                   {"pattern":"app://item/:id","target":"Item","parent":"app://list/{ref}"}]}
        """#)
        let message = "routes[1].parent: {ref} can never be bound: it is not a path parameter of app://item/:id"
        let lint = try Self.run(["lint", "--app", file])
        #expect(lint.status == 1)
        #expect(lint.out == "\(file):3:65: error: [unbound-placeholder] \(message)\n")
        let script = try Self.run(["script", "--app", file], input: "")
        #expect(script.status == 1)
        #expect(script.err.contains(message))
    }

    @Test func aBadRouteFileExitsNonZeroNamingTheEntry() throws {
        let file = try Self.routeFile(#"{"routes": [{"pattern": "app://a", "target": "A"}, {"pattern": "app://b/:x((a+)+)", "target": "B"}]}"#)
        let r = try Self.run(["match", "--routes", file, "app://a"])
        #expect(r.status == 1)
        #expect(r.err.contains("routes[1].pattern: nested quantifier"))
    }

    @Test func scriptExitStatusFollowsTheExpectations() throws {
        let ok = try Self.run(["script", "--no-trace", "-"], input: "open app://order/42\nlogin\nexpect stack [Orders] Orders > Order #42\n")
        #expect(ok.status == 0, "\(ok.out)")
        #expect(ok.out.contains("1 of 1 expectations passed, 0 failed"))
        let failing = try Self.run(["script", "--no-trace", "-"], input: "open app://home\nexpect top Nowhere\nbogus\n")
        #expect(failing.status == 1)
        #expect(failing.out.contains("line 2: FAILED: expect top Nowhere, got Home"))
        #expect(failing.out.contains("line 3: error: unknown command 'bogus'"))
    }

    @Test func lintDecidesOnPatternsNotSamples() throws {
        let demo = try Self.run(["lint"])
        #expect(demo.status == 0)
        #expect(demo.out == "")
        #expect(demo.err.contains("0 errors, 0 warnings"))
        let file = try Self.routeFile(#"""
        {"routes": [{"pattern": "app://share/:id", "target": "A"}, {"pattern": "share/:id", "target": "B"},
                    {"pattern": "app://x/:id", "target": "X"}],
         "relocations": {"version": 1, "entries": [{"op": "replace", "pattern": "app://x/:id<int>", "to": "app://y/:id"},
                                                   {"op": "replace", "pattern": "app://y/:id<int>", "to": "app://x/:id"}]}}
        """#)
        // The constrained cycle is found on the patterns: the entry that closes it is refused at its place,
        // and the rest of the file is still checked.
        let lint = try Self.run(["lint", "--routes", file])
        #expect(lint.status == 1)
        #expect(lint.out.contains("error: [relocation] relocations.entries[1]: relocation cycle: app://"), "\(lint.out)")
        #expect(lint.out.contains("app://x/:id<int>") && lint.out.contains("app://y/:id<int>"), "\(lint.out)")
        // Without the cycle, the scheme-less route is not reported as shadowed.
        let clean = try Self.routeFile(#"{"routes": [{"pattern": "app://share/:id", "target": "A"}, {"pattern": "share/:id", "target": "B"}]}"#)
        let ok = try Self.run(["lint", "--routes", clean])
        #expect(ok.status == 0, "\(ok.out)")
        #expect(!ok.out.contains("shadowed"))
    }

    @Test func lintFailsOnConflictsAndRoutesPrintsTheDemoTable() throws {
        let file = try Self.routeFile(#"{"routes": [{"pattern": "app://s/:query", "target": "A"}, {"pattern": "app://s/:keyword", "target": "B"}]}"#)
        let lint = try Self.run(["lint", "--routes", file])
        #expect(lint.status == 1)
        #expect(lint.out.contains("error: [same-shape] routes[1]"))
        let routes = try Self.run(["routes"])
        #expect(routes.status == 0)
        #expect(routes.out.contains("app://order/:id<int>"))
    }

    /// `routes` and `export` of the demo app show the router the app runs: the interceptors it installs,
    /// by their own names, and the services route it mounts; a route file shows the gate an app opened
    /// from it installs. Each row is checked whole.
    @Test func routesAndExportShowTheMapTheAppRuns() throws {
        let routes = try Self.run(["routes"])
        #expect(routes.status == 0)
        let rows = routes.out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        for row in ["app://order/:id<int> OrderDetail 0 requiresLogin=true LoginGate", "app://me Me 0 requiresLogin=true LoginGate",
                    "https://:host/*path WebPage 0 web=true WebAllowList", "https://:host Web 0 web=true WebAllowList",
                    "app://services/:service/:method Services 0 - -", "app://services Services 0 - -",
                    "app://login Login 0 - -"] {
            #expect(rows.contains(row), "\(row) in \(routes.out)")
        }
        #expect(!routes.out.contains("login-gate"))
        let export = try Self.run(["export"])
        #expect(export.status == 0)
        let map = try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [String: Any])
        let entries = try #require(map["routes"] as? [[String: Any]])
        func interceptors(_ pattern: String) -> [String]? {
            entries.first { $0["pattern"] as? String == pattern }?["interceptors"] as? [String]
        }
        #expect(interceptors("app://order/:id<int>") == ["LoginGate"])
        #expect(interceptors("https://:host/*path") == ["WebAllowList"])
        #expect(interceptors("app://services/:service/:method") == [])
        #expect(interceptors("app://home") == [])
        // The exported map is a route file; read back, its gated routes show the gate by the same name.
        let file = try Self.routeFile(export.out)
        let again = try Self.run(["routes", "--routes", file])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("requiresLogin=true  LoginGate"), "\(again.out)")
        let plist = try Self.run(["export", "--format", "plist"])
        #expect(plist.out.contains("<string>WebAllowList</string>") && plist.out.contains("<string>app://services</string>"))
    }

    @Test func aFileThatDoesNotExistIsNamedAndExitsNonZero() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("sy-missing-\(UUID().uuidString).json").path
        for arguments in [["match", "--routes", missing, "app://a"], ["routes", "--routes", missing], ["lint", "--app", missing],
                          ["export", "--app", missing], ["script", "--app", missing, "-"], ["script", "--relocations", missing, "-"],
                          ["script", missing]] {
            let r = try Self.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.err == "switchyard \(arguments[0]): \(missing): no such file\n", "\(arguments)")
            #expect(r.out.isEmpty, "\(arguments)")
        }
    }

    @Test func aMalformedFileIsRefusedNamingTheFileAndTheEntry() throws {
        // A syntax error: the line and column.
        let syntax = try Self.routeFile("{\"routes\": [\n  {\"pattern\": \"app://a\", \"target\": \"A\",}\n]}")
        let match = try Self.run(["match", "--routes", syntax, "app://a"])
        #expect(match.status == 1)
        #expect(match.err == "switchyard match: \(syntax):2:39: routes[0]: trailing comma before '}'\n")
        #expect(match.out.isEmpty)
        // A value of the wrong type in an app description: the coding path; nothing runs.
        let app = try Self.routeFile(#"""
        {"name": "T", "loginURL": ["app://login"], "tabs": [{"title": "H", "root": "app://h"}],
         "routes": [{"pattern": "app://h", "target": "H"}, {"pattern": "app://login", "target": "Login"}]}
        """#)
        let script = try Self.run(["script", "--app", app, "-"], input: "open app://h\n")
        #expect(script.status == 1)
        #expect(script.err == "switchyard script: \(app): loginURL: expected a string, found an array\n")
        #expect(script.out.isEmpty)
        let routes = try Self.run(["routes", "--app", app])
        #expect(routes.status == 1)
        #expect(routes.err == "switchyard routes: \(app): loginURL: expected a string, found an array\n")
        // A relocation table given on its own.
        let relocations = try Self.routeFile(#"{"version": 1.5, "entries": []}"#)
        let relocated = try Self.run(["script", "--relocations", relocations, "-"], input: "open app://home\n")
        #expect(relocated.status == 1)
        #expect(relocated.err == "switchyard script: \(relocations): version: expected an integer, found 1.5\n")
        // An unknown key, with a suggestion; control characters from the file never reach the terminal.
        let typo = try Self.routeFile(#"{"routes": [{"patern": "app://a", "target": "A"}]}"#)
        let lint = try Self.run(["lint", "--routes", typo])
        #expect(lint.status == 1)
        #expect(lint.out == "\(typo):1:24: error: [schema] routes[0].patern: unknown key; did you mean \"pattern\"?\n")
        let hostile = try Self.routeFile(#"{"routes": [{"pattern": "app://a\u001b]0;pwned\u0007", "target": "A"}]}"#)
        let export = try Self.run(["export", "--routes", hostile])
        #expect(export.status == 1)
        // The line lint prints, after the command's name.
        #expect(export.err == #"switchyard export: \#(hostile):1:25: error: [invalid-pattern] routes[0].pattern: space or control character at byte 7 in pattern 'app://a\u{1B}]0;pwned\u{7}' (left out)"# + "\n")
        #expect(!export.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// An app description with errors lint reports (here, routes that require login in an app with no
    /// login URL, so nothing guards them) runs as it loads, but every command that runs it names the
    /// errors on standard error and exits 1: a CI script over it cannot pass silently.
    @Test func anAppDescriptionWithLintErrorsFailsTheCommandsThatRunIt() throws {
        let demo = try Self.run(["app"])
        #expect(demo.status == 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sy-nologin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("nologin.json").path
        let lines = demo.out.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"loginURL\"") }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let lint = try Self.run(["lint", "--app", file])
        #expect(lint.status == 1 && lint.out.contains("[login-url-missing]"), "\(lint.out)\(lint.err)")
        for command in [["script", "--app", file, "-"], ["graph", "--app", file]] {
            let run = try Self.run(command, input: "open app://orders\nexpect top Orders\n")
            #expect(run.status == 1, "\(command): \(run.out)\(run.err)")
            #expect(run.err.contains("error: [login-url-missing]") && run.err.contains("nologin.json:"),
                    "\(command): \(run.err)")
        }
    }
}
