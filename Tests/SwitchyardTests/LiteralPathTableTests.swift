import SwitchyardTestSupport
import Testing
@testable import Switchyard

/// The table of fully literal paths that a lookup tries before the walk (``LiteralPathTable``): it must give
/// the walk's answer whenever it answers, and answer for every plainly written URL of a fully literal route.
struct LiteralPathTableTests {
    static func table(_ patterns: [String], caseInsensitivePaths: Bool = false) throws -> RouteTable<String> {
        var b = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: caseInsensitivePaths))
        for p in patterns { try b.add(p, target: p) }
        return b.build()
    }

    /// What the table alone finds for `url` under each root the lookup tries, in the lookup's order (the URL's
    /// scheme's, then any scheme's; nil for none), or no answers when the URL is not written plainly. The lookup
    /// returns the first root's answer at once; a later root's is tried only after the walks before it failed.
    static func tableAnswers(_ table: RouteTable<String>, _ url: String) -> [String?] {
        let trie = table.trie
        var text = url
        return text.withUTF8 { buf -> [String?] in
            guard let base = buf.baseAddress, let layout = try? URLScanner.scan(buf, limits: URLLimits()) else { return [] }
            guard !layout.needsDecode && !layout.hostHasUpper && layout.segmentCount <= LiteralPathTable.maxSegments else { return [] }
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: URLScanner.recordedSegments) { segments -> [String?] in
                guard let s = segments.baseAddress else { return [] }
                URLScanner.splitSegments(buf, layout, into: s)
                let length = RouteTrie.plainKeyLength(layout, UnsafePointer(s))
                guard length >= 0 else { return [] }
                var roots: [Int32] = []
                if layout.hasScheme {
                    let scheme = Array(buf[0..<layout.schemeEnd]).map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
                    roots += trie.schemes.filter { $0.0 == scheme }.map(\.1)
                }
                if trie.anyScheme >= 0 { roots.append(trie.anyScheme) }
                return roots.map { root in
                    let t = trie.literalPaths.find(root: root, base + layout.hostStart, length, fold: trie.foldPath)
                    return t.isFound ? table.route(at: t.routeIndex).pattern.description : nil
                }
            }
        }
    }

    /// patterns, URL, what the table alone answers under the first root the lookup tries (nil: the walk goes
    /// on), the lookup's winner.
    static let cases: [(patterns: [String], url: String, table: String?, winner: String?)] = [
        (["app://home/a/b", "app://home/:x/b"], "app://home/a/b", "app://home/a/b", "app://home/a/b"),
        (["app://home/a/b", "app://home/:x/b"], "app://home/z/b", nil, "app://home/:x/b"),
        // A literal node without an end: the walk goes on to the parameter, and the table has no entry.
        (["app://home/a/b/c", "app://home/a/:x"], "app://home/a/b", nil, "app://home/a/:x"),
        // The URL's scheme is tried before any scheme, in the table as in the walk.
        (["app://home/a", "home/a"], "app://home/a", "app://home/a", "app://home/a"),
        (["app://home/a", "home/a"], "web://home/a", "home/a", "home/a"),
        (["app://home/:x", "home/a"], "app://home/a", nil, "app://home/:x"),
        // An optional segment's absent variant ends on the literal node.
        (["app://home/a/:x?"], "app://home/a", "app://home/a/:x?", "app://home/a/:x?"),
        // The host alone.
        (["app://home", "app://:h"], "app://home", "app://home", "app://home"),
        // Keys of 8, 16, 17 and 18 bytes, where the words of the compare change.
        (["app://h/abcdefgh/abcdefghijklmnop", "app://h/:x/:y"], "app://h/abcdefgh/abcdefghijklmnop", "app://h/abcdefgh/abcdefghijklmnop",
         "app://h/abcdefgh/abcdefghijklmnop"),
        (["app://h/abcdefghijklmnopq", "app://h/:x"], "app://h/abcdefghijklmnopq", "app://h/abcdefghijklmnopq", "app://h/abcdefghijklmnopq"),
        (["app://h/abcdefghijklmnopq", "app://h/:x"], "app://h/abcdefghijklmnopr", nil, "app://h/:x"),
        (["app://h/abcdefghijklmnopqr", "app://h/:x"], "app://h/abcdefghijklmnopq", nil, "app://h/:x"),
        // A query, a fragment and a trailing slash leave the key as it is.
        (["app://home/a/b"], "app://home/a/b?k=v#f", "app://home/a/b", "app://home/a/b"),
        (["app://home/a/b"], "app://home/a/b/", "app://home/a/b", "app://home/a/b"),
        // Not written plainly: the walk answers.
        (["app://home/a/b"], "app://home//a/b", nil, "app://home/a/b"),
        (["app://home/a/b"], "app://home:80/a/b", nil, "app://home/a/b"),
        (["app://home/a/b"], "app://HOME/a/b", nil, "app://home/a/b"),
        (["app://home/a/b"], "app://home/%61/b", nil, "app://home/a/b"),
        // `%2F` stays data: it is not a separator, so no literal path holds it.
        (["app://search/a/b", "app://search/:q"], "app://search/a%2Fb", nil, "app://search/:q"),
        // Paths are case-sensitive by default.
        (["app://home/a/b", "app://home/:x/:y"], "app://home/A/b", nil, "app://home/:x/:y"),
        // One segment more or less than any literal path.
        (["app://home/a/b"], "app://home/a", nil, nil),
        (["app://home/a/b"], "app://home/a/b/c", nil, nil),
        // A constrained host parameter sees the lowercased host; the table has no say.
        (["app://:h<slug>/x", "app://shop/y"], "app://USER/x", nil, "app://:h<slug>/x"),
    ]

    @Test("golden cases", arguments: 0..<cases.count)
    func golden(_ index: Int) throws {
        let c = Self.cases[index]
        let t = try Self.table(c.patterns)
        #expect((Self.tableAnswers(t, c.url).first ?? nil) == c.table, "\(c.url)")
        #expect(try t.match(c.url)?.pattern.description == c.winner, "\(c.url)")
        #expect(t.candidates(for: try RouteURL(c.url)).first == c.winner, "\(c.url)")
    }

    @Test func pathsThatIgnoreCaseFoldTheURL() throws {
        let t = try Self.table(["app://home/Detail/b", "app://home/:x/:y"], caseInsensitivePaths: true)
        for url in ["app://home/detail/b", "app://home/DETAIL/B", "app://home/DeTaIl/b"] {
            #expect(Self.tableAnswers(t, url) == ["app://home/Detail/b"], "\(url)")
            #expect(try t.match(url)?.pattern.description == "app://home/Detail/b", "\(url)")
        }
    }

    /// Random tables of literal-heavy routes, and URLs made of the same words, written plainly and not: the
    /// lookup (table, then walk) agrees with the reference matcher on the winner and its parameters, the
    /// table's answer is the winner whenever it gives one, and every plainly written URL of a fully literal
    /// route that wins is answered by the table.
    @Test(arguments: [false, true])
    func agreesWithTheReference(caseInsensitivePaths: Bool) throws {
        var rng = SplitMix64(seed: caseInsensitivePaths ? 0x11_7e4a : 0x11_7e4b)
        let words = ["a", "b", "B", "detail", "abcdefgh", "abcdefghijklmnop", "abcdefghijklmnopq", "x.y"]
        let pieces = words + [":p", ":q<int>", ":r([a-z]+)", ":o?", "*rest"]
        var tableAnswers = 0
        for _ in 0..<300 {
            var builder = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: caseInsensitivePaths))
            for _ in 0..<10 {
                var text = rng.pick(["", "app://", "web://"]) + rng.pick(["h", "home", ":host"])
                for _ in 0..<rng.below(4) { text += "/" + rng.pick(rng.oneIn(2) ? words : pieces) }
                try? builder.add(text, target: text)
            }
            let table = builder.build()
            for _ in 0..<20 {
                var text = rng.pick(["app://", "web://", "APP://", "ftp://"]) + rng.pick(["h", "home", "HOME", "x"])
                for _ in 0..<rng.below(5) {
                    text += rng.oneIn(12) ? "//" : "/"
                    text += rng.pick(words + ["7", "DETAIL", "%61", "a%2Fb", ".."])
                }
                text += rng.pick(["", "", "/", "?k=v"])
                let parsed = try RouteURL(text)
                let match = try table.match(text)
                let reference = table.candidates(for: parsed).first
                #expect(match?.pattern.description == reference, "\(table.routes.map(\.pattern.description)) \(text)")
                let answers = Self.tableAnswers(table, text)
                if let first = answers.first ?? nil {
                    tableAnswers += 1
                    #expect(first == reference, "\(table.routes.map(\.pattern.description)) \(text)")
                }
                let plain = !text.contains("%") && !text.contains("HOME") && !text.dropFirst(6).contains("//")
                if plain, let match, match.pattern.segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
                    #expect(answers.contains(match.pattern.description), "the walk, not the table, answered \(text)")
                }
                guard let match else { continue }
                let values = [parsed.host] + parsed.pathSegments
                for (index, segment) in match.pattern.segments.enumerated() {
                    guard case .parameter(let name, _) = segment, index < values.count else { continue }
                    #expect(match.parameter(name) == values[index], "\(match.pattern) \(text)")
                }
            }
        }
        #expect(tableAnswers > 100)
    }
}
