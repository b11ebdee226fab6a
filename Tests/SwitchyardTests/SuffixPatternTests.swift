import SwitchyardTestSupport
import Testing
@testable import Switchyard

/// Suffix patterns (`**/login/:phone([0-9]+)`, WLRRoute's unanchored expressions): the grammar, their
/// ranking below every anchored pattern, URL building, and the matcher checked against the reference.
@Suite struct SuffixPatternTests {
    @Test(arguments: [
        ("**/login/:phone([0-9]+)", "**/login/:phone([0-9]+)"),
        ("app://**/a/b", "app://**/a/b"),
        ("APP://**//a//b/", "app://**/a/b"),
        ("**/Login", "**/Login"),
    ])
    func canonicalText(_ text: String, _ canonical: String) throws {
        let p = try RoutePattern(text)
        #expect(p.isSuffix)
        #expect(p.description == canonical)
        #expect(try RoutePattern(canonical) == p)
    }

    @Test(arguments: [
        ("**/", 0), ("**", 0), ("**x/a", 0), ("app://**", 6), ("**/a/:b?", 5), ("**/a/*rest", 5), ("**/*", 3),
        ("**/a/**/b", 5), ("app://x/**/b", 8),
    ])
    func invalidSuffixesAreTypedErrors(_ text: String, _ offset: Int) {
        #expect(throws: PatternError(reason: .invalidSuffix, offset: offset, pattern: text)) { try RoutePattern(text) }
    }

    @Test func aSuffixDiffersFromTheSchemeLessPatternOfTheSameSegments() throws {
        var b = RouteTableBuilder<String>()
        try b.add("login/:p", target: "anchored")
        try b.add("**/login/:p", target: "suffix")
        let t = b.build()
        #expect(try t.match("app://login/1")?.target == "anchored")
        #expect(try t.match("app://user/login/1")?.target == "suffix")
    }

