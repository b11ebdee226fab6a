import Switchyard

/// `undecided`: what the other rules could not decide.
package struct UndecidedRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `undecided`.
    package var code: LintCode { .undecided }
    /// One finding per relation left undecided by the shadow, overlap, target and cycle rules.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        _ = c.shadowVerdicts
        return c.undecidedFindings
    }
}
