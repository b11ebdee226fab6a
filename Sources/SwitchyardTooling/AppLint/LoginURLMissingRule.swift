import Switchyard
import SwitchyardNavigation

/// `login-url-missing`: routes that set `requiresLogin` in an app without a `loginURL`.
package struct LoginURLMissingRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `login-url-missing`.
    package var code: LintCode { .loginURLMissing }
    /// One finding naming the routes, when there is no login URL.
    package func check(_ c: AppLintContext) -> [RouteLintFinding] {
        guard c.app.loginURL == nil else { return [] }
        let gated = c.app.routes.indices.filter { c.app.routes[$0].metadata[.requiresLogin] == true }
        guard let first = gated.first else { return [] }
        let names = gated.prefix(5).map { "routes[\($0)]" }.joined(separator: ", ") + (gated.count > 5 ? ", …" : "")
        return [RouteLintFinding(code, "routes[\(first)].metadata.requiresLogin",
                                 "\(gated.count) route\(gated.count == 1 ? " sets" : "s set") requiresLogin (\(names))"
                                     + " but the app has no loginURL, so no login gate guards"
                                     + " \(gated.count == 1 ? "it" : "them")")]
    }
}
