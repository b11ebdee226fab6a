import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTooling
import Testing

/// The QA trial's findings on the library side, one table each: lint's placed lines, the near-miss
/// metadata keys, the login metadata the loader refuses, and `explain` of a walk that stops.
struct QATrialFindingsTests {
    static func file(_ json: String) throws -> RouteFile {
        try RouteSchema.decode(RouteFile.self, json: Data(json.utf8))
    }

    /// `FILE:LINE:COLUMN: ` before the finding, compiler style; the file alone when the finding has no
    /// place, and nothing when there is no file.
    @Test func aFindingsLinePlacesItCompilerStyle() throws {
        let check = try RouteFileCheck(json: Data(#"""
        {"routes": [{"pattern": "app://a", "target": "A"},
                    {"pattern": "app://a", "target": "B"}]}
        """#.utf8), file: "r.json")
        let duplicate = try #require(check.findings.first)
        let unplaced = RouteLintFinding(.schema, "file", "missing required key \"routes\"")
        let cases: [(RouteLintFinding, String?, String)] = [
            (duplicate, "r.json", "r.json:2:13: error: [duplicate] routes[1]: pattern 'app://a' is already registered"),
            (duplicate, nil, "error: [duplicate] routes[1]: pattern 'app://a' is already registered"),
            (unplaced, "r.json", "r.json: error: [schema] file: missing required key \"routes\""),
            (unplaced, nil, "error: [schema] file: missing required key \"routes\""),
        ]
        for (finding, file, expected) in cases {
            #expect(finding.line(file: file) == expected)
        }
    }

    /// A key near one Switchyard reads is named with the key it was probably meant to be; keys far from
    /// every known key, and the known keys themselves, are not.
    @Test func nearMissMetadataKeysAreNamed() {
        let cases: [(String, String?)] = [
            ("requireLogin", "requiresLogin"), ("requiresLogn", "requiresLogin"), ("reqiuresLogin", "requiresLogin"), ("RequiresLogin", "requiresLogin"),
            ("REQUIRESLOGIN", "requiresLogin"), ("requires_login", "requiresLogin"), ("loginflow", "loginFlow"),
            ("logInFlow", "loginFlow"), ("loginFlows", "loginFlow"), ("Web", "web"), ("wbe", "web"), ("we", "web"),
            ("importWarnings", "importWarning"), ("exclude", "excluded"),
            ("requiresLogin", nil), ("loginFlow", nil), ("web", nil), ("importWarning", nil), ("excluded", nil),
            ("title", nil), ("id", nil), ("tab", nil), ("new", nil), ("requiresAuth", nil), ("color", nil),
        ]
        for (key, expected) in cases {
            #expect(UnknownMetadataKeyRule.nearestKnownKey(to: key) == expected, "\(key)")
        }
    }

    @Test func lintWarnsOfANearMissKeyAtItsPlace() throws {
        let file = try Self.file(#"""
        {"routes": [{"pattern": "x://b/:id<int>", "target": "D", "metadata": {"requireLogin": "true", "title": "B"}},
                    {"pattern": "x://c", "target": "C", "metadata": {"Web": true, "requiresLogin": true}}]}
        """#)
        let found = RouteLint.findings(file).filter { $0.code == .unknownMetadataKey }.map(\.description)
        #expect(found == [
            "warning: [unknown-metadata-key] routes[0].metadata.requireLogin: unknown metadata key 'requireLogin' "
                + "(did you mean 'requiresLogin'?)",
            "warning: [unknown-metadata-key] routes[1].metadata.Web: unknown metadata key 'Web' (did you mean 'web'?)",
        ])
    }

    /// Which literal texts read as a constraint without its `:name`, and which do not.
    @Test(arguments: [
        ("(a+)+", true), ("([0-9]+)", true), ("(x|y)", true), ("(v1)", true), ("<int>", true), ("<slug>", true),
        ("a+", false), ("(a", false), ("a)", false), ("(a)b", false), ("<>", false), ("v1", false), ("int", false),
    ])
    func aConstraintWithoutANameIsTold(_ text: String, _ told: Bool) {
        #expect(ConstraintAsLiteralRule.looksLikeAConstraint(text) == told, "\(text)")
    }

    @Test func lintWarnsOfAConstraintWrittenAsALiteral() throws {
        let file = try Self.file(#"""
        {"routes": [{"pattern": "shop://cart/(a+)+", "target": "C"}, {"pattern": "shop://item/<int>", "target": "I"},
                    {"pattern": "shop://x/:id(a+)", "target": "X"}, {"pattern": "shop://x/y", "target": "Y"}]}
        """#)
        let found = RouteLint.findings(file).filter { $0.code == .constraintAsLiteral }.map(\.description)
        #expect(found == [
            "warning: [constraint-as-literal] routes[0]: segment 1: '(a+)+' is literal text that reads as a constraint; "
                + "a parameter is written ':name(a+)+'",
            "warning: [constraint-as-literal] routes[1]: segment 1: '<int>' is literal text that reads as a constraint; "
                + "a parameter is written ':name<int>'",
        ])
    }

    /// A route the app leaves out (a duplicate, an unreadable login value) still has its near-miss keys
    /// told, at the route's index in the file.
    @Test func aLeftOutRoutesNearMissKeysAreTold() throws {
        let json = #"""
        {"routes": [{"pattern": "x://a", "target": "A", "metadata": {"loginFlow": "yes", "Web": "true"}},
                    {"pattern": "x://b", "target": "B"},
                    {"pattern": "x://b", "target": "B2", "metadata": {"requireLogin": "true"}}]}
        """#
        let check = try RouteFileCheck(json: Data(json.utf8), file: "f.json")
        #expect(check.findings.map { "\($0.code) \($0.location)" } == [
            "metadata-type routes[0].metadata.loginFlow", "unknown-metadata-key routes[0].metadata.Web",
            "duplicate routes[2]", "unknown-metadata-key routes[2].metadata.requireLogin",
        ])
        let collected = try RouteFile.collecting(json: Data(json.utf8), file: "f.json")
        #expect(RouteLint.findings(collected).filter { $0.code == .unknownMetadataKey }.map(\.location) == [
            "routes[0].metadata.Web", "routes[2].metadata.requireLogin",
        ])
    }

    /// `requiresLogin` and `loginFlow` take true or false, at load as in lint; the key is named.
    @Test func loginMetadataTheLoaderRefuses() {
        let cases: [([String: String], String?)] = [
            (["requiresLogin": "true"], nil), (["requiresLogin": "false", "loginFlow": "true"], nil),
            (["requiresLogin": "TRUE"], "requiresLogin"), (["requiresLogin": "1"], "requiresLogin"),
            (["loginFlow": "yes"], "loginFlow"), (["loginFlow": "1", "requiresLogin": "true"], "loginFlow"),
            (["requiresLogin": "no", "loginFlow": "no"], "requiresLogin"), (["title": "x"], nil),
        ]
        for (metadata, key) in cases {
            let problem = ScreenRoute.loginMetadataKeyProblem(metadata)
            #expect(problem?.key == key, "\(metadata)")
            #expect(problem.map { $0.message.contains("takes true or false") } ?? true)
            #expect(ScreenRoute.loginMetadataProblem(metadata) == problem?.message)
        }
        let check = try? RouteFileCheck(json: Data(#"""
        {"routes": [{"pattern": "x://a", "target": "A", "metadata": {"loginFlow": "yes"}},
                    {"pattern": "x://b", "target": "B"}]}
        """#.utf8), file: "f.json")
        let errors = check?.errors.map { "\($0.location): \($0.code)" }
        #expect(errors == ["routes[0].metadata.loginFlow: metadata-type"])
        if let check { #expect(check.errors.allSatisfy { check.isLeftOut($0) }) }
    }

    static let walks = #"""
    {"routes": [{"pattern": "shop://home", "target": "Home"}, {"pattern": "shop://b/:id<int>", "target": "B"},
                {"pattern": "shop://product/:id<int>", "target": "Product"}, {"pattern": "shop://old/:id", "target": "Old"}],
     "redirects": [{"from": "shop://a/:id", "to": "shop://b/:id"}, {"from": "shop://b/:id", "to": "shop://a/:id"},
                   {"from": "shop://h0", "to": "shop://h1"}, {"from": "shop://h1", "to": "shop://h2"},
                   {"from": "shop://h2", "to": "shop://h3"}, {"from": "shop://h3", "to": "shop://h4"},
                   {"from": "shop://h4", "to": "shop://h5"}, {"from": "shop://h5", "to": "shop://h6"},
                   {"from": "shop://h6", "to": "shop://h7"}, {"from": "shop://h7", "to": "shop://h8"},
                   {"from": "shop://h8", "to": "shop://h9"}, {"from": "shop://h9", "to": "shop://home"}],
     "relocations": {"version": 1, "entries": [{"op": "delete", "pattern": "shop://old/:id"}]}}
    """#

    /// A walk that stops (a loop, the hop limit, a deletion) is explained by why and the chain, with only
    /// the routes that match a URL of the chain; a walk that reaches a route, or none, is unchanged.
    @Test func explainOfAStoppedWalkLeadsWithWhyAndTheChain() throws {
        let router = Router()
        try Self.file(Self.walks).register(on: router) { _ in nil }
        let hops = (0...9).map { "shop://h\($0)" }
        let cases: [(String, [String])] = [
            ("shop://a/1", [
                "explain shop://a/1", "  stopped: redirect loop", "  chain: shop://a/1 → shop://b/1 → shop://a/1",
                "  via redirect shop://a/:id → shop://b/1", "  via redirect shop://b/:id → shop://a/1", "  winner: none",
                "  ✗ shop://b/:id<int>: bypassed: redirect shop://b/:id rewrites shop://b/1 first",
            ]),
            ("shop://a/x", [
                "explain shop://a/x", "  stopped: redirect loop", "  chain: shop://a/x → shop://b/x → shop://a/x",
                "  via redirect shop://a/:id → shop://b/x", "  via redirect shop://b/:id → shop://a/x", "  winner: none",
            ]),
            ("shop://h0", ["explain shop://h0", "  stopped: more than 8 redirects",
                           "  chain: " + hops.joined(separator: " → ")]
                + (0..<9).map { "  via redirect shop://h\($0) → shop://h\($0 + 1)" } + ["  winner: none"]),
            ("shop://old/3", [
                "explain shop://old/3", "  stopped: the relocation table deletes this route", "  chain: shop://old/3",
                "  via relocation shop://old/:id: deleted", "  winner: none",
                "  ✗ shop://old/:id: not opened: the relocation table deletes this route; it would win on rank "
                    + "(specific scheme, literal, parameter)",
            ]),
            ("shop://product/abc", [
                "explain shop://product/abc", "  winner: none",
                "  ✗ shop://product/:id<int>: segment 1: 'abc' does not satisfy <int>",
            ]),
            ("shop://product/1", [
                "explain shop://product/1", "  winner: shop://product/:id<int>",
                "  ✓ shop://product/:id<int>: won (specific scheme, literal, constrained parameter)",
            ]),
        ]
        for (url, expected) in cases {
            #expect(router.explain(url).description.split(separator: "\n").map(String.init) == expected, "\(url)")
        }
    }
}

/// The app's load (`RouteFileCheck` with the load's rules) tells the warnings a route earns alone that
/// leave it useless or open, as lint does; only the warnings that compare routes are lint's alone.
struct LoadWarningsTests {
    @Test func theLoadTellsAConstraintWrittenAsLiteralAndANearMissKey() throws {
        let json = #"{"routes": [{"pattern": "shop://search/(a+)+", "target": "Search"}, "#
            + #"{"pattern": "shop://a", "target": "A", "metadata": {"requireLogin": true}}]}"#
        let load = try RouteFileCheck(json: Data(json.utf8), file: "r.json", rules: .errors)
        let lint = try RouteFileCheck(json: Data(json.utf8), file: "r.json", rules: .all)
        #expect(load.warnings.map(\.code) == [.constraintAsLiteral, .unknownMetadataKey], "\(load.warnings)")
        #expect(load.warnings.map(\.code) == lint.warnings.map(\.code))
    }
}
