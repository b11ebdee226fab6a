import SwitchyardTestSupport
import Testing
@testable import Switchyard

/// A table keeps its routes in a compact store and puts them together when read: what it gives back must be
/// exactly what was registered.
struct RouteStorageTests {
    /// Every kind of segment and pattern the store encodes, with and without a scheme.
    static let patterns = MatcherTests.routes + [
        "app://files/:name?",
        "app://files/:n<int>?",
        "app://dump/*",
        "**/signin/:phone([0-9]+)",
        "web://**/help",
        ":h/deep/:x([a-z]+)",
        "app://%3Acolon/%2Astar/sp%20ace",
    ]

    static func expectSame(_ table: RouteTable<String>, _ builder: RouteTableBuilder<String>) {
        #expect(table.count == builder.routes.count)
        #expect(table.targets == builder.routes.map(\.target))
        let rebuilt = table.routes
        #expect(rebuilt.count == builder.routes.count)
        for (k, (got, want)) in zip(rebuilt, builder.routes).enumerated() {
            #expect(got.pattern == want.pattern, "route \(k): \(got.pattern) vs \(want.pattern)")
            #expect(got.pattern.description == want.pattern.description)
            #expect(got.target == want.target && got.priority == want.priority && got.order == want.order, "route \(k)")
            let one = table.route(at: k)
            #expect(one.pattern == want.pattern && one.order == want.order && one.priority == want.priority)
        }
    }

    @Test func routesReadBackAsRegistered() throws {
        var builder = RouteTableBuilder<String>()
        for p in Self.patterns { try builder.add(p, target: "T:" + p) }
        let table = builder.build()
        Self.expectSame(table, builder)
        // The usual table stores no priorities and no orders; both read back as they were.
        #expect(table.routes.allSatisfy { $0.priority == 0 })
        #expect(table.routes.map(\.order) == Array(0..<Self.patterns.count))
    }

    @Test func prioritiesAndOrdersAfterRemovalsReadBack() throws {
        var builder = RouteTableBuilder<String>()
        for (i, p) in Self.patterns.enumerated() { try builder.add(p, target: "T\(i)", priority: i % 3 == 0 ? -i : i % 5) }
        try builder.remove("app://user/me")
        try builder.remove(Self.patterns[0])
        let table = builder.build()
        Self.expectSame(table, builder)
        // Orders keep the gaps the removals left.
        #expect(table.route(at: 0).order == 1)
        #expect(table.routes.contains { $0.priority != 0 })
    }

    @Test func aMatchReadsItsRouteAndParametersFromTheStore() throws {
        var builder = RouteTableBuilder<String>()
        for p in Self.patterns { try builder.add(p, target: p, priority: 2) }
        let table = builder.build()
        let cases: [(url: String, pattern: String, parameters: [String: String])] = [
            ("app://user/login/138", "app://user/login/:phone([0-9]+)", ["phone": "138"]),
            // Optional segments are one ranking class: the earlier registration wins at equal priority.
            ("app://files/42", "app://files/:name?", ["name": "42"]),
            ("app://dump/a/b%2Fc", "app://dump/*", ["*": "a/b/c"]),
            ("web://x/y/help", "web://**/help", [:]),
            ("zz://Host/deep/abc", ":h/deep/:x([a-z]+)", ["h": "host", "x": "abc"]),
            ("app://x/7/lit/q", "app://x/:c<int>/lit/:d", ["c": "7", "d": "q"]),
        ]
        for c in cases {
            let m = try #require(try table.match(c.url), "\(c.url)")
            #expect(m.pattern.description == c.pattern, "\(c.url)")
            #expect(m.target == c.pattern && m.route.target == c.pattern && m.route.priority == 2)
            #expect(m.route.pattern == m.pattern)
            #expect(m.parameters.dictionary == c.parameters, "\(c.url)")
        }
    }

    /// Property: random tables of the suffix-pattern generator's pieces (constraints, optionals,
    /// catch-alls, suffixes, schemes) read back as registered.
    @Test func randomTablesReadBackAsRegistered() {
        var rng = SplitMix64(seed: 0x5707E)
        for _ in 0..<300 {
            var builder = RouteTableBuilder<String>()
            for i in 0..<8 { try? builder.add(SuffixPatternTests.pattern(&rng), target: "t\(i)", priority: rng.below(3) - 1) }
            if let first = builder.routes.first, rng.oneIn(2) { _ = try? builder.remove(first.pattern.description) }
            Self.expectSame(builder.build(), builder)
        }
    }
}
