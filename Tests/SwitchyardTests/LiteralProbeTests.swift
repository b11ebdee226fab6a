import Testing
@testable import Switchyard

/// The literal step reads a segment's bytes as words: 8 bytes from the segment's start when they lie inside
/// the URL, else byte by byte (a short segment at the end of the URL, a decoded one). The trie-wide literal
/// table is probed from a key's home slot, wrapping at its end. These tables put keys of every length from 1
/// to 18 at every place those choices depend on (start and end of short URLs, before a query, before another
/// segment, escaped), and check each answer against the reference matcher and the route the URL was made
/// from. A variant that read the 8 bytes ending at a short last segment (measured and dropped, DECISIONS.md
/// 2026-11-27) was checked by the same table.
struct LiteralProbeTests {
    /// Keys of 1 through 18 bytes: both sides of the 8-byte word, the 16 bytes a slot holds, and longer.
    static let keys = (1...18).map { String("abcdefghijklmnopqr".prefix($0)) }

    static func table(scheme: String, host: String, caseInsensitivePaths: Bool) throws -> RouteTable<String> {
        var b = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: caseInsensitivePaths))
        for key in keys {
            for p in ["\(scheme)://\(host)/\(key)", "\(scheme)://\(host)/\(key)/end", "\(scheme)://\(key)/x"] {
                try b.add(p, target: p)
            }
        }
        try b.add("\(scheme)://\(host)/:p", target: "param")
        try b.add("\(scheme)://\(host)/:p/end", target: "param/end")
        return b.build()
    }

    @Test("keys of every length at the start, middle and end of short URLs",
          arguments: [("a", "h"), ("a", "hh"), ("app", "h"), ("app", "host")], [false, true])
    func literalKeysAtEveryPlace(_ place: (String, String), _ caseInsensitivePaths: Bool) throws {
        let (scheme, host) = place
        let t = try Self.table(scheme: scheme, host: host, caseInsensitivePaths: caseInsensitivePaths)
        for key in Self.keys {
            // The exact key, with nothing after it, a query, a further segment, or an escape that decodes to it.
            let exact = "\(scheme)://\(host)/\(key)"
            for (url, expected) in [
                (exact, exact), (exact + "?q=1", exact), (exact + "/end", exact + "/end"),
                ("\(scheme)://\(host)/\(key.dropLast())%\(String(key.utf8.last ?? 0, radix: 16))", exact),
                ("\(scheme)://\(key)/x", "\(scheme)://\(key)/x"), ("\(scheme)://\(key)/x?q", "\(scheme)://\(key)/x"),
            ] {
                let m = try t.match(url)
                #expect(m?.target == expected, "\(url)")
                #expect(t.candidates(for: try RouteURL(url)).first == m?.pattern.description, "\(url)")
            }
            // Near misses: one byte more or less, or a changed last byte, go to the parameter.
            for near in [key + "s", String(key.dropLast()) + "Z", "z" + key] where !Self.keys.contains(near) {
                let base = "\(scheme)://\(host)/\(near)"
                for url in [base, base + "?q", base + "/end"] {
                    let m = try t.match(url)
                    let folded = caseInsensitivePaths && Self.keys.contains(near.lowercased())
                    #expect(folded || m?.target == (url.hasSuffix("/end") ? "param/end" : "param"), "\(url)")
                    #expect(t.candidates(for: try RouteURL(url)).first == m?.pattern.description, "\(url)")
                }
            }
            // A capitalised key reaches the literal only when paths fold case.
            let upper = "\(scheme)://\(host)/\(key.uppercased())"
            #expect(try t.match(upper)?.target == (caseInsensitivePaths ? exact : "param"), "\(upper)")
        }
    }

    /// Tables of 1 to 80 literal edges (2 to 160 slots): small tables wrap their probes past the last line
    /// often. Every key is found, and keys one byte away from them are not.
    @Test func everyTableSizeFindsItsKeysAndOnlyThem() throws {
        for size in 1...80 {
            var b = RouteTableBuilder<Int>()
            for i in 0..<size { try b.add("app://k\(i)", target: i) }
            let t = b.build()
            for i in 0..<size {
                #expect(try t.match("app://k\(i)")?.target == i, "\(size) edges: k\(i)")
                #expect(try t.match("app://k\(i)x") == nil, "\(size) edges: k\(i)x")
                #expect(try t.match("app://j\(i)") == nil, "\(size) edges: j\(i)")
            }
        }
    }
}
