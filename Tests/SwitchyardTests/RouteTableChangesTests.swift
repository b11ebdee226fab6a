import Testing
@testable import Switchyard
import SwitchyardTestSupport
@testable import SwitchyardTooling

/// `diff` routes through both tables only the URLs ``RouteTableChanges`` says may open differently.
/// The definition stays routing every URL through both: on random tables and random edits (targets,
/// priorities, metadata, routes added, removed and moved, redirects and relocations the same or not),
/// every URL whose outcome differs must be one ``RouteTableChanges/mayDiffer(_:)`` lets through.
@Suite struct RouteTableChangesTests {
    static let segments = ["x", "y", "abc", "X", "7", "42", "zz", "a1", "x/y"]
    static let hosts = ["a", "b", "c", "zz"]

    /// A random URL over the hosts and literals the random patterns use.
    static func url(_ rng: inout SplitMix64) -> String {
        var text = (rng.oneIn(6) ? "web://" : "app://") + rng.pick(hosts)
        for _ in 0..<rng.below(4) { text += "/" + rng.pick(segments) }
        if rng.oneIn(5) { text += "?q=1" }
        return text
    }

    /// The routes of `routes` that register together, in order (a later duplicate or same shape is left out).
    static func registrable(_ routes: [RouteDefinition]) -> [RouteDefinition] {
        var builder = RouteTableBuilder<Int>()
        return routes.enumerated().filter { (try? builder.add($0.element.pattern, target: $0.offset)) != nil }
            .map(\.element)
    }

    static func route(_ rng: inout SplitMix64) -> RouteDefinition {
        RouteDefinition(pattern: QAPathOracleTests.pattern(&rng), target: "T\(rng.below(6))",
                        priority: rng.oneIn(6) ? 1 : 0, metadata: rng.oneIn(8) ? ["requiresLogin": "true"] : [:])
    }

    /// `routes` edited: some retargeted, reprioritised or given metadata, some removed, some added, and
    /// now and then one moved.
    static func edited(_ routes: [RouteDefinition], _ rng: inout SplitMix64) -> [RouteDefinition] {
        var out: [RouteDefinition] = []
        for var r in routes {
            if rng.oneIn(10) { continue }
            if rng.oneIn(10) { r.target = "T\(rng.below(6))" }
            if rng.oneIn(15) { r.priority = 1 - r.priority }
            if rng.oneIn(20) { r.metadata = r.metadata.isEmpty ? ["requiresLogin": "true"] : [:] }
            out.append(r)
        }
        for _ in 0..<rng.below(3) { out.insert(route(&rng), at: rng.below(out.count + 1)) }
        if rng.oneIn(8), out.count > 1 { out.swapAt(rng.below(out.count), rng.below(out.count)) }
        return out
    }

    static func router(_ file: RouteFile) throws -> Router {
        let router = Router()
        try file.register(on: router) { _ in nil }
        return router
    }

    @Test func everyURLThatOpensDifferentlyIsOneThatMayDiffer() throws {
        var rng = SplitMix64(seed: 0xd1ff_0001)
        var differing = 0, skipped = 0, narrowed = 0
        let redirects: [[(from: String, to: String)]] = [
            [], [("app://zz/:p", "app://a/:p")], [("app://b/x", "app://c/y")],
        ]
        let relocations: [RelocationTable?] = [
            nil, RelocationTable(entries: [.replace(pattern: "app://c/:p", to: "app://a/:p")]),
            RelocationTable(entries: [.delete(pattern: "app://a/abc")]),
            RelocationTable(entries: [.add(pattern: "app://zz/add", target: "T1")]),
        ]
        for _ in 0..<400 {
            let oldRoutes = Self.registrable((0..<(4 + rng.below(16))).map { _ in Self.route(&rng) })
            let newRoutes = Self.registrable(Self.edited(oldRoutes, &rng))
            let oldRedirects = rng.pick(redirects), oldRelocations = rng.pick(relocations)
            let old = RouteFile(routes: oldRoutes, redirects: oldRedirects, relocations: oldRelocations)
            let new = RouteFile(routes: newRoutes, redirects: rng.oneIn(8) ? rng.pick(redirects) : oldRedirects,
                                relocations: rng.oneIn(8) ? rng.pick(relocations) : oldRelocations)
            let oldRouter = try Self.router(old), newRouter = try Self.router(new)
            let changes = RouteTableChanges(old: old, new: new)
            if changes.narrows { narrowed += 1 }
            for _ in 0..<60 {
                let url = Self.url(&rng)
                let was = RouteTableChanges.outcome(of: url, on: oldRouter)
                let now = RouteTableChanges.outcome(of: url, on: newRouter)
                if was != now {
                    differing += 1
                    #expect(changes.mayDiffer(url), "\(url): \(was) → \(now)\nold \(old.routes)\nnew \(new.routes)")
                } else if !changes.mayDiffer(url) {
                    skipped += 1
                }
            }
        }
        // The comparison covers URLs that open differently, URLs left out, and tables that are narrowed.
        #expect(differing > 500, "\(differing)")
        #expect(skipped > 5_000, "\(skipped)")
        #expect(narrowed > 200, "\(narrowed)")
    }

    /// Tables whose rewrites differ, or whose relocations add a path, are not narrowed.
    @Test func differentRewritesAreNotNarrowed() {
        let routes = [RouteDefinition(pattern: "app://a/x", target: "A")]
        let cases: [(RouteFile, RouteFile)] = [
            (RouteFile(routes: routes), RouteFile(routes: routes, redirects: [("app://b/x", "app://a/x")])),
            (RouteFile(routes: routes, relocations: RelocationTable(entries: [.delete(pattern: "app://a/x")])),
             RouteFile(routes: routes)),
            (RouteFile(routes: routes,
                       relocations: RelocationTable(entries: [.add(pattern: "app://b/y", target: "A")])),
             RouteFile(routes: routes,
                       relocations: RelocationTable(entries: [.add(pattern: "app://b/y", target: "A")]))),
        ]
        for (old, new) in cases {
            #expect(!RouteTableChanges(old: old, new: new).narrows)
        }
        #expect(RouteTableChanges(old: RouteFile(routes: routes), new: RouteFile(routes: routes)).narrows)
        #expect(!RouteTableChanges(old: RouteFile(routes: routes), new: RouteFile(routes: routes))
            .mayDiffer("app://a/x"))
    }
}
