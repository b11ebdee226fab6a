import Switchyard

/// Which routes a run of the app reached, and how often: the data behind `switchyard coverage` and the
/// route table's reached marks.
///
/// A command reaches a route in four ways:
/// - **opened**: an open's URL (after relocations and redirects) matched the route and the route's handler
///   ran, whatever the placement then did. An open the login gate held reaches the login route, and
///   reaches the gated route only when login resumes it.
/// - **as a deep link's parent**: the command placed a screen of the route below the opened screen
///   (every new screen besides the opened one).
/// - **as a redirect or relocation source**: a static redirect or a relocation rule rewrote a URL that
///   also matches a registered route; that route is reached (an interceptor's redirect, such as the login
///   gate's, does not count).
/// - **shown**: the command brought a screen of the route into view (onto the path the user goes back
///   along) that was out of view before: a tab's root shown by a tab switch, or left under a deep link
///   placed in its tab. A screen the user sees counts, however it got there.
///
/// Each way counts once per command and route. The screens on show when the run starts (the first
/// tab's root) count once as reached too: the app built them and the user saw them (``init(startingAt:)``).
public struct RouteCoverage: Sendable, Equatable {
    /// A route, as the route table names it.
    public struct Route: Hashable, Sendable, Comparable {
        /// The canonical pattern text.
        public var pattern: String
        /// The target's name.
        public var target: String

        /// Creates a route key.
        public init(pattern: String, target: String) {
            self.pattern = pattern
            self.target = target
        }

        /// Orders by pattern, then target.
        public static func < (a: Route, b: Route) -> Bool {
            (a.pattern, a.target) < (b.pattern, b.target)
        }
    }

    /// How many times each reached route was reached.
    public private(set) var counts: [Route: Int] = [:]

    /// An empty record.
    public init() {}

    /// A record that counts the routes of the screens on show in `state` once each: the screens a run
    /// starts on, which no command opened.
    public init(startingAt state: NavigationState) {
        for route in Self.shown(in: state) { add(route) }
    }

    /// The routes of the screens the user can reach by going back from the top of `state`, each once.
    public static func shown(in state: NavigationState) -> [Route] {
        var found: [Route] = []
        for screen in state.visiblePath.reversed() {
            guard let pattern = screen.pattern else { continue }
            let route = Route(pattern: pattern, target: screen.kind)
            if !found.contains(route) { found.append(route) }
        }
        return found
    }

    /// Whether nothing was reached yet.
    public var isEmpty: Bool { counts.isEmpty }

    /// How many times `route` was reached (0 when never).
    public func count(of route: Route) -> Int { counts[route] ?? 0 }

    /// Counts `route` once more.
    public mutating func add(_ route: Route, times: Int = 1) {
        counts[route, default: 0] += times
    }

    /// Adds every count of `other`.
    public mutating func merge(_ other: RouteCoverage) {
        for (route, n) in other.counts { add(route, times: n) }
    }

    /// Records what one command reached, from its report and the state before it.
    /// - Parameters:
    ///   - report: the command's report (its trace and the state after it).
    ///   - before: the navigation state before the command.
    ///   - router: the router the command went through (redirect and relocation sources are matched on it).
    public mutating func record(_ report: StepReport, before: NavigationState, router: Router) {
        for route in Self.reached(by: report, before: before, router: router) { add(route) }
    }

    /// The routes one command reached, each once, in the order found.
    public static func reached(by report: StepReport, before: NavigationState, router: Router) -> [Route] {
        var found: [Route] = []
        func note(_ route: Route) {
            if !found.contains(route) { found.append(route) }
        }
        var opened: Route?
        if let trace = report.trace {
            for source in rewriteSources(of: trace) {
                if let m = try? router.match(source) {
                    note(Route(pattern: m.pattern.description, target: m.target.name))
                }
            }
            opened = handledRoute(of: trace)
            if let opened { note(opened) }
        }
        // Screens the command placed that were not there before (the opened screen and its deep link's
        // parents), then screens it brought into view that were out of view before (a tab's root shown
        // by a tab switch, or under a deep link placed in its tab).
        let old = before.screenIDs
        let oldInView = Set(before.visiblePath.map(\.id))
        let placed = report.state.screensFromTop.reversed().filter { !old.contains($0.id) }
        let shown = report.state.visiblePath.reversed().filter { old.contains($0.id) && !oldInView.contains($0.id) }
        for screen in placed + shown {
            guard let pattern = screen.pattern else { continue }
            let route = Route(pattern: pattern, target: screen.kind)
            if route != opened { note(route) }
        }
        return found
    }

