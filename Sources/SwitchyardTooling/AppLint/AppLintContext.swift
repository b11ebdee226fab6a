import Switchyard
import SwitchyardNavigation

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
            guard let close = after.firstIndex(of: "]"), let n = Int(after[..<close]),
                  locations.indices.contains(n) else {
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
        // A template with no placeholder is its only URL: no example is needed beside it.
        return example.map { $0 == template ? "'\(template)' matches no route"
            : "'\(template)' matches no route (no URL it can produce does, e.g. \($0))" }
            ?? "'\(template)' can produce no URL: no value of its placeholders fits the route's constraints"
    }
}
