import SwitchyardTestSupport
import Testing
@testable import Switchyard

struct MatcherTests {
    static func table(_ patterns: [String], priorities: [Int] = [], options: MatchOptions = MatchOptions()) throws -> RouteTable<String> {
        var b = RouteTableBuilder<String>(options: options)
        for (i, p) in patterns.enumerated() {
            try b.add(p, target: p, priority: i < priorities.count ? priorities[i] : 0)
        }
        return b.build()
    }

    static let routes = [
        "app://user/login/:phone([0-9]+)",
        "scheme://host/path/:name([a-zA-Z_-]+)",
        "app://user/:id",
        "app://user/:id<int>",
        "app://user/me",
        "app://user/:id/posts/:post<uuid>",
        "app://user/:id/*rest",
        "share/:id",
        "app://share/special",
        "app://search/:query?",
        "app://files/*path",
        "app://files/readme",
        "app://:tenant/home",
        "app://shop/item/:sku(SKU-[0-9]{4})",
        "app://shop/item/:slug<slug>",
        "app://订单/详情/:id",
        "app://:h<slug>/y",
        "app://:h<alpha>/x",
        "app://:h([a-z]+)/r",
        "app://:h([A-Z]+)/u",
        "app://tree/:p([a-z/]+)",
        "app://a/:x/b",
        // Two constrained siblings whose trials capture different depths: the winner's captures only.
        "app://x/:a([0-9]+)/:b/x",
        "app://x/:c<int>/lit/:d",
        // Literal keys around the 16 bytes a literal slot holds: longer keys compare their tail elsewhere,
        // and a key's length is compared too.
        "app://long/abcdefghijklmnop",
        "app://long/abcdefghijklmnopq",
        "app://long/abcdefghijklmnopqr",
        "app://long/abc",
        "app://long/:x",
        // Suffix patterns: tried after every anchored pattern.
        "**/login/:code([0-9]+)",
        "app://**/settings/:section<alpha>",
        "**/help",
        "**/v/:a/:b<int>",
    ]

