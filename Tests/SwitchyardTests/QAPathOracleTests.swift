import Testing
@testable import Switchyard
import SwitchyardTestSupport
@testable import SwitchyardTooling

/// The QA path's indexed algorithms against their simple definitions, on random small tables: lint's
/// shadowing through ``CoverIndex`` against every pair of routes, and ``Router/resolve(_:)`` (what
/// `match` and `diff` use) against ``Router/explain(_:)``.
@Suite struct QAPathOracleTests {
    // Many literals, among them ones a single-valued constraint also accepts (`(abc)`, `(x|y)`), so the
    // trie's literal branches, its "other" branch and its walk of every branch are all taken.
    static let hosts = ["a", "a", "b", "c", ":h", ":k(a)"]
    static let pieces = ["x", "y", "abc", "X", ":p", ":q<int>", ":s(abc)", ":v(x|y)", ":t([0-9]+)", ":u<alnum>", ":o?", "*rest"]

    static func pattern(_ rng: inout SplitMix64) -> String {
        let scheme = rng.oneIn(6) ? "" : (rng.oneIn(8) ? "web://" : "app://")
        var text = scheme + rng.pick(hosts)
        for k in 0..<(rng.below(4)) {
            let piece = rng.pick(pieces)
            if piece.hasSuffix("?") || piece.hasPrefix("*"), k > 0, rng.oneIn(2) { continue }
            text += "/" + piece
            if piece.hasSuffix("?") || piece.hasPrefix("*") { break }
        }
        return text
    }

    static func ranked(_ rng: inout SplitMix64, fold: Bool, count: Int) -> [RankedPattern] {
        var builder = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: fold))
        for i in 0..<count {
            try? builder.add(pattern(&rng), target: i, priority: rng.oneIn(6) ? 1 : 0)
        }
        return builder.routes.map { RankedPattern(pattern: $0.pattern, priority: $0.priority, order: $0.order) }
    }

    @Test(arguments: [false, true])
    func indexedShadowingAgreesWithAllPairsOnWideTables(fold: Bool) {
        var rng = SplitMix64(seed: fold ? 0x0a11_0001 : 0x0a11_0002)
        var shadowed = 0
        for _ in 0..<120 {
            let routes = Self.ranked(&rng, fold: fold, count: 24)
            let fast = PatternAnalyzer(foldPaths: fold).shadowing(routes)
            let reference = LintScalingTests.referenceShadowing(routes, PatternAnalyzer(foldPaths: fold))
            #expect(fast == reference, "\(routes.map(\.pattern.description))")
            shadowed += fast.filter { if case .shadowed = $0 { true } else { false } }.count
        }
        // The comparison covers shadowed routes as well as reachable ones.
        #expect(shadowed > 40, "\(shadowed)")
    }

    /// A complexity oracle, not a timing: on a table of many routes per host with distinct literals, the
    /// trie hands each route a handful of candidates, not the routes of its whole host.
    @Test func theIndexHandsEachRouteFewCandidates() {
        var rng = SplitMix64(seed: 0x1d_0003)
        let words = (0..<400).map { "w\($0)" }
        var builder = RouteTableBuilder<Int>()
        var added = 0
        while added < 3_000 {
            var p = "app://" + rng.pick(["home", "order", "user"])
            for _ in 0..<(1 + rng.below(3)) {
                p += "/" + (rng.oneIn(4) ? (rng.oneIn(2) ? ":id<int>" : ":slug") : rng.pick(words))
            }
            if (try? builder.add(p, target: added)) != nil { added += 1 }
        }
        let analyzer = PatternAnalyzer()
        let languages = builder.routes.map { analyzer.language($0.pattern) }
        var index = CoverIndex()
        for (r, l) in languages.enumerated() { index.insert(r, l) }
        var total = 0
        for l in languages {
            for n in l.counts(upTo: 5) {
                var found: [Int] = []
                index.candidates(for: l, count: n, analyzer: analyzer, into: &found)
                total += found.count
            }
        }
        // Each route finds itself and, on average, a few routes with parameters where it has them; every
        // route of its host would be about 1,000.
        #expect(total < 10 * languages.count, "\(total) candidates for \(languages.count) routes")
    }

    /// A random router: routes, redirects (some chained, some looping, some unbuildable) and relocations.
    static func router(_ rng: inout SplitMix64) -> Router {
        let router = Router()
        let shapes = ["app://a/x", "app://a/:id", "app://a/:n<int>/y", "app://b/:id", "app://b/z/*rest", "app://c", "app://c/:id?"]
        for (i, p) in shapes.enumerated() where !rng.oneIn(3) {
            try? router.register(p, target: "T\(i)", handler: nil)
        }
        let redirects = [("app://old/:id", "app://a/:id"), ("app://loop/x", "app://loop/y"), ("app://loop/y", "app://loop/x"),
                         ("app://hop/:id", "app://old/:id"), ("app://bad/:id", "app://a/:missing"), ("app://b/q", "app://c")]
        for (from, to) in redirects where !rng.oneIn(3) {
            try? router.addRedirect(from: from, to: to)
        }
        var entries: [RelocationEntry] = []
        if rng.oneIn(2) { entries.append(.replace(pattern: "app://moved/:id", to: "app://b/:id")) }
        if rng.oneIn(2) { entries.append(.delete(pattern: "app://a/x")) }
        if rng.oneIn(2) { entries.append(.replace(pattern: "app://c/:id", to: "app://old/:id")) }
        if !entries.isEmpty { try? router.applyRelocations(RelocationTable(entries: entries)) }
        return router
    }

    static let urls = ["app://a/x", "app://a/7", "app://a/7/y", "app://b/7", "app://b/z/p/q", "app://c", "app://c/9", "app://old/3",
                       "app://hop/4", "app://loop/x", "app://bad/1", "app://moved/5", "app://b/q", "app://none", "not a url", "app://a/x?k=v"]

    @Test func resolveAgreesWithExplain() {
        var rng = SplitMix64(seed: 0x7e50_0001)
        var rewritten = 0
        var stopped = 0
        for _ in 0..<60 {
            let router = Self.router(&rng)
            for url in Self.urls {
                let explanation = router.explain(url)
                let resolution = router.resolve(url)
                #expect(resolution.steps == explanation.steps, "\(url)")
                #expect(resolution.stopped == explanation.stopped, "\(url)")
                #expect(resolution.finalURL == explanation.final.url, "\(url)")
                // What `match` and `diff` report: the route the URL reached wins, as `explain` says.
                #expect(resolution.match?.pattern.description == explanation.final.winner, "\(url)")
                if !resolution.steps.isEmpty { rewritten += 1 }
                if resolution.stopped != nil { stopped += 1 }
            }
        }
        #expect(rewritten > 100 && stopped > 30, "\(rewritten) rewritten, \(stopped) stopped")
    }
}
