import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing
@testable import SwitchyardTooling

/// `resolve` (what `match` reports), `explain` and `open` answer from one walk: on random tables,
/// redirects, relocation tables and URLs, they name the same route and target, or agree that nothing
/// opens and why (deleted, loop, no route).
@Suite struct ResolutionPropertyTests {
    static let hosts = ["a", "b"]
    static let segments = ["x", "y", ":p", ":p<int>", ":q([a-c]+)"]
    static let lasts = ["", ":o?", ":o<int>?", "*rest"]

    static func pattern(_ rng: inout SplitMix64) -> String {
        var parts = [rng.pick(hosts)]
        for _ in 0..<rng.below(3) { parts.append(rng.pick(segments)) }
        let last = rng.pick(lasts)
        if !last.isEmpty { parts.append(last) }
        // Parameters named by position, so a pattern never repeats a name.
        var n = 0
        let named = parts.map { part -> String in
            guard part.hasPrefix(":") else { return part }
            n += 1
            return ":" + "v\(n)" + part.dropFirst(2)
        }
        return "app://" + named.joined(separator: "/")
    }

    /// A destination for a rewrite from `from`: literals, and parameters `from` captures (required ones).
    static func destination(from: String, _ rng: inout SplitMix64) -> String {
        let names = (try? RoutePattern(from))?.segments.compactMap { seg -> String? in
            if case .parameter(let n, _) = seg { return n }
            return nil
        } ?? []
        var parts = [rng.pick(hosts)]
        for _ in 0..<rng.below(3) {
            if !names.isEmpty && rng.oneIn(2) {
                parts.append(":" + rng.pick(names))
            } else {
                parts.append(rng.pick(["x", "y", "7"]))
            }
        }
        return "app://" + parts.joined(separator: "/")
    }

    static func url(_ rng: inout SplitMix64) -> String {
        var parts = [rng.pick(hosts + ["c"])]
        for _ in 0..<rng.below(4) { parts.append(rng.pick(["x", "y", "7", "42", "ab", "zz"])) }
        var text = "app://" + parts.joined(separator: "/")
        if rng.oneIn(4) { text += "?k=1" }
        if rng.oneIn(4) { text += "#top" }
        return text
    }

    /// A random router: routes with handlers that report their target, redirects, a relocation table.
    static func router(_ rng: inout SplitMix64) -> Router {
        let router = Router()
        var targets: [String] = []
        for i in 0..<(2 + rng.below(7)) {
            let target = "T\(rng.below(5))"
            let handler = ClosureHandler { _ in RouteResult(note: target) }
            if (try? router.register(pattern(&rng), target: target, priority: rng.below(3), handler: handler)) != nil {
                targets.append(target)
            }
            _ = i
        }
        for _ in 0..<rng.below(4) {
            let from = pattern(&rng)
            try? router.addRedirect(from: from, to: destination(from: from, &rng))
        }
        var entries: [RelocationEntry] = []
        for _ in 0..<rng.below(4) {
            let p = pattern(&rng)
            switch rng.below(3) {
            case 0: entries.append(.replace(pattern: p, to: destination(from: p, &rng)))
            case 1:
                entries.append(.add(pattern: p, target: targets.isEmpty || rng.oneIn(4) ? "Nobody" : rng.pick(targets)))
            default: entries.append(.delete(pattern: p))
            }
        }
        // A table the router refuses (a cycle) leaves the routes as they are; that case is tried too.
        try? router.applyRelocations(RelocationTable(version: 1, entries: entries))
        return router
    }

    /// What an open's outcome says in the terms of a resolution.
    enum Verdict: Equatable, CustomStringConvertible {
        case opens(pattern: String, target: String)
        case nothing
        case loop
        case failed
        case invalid

        var description: String {
            switch self {
            case .opens(let p, let t): "opens \(p) (\(t))"
            case .nothing: "nothing"
            case .loop: "loop"
            case .failed: "failed"
            case .invalid: "invalid"
            }
        }
    }

    static func verdict(_ outcome: RouteOutcome) -> Verdict {
        switch outcome {
        case .redirected(_, let final): return verdict(final)
        case .handled(let pattern, let result): return .opens(pattern: pattern, target: result.note)
        case .notFound: return .nothing
        case .redirectLoop: return .loop
        case .invalidURL: return .invalid
        case .failed: return .failed
        default: return .failed
        }
    }

    static func verdict(_ r: Resolution) -> Verdict {
        switch r.end {
        case .matched(let m): .opens(pattern: m.pattern.description, target: m.entry.name)
        case .deleted, .notFound: .nothing
        case .loop: .loop
        case .failed: .failed
        case .invalidURL: .invalid
        }
    }

