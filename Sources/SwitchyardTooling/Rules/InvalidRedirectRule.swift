import Switchyard

/// `invalid-redirect`: a redirect that does not parse, lacks a parameter, or can never be filled.
package struct InvalidRedirectRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `invalid-redirect`.
    package var code: LintCode { .invalidRedirect }
    /// One finding per problem.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out = c.redirectProblems.filter { $0.code == code }
            .map { RouteLintFinding(code, "redirects[\($0.index)]", $0.message) }
        for r in c.redirects {
            let dest = c.analyzer.destination(of: r.to, from: r.from)
            guard c.example(dest) == .none else { continue }
            out.append(RouteLintFinding(code, "redirects[\(r.index)]",
                                        "no URL that '\(r.from)' matches can fill '\(r.to)':"
                                            + " its values never satisfy the destination's constraints"))
        }
        return out.sorted {
            $0.location.count != $1.location.count ? $0.location.count < $1.location.count : $0.location < $1.location
        }
    }
}
