import Foundation

/// A router's routes kept compiled in one file, keyed by app version (TheRouter's `useCache`): a launch
/// with the same version registers them from the file without parsing a pattern or compiling the
/// matcher, and attaches each route's handler by its target; a new version, a damaged file or a file of
/// another snapshot format is removed and the routes are registered by the app's own code, then saved.
///
/// As TheRouter does, a debug build does not use the cache (its routes change between runs without a
/// version change): ``registerRoutes(on:version:handler:register:)`` then always registers by code.
///
/// ```swift
/// let cache = RouterCache(directory: cachesDirectory)
/// try cache.registerRoutes(on: router, version: "4.2.0 (812)", handler: { route, _ in handlers[route.target] },
///                          register: { router in
///                              try router.register("app://user/:id<int>", target: "UserProfile",
///                                                  handler: handlers["UserProfile"])
///                          })
/// ```
public struct RouterCache: Sendable {
    /// Where the routes came from.
    public enum Source: Sendable, Equatable {
        /// Loaded from the cache file.
        case cache
        /// Registered by the app's code (and saved, unless the build is a debug one).
        case code
    }

    /// The file the compiled routes are kept in.
    public let table: RouteTableCache<CachedRoute>
    /// Whether the cache is used: false in debug builds by default.
    public let isEnabled: Bool

    /// True when Switchyard was compiled for debugging (`DEBUG` defined).
    public static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// A cache in `directory`, in the file `name` + `.routesnapshot`.
    /// - Parameters:
    ///   - directory: where the file lives.
    ///   - name: the file's name without extension.
    ///   - isEnabled: whether to use it; by default not in a debug build, as TheRouter.
    public init(directory: URL, name: String = "router", isEnabled: Bool = !RouterCache.isDebugBuild) {
        table = RouteTableCache(directory: directory, name: name)
        self.isEnabled = isEnabled
    }

    /// Registers the routes on `router`: from the cache file when it was saved for `version` (each
    /// route's handler is `handler`'s answer for it), else by running `register`, whose routes are then
    /// saved for `version`. Routes the router had before are kept; the cache holds only those `register`
    /// adds.
    ///
    /// - Parameters:
    ///   - router: the router to register on.
    ///   - version: the running app's version.
    ///   - handler: the handler of a cached route, found by its target (its pattern is given too, for
    ///     targets registered under several patterns with different handlers).
    ///   - register: registers the routes by code.
    /// - Returns: where the routes came from.
    /// - Throws: what `register` throws. A cached route without a handler, or one that conflicts with the
    ///   router's routes, is not an error: the file is removed and `register` runs.
    @discardableResult
    public func registerRoutes(on router: Router, version: String,
                               handler: (CachedRoute, RoutePattern) -> (any RouteHandler)?,
                               register: (Router) throws -> Void) throws -> Source {
        guard isEnabled else {
            try register(router)
            return .code
        }
        let before = router.registeredRoutes.count
        if let cached = table.load(version: version) {
            do throws(RouterCacheError) {
                try router.registerCompiled(cached, handler: handler)
                return .cache
            } catch {
                table.remove()
            }
        }
        try register(router)
        let added = router.registeredRoutes.dropFirst(before)
        var builder = RouteTableBuilder<CachedRoute>(options: router.options)
        for route in added {
            // The patterns came from the router's own builder, so they cannot conflict here.
            let cached = CachedRoute(target: route.target.name, metadata: route.target.metadata)
            try? builder.add(route.pattern, target: cached, priority: route.priority)
        }
        try? table.save(builder.build(), version: version)
        return .code
    }
}

extension Router {
    /// Registers the routes of a compiled table, each with the handler `handler` gives it, all or none.
    /// On an empty router the compiled matcher is used as it is (nothing is parsed or compiled).
    /// - Throws: ``RouterCacheError`` naming the first route without a handler, a conflict with a
    ///   registered route, or a table compiled with other match options.
    public func registerCompiled(_ table: RouteTable<CachedRoute>,
                                 handler: (CachedRoute, RoutePattern) -> (any RouteHandler)?) throws(RouterCacheError) {
        guard table.options == options else { throw .optionsMismatch }
        var index = 0
        let entries = try table.mapTargets { (cached: CachedRoute) throws(RouterCacheError) -> RouteEntry in
            let pattern = table.route(at: index).pattern
            index += 1
            guard let found = handler(cached, pattern) else {
                throw .noHandler(target: cached.target, pattern: pattern.description)
            }
            return RouteEntry(name: cached.target, handler: found, metadata: cached.metadata)
        }
        let result: Result<Void, RouterCacheError> = withState { s in
            var routes = s.routes
            let wasEmpty = routes.routes.isEmpty
            for i in 0..<entries.count {
                let route = entries.route(at: i)
                do throws(RegistrationError) {
                    try routes.add(route.pattern, target: route.target, priority: route.priority)
                } catch {
                    return .failure(.registration(error))
                }
            }
            s.routes = routes
            s.snapshot = wasEmpty ? entries : nil
            return .success(())
        }
        try result.get()
    }
}
