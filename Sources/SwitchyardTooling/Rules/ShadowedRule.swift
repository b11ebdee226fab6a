import Switchyard

/// `shadowed`: a route that higher-ranked routes take every URL from.
package struct ShadowedRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `shadowed`.
    package var code: LintCode { .shadowed }
    /// One finding per shadowed route, naming the routes that win and an example URL.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (k, v) in c.shadowVerdicts.enumerated() {
            guard case .shadowed(let by, let example) = v else { continue }
            let names = by.map { "\(c.table.route(at: $0).pattern)" }.joined(separator: " and ")
            out.append(RouteLintFinding(code, c.routeLocation(k),
                                        "\(c.table.route(at: k).pattern) is shadowed by \(names)"
                                            + " (every URL it matches goes there, e.g. \(example))"))
        }
        return out
    }
}
