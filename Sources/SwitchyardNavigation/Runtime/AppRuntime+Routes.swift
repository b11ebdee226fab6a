import Switchyard
import SwitchyardKit

/// The app's routes on the router: registering them, the screen a URL leads to, and whether a URL asks
/// for login.
extension AppRuntime {
    /// Registers `app`'s screen routes (through `routeCache` when given), redirects, relocations and
    /// web allow list on `router`; returns the position in `app.routes` of each kind's first route
    /// (``RoutesByKind/positions(in:)``).
    /// `lateLinks` holds, by route pattern, the links of the screens whose links are set once the router
    /// can check them (``AppDescription/uncheckedIndexLinks``): their handlers read the links from there.
    /// With `screens`, the screen routes are registered by its code, then checked against the description.
    static func register(_ app: AppDescription, on router: Router,
                         routeCache: (cache: RouterCache, version: String)?,
                         screens: ScreenRegistration? = nil,
                         lateLinks: [String: LateLinks] = [:])
        throws(RouteFileError) -> [String: Int32] {
        let byKind = RoutesByKind.positions(in: app.routes)
        let tabRoots = app.tabs.map(\.root)
        let animations: AnimationRegistry
        do throws(AnimationError) { animations = try app.animationRegistry() } catch {
            throw RouteFileError("animations", error.description)
        }
        for (i, r) in app.routes.enumerated() {
            if let problem = ScreenRoute.loginMetadataKeyProblem(r.metadata) {
                throw RouteFileError("routes[\(i)].metadata.\(problem.key)", problem.message)
            }
        }
        // A generated app's routes come parsed already (`GeneratedIndexLinks.routePatterns`).
        let texts = app.uncheckedIndexLinks?.routeTexts ?? []
        let patterns = app.uncheckedIndexLinks?.routePatterns ?? []
        let handlers = screens.map { _ in
            ScreenHandlers(routes: app.routes) { r in
                var handler = ScreenHandler(route: r, tabRoots: tabRoots, animations: animations)
                handler.lateLinks = lateLinks[r.pattern]
                return handler
            }
        }
        let registerScreens = { (router: Router) throws(RouteFileError) in
            if let screens, let handlers {
                let before = router.registeredRoutes.count
                do {
                    try screens.register(router, handlers)
                } catch let error as RouteFileError {
                    throw error
                } catch {
                    throw RouteFileError("routes", String(describing: error))
                }
                try checkRegistered(router.registeredRoutes.dropFirst(before).map(\.definition), against: app)
                return
            }
            router.updateRoutes { $0.reserveCapacity($0.routes.count + app.routes.count) }
            // A large table's trie compiles on another thread while its routes are registered here; the
            // first lookup takes it if the router then holds exactly these routes (else it compiles its own).
            if app.routes.count >= Self.compileInAdvanceThreshold,
               let upcoming = Self.screenPatterns(app, parsed: patterns, texts: texts) {
                router.updateRoutes { $0.compileInAdvance(upcoming) }
            }
            let routes = app.routes
            // Whether route `k` comes parsed (a generated app's), so is added as it is.
            func parsed(_ k: Int) -> RoutePattern? {
                guard k < patterns.count, let pattern = patterns[k], routes[k].aliases.isEmpty,
                      texts[k] == routes[k].pattern else { return nil }
                return pattern
            }
            var i = 0
            while i < routes.count {
                // A run of parsed routes is added under one hold of the router's lock: what `register`
                // does with a pattern's text, without parsing it again.
                let failed: (index: Int, error: RegistrationError)? = router.updateRoutes { builder in
                    while i < routes.count, let pattern = parsed(i) {
                        let r = routes[i]
                        var handler = ScreenHandler(route: r, tabRoots: tabRoots, animations: animations)
                        handler.lateLinks = lateLinks[r.pattern]
                        let entry = RouteEntry(name: r.kind, handler: handler, metadata: r.metadata)
                        do throws(RegistrationError) {
                            try builder.add(pattern, target: entry, priority: r.priority)
                        } catch {
                            return (i, error)
                        }
                        i += 1
                    }
                    return nil
                }
                if let failed { throw RouteFileError("routes[\(failed.index)]", failed.error.description) }
                guard i < routes.count else { break }
                let r = routes[i]
                var handler = ScreenHandler(route: r, tabRoots: tabRoots, animations: animations)
                handler.lateLinks = lateLinks[r.pattern]
                do throws(RegistrationError) {
                    try router.register([r.pattern] + r.aliases, target: r.kind, priority: r.priority,
                                        metadata: r.metadata, handler: handler)
                } catch {
                    throw RouteFileError("routes[\(i)]", error.description)
                }
                i += 1
            }
        }
        if let routeCache {
            // A cached route gets the handler of the description's route with its pattern and target; a
            // route the description no longer has makes the cache miss, and the description is registered.
            var byPattern: [String: ScreenRoute] = [:]
            for r in app.routes {
                for text in [r.pattern] + r.aliases {
                    if let p = try? RoutePattern(text) { byPattern[p.description] = r }
                }
            }
            do {
                try routeCache.cache.registerRoutes(on: router, version: routeCache.version,
                                                    handler: { cached, pattern in
                    if let screens, let handlers { return screens.cachedHandler(cached, pattern, handlers) }
                    guard let r = byPattern[pattern.description], r.kind == cached.target else { return nil }
                    var handler = ScreenHandler(route: r, tabRoots: tabRoots, animations: animations)
                    handler.lateLinks = lateLinks[r.pattern]
                    return handler
                }, register: { router in try registerScreens(router) })
            } catch let error as RouteFileError {
                throw error
            } catch {
                throw RouteFileError("routes", String(describing: error))
            }
        } else {
            try registerScreens(router)
        }
        for (i, r) in app.redirects.enumerated() {
            do throws(RegistrationError) { try router.addRedirect(from: r.from, to: r.to) } catch {
                throw RouteFileError("redirects[\(i)]", error.description)
            }
        }
        if let relocations = app.relocations {
            do throws(RelocationError) { try router.applyRelocations(relocations) } catch {
                throw RouteFileError("relocations", error.description)
            }
        }
        if !app.webAllowList.isEmpty {
            let list = HostAllowList(app.webAllowList)
            router.addInterceptor(ClosureInterceptor("WebAllowList") { request in
                switch list.check(request.url.original) {
                case .success: .proceed
                case .failure(let why): .reject(reason: why.description)
                }
            }, priority: 2000, scope: .metadata(.web, true))
        }
        return byKind
    }

