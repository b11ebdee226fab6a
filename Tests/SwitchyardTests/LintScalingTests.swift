import Testing
@testable import Switchyard
import SwitchyardTestSupport
@testable import SwitchyardTooling

/// Lint compares a route only with the routes that can share its URLs (shadowing by host, overlap by
/// classes, priority and literals), so a table of thousands of routes lints in seconds. These properties
/// pin that the shortcut changes no verdict: on random tables, the answers equal those of the
/// all-pairs definition.
@Suite struct LintScalingTests {
    static let hosts = ["a", "a", "b", ":h"]
    // Constraints whose languages nest (`[0-9]{1,2}` ⊂ `<int>` ⊂ `[0-9]+` ⊂ `<alnum>`), so that routes of
    // one class cover one another and shadowing is common.
    static let pieces = ["x", "X", ":p", ":q<int>", ":r([0-9]{1,2})", ":t([0-9]+)", ":u<alnum>", ":o?", "*rest"]

    /// A random pattern: a scheme or none, a host, and up to three path segments (an optional or a
    /// catch-all only last).
    static func pattern(_ rng: inout SplitMix64) -> String {
        let scheme = rng.oneIn(6) ? "" : (rng.oneIn(8) ? "web://" : "app://")
        var text = scheme + rng.pick(hosts)
        for k in 0..<(1 + rng.below(2)) {
            let piece = rng.pick(pieces)
            if piece.hasSuffix("?") || piece.hasPrefix("*"), k > 0 { continue }
            text += "/" + piece
            if piece.hasSuffix("?") || piece.hasPrefix("*") { break }
        }
        return text
    }

    static func ranked(_ rng: inout SplitMix64, fold: Bool) -> [RankedPattern] {
        var builder = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: fold))
        for i in 0..<16 {
            try? builder.add(pattern(&rng), target: i, priority: rng.oneIn(6) ? 1 : 0)
        }
        return builder.routes.map { RankedPattern(pattern: $0.pattern, priority: $0.priority, order: $0.order) }
    }

    /// The definition: every route that beats `a` is tried, best first, at every segment count.
    static func referenceShadowing(_ routes: [RankedPattern], _ analyzer: PatternAnalyzer) -> [ShadowVerdict] {
        let languages = routes.map { analyzer.language($0.pattern) }
        let bound = (languages.map(\.positions.count).max() ?? 0) + 1
        let byRank = routes.indices.sorted { routes[$0].beats(routes[$1]) }
        return languages.enumerated().map { a, la in
            var shadowers: [Int] = []
            var example: String?
            var undecided = false
            var anyURL = false
            for n in la.counts(upTo: bound) {
                let sample = analyzer.example(la, count: n)
                if sample == .none { continue }
                anyURL = true
                if example == nil, case .witness(let w) = sample { example = w }
                var coveredBy: Int?
                var sliceUndecided = sample == .undecided
                for b in byRank where b != a && routes[b].beats(routes[a]) {
                    switch analyzer.difference(la, languages[b], count: n) {
                    case .none: coveredBy = b
                    case .undecided: sliceUndecided = true
                    case .witness: break
                    }
                    if coveredBy != nil { break }
                }
                if let c = coveredBy {
                    if !shadowers.contains(c) { shadowers.append(c) }
                } else if sliceUndecided {
                    undecided = true
                } else {
                    return .reachable
                }
            }
            if !anyURL { return .unmatchable }
            return undecided ? .undecided : .shadowed(by: shadowers, example: example ?? "")
        }
    }

    @Test(arguments: [false, true])
    func shadowingAgreesWithTheAllPairsDefinition(fold: Bool) {
        var rng = SplitMix64(seed: fold ? 0x51ad_0001 : 0x51ad_0002)
        var shadowed = 0
        for _ in 0..<80 {
            let routes = Self.ranked(&rng, fold: fold)
            let fast = PatternAnalyzer(foldPaths: fold).shadowing(routes)
            let reference = Self.referenceShadowing(routes, PatternAnalyzer(foldPaths: fold))
            #expect(fast == reference, "\(routes.map(\.pattern.description))")
            shadowed += fast.filter { if case .shadowed = $0 { true } else { false } }.count
        }
        // Shadowed routes occur in these tables (28 and 33 of 1,280 routes with these seeds), so the
        // comparison covers the covered case as well as the reachable one.
        #expect(shadowed > 20)
    }

    @Test(arguments: [false, true])
    func overlapAgreesWithTheAllPairsDefinition(fold: Bool) {
        var rng = SplitMix64(seed: fold ? 0x0e1a_0001 : 0x0e1a_0002)
        let options = MatchOptions(caseInsensitivePaths: fold)
        var overlaps = 0
        for _ in 0..<80 {
            let routes = Self.ranked(&rng, fold: fold)
            let file = RouteFile(routes: routes.map { RouteDefinition(pattern: $0.pattern.description, target: "T", priority: $0.priority) })
            let context = RouteLintContext(file, options: options)
            let found = OverlapRule().check(context).map(\.location)
            // All pairs alike in classes and priority, minus those reported as shadowed or unmatchable.
            let verdicts = context.shadowVerdicts
            var expected: [String] = []
            for j in routes.indices {
                for i in 0..<j where routes[i].ranks == routes[j].ranks && routes[i].priority == routes[j].priority {
                    if case .shadowed(let by, _) = verdicts[j], by.contains(i) { continue }
                    if case .shadowed(let by, _) = verdicts[i], by.contains(j) { continue }
                    if verdicts[i] == .unmatchable || verdicts[j] == .unmatchable { continue }
                    let analyzer = context.analyzer
                    if case .witness = analyzer.intersection(analyzer.language(routes[i].pattern), analyzer.language(routes[j].pattern)) {
                        expected.append(context.routeLocation(j))
                    }
                }
            }
            #expect(found == expected, "\(routes.map(\.pattern.description))")
            overlaps += found.count
        }
        #expect(overlaps > 50)
    }

    @Test func fourThousandRoutesOnFewHostsLint() throws {
        // Many routes per host, literals, parameters and constraints: the shape of an imported app.
        var rng = SplitMix64(seed: 0x4000)
        let words = (0..<40).map { "w\($0)" }
        var seen = Set<String>()
        var routes: [RouteDefinition] = []
        while routes.count < 4_000 {
            var p = "app://" + rng.pick(["home", "order", "user", "shop", "help"])
            for _ in 0..<(1 + rng.below(3)) { p += "/" + rng.pick(words) }
            if rng.oneIn(2) { p += rng.oneIn(3) ? "/:id<int>" : "/:slug" }
            guard seen.insert(p).inserted else { continue }
            routes.append(RouteDefinition(pattern: p, target: "T\(routes.count)"))
        }
        // A plain parameter after a constrained one of the same prefix is not shadowed; a repeated
        // literal route is a duplicate. The table is clean by construction, so lint finds nothing but
        // must also finish: before routes were grouped, this took minutes.
        let findings = RouteLint.findings(RouteFile(routes: routes))
        #expect(findings.filter { $0.code != .undecided }.isEmpty, "\(findings.prefix(3))")
    }
}