    @Test func rankingAmongSuffixes() throws {
        var b = RouteTableBuilder<String>()
        try b.add("**/b", target: "short")
        try b.add("**/:x/b", target: "long")
        try b.add("app://**/b", target: "scheme")
        try b.add("**/:y<int>", target: "int")
        try b.add("**/:z", target: "plain", priority: 1)
        let t = b.build()
        // Specific scheme first, then the longer suffix, then classes, then priority.
        #expect(try t.match("app://h/a/b")?.target == "scheme")
        #expect(try t.match("web://h/a/b")?.target == "long")
        #expect(try t.match("web://h/b")?.target == "short")
        #expect(try t.match("web://h/7")?.target == "int")
        #expect(try t.match("web://h/q")?.target == "plain")
        #expect(try t.match("web://h") == nil)
        let longer = t.explain("web://h/a/b").candidates.first { $0.pattern == "**/b" }
        #expect(longer?.verdict.contains("longer suffix") == true)
        #expect(t.treeDescription.contains(
            "suffixes (in the order tried, after the trie):\n  app://**/b [scheme]\n  **/:x/b [long]"))
    }

    @Test func explainStillNamesTheNearestAnchoredRoutesBesideSuffixes() throws {
        var b = RouteTableBuilder<String>()
        try b.add("app://user/:id<int>", target: "User")
        try b.add("**/help", target: "Help")
        try b.add("app://**/settings", target: "Settings")
        let t = b.build()
        let candidates = t.explain("other://q/settings").candidates
        let verdicts = Dictionary(uniqueKeysWithValues: candidates.map { ($0.pattern, $0.verdict) })
        #expect(verdicts["app://user/:id<int>"] == "scheme: 'other' is not 'app'")
        #expect(verdicts["app://**/settings"] == "scheme: 'other' is not 'app'")
        #expect(verdicts["**/help"] == "segment 1: 'settings' is not 'help'")
    }

    @Test func urlsAreBuiltOnABase() throws {
        let p = try RoutePattern("**/login/:phone([0-9]+)")
        #expect(try p.url(["phone": "138"], base: "app://user") == "app://user/login/138")
        #expect(try p.url(["phone": "138"], base: "app://user/a/") == "app://user/a/login/138")
        #expect(throws: URLBuildError.suffixNeedsBase(pattern: "**/login/:phone([0-9]+)", base: nil)) {
            try p.url(["phone": "1"])
        }
        #expect(throws: URLBuildError.suffixNeedsBase(pattern: "**/login/:phone([0-9]+)", base: "app://u?x=1")) {
            try p.url(["phone": "1"], base: "app://u?x=1")
        }
        #expect(throws: URLBuildError.suffixNeedsBase(pattern: "web://**/x", base: "app://u")) {
            try RoutePattern("web://**/x").url([:], base: "app://u")
        }
        #expect(throws: URLBuildError.constraintFailed(name: "phone", value: "x", constraint: "([0-9]+)")) {
            try p.url(["phone": "x"], base: "app://u")
        }
        // A built URL matches its pattern.
        var b = RouteTableBuilder<Int>()
        try b.add(p, target: 1)
        #expect(try b.build().match(try p.url(["phone": "42"], base: "app://any/where"))?.parameter("phone") == "42")
    }

    @Test func aHostDefinitionRefusesASuffixPattern() throws {
        let router = Router()
        try router.register("**/help", target: "Help", handler: nil)
        try router.register("app://help", target: "HelpHost", handler: nil)
        // `removeAll(host:)` removes the routes of the host `help`, not the suffix ending in `help`.
        #expect(router.removeAll(host: "help") == 1)
        #expect(router.table.routes.map(\.pattern.description) == ["**/help"])
    }

    // MARK: Property: the matcher agrees with the reference

    static let pieces = ["a", "b", "B", ":p", ":q<int>", ":r([a-z]+)", "%2F"]

    static func pattern(_ rng: inout SplitMix64) -> String {
        let scheme = rng.pick(["", "", "app://", "web://"])
        let count = 1 + rng.below(3)
        if rng.oneIn(2) {
            return scheme + "**/" + (0..<count).map { _ in rng.pick(pieces) }.joined(separator: "/")
        }
        var text = scheme + rng.pick(["h", "a", ":host"])
        for _ in 0..<rng.below(3) { text += "/" + rng.pick(pieces + ["*rest", ":o?"]) }
        return text
    }

    static func url(_ rng: inout SplitMix64) -> String {
        var text = rng.pick(["app://", "web://", "APP://"]) + rng.pick(["h", "a", "x", "H"])
        for _ in 0..<rng.below(5) {
            text += "/" + rng.pick(["a", "b", "B", "7", "xyz", "..", "%2e", "a%2Fb", "%37", ""])
        }
        return text + (rng.oneIn(4) ? "?k=v" : "")
    }

    @Test(arguments: [false, true])
    func theMatcherAgreesWithTheReference(caseInsensitivePaths: Bool) throws {
        var rng = SplitMix64(seed: caseInsensitivePaths ? 0x5_0ff1 : 0x5_0ff2)
        var suffixWins = 0
        for _ in 0..<400 {
            var builder = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: caseInsensitivePaths))
            for i in 0..<6 { try? builder.add(Self.pattern(&rng), target: i, priority: rng.below(2)) }
            let table = builder.build()
            for _ in 0..<12 {
                let text = Self.url(&rng)
                let parsed = try RouteURL(text)
                let match = try table.match(text)
                let reference = table.candidates(for: parsed).first
                #expect(match?.pattern.description == reference, "\(builder.routes.map(\.pattern.description)) \(text)")
                guard let match else { continue }
                if match.pattern.isSuffix { suffixWins += 1 }
                // Every parameter holds the decoded segment it stands on: the last segments for a suffix.
                let values = [parsed.host] + parsed.pathSegments
                let offset = match.pattern.isSuffix ? values.count - match.pattern.segments.count : 0
                for (index, segment) in match.pattern.segments.enumerated() {
                    guard case .parameter(let name, _) = segment else { continue }
                    #expect(match.parameter(name) == values[index + offset], "\(match.pattern) \(text)")
                }
            }
        }
        #expect(suffixWins > 300)
    }
}
