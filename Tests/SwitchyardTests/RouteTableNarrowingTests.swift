import Testing
@testable import Switchyard
import SwitchyardNavigation
import SwitchyardTestSupport
@testable import SwitchyardTooling

/// `diff` builds each table's matching table from the routes ``RouteTableChanges/mayMatter(_:)`` keeps,
/// and makes no example URL of a pattern ``RouteTableChanges/examplesMayDiffer(_:)`` rules out. The
/// definitions stay routing every URL through the whole tables: on random tables and edits, a narrowed
/// router gives every URL that may differ the outcome of the whole one, and the example URLs left out
/// open the same under both tables.
@Suite struct RouteTableNarrowingTests {
    /// Mostly patterns of a literal host and fixed length (the ones narrowing can rule out), with now and
    /// then a parameter host, an optional segment or a catch-all, which rule nothing out.
    static let pieces = ["x", "y", "abc", "X", "7", "42", "a1", "x/y", ":p", ":q<int>", ":s(abc)", ":v(x|y)",
                         ":t([0-9]+)", ":u<alnum>", ":w<uuid>"]

    static func pattern(_ rng: inout SplitMix64) -> String {
        if rng.oneIn(25) { return QAPathOracleTests.pattern(&rng) }
        var text = (rng.oneIn(8) ? "" : rng.oneIn(6) ? "web://" : "app://") + rng.pick(["a", "b", "c"])
        for _ in 0..<(1 + rng.below(3)) { text += "/" + rng.pick(pieces) }
        return text
    }

    static func route(_ rng: inout SplitMix64) -> RouteDefinition {
        RouteDefinition(pattern: pattern(&rng), target: "T\(rng.below(6))", priority: rng.oneIn(6) ? 1 : 0)
    }

    /// A URL over the literals the patterns use, or an example URL of one of `patterns`.
    static func url(_ rng: inout SplitMix64, _ patterns: [RouteDefinition]) -> String {
        if rng.oneIn(2), !patterns.isEmpty {
            return rng.pick(AppDescription.exampleURLs(for: rng.pick(patterns).pattern, count: 3))
        }
        var text = (rng.oneIn(6) ? "web://" : "app://") + rng.pick(["a", "b", "c", "zz"])
        for _ in 0..<rng.below(4) {
            text += "/" + rng.pick(RouteTableChangesTests.segments + ["x%2Fy", "a1", "ABC", "Abc"])
        }
        return text
    }

