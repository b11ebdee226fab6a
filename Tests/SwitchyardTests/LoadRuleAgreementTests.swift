import Foundation
import Switchyard
import SwitchyardNavigation
import Testing
@testable import SwitchyardTooling

/// `switchyard lint --routes FILE` and the app opened on the file judge it by one rule: what is left
/// out (a value the format refuses, an unreadable `requiresLogin`, a duplicate or same shape of an entry
/// that is kept) and what then counts as a duplicate. Lint's findings come in file order, and every
/// error lint reports is in the app's load report.
@Suite struct LoadRuleAgreementTests {
    /// Files, the findings lint reports (`code location`, in file order) and the routes that load
    /// (their indices in the file).
    static let cases: [(name: String, json: String, lint: [String], loaded: [Int])] = [
        ("an unreadable requiresLogin, then the same pattern", #"""
        {"routes": [
           {"pattern": "app://a/:id", "target": "A", "metadata": {"requiresLogin": "yes"}},
           {"pattern": "app://a/:id", "target": "A2"}]}
        """#, ["metadata-type routes[0].metadata.requiresLogin"], [1]),
        ("the same pattern, then one with an unreadable requiresLogin", #"""
        {"routes": [
           {"pattern": "app://a/:id", "target": "A"},
           {"pattern": "app://a/:id", "target": "A2", "metadata": {"requiresLogin": "1"}}]}
        """#, ["metadata-type routes[1].metadata.requiresLogin"], [0]),
        ("an unreadable requiresLogin, then the same shape", #"""
        {"routes": [
           {"pattern": "app://a/:id", "target": "A", "metadata": {"requiresLogin": "no way"}},
           {"pattern": "app://a/:name", "target": "A2"},
           {"pattern": "app://a/:other", "target": "A3"}]}
        """#, ["metadata-type routes[0].metadata.requiresLogin", "same-shape routes[2]"], [1]),
        ("a kept route, an unreadable one and a true duplicate", #"""
        {"routes": [
           {"pattern": "app://a", "target": "A"},
           {"pattern": "app://a", "target": "A2", "metadata": {"requiresLogin": "TRUE"}},
           {"pattern": "app://a", "target": "A3"}]}
        """#, ["metadata-type routes[1].metadata.requiresLogin", "duplicate routes[2]"], [0]),
        ("a route of the wrong type, then the same pattern", #"""
        {"routes": [
           {"pattern": "app://a", "target": 7},
           {"pattern": "app://a", "target": "A"}]}
        """#, ["schema routes[0].target"], [1]),
        ("a bad web flag stays loaded and is an error", #"""
        {"routes": [
           {"pattern": "app://a", "target": "A", "metadata": {"web": "maybe"}},
           {"pattern": "app://a", "target": "A2"}]}
        """#, ["metadata-type routes[0].metadata.web", "duplicate routes[1]"], [0]),
    ]

    /// The errors that leave an entry out of what loads.
    static let leavingOut: Set<LintCode> = [.duplicate, .sameShape, .invalidPattern, .schema, .invalidRedirect,
                                             .duplicateRedirect, .relocation, .metadataType]

    @Test("lint and the loader leave out the same entries", arguments: 0..<cases.count)
    func lintAndTheLoaderAgree(_ index: Int) throws {
        let c = Self.cases[index]
        let data = Data(c.json.utf8)
        let check = try RouteFileCheck(json: data, file: "t.json")
        // Lint's findings, in file order.
        let lint = check.findings.map { "\($0.code) \($0.location)" }
        #expect(lint == c.lint, "\(c.name): \(check.findings.map(\.description))")
        // The loader (what `switchyard --routes`, `script` and `coverage` open).
        let loader = try RouteFile.collecting(json: data, file: "t.json").loadable()
        #expect(loader.routeIndices == c.loaded, "\(c.name)")
        // Its error list is lint's list of the entries it left out: same places, same messages.
        let leftOut = check.findings.filter { check.isLeftOut($0) }
        #expect(loader.errors.map { "\($0.location): \($0.message)" }
                    == leftOut.map { "\($0.location): \($0.message)" }, "\(c.name)")
        // Every finding of a kind that leaves an entry out, at a route, names an entry the loader left out.
        for f in check.findings where Self.leavingOut.contains(f.code) && f.location.hasPrefix("routes[") {
            let at = f.location.dropFirst("routes[".count).prefix { $0.isNumber }
            let left = !loader.routeIndices.contains(Int(at) ?? -1)
            #expect(left == check.isLeftOut(f), "\(c.name): \(f)")
        }
        // What the loader keeps registers whole, as the app registers it.
        let router = Router()
        #expect(throws: Never.self) { try loader.file.register(on: router) { _ in nil } }
        // RouteLint over the collected file says the same as the check (bar the order).
        let collected = try RouteFile.collecting(json: data, file: "t.json")
        let plain = RouteLint.findings(collected).map { "\($0.code) \($0.location)" }
        #expect(plain.sorted() == lint.sorted(), "\(c.name)")
    }

    /// A file with one problem of every kind a route file can have, one per line, and the findings
    /// lint prints for it, in file order.
    static let everyKind = #"""
    {"routes": [
       {"pattern": "app://a/:id<int", "target": "A"},
       {"pattern": "app://b", "target": 7},
       {"pattern": "app://c/:id", "target": "C"},
       {"pattern": "app://c/:id", "target": "C2"},
       {"pattern": "app://c/:other", "target": "C3"},
       {"pattern": "app://d/:x", "target": "D", "metadata": {"requiresLogin": "yes"}},
       {"pattern": "app://e", "target": "E", "metadata": {"web": "sometimes"}},
       {"pattern": "app://f/:n", "target": "F", "priority": 5},
       {"pattern": "app://f/:m<int>", "target": "F2"}],
     "redirects": [
       {"from": "app://r", "to": "app://nowhere"},
       {"from": "app://loop1", "to": "app://loop2"},
       {"from": "app://loop2", "to": "app://loop1"},
       {"from": "app://r", "to": "app://c/1"},
       {"from": "app://s/:id", "to": "app://t/:missing"}],
     "relocations": {"version": 1, "entries": [
       {"op": "move", "pattern": "app://z"}]}}
    """#

    @Test func lintPrintsItsFindingsInFileOrder() throws {
        let check = try RouteFileCheck(json: Data(Self.everyKind.utf8), file: "t.json")
        let lines = check.findings.map { "\($0.line ?? 0) \($0.code) \($0.location)" }
        #expect(lines == [
            "2 invalid-pattern routes[0].pattern", "3 schema routes[1].target", "5 duplicate routes[3]",
            "6 same-shape routes[4]", "7 metadata-type routes[5].metadata.requiresLogin",
            "8 metadata-type routes[6].metadata.web", "12 unknown-target redirects[0]",
            "13 redirect-cycle redirects[1]", "15 duplicate-redirect redirects[3]",
            "16 invalid-redirect redirects[4].to", "18 relocation relocations.entries[0].op",
        ], "\(check.findings.map(\.description))")
        // Columns are those of the value's first character.
        #expect(check.findings.first?.line == 2 && check.findings.first?.column == 16)
        for (a, b) in zip(check.findings, check.findings.dropFirst()) {
            #expect((a.line ?? 0, a.column ?? 0) <= (b.line ?? 0, b.column ?? 0), "\(a) before \(b)")
        }
    }

    /// Every error code a route file can give has a case here, and for each the app's load report
    /// (the error rules, `RouteFileCheck.Rules.errors`) names what lint names: same code, place, message.
    @Test func everyErrorLintReportsIsInTheAppsLoadReport() throws {
        let data = Data(Self.everyKind.utf8)
        let lint = try RouteFileCheck(json: data, file: "t.json").errors
        let app = try RouteFileCheck(json: data, file: "t.json", rules: .errors).errors
        #expect(app == lint)
        let appOnly: Set<LintCode> = [.unboundPlaceholder, .unknownParent, .loginURLMissing]
        let fileErrors = Set(LintCode.allCases.filter { $0.severity == .error && !appOnly.contains($0) })
        #expect(Set(lint.map(\.code)) == fileErrors, "a case for every error code")
        // One case per kind too, each file with that problem alone.
        for (code, json) in Self.oneOfEach {
            let d = Data(json.utf8)
            let errors = try RouteFileCheck(json: d, rules: .errors).errors
            #expect(errors.map(\.code) == [code], "\(code): \(errors.map(\.description))")
            #expect(errors == (try RouteFileCheck(json: d).errors), "\(code)")
        }
        #expect(Set(Self.oneOfEach.map(\.0)) == fileErrors)
    }

    static let oneOfEach: [(LintCode, String)] = [
        (.duplicate, #"{"routes": [{"pattern": "app://a", "target": "A"}, {"pattern": "app://a", "target": "B"}]}"#),
        (.sameShape, #"{"routes": [{"pattern": "app://a/:x", "target": "A"}, "#
            + #"{"pattern": "app://a/:y", "target": "B"}]}"#),
        (.invalidPattern, #"{"routes": [{"pattern": "app://a/:x<int", "target": "A"}]}"#),
        (.schema, #"{"routes": [{"pattern": "app://a", "target": "A", "colour": "red"}]}"#),
        (.metadataType, #"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"requiresLogin": "y"}}]}"#),
        (.invalidRedirect, #"{"routes": [{"pattern": "app://a", "target": "A"}], "#
            + #""redirects": [{"from": "app://r", "to": "app://a/:id"}]}"#),
        (.duplicateRedirect, #"{"routes": [{"pattern": "app://a", "target": "A"}], "#
            + #""redirects": [{"from": "app://r", "to": "app://a"}, {"from": "app://r", "to": "app://a"}]}"#),
        (.unknownTarget, #"{"routes": [{"pattern": "app://a", "target": "A"}], "#
            + #""redirects": [{"from": "app://r", "to": "app://b"}]}"#),
        (.redirectCycle, #"{"routes": [{"pattern": "app://a", "target": "A"}], "redirects": ["#
            + #"{"from": "app://x", "to": "app://y"}, {"from": "app://y", "to": "app://x"}]}"#),
        (.relocation, #"{"routes": [{"pattern": "app://a", "target": "A"}], "#
            + #""relocations": {"version": 1, "entries": [{"op": "move", "pattern": "app://z"}]}}"#),
    ]

    @Test func placesOfLocationsTheFileDoesNotHoldAsWritten() {
        #expect(RouteFileCheck.enclosing("routes[3].metadata.web")
                    == ["routes[3].metadata.web", "routes[3].metadata", "routes[3]", "routes"])
        #expect(RouteFileCheck.enclosing(#"routes[0].metadata["a.b"]"#)
                    == [#"routes[0].metadata["a.b"]"#, "routes[0].metadata", "routes[0]", "routes"])
        #expect(RouteFileCheck.enclosing("file") == ["file"])
    }
}
