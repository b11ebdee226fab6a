import Switchyard
import SwitchyardNavigation

/// `unbound-placeholder`: a `parent` template naming a value its route can never bind.
package struct UnboundPlaceholderRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unbound-placeholder`.
    package var code: LintCode { .unboundPlaceholder }
    /// One finding per unbindable placeholder (``AppDescription/unboundPlaceholders()``).
    package func check(_ c: AppLintContext) -> [RouteLintFinding] {
        c.app.unboundPlaceholders().map { RouteLintFinding(code, $0.location, $0.message) }
    }
}
