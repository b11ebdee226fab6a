extension Router {
    /// The rewrite step for `url` (already parsed as `parsed`): the relocation table first, then the
    /// static redirects. A rewritten URL takes the query of `url` for the destination's query
    /// parameters, and keeps `url`'s fragment.
    static func rewriteStep(_ url: String, parsed: RouteURL, relocations: RelocationState,
                            redirects: RouteTable<RedirectRule>?) -> RewriteStep {
        relocationStep(url, parsed: parsed, relocations: relocations)
            ?? redirectStep(url, parsed: parsed, redirects: redirects)
            ?? .route
    }

    /// What the relocation table does with `url`; nil when no relocation rule applies.
    static func relocationStep(_ url: String, parsed: RouteURL, relocations: RelocationState) -> RewriteStep? {
        guard let (pattern, rule, params) = relocations.lookup(url) else { return nil }
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

    /// What the static redirects do with `url`; nil when none applies.
    static func redirectStep(_ url: String, parsed: RouteURL, redirects: RouteTable<RedirectRule>?) -> RewriteStep? {
        guard let redirects, let m = try? redirects.match(url) else { return nil }
        do throws(URLBuildError) {
            let next = try m.target.destination.url(m.parameters.dictionary, query: parsed.query.items,
                                                    defaultScheme: parsed.scheme)
            return .rewritten(kind: .redirect, rule: m.pattern, next: keepingFragment(of: parsed, next))
        } catch {
            return .unbuildable(kind: .redirect, rule: m.pattern, error: "\(error)")
        }
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
        var seen: Set<String> = []
        func ending(_ end: Resolution.End) -> Resolution {
            Resolution(url: url, steps: steps, chain: chain, end: end)
        }
        // Without relocations and redirects the URL is read only by the table's lookup, which refuses
        // what reading it here would refuse, with the same error.
        let rewrites = relocations.table != nil || redirects != nil
        while true {
            var step = RewriteStep.route
            if rewrites {
                let parsed: RouteURL
                do throws(URLParseError) { parsed = try RouteURL(current, limits: options.limits) } catch {
                    return ending(.invalidURL(url: current, error: error))
                }
                step = Self.rewriteStep(current, parsed: parsed, relocations: relocations, redirects: redirects)
            }
            switch step {
            case .deleted(let rule):
                steps.append(.init(kind: "relocation", rule: rule.description, result: "", url: current))
                return ending(.deleted(rule: rule.description, url: current))
            case .unbuildable(let kind, let rule, let error):
                return ending(.failed(rule: rule.description, error: "\(kind.rawValue): \(error)", url: current))
            case .rewritten(let kind, let rule, let next):
                steps.append(.init(kind: kind.rawValue, rule: rule.description, result: next, url: current))
                chain.append(next)
                if chain.count - 1 > maxRedirectHops {
                    return ending(.loop(reason: "more than \(maxRedirectHops) redirects"))
                }
                // The walk depends on the URL alone, so a URL met again loops until the hop limit.
                if seen.isEmpty { seen.insert(url) }
                if !seen.insert(next).inserted {
                    return ending(.loop(reason: "redirect loop"))
                }
                current = next
            case .alias(let rule, let target, let parameters):
                steps.append(.init(kind: "alias", rule: rule.description, result: "target \(target)", url: current))
                guard let entry = table.targets.first(where: { $0.name == target }) else {
                    return ending(.notFound(url: current))
                }
                return ending(.matched(Resolution.Match(url: current, alias: rule, entry: entry,
                                                        parameters: parameters)))
            case .route:
                let m: RouteMatch<RouteEntry>?
                do throws(URLParseError) { m = try table.match(current) } catch {
                    return ending(.invalidURL(url: current, error: error))
                }
                guard let m else { return ending(.notFound(url: current)) }
                return ending(.matched(Resolution.Match(url: current, match: m)))
            }
        }
    }
}
