import Switchyard
import SwitchyardNavigation

/// Which URLs can open differently under two route tables, decided without routing them through both.
///
/// `diff` routes the example URLs of every pattern of both tables through both routers and lists the
/// URLs whose outcome (``outcome(of:on:)``) differs. When the two tables have the same redirects and
/// relocations (and no relocation `add`), a URL's walk of rewrites is the same under both, and it
/// ends at the same URL; what that URL then opens is the best of the routes that match it. A route
/// both tables have with the same pattern, target, priority and metadata, in the same order relative
/// to the other such routes, is ranked the same in both; so the outcome can differ only when a route
/// that is not shared that way (added, removed, changed or moved) matches the final URL. The initializer
/// builds a router of just those routes, and ``mayDiffer(_:)`` asks it. Routing every URL through
/// both tables stays the definition, and a property test holds the two together.
package struct RouteTableChanges {
    /// Routers of the routes that are not shared, with the tables' redirects and relocations; nil when
    /// every URL has to be routed through both tables.
    private let routers: [Router]?
    /// The patterns of the routes that are not shared (nil when ``routers`` is nil), for ``mayMatter(_:)``.
    private let changed: ChangedPatterns?
    /// Whether the tables have no redirect and no relocation entry: a URL's walk is then its own match.
    private let rewritesNothing: Bool

    /// The changes between `old` and `new`, whose routers are built with `options` and
    /// `maxRedirectHops`.
    /// `keys`, when given, are the canonical text of each route's pattern (the pattern text itself
    /// when it does not parse), in file order, as the caller made them already.
    package init(old: RouteFile, new: RouteFile, keys: (old: [String], new: [String])? = nil,
                 options: MatchOptions = MatchOptions(), maxRedirectHops: Int = 8) {
        let found = Self.changedRouters(old: old, new: new, keys: keys, options: options,
                                        maxRedirectHops: maxRedirectHops)
        routers = found?.routers
        changed = found.map { ChangedPatterns($0.patterns, foldPaths: options.caseInsensitivePaths) }
        rewritesNothing = old.redirects.isEmpty && new.redirects.isEmpty
            && (old.relocations?.entries ?? []).isEmpty && (new.relocations?.entries ?? []).isEmpty
    }

    /// Whether a route of `pattern` can take part in the outcome of a URL ``mayDiffer(_:)`` lets
    /// through: false only when no URL is matched both by `pattern` and by a route the tables do not
    /// share. Rewrites depend on the URL alone (``Router/resolve(_:)``), so such a URL ends where a
    /// route that is not shared matches it, and every route that matches it there is one this answers
    /// true for: a router of just those routes (in the same order) gives every such URL the outcome the
    /// whole table gives it.
    package func mayMatter(_ pattern: RoutePattern) -> Bool {
        guard let changed else { return true }
        return changed.mayShareURL(with: pattern)
    }

    /// Whether an example URL of `pattern` (``AppDescription/exampleURLs(for:count:)``) can be one
    /// ``mayDiffer(_:)`` lets through: false only when the tables rewrite nothing, `pattern` cannot
    /// matter (``mayMatter(_:)``), and its example URLs are sure to be matched by `pattern` (a literal
    /// host, literal and parameter segments only, each parameter taking one of the plain example
    /// values), so no route that is not shared matches them.
    package func examplesMayDiffer(_ pattern: RoutePattern) -> Bool {
        examplesMayDiffer(pattern, mayMatter: mayMatter(pattern))
    }

    /// ``examplesMayDiffer(_:)`` with ``mayMatter(_:)`` of `pattern` already known.
    package func examplesMayDiffer(_ pattern: RoutePattern, mayMatter matters: Bool) -> Bool {
        guard rewritesNothing, changed != nil, Self.examplesMatch(pattern) else { return true }
        return matters
    }

    /// Whether every example URL of `pattern` is matched by `pattern` for certain: see
    /// ``examplesMayDiffer(_:)``.
    static func examplesMatch(_ pattern: RoutePattern) -> Bool {
        guard !pattern.isSuffix, case .literal = pattern.host else { return false }
        for segment in pattern.path {
            switch segment {
            case .literal: continue
            case .parameter(_, let constraint):
                guard let constraint else { continue }
                if !AppDescription.exampleValues.contains(where: { constraint.matches($0) }) { return false }
            case .optional, .catchAll: return false
            }
        }
        return true
    }

    /// Removes from `router` every route ``mayMatter(_:)`` rules out, so that its table is built from
    /// the rest only; its outcome for every URL ``mayDiffer(_:)`` lets through stays the same. Does
    /// nothing when ``narrows`` is false.
    package func keepingRoutesThatMayMatter(on router: Router) {
        keepingRoutesThatMayMatter(on: router, verdicts: nil)
    }

    /// ``keepingRoutesThatMayMatter(on:)`` with ``mayMatter(_:)`` of each route already known, by its
    /// registration order (`verdicts[order]`; a route past the end is asked).
    package func keepingRoutesThatMayMatter(on router: Router, verdicts: [Bool]?) {
        guard changed != nil else { return }
        router.updateRoutes { routes in
            _ = routes.removeAll { route in
                if let verdicts, verdicts.indices.contains(route.order) { return !verdicts[route.order] }
                return !mayMatter(route.pattern)
            }
        }
    }

    /// Whether `url` can open differently under the two tables: false only when that is proved impossible.
    package func mayDiffer(_ url: String) -> Bool {
        guard let routers else { return true }
        return routers.contains { $0.resolve(url).match != nil }
    }

    /// Whether ``mayDiffer(_:)`` narrows anything (false when it answers true for every URL).
    package var narrows: Bool { routers != nil }

    /// Where `router` sends `url`: `PATTERN (TARGET)`, after redirects and relocations as an open
    /// applies them (``Router/resolve(_:)``, relocation `add` paths included); or why nothing opens.
    package static func outcome(of url: String, on router: Router) -> String {
        outcome(of: router.resolve(url))
    }

    /// ``outcome(of:on:)`` of a walk already made.
    package static func outcome(of resolution: Resolution) -> String {
        if let stopped = resolution.stopped { return "none (\(stopped))" }
        guard let m = resolution.match else { return "none" }
        let via = resolution.steps.isEmpty ? "" : " via \(resolution.steps.map(\.kind).joined(separator: ", "))"
        return "\(m.pattern) (\(m.entry.name))" + via
    }

    /// Whether two walks have the same ``outcome(of:)`` for certain, told without writing it: both
    /// reached a route with equal patterns (so equal canonical text) and targets by the same rewrites,
    /// or both found none by the same rewrites. False says only that the outcomes have to be compared.
    package static func surelySameOutcome(_ a: Resolution, _ b: Resolution) -> Bool {
        guard a.steps == b.steps else { return false }
        switch (a.end, b.end) {
        case (.matched(let x), .matched(let y)): return x.pattern == y.pattern && x.entry.name == y.entry.name
        case (.notFound, .notFound): return true
        default: return false
        }
    }

    /// The routers of the routes the two tables do not share, or nil when the rewrites differ, a
    /// relocation adds a path (which opens the first route of a target, in either table), or those
    /// routes do not register together.
    private static func changedRouters(old: RouteFile, new: RouteFile, keys: (old: [String], new: [String])?,
                                       options: MatchOptions,
                                       maxRedirectHops: Int) -> (routers: [Router], patterns: [RoutePattern?])? {
        let redirects = { (file: RouteFile) in file.redirects.map { [$0.from, $0.to] } }
        guard redirects(old) == redirects(new), old.relocations == new.relocations else { return nil }
        let entries = old.relocations?.entries ?? []
        guard !entries.contains(where: { if case .add = $0 { true } else { false } }) else { return nil }
        var canonical: [String: String] = [:]
        func key(_ text: String) -> String {
            if let known = canonical[text] { return known }
            let k = (try? RoutePattern(text))?.description ?? text
            canonical[text] = k
            return k
        }
        let oldKeys = keys?.old ?? old.routes.map { key($0.pattern) }
        let newKeys = keys?.new ?? new.routes.map { key($0.pattern) }
        guard oldKeys.count == old.routes.count, newKeys.count == new.routes.count else { return nil }
        var oldFirst = [String: Int](minimumCapacity: oldKeys.count)
        var newFirst = [String: Int](minimumCapacity: newKeys.count)
        for (k, key) in oldKeys.enumerated() where oldFirst[key] == nil { oldFirst[key] = k }
        for (k, key) in newKeys.enumerated() where newFirst[key] == nil { newFirst[key] = k }
        func same(_ a: RouteDefinition, _ b: RouteDefinition) -> Bool {
            a.target == b.target && a.priority == b.priority && a.metadata == b.metadata
        }
        // The shared routes in each table's order; the others, each table's own.
        var oldShared: [String] = [], newShared: [String] = []
        var changed: [[RouteDefinition]] = [[], []]
        var changedKeys: [String] = []
        for (k, route) in old.routes.enumerated() {
            if oldFirst[oldKeys[k]] == k, let n = newFirst[oldKeys[k]], same(route, new.routes[n]) {
                oldShared.append(oldKeys[k])
            } else {
                changed[0].append(route)
                changedKeys.append(oldKeys[k])
            }
        }
        for (k, route) in new.routes.enumerated() {
            if newFirst[newKeys[k]] == k, let o = oldFirst[newKeys[k]], same(old.routes[o], route) {
                newShared.append(newKeys[k])
            } else {
                changed[1].append(route)
                changedKeys.append(newKeys[k])
            }
        }
        // A shared route that moved past another one could rank differently against it.
        guard oldShared == newShared else { return nil }
        func router(_ routes: [RouteDefinition]) -> Router? {
            let router = Router(options: options, maxRedirectHops: maxRedirectHops)
            let file = RouteFile(routes: routes, redirects: old.redirects, relocations: old.relocations)
            do throws(RouteFileError) { try file.register(on: router) { _ in nil } } catch { return nil }
            return router
        }
        // One router when the routes of both sides register together (each pattern once: only whether
        // one matches counts), so each URL is read once; else one router a side.
        var seen: Set<String> = []
        let both = zip(changed[0] + changed[1], changedKeys).filter { seen.insert($0.1).inserted }.map(\.0)
        let patterns = both.map { try? RoutePattern($0.pattern) }
        if let one = router(both) { return ([one], patterns) }
        guard let oldSide = router(changed[0]), let newSide = router(changed[1]) else { return nil }
        return ([oldSide, newSide], patterns)
    }
}
