import Switchyard

/// `unmatchable`: a pattern no URL can match.
package struct UnmatchableRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unmatchable`.
    package var code: LintCode { .unmatchable }
    /// One finding per route whose language is empty, naming the first empty position.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (k, v) in c.shadowVerdicts.enumerated() where v == .unmatchable {
            let pattern = c.table.route(at: k).pattern
            let language = c.analyzer.language(pattern)
            let empty = language.positions.firstIndex { $0.example(cap: c.analyzer.cap) == .none }
            let place = empty.map { $0 == 0 ? "the host" : "segment \($0)" } ?? "some segment"
            out.append(RouteLintFinding(code, c.routeLocation(k),
                                        "\(pattern) matches no URL: no value can fill \(place)"))
        }
        return out
    }
}
