import Foundation
import Switchyard
import Testing
@testable import SwitchyardTooling

/// A route file read by `RouteFile.collecting` keeps every entry that reads and names every one that
/// does not; lint over it reports them all in one run, each at its place in the file as written.
@Suite struct RouteFileCollectingTests {
    /// Files with several problems, and the (code, location) of every finding lint must report.
    static let cases: [(name: String, json: String, expected: [String])] = [
        ("four bad redirects", #"""
        {"routes": [{"pattern": "app://a/:id", "target": "A"}],
         "redirects": [
           {"from": "app://r1/:id", "to": "app://x/:missing"},
           {"from": "app://r2", "to": "app://y/:nope"},
           {"from": "app://ok/:id", "to": "app://a/:id"},
           {"from": "app://r3/:a", "to": "app://z/:b"},
           {"from": "app://r4", "to": "app://w/:c"}]}
        """#, [
            "invalid-redirect redirects[0].to", "invalid-redirect redirects[1].to",
            "invalid-redirect redirects[3].to", "invalid-redirect redirects[4].to",
        ]),
        ("every kind of load error, and findings on what reads", #"""
        {"routes": [
           {"pattern": "app://a/:id<int", "target": "A"},
           {"pattern": "app://b", "target": 7},
           {"pattern": "app://c/:id", "target": "C", "colour": "red"},
           {"pattern": "app://c/:id", "target": "C2"},
           {"pattern": "app://c/:other", "target": "C3"},
           {"pattern": "app://d/:x", "target": "D", "metadata": {"requiresLogin": "yes"}},
           {"pattern": "app://e/:x", "target": "E", "metadata": {"importWarning": "optional group dropped"}}],
         "redirects": [{"from": "app://r", "to": "app://nowhere"}, {"from": "app://bad/:x<int", "to": "app://a"}],
         "relocations": {"version": 1, "entries": [
           {"op": "replace", "pattern": "app://x/:id", "to": "app://y/:id"},
           {"op": "move", "pattern": "app://z"},
           {"op": "replace", "pattern": "app://y/:id", "to": "app://x/:id"},
           {"op": "delete", "pattern": "app://d/:x"}]}}
        """#, [
            "invalid-pattern routes[0].pattern", "schema routes[1].target", "schema routes[2].colour",
            "invalid-redirect redirects[1].from", "relocation relocations.entries[1].op",
            "relocation relocations.entries[2]",
            "same-shape routes[4]", "metadata-type routes[5].metadata.requiresLogin",
            "unknown-target redirects[0]", "unknown-target relocations.entries[0]", "import-warning routes[6]",
        ]),
    ]

    @Test("lint reports every problem in one run", arguments: 0..<cases.count)
    func lintReportsEveryProblem(_ index: Int) throws {
        let c = Self.cases[index]
        let collected = try RouteFile.collecting(json: Data(c.json.utf8), file: "t.json")
        let found = RouteLint.findings(collected).map { "\($0.code) \($0.location)" }
        let findings = RouteLint.findings(collected).map(\.description).joined(separator: "\n")
        #expect(Set(found) == Set(c.expected), "\(c.name): \(findings)")
        #expect(found.count == c.expected.count, "\(c.name): \(found)")
    }

    @Test func theEntriesThatReadAreKeptWithTheirPlaces() throws {
        let json = #"""
        {"routes": [{"pattern": "app://a/:id<int", "target": "A"}, {"pattern": "app://b", "target": "B"},
                    {"pattern": "app://b", "target": "B2"}, {"pattern": "app://c", "target": "C"}]}
        """#
        let collected = try RouteFile.collecting(json: Data(json.utf8), file: "t.json")
        #expect(collected.file.routes.map(\.target) == ["B", "B2", "C"])
        #expect(collected.routeIndices == [1, 2, 3])
        #expect(collected.errors.map(\.location) == ["routes[0].pattern"])
        #expect(collected.errors.first?.file == "t.json")
        let registrable = collected.registrable()
        #expect(registrable.file.routes.map(\.target) == ["B", "C"])
        #expect(registrable.routeIndices == [1, 3])
        #expect(registrable.errors.map(\.location) == ["routes[0].pattern", "routes[2]"])
        // A clean file reads as the strict reader reads it.
        let clean = #"{"routes": [{"pattern": "app://a", "target": "A"}], "#
            + #""redirects": [{"from": "app://b", "to": "app://a"}]}"#
        let both = try RouteFile.collecting(json: Data(clean.utf8))
        #expect(both.errors.isEmpty)
        #expect(both.file == (try RouteFile.decode(json: Data(clean.utf8))))
    }

    @Test func aSyntaxErrorStillStopsTheRead() {
        #expect(throws: RouteFileError.self) { try RouteFile.collecting(json: Data("{\"routes\": [,]}".utf8)) }
    }
}