    static func registrable(_ routes: [RouteDefinition], fold: Bool) -> [RouteDefinition] {
        var builder = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: fold))
        return routes.enumerated().filter { (try? builder.add($0.element.pattern, target: $0.offset)) != nil }
            .map(\.element)
    }

    static func router(_ file: RouteFile, fold: Bool) throws -> Router {
        let router = Router(options: MatchOptions(caseInsensitivePaths: fold))
        try file.register(on: router) { _ in nil }
        return router
    }

    static func edited(_ routes: [RouteDefinition], _ rng: inout SplitMix64) -> [RouteDefinition] {
        var out: [RouteDefinition] = []
        for var r in routes {
            if rng.oneIn(12) { continue }
            if rng.oneIn(12) { r.target = "T\(rng.below(6))" }
            if rng.oneIn(20) { r.priority = 1 - r.priority }
            out.append(r)
        }
        for _ in 0..<rng.below(3) { out.insert(route(&rng), at: rng.below(out.count + 1)) }
        return out
    }

    @Test(arguments: [false, true])
    func narrowedRoutersGiveEveryURLThatMayDifferTheWholeTablesOutcome(fold: Bool) throws {
        var rng = SplitMix64(seed: fold ? 0x4a77_0001 : 0x4a77_0002)
        let redirects: [[(from: String, to: String)]] = [[], [], [("app://c/:p", "app://a/:p")]]
        let relocations: [RelocationTable?] = [
            nil, nil, RelocationTable(entries: [.replace(pattern: "app://b/:p", to: "app://a/:p")]),
            RelocationTable(entries: [.delete(pattern: "app://a/abc")]),
        ]
        var compared = 0, removed = 0, narrowedTables = 0
        for _ in 0..<300 {
            let oldRoutes = Self.registrable((0..<(6 + rng.below(30))).map { _ in Self.route(&rng) }, fold: fold)
            let newRoutes = Self.registrable(Self.edited(oldRoutes, &rng), fold: fold)
            let rewrites = (rng.pick(redirects), rng.pick(relocations))
            let old = RouteFile(routes: oldRoutes, redirects: rewrites.0, relocations: rewrites.1)
            let new = RouteFile(routes: newRoutes, redirects: rewrites.0, relocations: rewrites.1)
            let changes = RouteTableChanges(old: old, new: new, options: MatchOptions(caseInsensitivePaths: fold))
            let wholeOld = try Self.router(old, fold: fold), wholeNew = try Self.router(new, fold: fold)
            let narrowOld = try Self.router(old, fold: fold), narrowNew = try Self.router(new, fold: fold)
            changes.keepingRoutesThatMayMatter(on: narrowOld)
            changes.keepingRoutesThatMayMatter(on: narrowNew)
            let left = narrowOld.registeredRoutes.count + narrowNew.registeredRoutes.count
            removed += oldRoutes.count + newRoutes.count - left
            if left < oldRoutes.count + newRoutes.count { narrowedTables += 1 }
            for _ in 0..<60 {
                let url = Self.url(&rng, oldRoutes + newRoutes)
                guard changes.mayDiffer(url) else { continue }
                compared += 1
                for (whole, narrow) in [(wholeOld, narrowOld), (wholeNew, narrowNew)] {
                    let want = RouteTableChanges.outcome(of: url, on: whole)
                    let got = RouteTableChanges.outcome(of: url, on: narrow)
                    #expect(got == want, "\(url): \(got), whole table \(want)\nold \(old.routes)\nnew \(new.routes)")
                }
            }
        }
        // The comparison covers many URLs, and routers that lost routes.
        #expect(compared > 2_000, "\(compared)")
        #expect(narrowedTables > 100, "\(narrowedTables)")
        #expect(removed > 2_000, "\(removed)")
    }

    @Test(arguments: [false, true])
    func exampleURLsLeftOutOpenTheSameUnderBothTables(fold: Bool) throws {
        var rng = SplitMix64(seed: fold ? 0x4a77_0003 : 0x4a77_0004)
        var leftOut = 0
        for _ in 0..<300 {
            let oldRoutes = Self.registrable((0..<(6 + rng.below(30))).map { _ in Self.route(&rng) }, fold: fold)
            let newRoutes = Self.registrable(Self.edited(oldRoutes, &rng), fold: fold)
            let old = RouteFile(routes: oldRoutes), new = RouteFile(routes: newRoutes)
            let changes = RouteTableChanges(old: old, new: new, options: MatchOptions(caseInsensitivePaths: fold))
            let oldRouter = try Self.router(old, fold: fold), newRouter = try Self.router(new, fold: fold)
            for route in oldRoutes + newRoutes {
                let pattern = try RoutePattern(route.pattern)
                guard !changes.examplesMayDiffer(pattern) else { continue }
                for url in AppDescription.exampleURLs(for: pattern, count: 3) {
                    leftOut += 1
                    #expect(!changes.mayDiffer(url), "\(url) of \(route.pattern)")
                    let was = RouteTableChanges.outcome(of: url, on: oldRouter)
                    let now = RouteTableChanges.outcome(of: url, on: newRouter)
                    #expect(was == now, "\(url) of \(route.pattern): \(was) → \(now)")
                }
            }
        }
        #expect(leftOut > 2_000, "\(leftOut)")
    }

    /// A table with a redirect or a relocation entry makes every example URL.
    @Test func rewritesKeepEveryExample() throws {
        let routes = [RouteDefinition(pattern: "app://a/x", target: "A"),
                      RouteDefinition(pattern: "app://b/y", target: "B")]
        let changedRoutes = [routes[0], RouteDefinition(pattern: "app://b/y", target: "C")]
        let plain = RouteTableChanges(old: RouteFile(routes: routes), new: RouteFile(routes: changedRoutes))
        #expect(!plain.examplesMayDiffer(try RoutePattern("app://a/x")))
        #expect(plain.examplesMayDiffer(try RoutePattern("app://b/y")))
        let redirect = [(from: "app://c/z", to: "app://b/y")]
        let rewriting = RouteTableChanges(old: RouteFile(routes: routes, redirects: redirect),
                                          new: RouteFile(routes: changedRoutes, redirects: redirect))
        #expect(rewriting.examplesMayDiffer(try RoutePattern("app://a/x")))
        #expect(!rewriting.mayMatter(try RoutePattern("app://a/x")))
    }
}
