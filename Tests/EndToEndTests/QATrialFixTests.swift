import Foundation
import Testing

/// The QA trial's findings on the command line, one table each: lint's placed lines, the tag of every
/// command's messages on standard error, `match`'s nearest route, the near-miss metadata key, and
/// `lint --app` reporting every bad entry.
@Suite("QA trial fixes", .disabled(if: TmuxDriver.binary == nil, "the switchyard binary is not built"))
struct QATrialFixTests {
    static func run(_ arguments: [String], input: String = "") throws -> (out: String, err: String, status: Int32) {
        try CommandLineTests.run(arguments, input: input)
    }

    static let table = #"""
    {"routes": [{"pattern": "shop://home", "target": "Home"},
                {"pattern": "shop://order/:id<int>", "target": "Order", "metadata": {"requireLogin": "true"}},
                {"pattern": "shop://order/:id<int>", "target": "Order2"},
                {"pattern": "shop://item/:id<int", "target": "Item"}],
     "redirects": [{"from": "shop://a/:id", "to": "shop://b/:id"}, {"from": "shop://b/:id", "to": "shop://a/:id"}]}
    """#

    /// Every line of lint's text output starts `FILE:LINE:COLUMN: `, as the other commands place a
    /// problem (the place of the location's value, or of the key for a misspelt key, so an editor
    /// jumps to what to fix); `--json` keeps its fields; the exit code is unchanged.
    @Test func lintPlacesEveryLineCompilerStyle() throws {
        let file = try CommandLineTests.routeFile(Self.table)
        let lint = try Self.run(["lint", "--routes", file])
        #expect(lint.status == 1)
        #expect(lint.out.split(separator: "\n").map(String.init) == [
            "\(file):2:82: warning: [unknown-metadata-key] routes[1].metadata.requireLogin: unknown metadata key "
                + "'requireLogin' (did you mean 'requiresLogin'?)",
            "\(file):3:13: error: [duplicate] routes[2]: pattern 'shop://order/:id<int>' is already registered",
            "\(file):4:25: error: [invalid-pattern] routes[3].pattern: unterminated constraint at byte 15 in pattern "
                + "'shop://item/:id<int'",
            "\(file):5:16: error: [redirect-cycle] redirects[0]: redirect cycle: shop://a/:id → shop://b/:id → "
                + "shop://a/:id (e.g. shop://a/a → shop://b/a → shop://a/a)",
        ])
        #expect(lint.err == "switchyard lint: 3 errors, 1 warning\n")
        let json = try Self.run(["lint", "--routes", file, "--json"])
        #expect(json.status == 1)
        #expect(json.out.hasPrefix(#"{"errors":3,"warnings":1,"findings":[{"severity":"warning","code":"unknown-metadata-key","#
            + #""location":"routes[1].metadata.requireLogin","line":2,"column":82,"#), "\(json.out)")
        // The demo app has no file: no place.
        let demo = try Self.run(["lint"])
        #expect(demo.status == 0)
        #expect(demo.out.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: [") }, "\(demo.out)")
    }

    /// Every command's own messages on standard error begin `switchyard COMMAND: `; the app's begin
    /// `switchyard: `.
    @Test func everyCommandTagsItsMessagesWithItsName() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("sy-none-\(UUID().uuidString).json").path
        let script = try CommandLineTests.routeFile("open app://home\n")
        let cases: [([String], String)] = [
            (["lint", "--routes", missing], "switchyard lint"),
            (["lint", "--app", missing], "switchyard lint"),
            (["match", "--routes", missing, "app://a"], "switchyard match"),
            (["explain", "--routes", missing, "app://a"], "switchyard explain"),
            (["diff", missing, missing], "switchyard diff"),
            (["script", "--routes", missing, script], "switchyard script"),
            (["coverage", "--routes", missing, script], "switchyard coverage"),
            (["routes", "--routes", missing], "switchyard routes"),
            (["export", "--routes", missing], "switchyard export"),
            (["graph", "--routes", missing], "switchyard graph"),
            (["generate", "swift", "--routes", missing], "switchyard generate swift"),
            (["--routes", missing], "switchyard"),
            (["run", "--routes", missing], "switchyard"),
        ]
        for (arguments, tag) in cases {
            let r = try Self.run(arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.err.hasPrefix("\(tag): \(missing): no such file\n"), "\(arguments): \(r.err)")
            #expect(r.err.split(separator: "\n").allSatisfy { $0.hasPrefix("\(tag): ") }, "\(arguments): \(r.err)")
        }
        // A message of the command's own, not about a file.
        let json = try Self.run(["coverage", "--routes", try CommandLineTests.routeFile(Self.table), missing])
        #expect(json.err.split(separator: "\n").allSatisfy { $0.hasPrefix("switchyard coverage: ") }, "\(json.err)")
        let left = try Self.run(["match", "--routes", try CommandLineTests.routeFile(Self.table), "shop://home"])
        #expect(!left.err.isEmpty)
        #expect(left.err.split(separator: "\n").allSatisfy { $0.hasPrefix("switchyard match: ") }, "\(left.err)")
    }

    /// When no route matches, `match` names the nearest route and the verdict `explain` gives it.
    @Test func matchNamesTheNearestRouteWhenNothingMatches() throws {
        let file = try CommandLineTests.routeFile(#"""
        {"routes": [{"pattern": "app://user/:id<int>", "target": "User"}, {"pattern": "app://home", "target": "Home"}]}
        """#)
        let cases: [(String, String)] = [
            ("app://user/abc", #","nearest":{"pattern":"app://user/:id<int>","verdict":"segment 1: 'abc' does not satisfy <int>"}}"#),
            ("app://users", #","nearest":{"pattern":"app://user/:id<int>","verdict":"host: 'users' is not 'user'"}}"#),
            ("web://home", #","nearest":{"pattern":"app://home","verdict":"scheme: 'web' is not 'app'"}}"#),
            ("app://user/7", #""target":"User","path":{"id":"7"},"query":{},"error":null}"#),
        ]
        for (url, suffix) in cases {
            let r = try Self.run(["match", "--routes", file, url])
            #expect(r.status == 0)
            #expect(r.out.hasSuffix(suffix + "\n"), "\(url): \(r.out)")
            let explain = try Self.run(["explain", "--routes", file, url])
            guard r.out.contains("nearest") else { continue }
            // The same verdict explain gives first.
            let verdict = try #require(suffix.components(separatedBy: #""verdict":""#).last?.dropLast(3))
            #expect(explain.out.split(separator: "\n").dropFirst(2).first?.hasSuffix(String(verdict)) == true,
                    "\(explain.out)")
        }
        let empty = try CommandLineTests.routeFile(#"{"routes": []}"#)
        #expect(try Self.run(["match", "--routes", empty, "app://a"]).out.hasSuffix(#""nearest":null}"# + "\n"))
    }

    /// `lint --app` reports every entry the app format refuses in one run, each at its place.
    @Test func lintOfAnAppReportsEveryBadEntry() throws {
        let file = try CommandLineTests.routeFile(#"""
        {"name": "T", "tabs": [{"title": "H", "root": "app://h"}, {"title": 5, "root": "app://x"}],
         "routes": [{"pattern": "app://h", "target": "H"},
                    {"pattern": "app://bad/:id<int", "target": "B"},
                    {"pattern": "app://c", "target": "C", "opens": "sideways"},
                    {"pattern": "app://d", "targt": "D"}],
         "redirects": [{"from": "app://r/:a", "to": "app://h/:b"}],
         "loginURL": ["x"], "colour": "red"}
        """#)
        let lint = try Self.run(["lint", "--app", file])
        #expect(lint.status == 1)
        let places = lint.out.split(separator: "\n").map { line in
            line.dropFirst(file.count + 1).split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(places == [
            "1:69: error: [schema]", "3:25: error: [invalid-pattern]", "4:60: error: [schema]",
            "5:45: error: [schema]", "6:45: error: [invalid-redirect]", "7:14: error: [schema]",
            "7:31: error: [schema]",
        ], "\(lint.out)")
        #expect(lint.err == "switchyard lint: 7 errors, 0 warnings\n")
        // A check of the whole description is a finding too; a plain route file is named as one.
        let plain = try CommandLineTests.routeFile(#"{"routes": [{"pattern": "app://a", "target": "A"}]}"#)
        let asApp = try Self.run(["lint", "--app", plain])
        #expect(asApp.status == 1)
        #expect(asApp.out == "\(plain): error: [schema] file: missing required key \"tabs\" (a plain route file? "
            + "open it with --routes FILE)\n")
    }
}
