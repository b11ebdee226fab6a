import Switchyard
import SwitchyardNavigation

/// Lint for an app description: the route rules on its route file (locations given as the app's own),
/// then the app rules (parent and link templates, the login URL).
package enum AppLint {
    /// The app rules, in the order their findings are listed.
    package static let rules: [any LintRule<AppLintContext>] = [
        UnboundPlaceholderRule(), UnknownParentRule(), UnknownLinkRule(), LoginURLMissingRule(),
    ]

    /// Every finding: the route rules' (`RouteLint.rules`), then the app rules'.
    package static func findings(_ app: AppDescription, mountedPatterns: [String] = [],
                                options: MatchOptions = MatchOptions()) -> [RouteLintFinding] {
        let context = AppLintContext(app, mountedPatterns: mountedPatterns, options: options)
        let routeFindings = RouteLint.findings(context.routes).map {
            RouteLintFinding($0.severity, $0.code, context.appLocations($0.location), context.appLocations($0.message))
        }
        return routeFindings + rules.flatMap { $0.check(context) }
    }
}