/// Registering several patterns for one target is all or none, checked before anything is added.
@Suite struct MultiPatternRegistrationTests {
    struct Case: Sendable, CustomStringConvertible {
        let existing: [String]
        let adding: [String]
        let error: RegistrationError?
        var description: String { "\(existing) + \(adding)" }
    }

    static let cases: [Case] = [
        Case(existing: [], adding: ["app://a/x", "app://a/y"], error: nil),
        Case(existing: ["app://a/x"], adding: ["app://a/y", "app://a/x"], error: .duplicate(pattern: "app://a/x")),
        Case(existing: [], adding: ["app://a/:id", "app://a/:key"], error: .sameShape(pattern: "app://a/:key", existing: "app://a/:id")),
        Case(existing: [], adding: ["app://a/z", "app://a/z"], error: .duplicate(pattern: "app://a/z")),
        Case(existing: ["app://s/:q"], adding: ["app://t", "app://s/:term"], error: .sameShape(pattern: "app://s/:term", existing: "app://s/:q")),
        Case(existing: [], adding: ["app://a/ok", "app://a/:bad("], error: parseError("app://a/:bad(")),
    ]

    /// The error the pattern parser gives `text`, as registration reports it.
    static func parseError(_ text: String) -> RegistrationError? {
        do throws(PatternError) { _ = try RoutePattern(text) } catch { return .invalidPattern(error) }
        return nil
    }

    @Test(arguments: cases)
    func allOrNone(_ c: Case) throws {
        var builder = RouteTableBuilder<Int>()
        for p in c.existing { try builder.add(p, target: 0) }
        let before = builder.routes.map(\.pattern.description)
        do throws(RegistrationError) {
            try builder.add(c.adding, target: 1)
            #expect(c.error == nil)
            #expect(builder.routes.map(\.pattern.description) == before + c.adding)
        } catch {
            #expect(error == c.error)
            #expect(builder.routes.map(\.pattern.description) == before, "a refused call adds nothing")
        }
    }

    @Test func theRouterRegistersInPlaceAndStaysAtomic() throws {
        let router = Router()
        for i in 0..<3_000 { try router.register("app://h/r\(i)/:id", target: "T\(i)", handler: nil) }
        #expect(throws: RegistrationError.duplicate(pattern: "app://h/r7/:id")) {
            try router.register(["app://h/new", "app://h/r7/:id"], target: "X", handler: nil)
        }
        #expect(router.table.routes.count == 3_000)
        #expect(try router.table.match("app://h/r2999/5")?.target.name == "T2999")
        #expect(try router.table.match("app://h/new") == nil)
    }
}
