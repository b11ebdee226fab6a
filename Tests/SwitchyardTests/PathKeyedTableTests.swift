import Testing
@testable import Switchyard

/// A trie whose literal table is larger than ``RouteTrie/prefetchThreshold`` files its edges by path hash, and
/// its walk hashes the next segment ahead (see ``RouteTrie/prefetchesSlots``); smaller tables file them by node
/// index. The other tests build small tables, so these build one of each size and check every answer of the
/// large one (literal, parameter, constrained and catch-all steps, escapes, a capitalised host, queries, near
/// misses) against the reference matcher and the small one's.
struct PathKeyedTableTests {
    static func table(hosts: Int, words: Int) throws -> RouteTable<String> {
        var b = RouteTableBuilder<String>()
        for h in 0..<hosts {
            for w in 0..<words {
                let shared = w < 5 ? ["app://h\(h)/:id/w\(w)/end"] : []
                for p in ["app://h\(h)/w\(w)", "app://h\(h)/w\(w)/:n([0-9]+)"] + shared { try b.add(p, target: p) }
            }
            try b.add("app://h\(h)/files/*rest", target: "app://h\(h)/files/*rest")
            try b.add("app://h\(h)/w0/long-segment-of-twenty/:x", target: "app://h\(h)/w0/long-segment-of-twenty/:x")
        }
        return b.build()
    }

    static func urls(hosts: Int, words: Int) -> [String] {
        var out: [String] = []
        for h in [0, 1, hosts / 2, hosts - 1] {
            for w in [0, 1, 4, 5, words - 1, words] {
                out += ["app://h\(h)/w\(w)", "app://h\(h)/w\(w)/42", "app://h\(h)/w\(w)/x", "app://h\(h)/9/w\(w)/end",
                        "app://h\(h)/w\(w)?q=1", "app://h\(h)/%77\(w)", "app://H\(h)/w\(w)/7", "app://h\(h)/w\(w)x",
                        "app://h\(h)/files/a/b%2Fc", "app://h\(h)/w0/long-segment-of-twenty/v",
                        "app://h\(h)/w0/long-segment-of-twentyX/v", "app://h\(h)/9/w\(w)/end/more"]
            }
        }
        return out
    }

    @Test func largeTablesAnswerAsTheReferenceAndAsSmallTables() throws {
        let large = try Self.table(hosts: 70, words: 60)
        let small = try Self.table(hosts: 2, words: 60)
        #expect(large.trie.prefetchesSlots)
        #expect(!small.trie.prefetchesSlots)
        for url in Self.urls(hosts: 70, words: 60) {
            let m = try large.match(url)
            #expect(large.candidates(for: try RouteURL(url)).first == m?.pattern.description, "\(url)")
            if url.hasPrefix("app://h0/") || url.hasPrefix("app://h1/") {
                let s = try small.match(url)
                #expect(m?.target == s?.target, "\(url)")
                #expect(m?.parameters == s?.parameters, "\(url)")
            }
        }
        #expect(try large.match("app://h3/w7/123")?.parameters["n"] == "123")
        #expect(try large.match("app://h69/files/a/b%2Fc")?.parameters["rest"] == "a/b/c")
        #expect(try large.match("app://h5/AC%2FDC/w2/end")?.parameters["id"] == "AC/DC")
        #expect(try large.match("app://h70/w1") == nil)
    }
}
