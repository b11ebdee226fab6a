import Foundation
import Testing
@testable import Switchyard
@testable import SwitchyardTooling

/// Lint decided on the patterns' languages: constraint intersections and containment, shadowing across
/// schemes, overlaps, and constraint-aware redirect and relocation cycles.
@Suite struct PatternLintTests {
    static func language(_ segment: String) throws -> SegmentLanguage {
        let pattern = try RoutePattern("app://h/" + segment)
        return PatternAnalyzer().segment(pattern.path[0], depth: 1)
    }

    static func codes(_ file: RouteFile) -> [LintCode] { RouteLint.findings(file).map(\.code) }

    // MARK: Segment languages

    @Test func typedAutomataAgreeWithTheMatchers() throws {
        let values = ["0", "1", "-1", "-", "42", "007", "abc", "ABC", "a-b", "a_b", "ff", "FF", "g1", "deadbeef",
                      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                      "18446744073709551615", "18446744073709551616", "99999999999999999999",
                      "00000000-0000-0000-0000-000000000000", "0000000G-0000-0000-0000-000000000000",
                      "12345678901234567890", "é", "v2", "x1", "1.5", ".", ".."]
        let constraints = SegmentConstraint.typeNames.compactMap { SegmentConstraint(typeName: $0) } + [
            try SegmentConstraint(regex: "[0-9]+"), try SegmentConstraint(regex: "v[0-9]"), try SegmentConstraint(regex: "cat|car"),
            try SegmentConstraint(regex: "(\\d{1,3}\\.){3}\\d{1,3}"), try SegmentConstraint(regex: "[^/]+"),
            try SegmentConstraint(regex: "\\w+"), try SegmentConstraint(regex: "é+"),
        ]
        for c in constraints {
            let automaton = try #require(c.automaton)
            for v in values {
                #expect(automaton.accepts(v) == c.matches(v), "\(c) on '\(v)'")
            }
        }
    }

    @Test func constraintIntersections() throws {
        let int = try Self.language(":a<int>")
        let digits = try Self.language(":b([0-9]+)")
        let shortDigits = try Self.language(":c([0-9]{1,5})")
        let alpha = try Self.language(":d<alpha>")
        let slug = try Self.language(":e<slug>")
        let uuid = try Self.language(":f<uuid>")
        let hex = try Self.language(":g<hex>")
        let plain = try Self.language(":h")
        let dots = try Self.language(":i(\\.+)")

        // Intersections, with a witness each side accepts.
        guard case .witness(let w) = int.intersection(digits) else { Issue.record("int ∩ [0-9]+ is empty"); return }
        #expect(int.accepts(w) && digits.accepts(w))
        #expect(int.intersection(alpha) == .none)
        #expect(uuid.intersection(hex) == .none)
        guard case .witness(let s) = alpha.intersection(slug) else { Issue.record("alpha ∩ slug is empty"); return }
        #expect(s.allSatisfy { $0 >= "a" && $0 <= "z" })

        // Containment: a witness is a value of the left side that the right side refuses.
        #expect(shortDigits.difference(int) == .none)
        guard case .witness(let long) = digits.difference(int) else { Issue.record("[0-9]+ ⊆ int"); return }
        #expect(digits.accepts(long) && !int.accepts(long) && long.count >= 19)
        guard case .witness(let negative) = int.difference(digits) else { Issue.record("int ⊆ [0-9]+"); return }
        #expect(negative.hasPrefix("-"))
        #expect(uuid.difference(plain) == .none)
        #expect(slug.difference(plain) == .none)
        guard case .witness = plain.difference(slug) else { Issue.record("plain ⊆ slug"); return }

        // A parameter never takes a dot segment, so `(\.+)` holds only three dots and more.
        guard case .witness(let d) = dots.example() else { Issue.record("no value for (\\.+)"); return }
        #expect(d == "...")
    }

    @Test func aCapReachedIsUndecidedNotAGuess() throws {
        let a = try Self.language(":a([a-c]{0,8}x[a-c]{0,8})")
        let b = try Self.language(":b([a-c]*x[a-c]*)")
        #expect(a.difference(b, cap: 3) == .undecided)
        #expect(a.difference(b) == .none)
    }

    // MARK: Shadowing