    /// The number of screen routes from which the trie is compiled on another thread during their
    /// registration: below it, the compile takes a few milliseconds and a thread is not worth its start.
    static let compileInAdvanceThreshold = 2_000

    /// The patterns `register` adds for `app`'s screen routes, in order, with their priorities (the
    /// reader's `parsed` patterns where their `texts` are the routes'); nil when a route has aliases
    /// or a pattern does not parse (registration then says why).
    static func screenPatterns(_ app: AppDescription, parsed: [RoutePattern?],
                               texts: [String]) -> [(pattern: RoutePattern, priority: Int)]? {
        var out: [(pattern: RoutePattern, priority: Int)] = []
        out.reserveCapacity(app.routes.count)
        for (i, r) in app.routes.enumerated() {
            guard r.aliases.isEmpty else { return nil }
            if i < parsed.count, let pattern = parsed[i], texts[i] == r.pattern {
                out.append((pattern, r.priority))
            } else if let pattern = try? RoutePattern(r.pattern) {
                out.append((pattern, r.priority))
            } else {
                return nil
            }
        }
        return out
    }

    /// Checks that a ``ScreenRegistration`` registered `added`, the description's screen routes route for
    /// route (see there); the error names the first route that differs.
    static func checkRegistered(_ added: [RouteDefinition], against app: AppDescription) throws(RouteFileError) {
        func canonical(_ definition: RouteDefinition) -> RouteDefinition {
            var definition = definition
            if let pattern = try? RoutePattern(definition.pattern) { definition.pattern = pattern.description }
            return definition
        }
        func words(_ d: RouteDefinition) -> String {
            var text = "'\(d.pattern)' → \(d.target)"
            if d.priority != 0 { text += " (priority \(d.priority))" }
            if !d.metadata.isEmpty {
                text += " {" + d.metadata.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                    .joined(separator: ", ") + "}"
            }
            return text
        }
        var k = 0
        for (i, route) in app.routes.enumerated() {
            for declared in route.definitions.map(canonical) {
                guard k < added.count else {
                    throw RouteFileError("routes[\(i)]", "the screen registration did not register \(words(declared))")
                }
                guard added[k] == declared else {
                    throw RouteFileError("routes[\(i)]", "the screen registration registered \(words(added[k])) "
                        + "where the description declares \(words(declared))")
                }
                k += 1
            }
        }
        if k < added.count {
            throw RouteFileError("routes", "the screen registration registered \(words(added[k])), "
                + "which the description does not declare")
        }
    }