    /// The route whose handler the open ran: the last `match` step before a `handler` step.
    static func handledRoute(of trace: RouteTrace) -> Route? {
        var matched: Route?
        var handled: Route?
        for step in trace.steps {
            switch step.kind {
            case .match where step.detail.hasPrefix("→ "):
                matched = Route(pattern: step.name, target: String(step.detail.dropFirst(2)))
            case .match:
                matched = nil
            case .handler:
                handled = matched
            default:
                break
            }
        }
        return handled
    }

    /// The URLs a static redirect or a relocation rule rewrote during the open, in order. The open's
    /// outcome lists every URL of its chain; each rewrite (and each interceptor redirect) is one hop.
    /// An open caught in a redirect loop has none: none of its URLs leads anywhere, so the routes they
    /// match are not reached (they are what `lint` reports as a redirect cycle).
    static func rewriteSources(of trace: RouteTrace) -> [String] {
        let chain: [String]
        switch trace.outcome {
        case .redirected(let c, _): chain = c
        default: return []
        }
        var hop = 0
        var sources: [String] = []
        for step in trace.steps {
            switch step.kind {
            case .redirect:
                if chain.indices.contains(hop) { sources.append(chain[hop]) }
                hop += 1
            case .relocation where step.detail.hasPrefix("→ "):
                if chain.indices.contains(hop) { sources.append(chain[hop]) }
                hop += 1
            case .interceptor where step.detail.hasPrefix("redirect → "):
                hop += 1
            default:
                break
            }
        }
        return sources
    }
}

extension RouteCoverage {
    /// The route table split into reached and untested routes, each in table order; every route of
    /// `routes` is in exactly one list. A reached pattern that is not in `routes` (a relocation that
    /// aliases a path to a target) counts for the first route of its target.
    /// - Parameters:
    ///   - routes: the table's routes in registration order, each with whether it requires login.
    public func report(routes: [(route: Route, gated: Bool)]) -> (reached: [CoverageLine], untested: [CoverageLine]) {
        var counts: [Route: Int] = [:]
        let known = Set(routes.map(\.route))
        var firstOfTarget: [String: Route] = [:]
        for (route, _) in routes where firstOfTarget[route.target] == nil { firstOfTarget[route.target] = route }
        for (route, n) in self.counts {
            if known.contains(route) {
                counts[route, default: 0] += n
            } else if let owner = firstOfTarget[route.target] {
                counts[owner, default: 0] += n
            }
        }
        var reached: [CoverageLine] = []
        var untested: [CoverageLine] = []
        var seen: Set<Route> = []
        for (route, gated) in routes where seen.insert(route).inserted {
            let n = counts[route] ?? 0
            let line = CoverageLine(pattern: route.pattern, target: route.target, count: n, gated: gated)
            if n > 0 { reached.append(line) } else { untested.append(line) }
        }
        return (reached, untested)
    }

    /// The routes of `routes` this record reached (for marks), resolving aliased paths as ``report(routes:)`` does.
    public func reachedRoutes(among routes: [Route]) -> Set<Route> {
        let known = Set(routes)
        var firstOfTarget: [String: Route] = [:]
        for route in routes where firstOfTarget[route.target] == nil { firstOfTarget[route.target] = route }
        var out: Set<Route> = []
        for route in counts.keys {
            if known.contains(route) {
                out.insert(route)
            } else if let owner = firstOfTarget[route.target] {
                out.insert(owner)
            }
        }
        return out
    }
}

extension AppRuntime {
    /// The routes coverage counts: the router's routes in registration order (as the route table shows
    /// them, the screens generated for a plain route file's tabs left out), each with whether it requires login.
    public var coverageRoutes: [(route: RouteCoverage.Route, gated: Bool)] {
        router.table.routes.compactMap { r in
            let pattern = r.pattern.description
            guard !app.isGeneratedScreen(pattern) else { return nil }
            return (RouteCoverage.Route(pattern: pattern, target: r.target.name),
                    r.target.metadata[MetadataKey.requiresLogin.name] == "true")
        }
    }
}
