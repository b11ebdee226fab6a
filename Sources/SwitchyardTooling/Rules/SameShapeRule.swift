import Switchyard

/// `same-shape`: two patterns that differ only in parameter names.
package struct SameShapeRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `same-shape`.
    package var code: LintCode { .sameShape }
    /// One finding per later pattern of a shape already registered.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.registrationErrors.compactMap { i, e in
            guard case .sameShape = e else { return nil }
            return RouteLintFinding(code, "routes[\(i)]", e.description)
        }
    }
}
