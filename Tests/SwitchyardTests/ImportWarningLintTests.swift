import Foundation
import Switchyard
import Testing
@testable import SwitchyardTooling

/// `import-warning` findings: a route's `importWarning` of several lines (the importer joins a route's
/// losses with line breaks) gives one finding per line, so every printed line is whole: severity, code,
/// location and one warning with its `FILE:LINE`, and `grep` on any part of it finds the route.
@Suite struct ImportWarningLintTests {
    /// (importWarning as stored, the lines lint prints for the route `app://a/*rest → A` at routes[0]).
    static let cases: [(warning: String, lines: [String])] = [
        ("M.m:3: one loss", ["M.m:3: one loss"]),
        ("M.m:3: first\nM.m:9: second", ["M.m:3: first", "M.m:9: second"]),
        ("M.m:3: first\r\nM.m:9: second\n", ["M.m:3: first", "M.m:9: second"]),
        ("M.m:3: first\n\n  \nM.m:4: third", ["M.m:3: first", "M.m:4: third"]),
        ("", [""]),
    ]

    @Test(arguments: 0..<cases.count)
    func oneWholeLinePerLoss(_ index: Int) throws {
        let c = Self.cases[index]
        let json: [String: Any] = ["routes": [["pattern": "app://a/*rest", "target": "A",
                                               "metadata": ["importWarning": c.warning]]]]
        let data = try JSONSerialization.data(withJSONObject: json)
        let findings = RouteLint.findings(try RouteFile.collecting(json: data, file: "t.json"))
            .filter { $0.code == .importWarning }
        let prefix = "warning: [import-warning] routes[0]: app://a/*rest → A: import warning: "
        let printed = findings.map { $0.description }
        let expected = c.lines.map { prefix + $0 }
        #expect(printed == expected)
        let broken = printed.filter { $0.contains(where: { $0.isNewline }) }
        #expect(broken.isEmpty)
    }
}
