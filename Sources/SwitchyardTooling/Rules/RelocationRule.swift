import Switchyard

/// `relocation`: a relocation table the router would refuse.
package struct RelocationRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `relocation`.
    package var code: LintCode { .relocation }
    /// One finding when the table is refused.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        guard case .failure(let error) = c.relocation else { return [] }
        return [RouteLintFinding(code, "relocations", error.description)]
    }
}
