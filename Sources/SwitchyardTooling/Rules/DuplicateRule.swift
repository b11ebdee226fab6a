import Switchyard

/// `duplicate`: the same pattern registered twice.
package struct DuplicateRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `duplicate`.
    package var code: LintCode { .duplicate }
    /// One finding per repeated pattern.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.registrationErrors.compactMap { i, e in
            guard case .duplicate = e else { return nil }
            return RouteLintFinding(code, "routes[\(i)]", e.description)
        }
    }
}
