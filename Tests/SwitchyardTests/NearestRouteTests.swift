import Foundation
@testable import Switchyard
import SwitchyardTestSupport
import Testing

/// For a URL whose host no route has, `explain` lists the nearest routes first (same scheme, the same
/// shape of path, shared literal segments, then a shared host prefix; equally near ones in table
/// order), at most five, and says how many more there are; `match`'s `nearest` is the first listed.
struct NearestRouteTests {
    static let patterns = [
        "shop://home", "shop://catalog", "shop://catalog/:category<slug>", "shop://product/:id<int>",
        "shop://product/:id<int>/reviews", "shop://cart", "other://thing/:id", "shop://files/*path",
        "shop://search/:q?", "shop://help/:topic/edit", "shop://nothingness",
    ]

    @Test("nearest first", arguments: [
        ("shop://nothing/1", ["shop://catalog/:category<slug>", "shop://product/:id<int>", "shop://files/*path",
                              "shop://search/:q?", "shop://product/:id<int>/reviews"], 6),
        ("shop://nothing/9/edit", ["shop://help/:topic/edit", "shop://product/:id<int>/reviews",
                                   "shop://files/*path", "shop://catalog/:category<slug>",
                                   "shop://product/:id<int>"], 6),
        ("shop://nothin", ["shop://nothingness", "shop://home", "shop://catalog", "shop://cart",
                           "shop://search/:q?"], 6),
    ])
    func ranked(_ url: String, _ listed: [String], _ more: Int) throws {
        let table = try MatcherTests.table(Self.patterns)
        let explanation = table.explain(url)
        #expect(explanation.candidates.map(\.pattern) == listed, "\(explanation)")
        #expect(explanation.unlisted == more)
        #expect(explanation.candidates.count + explanation.unlisted == Self.patterns.count,
                "every route is listed or counted: \(explanation)")
        #expect(explanation.description.hasSuffix("  … \(more) more routes, less near"))
    }

    /// `match` names the nearest route of a miss through ``NearestRouteIndex``, which searches groups of
    /// routes and their path trees instead of ranking every route: on random tables (schemes, hosts one
    /// typo apart, suffix and parameter hosts, optional and catch-all ends) and URLs (known, unknown and
    /// typo hosts, other schemes, zero to five segments) it answers what `explain` lists first among the
    /// routes that do not match.
    @Test(arguments: [false, true])
    func theIndexAnswersAsExplain(fold: Bool) throws {
        var rng = SplitMix64(seed: fold ? 0x4e_0001 : 0x4e_0002)
        let hosts = ["shop", "shops", "shpo", "cart", "c", ":h", "a.example.com", "*"]
        let pieces = ["x", "y", "X", "item", ":p", ":n<int>", ":r([a-c]+)", ":o?", "*rest"]
        let words = ["x", "y", "X", "item", "7", "42", "ab", "zz", "", "b"]
        var compared = (unknownHost: 0, knownHost: 0, none: 0)
        for _ in 0..<300 {
            var builder = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: fold))
            for i in 0..<(1 + rng.below(14)) {
                var host = rng.pick(hosts)
                var text = rng.oneIn(5) ? "" : rng.pick(["app://", "app://", "web://"])
                if host == "*" { host = "*" + rng.pick(["", "x"]); text = "" }
                text += host
                var named = 0
                for _ in 0..<rng.below(4) {
                    var piece = rng.pick(pieces)
                    if piece.hasPrefix(":") || piece.hasPrefix("*") {
                        named += 1
                        piece = String(piece.prefix(1)) + "v\(named)" + piece.dropFirst(2)
                    }
                    text += "/" + piece
                    if piece.hasSuffix("?") || piece.hasPrefix("*") { break }
                }
                try? builder.add(text, target: i)
            }
            let table = builder.build()
            let index = NearestRouteIndex(table)
            for _ in 0..<12 {
                var url = rng.pick(["app://", "app://", "web://", "other://"])
                url += rng.pick(["shop", "shoq", "cart", "carts", "zzz", "a.example.com", "c", "nowhere"])
                for _ in 0..<rng.below(6) { url += "/" + rng.pick(words) }
                if rng.oneIn(5) { url += "?k=1" }
                let expected = table.explain(url).candidates.first { !$0.matched }
                let answer = index.nearestMiss(url)
                #expect(answer == expected, "\(url) on \(table.routes.map(\.pattern.description))")
                guard let expected else { compared.none += 1; continue }
                if expected.verdict.hasPrefix("host:") || expected.verdict.hasPrefix("scheme:") {
                    compared.unknownHost += 1
                } else {
                    compared.knownHost += 1
                }
            }
        }
        // Both ways of being near are compared, and URLs with no nearest route too.
        #expect(compared.unknownHost > 300 && compared.knownHost > 300 && compared.none > 20, "\(compared)")
    }
}
