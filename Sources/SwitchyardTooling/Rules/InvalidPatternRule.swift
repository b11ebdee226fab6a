import Switchyard

/// `invalid-pattern`: a route pattern that does not parse.
package struct InvalidPatternRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `invalid-pattern`.
    package var code: LintCode { .invalidPattern }
    /// One finding per pattern that does not parse.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.registrationErrors.compactMap { i, e in
            switch e {
            case .invalidPattern, .notRegistered: RouteLintFinding(code, "routes[\(i)]", e.description)
            default: nil
            }
        }
    }
}
