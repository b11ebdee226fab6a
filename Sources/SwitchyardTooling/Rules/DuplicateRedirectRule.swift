import Switchyard

/// `duplicate-redirect`: two redirects from the same source.
package struct DuplicateRedirectRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `duplicate-redirect`.
    package var code: LintCode { .duplicateRedirect }
    /// One finding per repeated source.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.redirectProblems.filter { $0.code == code }
            .map { RouteLintFinding(code, "redirects[\($0.index)]", $0.message) }
    }
}
