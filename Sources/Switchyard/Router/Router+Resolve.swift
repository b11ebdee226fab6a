/// What the relocation table and the static redirects do with one URL: the single decision that
/// ``Router/open(_:native:lane:callback:)-(String,_,_,_)``, ``Router/resolve(_:)`` and everything built
/// on the latter (`explain`, `match`, `diff`, `graph`) take, so that they cannot disagree.
package enum RewriteStep: Sendable {
    /// The relocation table deletes URLs `rule` matches: nothing opens.
    case deleted(rule: RoutePattern)
    /// A relocation replacement or a redirect rewrote the URL to `next`.
    case rewritten(kind: Kind, rule: RoutePattern, next: String)
    /// A relocation replacement or a redirect applies but could not build its destination.
    case unbuildable(kind: Kind, rule: RoutePattern, error: String)
    /// A relocation `add` makes `rule` a path for the route target `target`, with these parameters.
    case alias(rule: RoutePattern, target: String, parameters: PathParameters)
    /// No rule applies: the URL goes to the route table.
    case route

    /// Which kind of rule rewrote a URL.
    package enum Kind: String, Sendable {
        /// A relocation-table replacement.
        case relocation
        /// A static redirect.
        case redirect
    }
}

extension Router {
    /// The rewrite step for `url` (already parsed as `parsed`): the relocation table first, then the
    /// static redirects. A rewritten URL takes the query of `url` for the destination's query
    /// parameters, and keeps `url`'s fragment.
    static func rewriteStep(_ url: String, parsed: RouteURL, relocations: RelocationState,
                            redirects: RouteTable<RedirectRule>?) -> RewriteStep {
        if let (pattern, rule, params) = relocations.lookup(url) {
            switch rule {
            case .delete:
                return .deleted(rule: pattern)
            case .alias(let target):
                return .alias(rule: pattern, target: target, parameters: params)
            case .replace(let to, let extra):
                do throws(URLBuildError) {
                    // The relocation's own parameters come after the URL's items; the URL's value of a key wins.
                    let query = parsed.query.items + extra.filter { item in parsed.query.last(item.name) == nil }
                    let next = try to.url(params.dictionary, query: query, defaultScheme: parsed.scheme)
                    return .rewritten(kind: .relocation, rule: pattern, next: keepingFragment(of: parsed, next))
                } catch {
                    return .unbuildable(kind: .relocation, rule: pattern, error: "\(error)")
                }
            }
        }
        if let redirects, let m = try? redirects.match(url) {
            do throws(URLBuildError) {
                let next = try m.target.destination.url(m.parameters.dictionary, query: parsed.query.items, defaultScheme: parsed.scheme)
                return .rewritten(kind: .redirect, rule: m.pattern, next: keepingFragment(of: parsed, next))
            } catch {
                return .unbuildable(kind: .redirect, rule: m.pattern, error: "\(error)")
            }
        }
        return .route
    }

    /// `next` with the fragment of `original` appended, when it has one and `next` has none.
    static func keepingFragment(of original: RouteURL, _ next: String) -> String {
        guard let fragment = original.fragment, !next.contains("#") else { return next }
        return next + "#" + PercentEncoding.encode(fragment, allowed: .fragmentSafe)
    }