    /// (URL, winning pattern or nil, expected parameters)
    static let cases: [(String, String?, [String: String])] = [
        ("app://user/login/13800000000", "app://user/login/:phone([0-9]+)", ["phone": "13800000000"]),
        ("app://user/login/abc", "app://user/:id/*rest", ["id": "login", "rest": "abc"]),
        ("scheme://host/path/John_Doe-x", "scheme://host/path/:name([a-zA-Z_-]+)", ["name": "John_Doe-x"]),
        ("scheme://host/path/John1", nil, [:]),
        ("app://user/me", "app://user/me", [:]),
        ("app://user/ME", "app://user/:id", ["id": "ME"]),
        ("app://user/42", "app://user/:id<int>", ["id": "42"]),
        ("app://user/alice", "app://user/:id", ["id": "alice"]),
        ("app://user/alice/", "app://user/:id", ["id": "alice"]),
        ("APP://USER/alice", "app://user/:id", ["id": "alice"]),
        ("app://user/42/posts/0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", "app://user/:id/posts/:post<uuid>", ["id": "42", "post": "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"]),
        ("app://user/42/posts/not-a-uuid", "app://user/:id/*rest", ["id": "42", "rest": "posts/not-a-uuid"]),
        ("app://user/42/a/b/c", "app://user/:id/*rest", ["id": "42", "rest": "a/b/c"]),
        ("app://user/42/a%2Fb/c", "app://user/:id/*rest", ["id": "42", "rest": "a/b/c"]),
        ("app://share/5", "share/:id", ["id": "5"]),
        ("other://share/5", "share/:id", ["id": "5"]),
        ("share/5", "share/:id", ["id": "5"]),
        ("app://share/special", "app://share/special", [:]),
        ("other://share/special", "share/:id", ["id": "special"]),
        ("app://search", "app://search/:query?", [:]),
        ("app://search/shoes", "app://search/:query?", ["query": "shoes"]),
        ("app://search/shoes/red", nil, [:]),
        ("app://files/readme", "app://files/readme", [:]),
        ("app://files/readme/more", "app://files/*path", ["path": "readme/more"]),
        ("app://files", nil, [:]),
        ("app://acme/home", "app://:tenant/home", ["tenant": "acme"]),
        ("app://ACME/home", "app://:tenant/home", ["tenant": "acme"]),
        ("app://AcMe/home", "app://:tenant/home", ["tenant": "acme"]),
        // A host parameter, typed, regex or plain, is checked against the lowercased host.
        ("app://acme/y", "app://:h<slug>/y", ["h": "acme"]),
        ("app://ACME/y", "app://:h<slug>/y", ["h": "acme"]),
        ("APP://AcMe/y", "app://:h<slug>/y", ["h": "acme"]),
        ("app://%41CME/y", "app://:h<slug>/y", ["h": "acme"]),
        ("app://Team-7/y", "app://:h<slug>/y", ["h": "team-7"]),
        ("app://ACME/x", "app://:h<alpha>/x", ["h": "acme"]),
        ("app://AcMe/x", "app://:h<alpha>/x", ["h": "acme"]),
        ("app://AC3E/x", nil, [:]),
        ("app://ACME/r", "app://:h([a-z]+)/r", ["h": "acme"]),
        ("app://AcMe/r", "app://:h([a-z]+)/r", ["h": "acme"]),
        ("app://acme/u", nil, [:]),
        ("app://ACME/u", nil, [:]),
        ("app://shop/item/SKU-1234", "app://shop/item/:sku(SKU-[0-9]{4})", ["sku": "SKU-1234"]),
        ("app://shop/item/red-shoe", "app://shop/item/:slug<slug>", ["slug": "red-shoe"]),
        ("app://shop/item/Red", nil, [:]),
        ("app://订单/详情/7", "app://订单/详情/:id", ["id": "7"]),
        ("app://%E8%AE%A2%E5%8D%95/%E8%AF%A6%E6%83%85/7", "app://订单/详情/:id", ["id": "7"]),
        // A decoded %2F or %5C is data: a parameter takes the whole decoded segment, never split.
        ("app://user/a%2Fb", "app://user/:id", ["id": "a/b"]),
        ("app://user/a%2fb", "app://user/:id", ["id": "a/b"]),
        ("app://user/a%5Cb", "app://user/:id", ["id": "a\\b"]),
        ("app://user/%2F", "app://user/:id", ["id": "/"]),
        ("app://user/4%2F2", "app://user/:id", ["id": "4/2"]),
        ("app://user/7%2Fposts%2Fabc", "app://user/:id", ["id": "7/posts/abc"]),
        ("app://user/..%2F", "app://user/:id", ["id": "../"]),
        ("app://search/AC%2FDC", "app://search/:query?", ["query": "AC/DC"]),
        ("app://shop/item/SKU-1234%2F", nil, [:]),
        ("app://shop/item/red%2Fshoe", nil, [:]),
        ("app://tree/a%2Fb", "app://tree/:p([a-z/]+)", ["p": "a/b"]),
        ("app://tree/a/b", nil, [:]),
        ("app://a/x/b", "app://a/:x/b", ["x": "x"]),
        ("app://a/x%2Fb", nil, [:]),
        ("app://a/x%2Fb/b", "app://a/:x/b", ["x": "x/b"]),
        // A segment that is or decodes to . or .. is never a parameter value.
        ("app://user/..", nil, [:]),
        ("app://user/%2e%2e", nil, [:]),
        ("app://user/%2E.", nil, [:]),
        ("app://user/.%2e", nil, [:]),
        ("app://user/%2E", nil, [:]),
        ("app://user/%2e%2e/x", nil, [:]),
        ("app://search/%2e%2E", nil, [:]),
        // …but the catch-all takes them; its value is the decoded segments joined with '/'.
        ("app://files/../etc", "app://files/*path", ["path": "../etc"]),
        ("app://files/a/b%2Fc", "app://files/*path", ["path": "a/b/c"]),
        ("app://files/%2e%2e%2Fetc", "app://files/*path", ["path": "../etc"]),
        ("app://files/a%5Cb/%2E", "app://files/*path", ["path": "a\\b/."]),
        ("app://nothing/here", nil, [:]),
        ("app://user/42?x=1#top", "app://user/:id<int>", ["id": "42"]),
        // Suffix patterns match the end of the path, any host and leading segments, below every anchored pattern.
        ("AppScheme://user2/login/13800000000", "**/login/:code([0-9]+)", ["code": "13800000000"]),
        ("app://x/y/z/login/7?q=1", "**/login/:code([0-9]+)", ["code": "7"]),
        ("app://x/login/%37", "**/login/:code([0-9]+)", ["code": "7"]),
        ("app://x/login/abc", nil, [:]),
        ("app://login/7", nil, [:]),
        ("app://user/x/login/7", "app://user/:id/*rest", ["id": "x", "rest": "login/7"]),
        ("app://x/y/settings/privacy", "app://**/settings/:section<alpha>", ["section": "privacy"]),
        ("web://x/y/settings/privacy", nil, [:]),
        ("web://x/help", "**/help", [:]),
        ("web://x/a/b/help/", "**/help", [:]),
        ("app://help", nil, [:]),
        ("app://x/Help", nil, [:]),
        ("app://x/v/..", nil, [:]),
        ("app://x/v/%2e/5", nil, [:]),
        ("app://x/v/a%2Fb/5", "**/v/:a/:b<int>", ["a": "a/b", "b": "5"]),
        ("app://ACME/v/K/5", "**/v/:a/:b<int>", ["a": "K", "b": "5"]),
        ("app://x/12/lit/x", "app://x/:c<int>/lit/:d", ["c": "12", "d": "x"]),
        ("app://x/12/other/x", "app://x/:a([0-9]+)/:b/x", ["a": "12", "b": "other"]),
        ("app://long/abcdefghijklmnop", "app://long/abcdefghijklmnop", [:]),
        ("app://long/abcdefghijklmnopq", "app://long/abcdefghijklmnopq", [:]),
        ("app://long/abcdefghijklmnopqr", "app://long/abcdefghijklmnopqr", [:]),
        ("app://long/abcdefghijklmnopz", "app://long/:x", ["x": "abcdefghijklmnopz"]),
        ("app://long/abcdefghijklmnopqrs", "app://long/:x", ["x": "abcdefghijklmnopqrs"]),
        ("app://long/abcdefghijklmnopq%20", "app://long/:x", ["x": "abcdefghijklmnopq "]),
        ("app://long/abc", "app://long/abc", [:]),
        ("app://long/ab%63", "app://long/abc", [:]),
    ]

