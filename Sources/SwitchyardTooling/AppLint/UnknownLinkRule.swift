import Switchyard
import SwitchyardNavigation

/// `unknown-link`: a link whose URLs no route, redirect, relocation or mounted pattern matches.
package struct UnknownLinkRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unknown-link`.
    package var code: LintCode { .unknownLink }
    /// One finding per link that leads nowhere. Only links whose placeholders are required path
    /// parameters are judged (others may come from the query, or be empty).
    package func check(_ c: AppLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (i, r) in c.app.routes.enumerated() {
            for (k, link) in r.links.enumerated() {
                guard let message = c.unreachable(link.url, route: i) else { continue }
                out.append(RouteLintFinding(code, "routes[\(i)].links[\(k)]", message))
            }
        }
        return out
    }
}