    /// What opening `url` would reach before interceptors and handlers run: relocations and redirects
    /// applied as an open applies them (same order, same hop limit), then the route the URL reached.
    /// `open`, `explain`, `match`, `diff` and `graph` all answer from this walk.
    package func resolve(_ url: String) -> Resolution {
        let table = self.table
        let (relocations, redirects) = withState { ($0.relocations, $0.redirects) }
        var chain = [url]
        var steps: [Resolution.Step] = []
        var current = url
        var seen: Set<String> = [url]
        while true {
            let parsed: RouteURL
            do throws(URLParseError) { parsed = try RouteURL(current, limits: options.limits) } catch {
                return Resolution(url: url, steps: steps, chain: chain, end: .invalidURL(url: current, error: error))
            }
            switch Self.rewriteStep(current, parsed: parsed, relocations: relocations, redirects: redirects) {
            case .deleted(let rule):
                steps.append(.init(kind: "relocation", rule: rule.description, result: "", url: current))
                return Resolution(url: url, steps: steps, chain: chain, end: .deleted(rule: rule.description, url: current))
            case .unbuildable(let kind, let rule, let error):
                return Resolution(url: url, steps: steps, chain: chain,
                                  end: .failed(rule: rule.description, error: "\(kind.rawValue): \(error)", url: current))
            case .rewritten(let kind, let rule, let next):
                steps.append(.init(kind: kind.rawValue, rule: rule.description, result: next, url: current))
                chain.append(next)
                if chain.count - 1 > maxRedirectHops {
                    return Resolution(url: url, steps: steps, chain: chain, end: .loop(reason: "more than \(maxRedirectHops) redirects"))
                }
                // The walk depends on the URL alone, so a URL met again loops until the hop limit.
                if !seen.insert(next).inserted {
                    return Resolution(url: url, steps: steps, chain: chain, end: .loop(reason: "redirect loop"))
                }
                current = next
            case .alias(let rule, let target, let parameters):
                steps.append(.init(kind: "alias", rule: rule.description, result: "target \(target)", url: current))
                guard let entry = table.targets.first(where: { $0.target == target }) else {
                    return Resolution(url: url, steps: steps, chain: chain, end: .notFound(url: current))
                }
                return Resolution(url: url, steps: steps, chain: chain,
                                  end: .matched(Resolution.Match(url: current, pattern: rule, entry: entry, parameters: parameters,
                                                                 isAlias: true)))
            case .route:
                let m: RouteMatch<RouteEntry>?
                do throws(URLParseError) { m = try table.match(current) } catch {
                    return Resolution(url: url, steps: steps, chain: chain, end: .invalidURL(url: current, error: error))
                }
                guard let m else { return Resolution(url: url, steps: steps, chain: chain, end: .notFound(url: current)) }
                return Resolution(url: url, steps: steps, chain: chain,
                                  end: .matched(Resolution.Match(url: current, pattern: m.pattern, entry: m.target,
                                                                 parameters: m.parameters, isAlias: false)))
            }
        }
    }
}

/// Where a URL goes when opened, before interceptors and handlers: the rewrites on the way and how the
/// walk ended (``Router/resolve(_:)``).
package struct Resolution: Sendable {
    /// One rewrite on the way.
    package struct Step: Sendable, Equatable, CustomStringConvertible {
        /// `relocation`, `redirect` or `alias`.
        package let kind: String
        /// The pattern of the rule that applied.
        package let rule: String
        /// The URL the step produced (for an alias, the target it names; for a deletion, empty).
        package let result: String
        /// The URL the rule applied to.
        package let url: String

        /// One line: `relocation app://old/:id → app://order/44`.
        package var description: String {
            result.isEmpty ? "\(kind) \(rule): deleted" : "\(kind) \(rule) → \(result)"
        }
    }

    /// The route a walk reached.
    package struct Match: Sendable {
        /// The URL matched (after the rewrites).
        package let url: String
        /// The route's pattern, or for a relocation `add`, the added pattern.
        package let pattern: RoutePattern
        /// The route's entry (for an `add`, the first route with the target).
        package let entry: RouteEntry
        /// The path parameters.
        package let parameters: PathParameters
        /// Whether a relocation `add` led to the route.
        package let isAlias: Bool
    }

    /// How the walk ended.
    package enum End: Sendable {
        /// A route is reached.
        case matched(Match)
        /// The relocation table deletes the URL.
        case deleted(rule: String, url: String)
        /// The rewrites loop, or go on past the hop limit.
        case loop(reason: String)
        /// A rule could not build its destination.
        case failed(rule: String, error: String, url: String)
        /// No route matches `url`.
        case notFound(url: String)
        /// `url` is not a valid URL.
        case invalidURL(url: String, error: URLParseError)
    }

    /// The URL as given.
    package let url: String
    /// The rewrites, in order.
    package let steps: [Step]
    /// The URLs walked, the given one first.
    package let chain: [String]
    /// How the walk ended.
    package let end: End

    /// The route reached, if any.
    package var match: Match? {
        if case .matched(let m) = end { return m }
        return nil
    }

    /// The last URL the walk reached (the one matched, deleted, or not found).
    package var finalURL: String {
        switch end {
        case .matched(let m): m.url
        case .deleted(_, let u), .failed(_, _, let u), .notFound(let u), .invalidURL(let u, _): u
        case .loop: chain.last ?? url
        }
    }

    /// Why nothing opens when the walk stopped before a route (a deletion, a loop, a destination that
    /// cannot be built); nil when it reached a route or simply found none.
    package var stopped: String? {
        switch end {
        case .deleted: "the relocation table deletes this route"
        case .loop(let reason): reason
        case .failed(let rule, let error, _): "\(rule) cannot build its destination (\(error))"
        case .notFound:
            // A relocation `add` whose target no route has: the table's own winner is not opened.
            steps.last.flatMap { $0.kind == "alias" ? "the relocation \($0.rule) adds a path for \($0.result), which no route has" : nil }
        case .matched, .invalidURL: nil
        }
    }
}
