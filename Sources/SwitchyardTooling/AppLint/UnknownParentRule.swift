import Switchyard
import SwitchyardNavigation

/// `unknown-parent`: a `parent` template whose URLs no route matches.
package struct UnknownParentRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unknown-parent`.
    package var code: LintCode { .unknownParent }
    /// One finding per parent that leads nowhere (a parent with an unbound placeholder is left to
    /// `unbound-placeholder`).
    package func check(_ c: AppLintContext) -> [RouteLintFinding] {
        c.app.routes.enumerated().compactMap { i, r in
            guard let parent = r.parent, let message = c.unreachable(parent, route: i) else { return nil }
            return RouteLintFinding(code, "routes[\(i)].parent", message)
        }
    }
}