    @Test func matchAndExplainAgreeWithOpenOnRandomTables() async throws {
        var rng = SplitMix64(seed: 0x5e50_1e00)
        var opened = 0, stopped = 0, checked = 0
        for _ in 0..<300 {
            let router = Self.router(&rng)
            for _ in 0..<12 {
                let url = Self.url(&rng)
                let outcome = await router.open(url)
                let resolution = router.resolve(url)
                let explanation = router.explain(url)
                let expected = Self.verdict(outcome)
                #expect(Self.verdict(resolution) == expected,
                        "\(url): resolve says \(Self.verdict(resolution)), open \(outcome)")
                // explain: its winner is the route opened; nothing wins when nothing opens.
                if case .opens(let pattern, let target) = expected {
                    opened += 1
                    #expect(explanation.final.winner == pattern,
                            "\(url): explain's winner \(explanation.final.winner ?? "none"), open \(pattern)")
                    #expect(explanation.opens?.target == target, "\(url)")
                    #expect(explanation.final.candidates.first?.verdict.hasPrefix("won") == true,
                            "\(url): \(explanation)")
                } else {
                    if resolution.stopped != nil { stopped += 1 }
                    #expect(explanation.final.winner == nil,
                            "\(url): explain names \(explanation.final.winner ?? "") but open: \(outcome)")
                    #expect(explanation.opens == nil, "\(url)")
                    #expect(!explanation.final.candidates.contains { $0.verdict.hasPrefix("won") },
                            "\(url): \(explanation)")
                }
                // No candidate loses to itself.
                for c in explanation.final.candidates {
                    #expect(!c.verdict.hasPrefix("lost to \(c.pattern) "), "\(url): \(explanation)")
                }
                // A rewrite keeps the fragment.
                let rewritten = resolution.steps.contains(where: { !$0.result.isEmpty && $0.kind != "alias" })
                if url.contains("#top"), rewritten {
                    #expect(resolution.finalURL.hasSuffix("#top"), "\(url) → \(resolution.finalURL)")
                }
                checked += 1
            }
        }
        // The generator reaches every kind of ending, so the agreement is not vacuous.
        #expect(opened > 500, "opened \(opened) of \(checked)")
        #expect(stopped > 50, "stopped \(stopped) of \(checked)")
    }

    /// `lint` and the matcher rank alike: a route lint calls shadowed never wins a URL, and a route the
    /// matcher picks for some URL is never called shadowed (optional segments, constrained or not,
    /// rank by priority and order in both).
    @Test func lintNeverCallsAWinnerShadowed() throws {
        var rng = SplitMix64(seed: 0x5ad0_0001)
        var shadowedSeen = 0
        for _ in 0..<200 {
            var routes: [RouteDefinition] = []
            var builder = RouteTableBuilder<Int>()
            for i in 0..<(4 + rng.below(8)) {
                let r = RouteDefinition(pattern: Self.pattern(&rng), target: "T\(i)", priority: rng.below(3))
                // Only routes the table takes (no duplicates or same shapes), so lint's indices are the file's.
                if (try? builder.add(r.pattern, target: i, priority: r.priority)) != nil { routes.append(r) }
            }
            let file = RouteFile(routes: routes)
            let shadowed = Set(RouteLint.findings(file).filter { $0.code == .shadowed }.map(\.location))
            shadowedSeen += shadowed.count
            let table = try file.table()
            var urls: [String] = []
            for _ in 0..<40 { urls.append(Self.url(&rng)) }
            for r in routes {
                if let p = try? RoutePattern(r.pattern) { urls += ["7", "42", "ab", "x"].compactMap { v in
                    try? p.url(Dictionary(uniqueKeysWithValues: p.parameterNames.map { ($0, v) })) } }
            }
            for url in urls {
                guard let m = try? table.match(url) else { continue }
                guard let index = routes.firstIndex(where: { $0.target == m.target.target }) else { continue }
                #expect(!shadowed.contains("routes[\(index)]"),
                        "\(url) opens \(m.pattern), which lint calls shadowed: \(routes.map(\.pattern))")
            }
        }
        #expect(shadowedSeen > 20, "the generator makes shadowed routes: \(shadowedSeen)")
    }

    /// Table cases: each relocation operation, a redirect loop, and a URL past the hop limit.
    typealias Case = (routes: [String], redirects: [(String, String)], relocations: [RelocationEntry], url: String,
                      expected: Verdict)
    static let cases: [Case] = [
        (["app://order/:id"], [], [.delete(pattern: "app://order/:id")], "app://order/1", .nothing),
        (["app://order/:id"], [], [.add(pattern: "app://alias/:id", target: "T0")], "app://alias/5",
         .opens(pattern: "app://alias/:id", target: "T0")),
        (["app://order/:id"], [], [.add(pattern: "app://alias/:id", target: "Nobody")], "app://alias/5", .nothing),
        (["app://order/:id"], [], [.replace(pattern: "app://old/:id", to: "app://order/:id")], "app://old/3",
         .opens(pattern: "app://order/:id", target: "T0")),
        (["app://l1", "app://l2"], [("app://l1", "app://l2"), ("app://l2", "app://l1")], [], "app://l1", .loop),
        (["app://order/:id"], [("app://order/:id", "app://x")], [], "app://order/1", .nothing),
    ]

    @Test("table cases agree with open", arguments: 0..<cases.count)
    func tableCasesAgreeWithOpen(_ index: Int) async throws {
        let c = Self.cases[index]
        let router = Router()
        for (i, p) in c.routes.enumerated() {
            let target = "T\(i)"
            try router.register(p, target: target, handler: ClosureHandler { _ in RouteResult(note: target) })
        }
        for (from, to) in c.redirects { try router.addRedirect(from: from, to: to) }
        if !c.relocations.isEmpty { try router.applyRelocations(RelocationTable(version: 1, entries: c.relocations)) }
        #expect(Self.verdict(await router.open(c.url)) == c.expected)
        #expect(Self.verdict(router.resolve(c.url)) == c.expected)
    }

    @Test func aRelocationKeepsTheFragment() async throws {
        let router = Router()
        try router.register("app://order/:id", target: "Order", handler: ClosureHandler { req in
            RouteResult(note: req.url.fragment ?? "")
        })
        try router.applyRelocations(RelocationTable(version: 1, entries: [
            .replace(pattern: "app://old/:id", to: "app://order/:id"),
        ]))
        let outcome = await router.open("app://old/3?x=1#part%202")
        guard case .redirected(let chain, .handled(_, let result)) = outcome else {
            Issue.record("not handled: \(outcome)")
            return
        }
        #expect(chain.last == "app://order/3?x=1#part%202")
        #expect(result.note == "part 2")
    }
}