    @Test("ranking golden table", arguments: 0..<cases.count)
    func ranking(_ index: Int) throws {
        let t = try Self.table(Self.routes)
        let (url, expected, params) = Self.cases[index]
        let m = try t.match(url)
        #expect(m?.pattern.description == expected, "\(url)")
        if let m { #expect(m.parameters.dictionary == params, "\(url)") }
    }

    /// Constrained siblings that both match are compared by their terminals' precomputed ranks, whether the
    /// terminal is kept in a node, in a literal slot (a child without edges) or inline for a parameter child
    /// without edges. Each pair is registered in both orders of priority, so one of the two orders puts the
    /// winner second among the trials.
    static let rankedTrials: [(patterns: [(String, Int)], url: String, winner: String)] = [
        ([("app://p/:a([0-9]+)/:b", 0), ("app://p/:c<int>/:d", 5)], "app://p/7/q", "app://p/:c<int>/:d"),
        ([("app://p/:c<int>/:d", 0), ("app://p/:a([0-9]+)/:b", 5)], "app://p/7/q", "app://p/:a([0-9]+)/:b"),
        ([("app://q/:a([0-9]+)/end", 0), ("app://q/:c<int>/end", 3)], "app://q/7/end", "app://q/:c<int>/end"),
        ([("app://q/:c<int>/end", 0), ("app://q/:a([0-9]+)/end", 3)], "app://q/7/end", "app://q/:a([0-9]+)/end"),
        ([("app://r/:a([0-9]+)/x", 0), ("app://r/:a([0-9]+)/x/y", 0), ("app://r/:c<int>/x", 1)], "app://r/7/x", "app://r/:c<int>/x"),
        ([("app://r/:c<int>/x", 0), ("app://r/:a([0-9]+)/x", 1), ("app://r/:a([0-9]+)/x/y", 0)], "app://r/7/x", "app://r/:a([0-9]+)/x"),
        // Equal priorities: registration order decides.
        ([("app://t/:a([0-9]+)/:b", 0), ("app://t/:c<int>/:d", 0)], "app://t/7/q", "app://t/:a([0-9]+)/:b"),
        ([("app://t/:c<int>/:d", 0), ("app://t/:a([0-9]+)/:b", 0)], "app://t/7/q", "app://t/:c<int>/:d"),
        // Optional last segments are one class, constrained or not: priority, then registration order.
        ([("app://s/:q?", 5), ("app://s/:n<int>?", 0)], "app://s/42", "app://s/:q?"),
        ([("app://s/:q?", 0), ("app://s/:n<int>?", 5)], "app://s/42", "app://s/:n<int>?"),
        ([("app://s/:q?", 0), ("app://s/:n<int>?", 0)], "app://s/42", "app://s/:q?"),
        ([("app://s/:n<int>?", 0), ("app://s/:q?", 0)], "app://s/42", "app://s/:n<int>?"),
        ([("app://s/:n<int>?", 0), ("app://s/:q?", 0)], "app://s/abc", "app://s/:q?"),
        ([("app://s/:q?", 1), ("app://s/:n<int>?", 0), ("app://s/:h([a-f]+)?", 2)], "app://s/42", "app://s/:q?"),
        ([("app://s/:q?", 1), ("app://s/:n<int>?", 0), ("app://s/:h([a-f0-9]+)?", 2)], "app://s/42", "app://s/:h([a-f0-9]+)?"),
        // Absent: the absent variants rank the same way.
        ([("app://s/:q?", 0), ("app://s/:n<int>?", 5)], "app://s", "app://s/:n<int>?"),
    ]

    @Test("constrained trials compare ranks", arguments: 0..<rankedTrials.count)
    func constrainedTrialsCompareRanks(_ index: Int) throws {
        let c = Self.rankedTrials[index]
        let t = try Self.table(c.patterns.map(\.0), priorities: c.patterns.map(\.1))
        #expect(try t.match(c.url)?.pattern.description == c.winner)
        #expect(t.candidates(for: try RouteURL(c.url)).first == c.winner)
    }

    @Test func trieAgreesWithReferenceMatcherOnGoldenCases() throws {
        let t = try Self.table(Self.routes)
        for (url, _, _) in Self.cases {
            let parsed = try RouteURL(url)
            #expect(t.candidates(for: parsed).first == (try t.match(url))?.pattern.description, "\(url)")
        }
    }

    @Test func literalBeatsConstrainedBeatsPlainBeatsOptionalBeatsCatchAll() throws {
        let t = try Self.table(["app://a/*rest", "app://a/:x?", "app://a/:x", "app://a/:x<int>", "app://a/7"])
        #expect(try t.match("app://a/7")?.pattern.description == "app://a/7")
        #expect(try t.match("app://a/8")?.pattern.description == "app://a/:x<int>")
        #expect(try t.match("app://a/b")?.pattern.description == "app://a/:x")
        #expect(try t.match("app://a")?.pattern.description == "app://a/:x?")
        #expect(try t.match("app://a/b/c")?.pattern.description == "app://a/*rest")
        let without = try Self.table(["app://a/*rest", "app://a/:x?"])
        #expect(try without.match("app://a/b")?.pattern.description == "app://a/:x?")
    }

    @Test func backtracksWhenABranchDeadEnds() throws {
        let t = try Self.table(["app://a/b/c", "app://a/:x/d", "app://a/:x<int>/e", "app://:h/b/f"])
        #expect(try t.match("app://a/b/d")?.pattern.description == "app://a/:x/d")
        #expect(try t.match("app://a/5/e")?.pattern.description == "app://a/:x<int>/e")
        #expect(try t.match("app://a/5/d")?.pattern.description == "app://a/:x/d")
        #expect(try t.match("app://a/b/f")?.pattern.description == "app://:h/b/f")
    }

    @Test func priorityThenRegistrationOrderBreakTies() throws {
        // Same segment classes (two constraints at the same position): priority decides, then order.
        let byOrder = try Self.table(["app://n/:a([0-9]+)", "app://n/:b<int>"])
        #expect(try byOrder.match("app://n/5")?.pattern.description == "app://n/:a([0-9]+)")
        let byPriority = try Self.table(["app://n/:a([0-9]+)", "app://n/:b<int>"], priorities: [0, 5])
        #expect(try byPriority.match("app://n/5")?.pattern.description == "app://n/:b<int>")
        // Priority never beats a more specific segment class.
        let classFirst = try Self.table(["app://n/:a", "app://n/x"], priorities: [100, 0])
        #expect(try classFirst.match("app://n/x")?.pattern.description == "app://n/x")
    }

    @Test func specificSchemeBeatsAnyScheme() throws {
        let t = try Self.table(["share/:id", "app://share/:id"])
        #expect(try t.match("app://share/1")?.pattern.description == "app://share/:id")
        #expect(try t.match("web://share/1")?.pattern.description == "share/:id")
    }

    @Test func caseFoldingOfPathsIsAnOption() throws {
        let strict = try Self.table(["app://a/Profile"])
        #expect(try strict.match("app://a/profile") == nil)
        let folded = try Self.table(["app://a/Profile"], options: MatchOptions(caseInsensitivePaths: true))
        #expect(try folded.match("app://a/PROFILE")?.pattern.description == "app://a/Profile")
    }

    @Test func conflictsAreTypedErrorsNamingBothPatterns() throws {
        var b = RouteTableBuilder<Int>()
        try b.add("app://search/:query", target: 1)
        #expect(throws: RegistrationError.sameShape(pattern: "app://search/:keyword", existing: "app://search/:query")) {
            try b.add("app://search/:keyword", target: 2)
        }
        #expect(throws: RegistrationError.duplicate(pattern: "app://search/:query")) {
            try b.add("APP://Search/:query/", target: 3)
        }
        // Different constraints are different shapes.
        try b.add("app://search/:id<int>", target: 4)
        #expect(b.routes.count == 2)
    }

    @Test func shapeConflictsFollowFoldingKindsAndConstraints() throws {
        var folded = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: true))
        try folded.add("app://a/Profile/:id", target: 1)
        #expect(throws: RegistrationError.sameShape(pattern: "app://a/profile/:key", existing: "app://a/Profile/:id")) {
            try folded.add("app://a/profile/:key", target: 2)
        }
        try folded.add("**/Login/:phone([0-9]+)", target: 3)
        #expect(throws: RegistrationError.sameShape(pattern: "**/login/:p([0-9]+)", existing: "**/Login/:phone([0-9]+)")) {
            try folded.add("**/login/:p([0-9]+)", target: 4)
        }
        var strict = RouteTableBuilder<Int>()
        try strict.add("app://a/Profile/:id", target: 1)
        try strict.add("app://a/profile/:key", target: 2)
        try strict.add("**/Login/:phone", target: 3)
        try strict.add("**/login/:phone", target: 4)
        // The kind of capture and its constraint are part of the shape; names are not.
        try strict.add("app://k/:a?", target: 5)
        try strict.add("app://k/*rest", target: 6)
        try strict.add("app://k/:a", target: 7)
        try strict.add("app://k/:a([0-9]+)", target: 8)
        try strict.add("app://k/:a([0-9]*)", target: 9)
        #expect(throws: RegistrationError.sameShape(pattern: "app://k/*", existing: "app://k/*rest")) {
            try strict.add("app://k/*", target: 10)
        }
        #expect(throws: RegistrationError.sameShape(pattern: "app://k/:b([0-9]+)", existing: "app://k/:a([0-9]+)")) {
            try strict.add("app://k/:b([0-9]+)", target: 11)
        }
        #expect(throws: RegistrationError.duplicate(pattern: "app://k/:a?")) { try strict.add("app://k/:a?", target: 12) }
        #expect(throws: RegistrationError.duplicate(pattern: "订单/:id")) { try strict.add(["x://y", "订单/:id", "%E8%AE%A2%E5%8D%95/:id"], target: 13) }
        #expect(strict.routes.count == 9)
        // Routes parsed with the same constraint text share one compiled constraint, and still match alike.
        let table = strict.build()
        #expect(try table.match("app://k/12")?.pattern.description == "app://k/:a([0-9]+)")
        #expect(try table.match("app://k/x")?.pattern.description == "app://k/:a")
        #expect(try table.match("app://k/x/y")?.pattern.description == "app://k/*rest")
    }

    @Test func patternSegmentsParseFromTheTextInPlace() throws {
        #expect(throws: PatternError(reason: .duplicateParameterName("*"), offset: 10, pattern: "app://a/*/*")) {
            try RoutePattern("app://a/*/*")
        }
        #expect(throws: PatternError(reason: .duplicateParameterName("id"), offset: 4, pattern: ":id/:id")) { try RoutePattern(":id/:id") }
        #expect(throws: PatternError(reason: .dotSegment, offset: 8, pattern: "app://a/%2E%2E")) { try RoutePattern("app://a/%2E%2E") }
        #expect(throws: PatternError(reason: .dotSegment, offset: 8, pattern: "app://a/.")) { try RoutePattern("app://a/.") }
        #expect(throws: PatternError(reason: .forbiddenCharacter, offset: 8, pattern: "app://a/b%01")) { try RoutePattern("app://a/b%01") }
        let p = try RoutePattern("APP://Shop/订单/a%2Fb/.../:id<int>/:rest([a-z]+)?")
        #expect(p.description == "app://shop/订单/a%2Fb/.../:id<int>/:rest([a-z]+)?")
        #expect(p.path.map(\.description) == ["订单", "a%2Fb", "...", ":id<int>", ":rest([a-z]+)?"])
        let many = "app://h/" + (1...9).map { ":p\($0)" }.joined(separator: "/")
        #expect(throws: PatternError(reason: .tooManyParameters, offset: many.utf8.count - 3, pattern: many)) { try RoutePattern(many) }
    }

    @Test func invalidPatternsAreTypedErrors() {
        let bad: [(String, PatternError.Reason)] = [
            ("", .empty),
            ("app://", .missingHost),
            ("app://a/:", .invalidParameterName),
            ("app://a/:1x", .invalidParameterName),
            ("app://a/:x/:x", .duplicateParameterName("x")),
            ("app://a/:x?/b", .optionalNotLast),
            ("app://a/*r/b", .catchAllNotLast),
            ("app://a/:x(abc", .unterminatedConstraint),
            ("app://a/:x<number>", .unknownType("number")),
            ("app://a/:x-y", .unexpectedCharacter("-")),
            ("app://a/b?x=1", .queryNotAllowed),
            ("app://a/%zz", .badPercentEscape),
            ("app://a/..", .dotSegment),
            ("app://a/b c", .forbiddenCharacter),
            ("app://*x/b", .invalidHost),
            ("1a://x", .invalidScheme),
        ]
        for (text, reason) in bad {
            do {
                _ = try RoutePattern(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.reason == reason, "\(text): \(error)")
            }
        }
        do {
            _ = try RoutePattern("app://a/:x((a+)+)")
            Issue.record("accepted a catastrophic constraint")
        } catch {
            guard case .constraint(let c) = error.reason else { Issue.record("wrong reason \(error)"); return }
            #expect(c.reason == .nestedQuantifier)
            #expect(error.description.contains("app://a/:x((a+)+)"))
        }
    }

    @Test func patternsPrintBackTheirCanonicalText() throws {
        let more = ["app://a/:x<int>?", "app://a/*", "app://a/%3Acolon", "app://a/%2Astar", "app://a/b%2Fc", "shop://cart/(a+)+"]
        for text in Self.routes + more {
            let p = try RoutePattern(text)
            #expect(try RoutePattern(p.description) == p, "\(text)")
        }
        #expect(try RoutePattern("APP://Host/Path/").description == "app://host/Path")
        // Every command shows a literal as the path reads it: `+` stays `+` (it is a space only in a query).
        let spelled: [(String, String)] = [
            ("shop://cart/(a+)+", "shop://cart/(a+)+"), ("shop://c/a%2Bb", "shop://c/a+b"),
            ("app://a/sp%20ace", "app://a/sp%20ace"), ("app://a/b%2Fc", "app://a/b%2Fc"),
        ]
        for (text, canonical) in spelled {
            #expect(try RoutePattern(text).description == canonical, "\(text)")
        }
    }

    @Test func invalidURLsThrowFromMatch() throws {
        let t = try Self.table(Self.routes)
        #expect(throws: URLParseError(.badPercentEscape, at: 11)) { try t.match("app://user/%zz") }
        #expect(t.canMatch("app://user/%zz") == false)
        #expect(t.canMatch("app://user/5") == true)
    }

    @Test func validateReportsShadowedPatterns() throws {
        // `[0-9]{1,5}` values are all Int64s, so `<int>` takes every URL; `[0-9]+` would not be shadowed
        // (a 20-digit value is no Int64), though sample URLs once said it was.
        let t = try Self.table(["app://n/:a<int>", "app://n/:b([0-9]{1,5})", "app://n/:c", "app://m/x"])
        let reports = t.validate()
        #expect(reports.map(\.pattern) == ["app://n/:b([0-9]{1,5})"])
        #expect(reports.first?.shadowedBy == "app://n/:a<int>")
        #expect(try Self.table(["app://n/:a<int>", "app://n/:b([0-9]+)"]).validate() == [])
    }

    @Test func explainListsCandidatesAndWhy() throws {
        let t = try Self.table(Self.routes)
        let e = t.explain("app://user/42")
        #expect(e.winner == "app://user/:id<int>")
        let verdicts = Dictionary(uniqueKeysWithValues: e.candidates.map { ($0.pattern, $0.verdict) })
        #expect(verdicts["app://user/:id<int>"]?.hasPrefix("won") == true)
        #expect(verdicts["app://user/:id"] == "lost to app://user/:id<int> at segment 1: parameter vs constrained parameter")
        #expect(verdicts["app://user/me"] == "segment 1: '42' is not 'me'")
        #expect(t.explain("app://user/%").error?.code == "bad_percent_escape")
    }

    /// Every verdict that names a part of the URL says it one way, `WHERE: 'value' …`: the place,
    /// a colon, the value quoted, then why (`is not 'x'`, `does not satisfy <int>`).
    @Test(arguments: [
        ("app://user/me", "app://user/42", "segment 1: '42' is not 'me'"),
        ("app://user/:id<int>", "app://user/abc", "segment 1: 'abc' does not satisfy <int>"),
        ("app://user/:id", "app://user/..", "segment 1: '..' is not allowed as a parameter value (dot segment)"),
        ("app://user/:id", "web://user/7", "scheme: 'web' is not 'app'"),
        // A URL with no scheme (`hello`, a bare path) is told so, not shown as an empty quote.
        ("app://hello", "hello", "scheme: the URL has none, the route needs 'app'"),
        ("app://user/:id", "app://users/7", "host: 'users' is not 'user'"),
        ("app://user/:id", "app://user/7/x", "the URL has more segments than the pattern"),
        ("**/help/:n<int>", "app://a/help/x", "segment 2: 'x' does not satisfy <int>"),
    ])
    func verdictsNameThePlaceThenTheValue(_ pattern: String, _ url: String, _ verdict: String) throws {
        let t = try Self.table([pattern])
        let e = t.explain(url)
        #expect(e.winner == nil)
        #expect(e.candidates.map(\.verdict) == [verdict], "\(e.candidates)")
    }

    @Test func tablePrintsAsAnIndentedTree() throws {
        let t = try Self.table(["app://user/:id<int>", "app://user/me", "app://user/:id/*rest", "share/:id", "app://search/:q?"])
        let expected = """
        app://
          user
            me
              → app://user/me [app://user/me]
            :<int>
              → app://user/:id<int> [app://user/:id<int>]
            :
              * → app://user/:id/*rest [app://user/:id/*rest]
          search
            → app://search/:q? [app://search/:q?] (optional absent)
            :? → app://search/:q? [app://search/:q?]
        *://
          share
            :
              → share/:id [share/:id]
        """
        #expect(t.treeDescription == expected)
    }

    @Test func manyLiteralSiblingsUseTheHashTable() throws {
        var b = RouteTableBuilder<Int>()
        for i in 0..<500 { try b.add("app://h\(i % 7)/item\(i)/:x", target: i) }
        let t = b.build()
        for i in stride(from: 0, to: 500, by: 7) {
            #expect(try t.match("app://h\(i % 7)/item\(i)/z")?.target == i)
            #expect(try t.match("app://H\(i % 7)/item\(i)/z")?.target == i)
            #expect(try t.match("app://h\(i % 7)/Item\(i)/z") == nil)
        }
    }

    @Test func typedParameterAccessors() throws {
        let t = try Self.table(["app://order/:id<int>/:flag"])
        let m = try #require(try t.match("app://order/42/yes"))
        #expect(m.parameters.get("id", as: Int.self) == 42)
        #expect(m.parameters.get("flag", as: Bool.self) == true)
        #expect(m.parameters.get("flag", as: Int.self) == nil)
        #expect(throws: ParameterError.invalid(key: "flag", value: "yes", expected: "Int")) {
            try m.parameters.require("flag", as: Int.self)
        }
        #expect(throws: ParameterError.missing(key: "nope", expected: "String")) {
            try m.parameters.require("nope", as: String.self)
        }
    }

    @Test func urlsAreBuiltFromPatterns() throws {
        let p = try RoutePattern("app://order/:id<int>/:name")
        #expect(try p.url(["id": "42", "name": "a b/c"], query: [QueryItem(name: "from", value: "a&b")]) == "app://order/42/a%20b%2Fc?from=a%26b")
        #expect(throws: URLBuildError.constraintFailed(name: "id", value: "x", constraint: "<int>")) {
            try p.url(["id": "x", "name": "n"])
        }
        #expect(throws: URLBuildError.missingParameter(name: "name", pattern: "app://order/:id<int>/:name")) {
            try p.url(["id": "1"])
        }
        // What is built matches the pattern it came from, with the same values.
        var b = RouteTableBuilder<Int>()
        try b.add(p, target: 1)
        let m = try b.build().match(try p.url(["id": "7", "name": "中 文/%"]))
        #expect(m?.parameters.dictionary == ["id": "7", "name": "中 文/%"])
        // A host parameter is checked and written lowercased, as the matcher reads it.
        #expect(try RoutePattern("app://:h<slug>/y").url(["h": "ACME"]) == "app://acme/y")
    }

    @Test func packedRankKeysCompareLikeTheVectorsTheyPack() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let a = (0..<Int(rng.next() % 35)).map { _ in UInt8(rng.next() % 5) }
            var b = a
            switch rng.next() % 3 {
            case 0: b = (0..<Int(rng.next() % 35)).map { _ in UInt8(rng.next() % 5) }
            case 1: if !b.isEmpty { b[Int(rng.next() % UInt64(b.count))] = UInt8(rng.next() % 5) }
            default: b.append(UInt8(rng.next() % 5))
            }
            #expect((RankKey(a) < RankKey(b)) == a.lexicographicallyPrecedes(b), "\(a) vs \(b)")
            #expect((RankKey(a) == RankKey(b)) == (a == b), "\(a) vs \(b)")
        }
    }
}