    /// The screen a URL leads to, built without running interceptors or handlers (for tab roots and parents).
    static func screen(for url: String, router: Router, byKind: RoutesByKind,
                       inheriting inherited: [String: String] = [:]) -> Screen? {
        guard let m = try? router.match(url), let route = byKind[m.target.name] else { return nil }
        var params = inherited
        for (k, v) in m.query.grouped.compactMapValues(\.last) { params[k] = v }
        var path: [String: String] = [:]
        for (k, v) in m.parameters {
            params[k] = v
            path[k] = v
        }
        return ScreenFactory.make(route, url: url, pattern: m.pattern.description, parameters: params,
                                  pathParameters: path)
    }

    /// Whether opening `url` now would ask for login: the app has a login gate, the user is logged out,
    /// and the route the URL reaches (after redirects and relocations), a parent its deep link would
    /// build, or the tab a tab jump by index would show requires login.
    public func asksForLogin(_ url: String) -> Bool {
        loginGatedURL(for: url) != nil
    }

    /// The URL that makes opening `url` ask for login now: `url` itself when its route requires login,
    /// else the root of the tab a tab jump by index would show, or the parent its deep link would build,
    /// whichever requires login first. Nil when opening `url` would not ask for login (the user is logged
    /// in, the app has no login gate, or nothing on the way requires it).
    public func loginGatedURL(for url: String) -> String? {
        guard gate != nil, !isLoggedIn else { return nil }
        // The route an open reaches (relocation `add` paths included), as `Router.resolve` walks it.
        guard let m = router.resolve(url).match,
              let reached = try? RouteURL(m.url, limits: router.options.limits) else { return nil }
        if m.entry.metadata[.requiresLogin] == true { return url }
        var route = routesByKind[m.entry.name]
        if let opens = route?.opens, let jump = try? ScreenHandler.readJump(query: reached.query, nativeTabIndex: nil,
                                                                            opens: opens),
           let root = jump.tabRoot(in: app.tabs.map(\.root)), root != url, let gated = loginGatedURL(for: root) {
            return gated
        }
        var params: [String: String] = [:]
        for (k, v) in m.parameters { params[k] = v }
        var depth = 0
        while let parent = route?.parent, depth < 8 {
            depth += 1
            let parentURL = ScreenFactory.fillURL(parent, params)
            guard let pm = try? router.match(parentURL) else { return nil }
            if pm.target.metadata[.requiresLogin] == true { return parentURL }
            for (k, v) in pm.parameters { params[k] = v }
            route = routesByKind[pm.target.name]
        }
        return nil
    }
}
