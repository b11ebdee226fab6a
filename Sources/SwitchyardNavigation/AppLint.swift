import Switchyard

/// An app description prepared for lint: its route file's context (routes and aliases flattened) and
/// the way back from a route file index to the app's own `routes[i]` or `routes[i].aliases[j]`.
package final class AppLintContext {
    /// The app checked.
    package let app: AppDescription
    /// The app's routes, redirects and relocations as a route file, prepared for the route rules.
    package let routes: RouteLintContext
    /// For each route of ``AppDescription/routeFile``, its place in the app description.
    package let locations: [String]

    /// Prepares `app`; `mountedPatterns` are routes registered in code (a service mount…) that links
    /// may also reach.
    package init(_ app: AppDescription, mountedPatterns: [String] = [], options: MatchOptions = MatchOptions()) {
        self.app = app
        routes = RouteLintContext(app.routeFile, options: options, mountedPatterns: mountedPatterns)
        var locations: [String] = []
        for (i, r) in app.routes.enumerated() {
            locations.append("routes[\(i)]")
            for k in r.aliases.indices { locations.append("routes[\(i)].aliases[\(k)]") }
        }
        self.locations = locations
    }

    /// `text` with each `routes[N]` of the route file replaced by the app's place for it.
    package func appLocations(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let r = rest.range(of: "routes[") {
            out += rest[..<r.lowerBound]
            let after = rest[r.upperBound...]
            guard let close = after.firstIndex(of: "]"), let n = Int(after[..<close]), locations.indices.contains(n) else {
                out += rest[r]
                rest = after
                continue
            }
            out += locations[n]
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    /// What each pattern of route `i` (pattern, then aliases) makes of `template`.
    func verdicts(_ template: String, route i: Int) -> [TemplateVerdict] {
        let r = app.routes[i]
        return ([r.pattern] + r.aliases).map { text in
            routes.verdict(forTemplate: template, boundBy: try? RoutePattern(text))
        }
    }

    /// A finding when no pattern of the route lets `template` reach anything, with an example URL.
    func unreachable(_ template: String, route i: Int) -> String? {
        let all = verdicts(template, route: i)
        var example: String?
        for v in all {
            switch v {
            case .reaches, .undecided, .unchecked: return nil
            case .reachesNothing(let e): example = example ?? e
            case .empty: break
            }
        }
        return example.map { "'\(template)' matches no route (no URL it can produce does, e.g. \($0))" }
            ?? "'\(template)' can produce no URL: no value of its placeholders fits the route's constraints"
    }
}

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
                                 "\(gated.count) route\(gated.count == 1 ? " sets" : "s set") requiresLogin (\(names)) but the app has no loginURL, so no login gate guards \(gated.count == 1 ? "it" : "them")")]
    }
}