    @Test func schemeLessIsNotShadowedByOneScheme() throws {
        let t = try table(["app://share/:id", "share/:id"])
        #expect(t.validate() == [])
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://share/:id", target: "A"),
                                      RouteDefinition(pattern: "share/:id", target: "B")])
        #expect(RouteLint.findings(file) == [])
    }

    @Test func schemeLessIsShadowedBySchemeLess() throws {
        let t = try table(["share/:id", "share/:any(.+)", "app://share/:x(.+)"])
        let reports = t.validate()
        #expect(reports.map(\.pattern) == ["share/:id"])
        #expect(reports.first?.shadowedBy == "share/:any(.+)")
        // A specific scheme shadows a scheme-less pattern only within its own scheme: not reported.
        #expect(try table(["app://share/:x(.+)", "share/:id"]).validate() == [])
    }

    @Test func constrainedShadowingUsesTheWholeLanguage() throws {
        // `[0-9]+` takes numbers longer than an Int64, so `<int>` does not shadow it (samples said it did).
        #expect(try table(["app://n/:a<int>", "app://n/:b([0-9]+)"]).validate().map(\.pattern) == [])
        let t = try table(["app://n/:a<int>", "app://n/:b([0-9]{1,5})", "app://n/:c", "app://m/x"])
        #expect(t.validate().map(\.pattern) == ["app://n/:b([0-9]{1,5})"])
        // A regex no sample value satisfies is still judged.
        let z = try table(["app://z/:a(z[0-9]{3})", "app://z/:b(z[0-9]{2,3})"])
        #expect(z.validate().map(\.pattern) == [])
        let z2 = try table(["app://z/:a(z[0-9]{2,3})", "app://z/:b(z[0-9]{3})"])
        #expect(z2.validate().map(\.pattern) == ["app://z/:b(z[0-9]{3})"])
    }

    @Test func optionalAndCatchAllAreJudgedPerSegmentCount() throws {
        // Absent: `app://a` wins; present: `app://a/:y` wins. Each covers one count.
        let t = try table(["app://a", "app://a/:y", "app://a/:x?"])
        let reports = t.validate()
        #expect(reports.map(\.pattern) == ["app://a/:x?"])
        #expect(reports.first?.shadowedBy == "app://a and app://a/:y")
        // A catch-all takes any number of segments: one fixed route does not cover it.
        #expect(try table(["app://f/:a", "app://f/*rest"]).validate() == [])
    }

    @Test func priorityAndOrderRankTiedRoutes() throws {
        // Same classes: priority decides, so the lower-priority route that the other contains is shadowed.
        var b = RouteTableBuilder<String>()
        try b.add("app://p/:a([0-9]{1,3})", target: "A")
        try b.add("app://p/:b<int>", target: "B", priority: 5)
        #expect(b.build().validate().map(\.pattern) == ["app://p/:a([0-9]{1,3})"])
    }

    @Test func overlapNeedsEqualRankAndAWitness() throws {
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://n/:a<int>", target: "A"),
                                      RouteDefinition(pattern: "app://n/:b([0-9]+)", target: "B"),
                                      RouteDefinition(pattern: "app://n/:c<alpha>", target: "C")])
        let findings = RouteLint.findings(file)
        #expect(findings.map(\.code) == [.overlap])
        let message = try #require(findings.first?.message)
        #expect(findings.first?.location == "routes[1]")
        #expect(message.contains("app://n/:a<int>") && message.contains("wins"))
        // The example URL reaches both routes.
        let after = try #require(message.range(of: "both match "))
        let end = try #require(message.range(of: ": the earlier"))
        let url = String(message[after.upperBound..<end.lowerBound])
        #expect(url == "app://n/1")
        let parsed = try RouteURL(url)
        #expect(try RoutePattern("app://n/:a<int>").check(parsed).matched)
        #expect(try RoutePattern("app://n/:b([0-9]+)").check(parsed).matched)
    }

    @Test func unmatchablePatterns() throws {
        // The host is lowercased before any constraint sees it.
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://:h([A-Z]+)/x", target: "A")])
        let findings = RouteLint.findings(file)
        #expect(findings.map(\.code) == [.unmatchable])
        #expect(findings.first?.message.contains("the host") == true)
    }

    // MARK: Cycles

    @Test func aCycleThroughAnIntIsFound() throws {
        // Sample values never tried `<int>` with a value the plain destination produced.
        let table = RelocationTable(entries: [.replace(pattern: "app://x/:id<int>", to: "app://y/:id"),
                                              .replace(pattern: "app://y/:id<int>", to: "app://x/:id")])
        #expect(throws: RelocationError.self) { try RelocationState().applying(table) }
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://end/:id", target: "End")], redirects: [
            ("app://a/:id(z[0-9]{3})", "app://b/:id"),
            ("app://b/:id", "app://a/:id"),
        ])
        let findings = RouteLint.findings(file).filter { $0.code == .redirectCycle }
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("redirect cycle: app://a/:id(z[0-9]{3}) → app://b/:id → app://a/:id(z[0-9]{3})") == true)
        #expect(findings.first?.message.contains("(e.g. app://a/z111 → app://b/z111 → app://a/z111)") == true)
    }

    @Test func aChainBrokenByAConstraintIsNoCycle() throws {
        // `abc` cannot be an `<int>`: the chain stops.
        let table = RelocationTable(entries: [.replace(pattern: "app://x/:id<alpha>", to: "app://y/:id"),
                                              .replace(pattern: "app://y/:id<int>", to: "app://x/:id")])
        #expect(throws: Never.self) { try RelocationState().applying(table) }
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://x/:id", target: "X"), RouteDefinition(pattern: "app://y/:id", target: "Y")],
                             redirects: [("app://a/:id<alpha>", "app://b/:id"), ("app://b/:id<int>", "app://a/:id")])
        #expect(!Self.codes(file).contains(.redirectCycle))
    }

    /// A chain longer than the router's hop limit is found at its head, agreeing with what opening
    /// its first URL does; a chain of exactly the limit, and a cycle, are not this rule's.
    @Test("redirect chains and the hop limit", arguments: [(8, 0), (9, 1), (12, 1)])
    func redirectChainsAndTheHopLimit(_ length: Int, _ expected: Int) async throws {
        let redirects = (1...length).map { ("app://h\($0)/:id", $0 == length ? "app://end/:id" : "app://h\($0 + 1)/:id") }
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://end/:id", target: "End")], redirects: redirects)
        let chains = RouteLint.findings(file).filter { $0.code == .redirectChain }
        #expect(chains.count == expected)
        #expect(chains.allSatisfy { $0.location == "redirects[0]" && $0.message.hasPrefix("\(length) rewrites in a row") })
        // The oracle: the router itself.
        let router = Router()
        try router.register("app://end/:id", target: "End") { _ in RouteResult(note: "end") }
        for (from, to) in redirects { try router.addRedirect(from: from, to: to) }
        let code = await router.open("app://h1/5").code
        #expect((code == "redirect_loop") == (expected == 1), "\(code)")
    }

    @Test func redirectsAndRelocationsTogether() throws {
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://x/:id", target: "X")],
                             redirects: [("app://a/:id<int>", "app://b/:id")],
                             relocations: RelocationTable(entries: [.replace(pattern: "app://b/:n", to: "app://a/:n")]))
        let cycle = RouteLint.findings(file).filter { $0.code == .redirectCycle }
        #expect(cycle.count == 1)
        #expect(cycle.first?.message.hasPrefix("redirect and relocation cycle:") == true)
    }

    @Test func destinationsAreJudgedOnWhatTheyCanProduce() throws {
        let routes = [RouteDefinition(pattern: "app://user/:id<int>", target: "U")]
        // Every value the source takes is a valid id.
        #expect(Self.codes(RouteFile(routes: routes, redirects: [("app://p/:id([0-9]{1,4})", "app://user/:id")])) == [])
        // No alpha value is an int: the redirect can never be built.
        #expect(Self.codes(RouteFile(routes: routes, redirects: [("app://p/:id<alpha>", "app://user/:id<int>")])) == [.invalidRedirect])
        // Alpha values reach no route.
        #expect(Self.codes(RouteFile(routes: routes, redirects: [("app://p/:id<alpha>", "app://user/:id")])) == [.unknownTarget])
        // Scheme-less destinations are built with `app`.
        #expect(Self.codes(RouteFile(routes: routes, redirects: [("other://p/:id<uint>", "user/:id")])) == [])
    }

    @Test func metadataTypes() throws {
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://a", target: "A", metadata: ["requiresLogin": "yes", "title": "x"]),
                                      RouteDefinition(pattern: "app://b", target: "B", metadata: ["requiresLogin": "true", "web": "false"])])
        let findings = RouteLint.findings(file)
        #expect(findings.map(\.description) == ["error: [metadata-type] routes[0].metadata.requiresLogin: 'yes' is not a boolean (requiresLogin takes true or false)"])
    }

    // MARK: Codes

    @Test func readmeListsEveryLintCode() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "### `routes`, `lint`, `export`"))
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var rows: [(code: String, severity: String, meaning: String)] = []
        for line in section[..<end].split(separator: "\n") {
            let cells = line.trimmingCharacters(in: .whitespaces).split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
            rows.append((String(cells[1].dropFirst().dropLast()), cells[2], cells[3].replacingOccurrences(of: "`", with: "")))
        }
        #expect(rows.map(\.code) == LintCode.allCases.map(\.rawValue))
        for (row, code) in zip(rows, LintCode.allCases) {
            #expect(row.severity == code.severity.rawValue, "\(code)")
            #expect(row.meaning == code.meaning, "\(code)")
        }
        // Every code belongs to exactly one rule (the app rules live in SwitchyardNavigation).
        let routeCodes = RouteLint.rules.map(\.code)
        #expect(Set(routeCodes).count == routeCodes.count)
        let appCodes: Set<LintCode> = [.unboundPlaceholder, .unknownParent, .unknownLink, .loginURLMissing]
        // `schema` is reported for entries the collecting reader refuses (`RouteLint.loadFinding`), not by a rule.
        let loadCodes: Set<LintCode> = [.schema]
        #expect(Set(routeCodes).union(appCodes).union(loadCodes) == Set(LintCode.allCases))
        #expect(Set(routeCodes).isDisjoint(with: appCodes))
    }

    /// The README's route file example reads and lints clean: the format's own example must not fail
    /// the command the README tells a user to run on it.
    @Test func readmesRouteFileExampleLintsClean() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Route file format"))
        let open = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "```", range: open.upperBound..<text.endIndex))
        let json = Data(text[open.upperBound..<close.lowerBound].utf8)
        let findings = RouteLint.findings(try RouteFile.collecting(json: json, file: "README.md"))
        #expect(findings.isEmpty, "\(findings.map(\.description))")
    }

    func table(_ patterns: [String]) throws -> RouteTable<Int> {
        var b = RouteTableBuilder<Int>()
        for (i, p) in patterns.enumerated() { try b.add(p, target: i) }
        return b.build()
    }
}
