import Testing
@testable import Switchyard
import SwitchyardTestSupport

/// A trie compiled ahead of `build()` is taken only for exactly the routes it was compiled from, and a
/// table built with it routes every URL as a table compiled the usual way.
@Suite struct TrieInAdvanceTests {
    static func urls(_ rng: inout SplitMix64) -> [String] {
        let words = ["a", "b", "c", "x", "y", "abc", "X", "42", "7", "zz"]
        return (0..<300).map { _ in
            var url = (rng.oneIn(5) ? "web://" : "app://") + rng.pick(["a", "b", "c", "h"])
            for _ in 0..<rng.below(4) { url += "/" + rng.pick(words) }
            return url
        }
    }

    static func answers(_ table: RouteTable<Int>, _ urls: [String]) -> [String] {
        urls.map { url in (try? table.match(url)).map { "\($0.target) \($0.parameters)" } ?? "none" }
    }

    /// On random tables (path folding on and off): the builder told the routes in advance takes the
    /// trie, and its table answers every URL as the plain builder's does.
    @Test(arguments: [false, true])
    func aTableBuiltWithTheTrieInAdvanceRoutesAsTheUsualOne(fold: Bool) throws {
        var rng = SplitMix64(seed: fold ? 0x7a1e_0001 : 0x7a1e_0002)
        for _ in 0..<40 {
            var plain = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: fold))
            for i in 0..<12 { try? plain.add(QAPathOracleTests.pattern(&rng), target: i, priority: rng.oneIn(5) ? 1 : 0) }
            // The same routes, told in advance, then added.
            var ahead = RouteTableBuilder<Int>(options: plain.options)
            ahead.compileInAdvance(plain.routes.map { ($0.pattern, $0.priority) })
            for r in plain.routes { try ahead.add(r.pattern, target: r.target, priority: r.priority) }
            let urls = Self.urls(&rng)
            #expect(Self.answers(ahead.build(), urls) == Self.answers(plain.build(), urls),
                    "\(plain.routes.map(\.pattern.description))")
        }
    }

    /// The trie is taken for its own routes only: a route more, a priority changed or folding changed
    /// and it is refused (the builder compiles its own).
    @Test func theTrieIsTakenForItsOwnRoutesOnly() throws {
        let patterns = try ["app://a/:id<int>", "app://a/x", "app://b/*rest"].map { try RoutePattern($0) }
        let ahead = TrieInAdvance(patterns: patterns, priorities: [0, 0, 1], orders: [0, 1, 2], foldPath: false)
        #expect(ahead.trie(patterns: patterns, priorities: [0, 0, 1], orders: [0, 1, 2], foldPath: false) != nil)
        #expect(ahead.trie(patterns: patterns, priorities: [0, 0, 1], orders: [0, 1, 2], foldPath: false) != nil,
                "a second build takes it too")
        #expect(ahead.trie(patterns: patterns, priorities: [0, 0, 0], orders: [0, 1, 2], foldPath: false) == nil)
        #expect(ahead.trie(patterns: patterns, priorities: [0, 0, 1], orders: [0, 1, 2], foldPath: true) == nil)
        #expect(ahead.trie(patterns: Array(patterns.prefix(2)), priorities: [0, 0], orders: [0, 1],
                           foldPath: false) == nil)
        let other = try patterns.dropLast() + [RoutePattern("app://b/*more")]
        #expect(ahead.trie(patterns: Array(other), priorities: [0, 0, 1], orders: [0, 1, 2], foldPath: false) == nil)
        // A builder told in advance, then given a route more, still routes that route.
        var builder = RouteTableBuilder<String>()
        builder.compileInAdvance(patterns.map { ($0, 0) })
        for (i, p) in patterns.enumerated() { try builder.add(p, target: "T\(i)") }
        try builder.add("app://c", target: "C")
        #expect(try builder.build().match("app://c")?.target == "C")
    }
}
