/// What the router would do with a URL, without running interceptors or handlers: the relocations,
/// redirects and aliases applied on the way, then why each candidate route won or lost for the URL
/// reached (the answer of `Router.explain(_:)`).
package struct RouteExplanation: Sendable, CustomStringConvertible {
    /// One rewrite on the way to the final URL.
    package struct Step: Sendable, Equatable, CustomStringConvertible {
        /// `relocation`, `redirect` or `alias`.
        package let kind: String
        /// The pattern of the rule that applied.
        package let rule: String
        /// The URL the step produced (for an alias, the target it names; for a deletion, empty).
        package let result: String

        /// One line: `relocation app://old/:id → app://order/44`.
        package var description: String {
            result.isEmpty ? "\(kind) \(rule): deleted" : "\(kind) \(rule) → \(result)"
        }
    }

    /// The URL as given.
    package let url: String
    /// The rewrites applied, in order.
    package let steps: [Step]
    /// Why the walk stopped before matching, when it did (a deleted route, a loop, a bad destination).
    package let stopped: String?
    /// The candidates for the final URL.
    package let final: Explanation

    /// A readable report: the rewrites, then the candidates.
    package var description: String {
        var lines = ["explain \(url)"]
        for step in steps { lines.append("  via \(step)") }
        if let stopped { lines.append("  stopped: \(stopped)") }
        lines += final.description.split(separator: "\n").dropFirst().map(String.init)
        return lines.joined(separator: "\n")
    }
}

/// Where the router's rewrites take a URL: the relocations, redirects and aliases applied, why the walk
/// stopped (if it did), and the URL reached, without the candidates for it (``Router/explain(_:)`` adds
/// those; matching the URL reached is one table lookup).
package struct RouteResolution: Sendable, Equatable {
    /// The URL as given.
    package let url: String
    /// The rewrites applied, in order.
    package let steps: [RouteExplanation.Step]
    /// Why the walk stopped before matching, when it did.
    package let stopped: String?
    /// The URL reached: the one the table is asked about.
    package let finalURL: String
}

extension Router {
    /// Explains how `url` would be routed: relocations and static redirects in the order an open applies
    /// them, then every candidate route's verdict for the URL reached. No interceptor or handler runs.
    package func explain(_ url: String) -> RouteExplanation {
        let r = resolve(url)
        return RouteExplanation(url: url, steps: r.steps, stopped: r.stopped, final: table.explain(r.finalURL))
    }

    /// The relocations and static redirects `url` goes through, in the order an open applies them, and the
    /// URL reached (``explain(_:)`` without the candidates). Its cost does not grow with the table.
    package func resolve(_ url: String) -> RouteResolution {
        let (relocations, redirects) = withState { ($0.relocations, $0.redirects) }
        var steps: [RouteExplanation.Step] = []
        var current = url
        var seen: Set<String> = [url]
        func done(_ stopped: String?) -> RouteResolution {
            RouteResolution(url: url, steps: steps, stopped: stopped, finalURL: current)
        }
        for _ in 0...maxRedirectHops {
            guard let parsed = try? RouteURL(current, limits: options.limits) else { break }
            if let (pattern, rule, params) = relocations.lookup(current) {
                switch rule {
                case .delete:
                    steps.append(.init(kind: "relocation", rule: pattern.description, result: ""))
                    return done("the relocation table deletes this route")
                case .alias(let target):
                    steps.append(.init(kind: "alias", rule: pattern.description, result: "target \(target)"))
                    return done(nil)
                case .replace(let to):
                    guard let next = try? to.url(params.dictionary, query: parsed.query.items, defaultScheme: parsed.scheme) else {
                        return done("relocation \(pattern) cannot build \(to)")
                    }
                    steps.append(.init(kind: "relocation", rule: pattern.description, result: next))
                    current = next
                }
            } else if let redirects, let m = try? redirects.match(current) {
                guard let next = try? m.target.destination.url(m.parameters.dictionary, query: parsed.query.items,
                                                                 defaultScheme: parsed.scheme) else {
                    return done("redirect \(m.pattern) cannot build \(m.target.destination)")
                }
                steps.append(.init(kind: "redirect", rule: m.pattern.description, result: next))
                current = next
            } else {
                return done(nil)
            }
            if !seen.insert(current).inserted {
                return done("redirect loop")
            }
        }
        return done(steps.count > maxRedirectHops ? "more than \(maxRedirectHops) redirects" : nil)
    }
}
