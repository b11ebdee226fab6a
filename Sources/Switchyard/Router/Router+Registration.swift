// Registering, replacing and removing routes, and the handlers of what no route handles.

extension Router {
    /// Registers a handler for a pattern.
    /// - Parameters:
    ///   - pattern: see the pattern grammar.
    ///   - target: a name for what the route leads to (shown in tables, traces and exports).
    ///   - priority: breaks ties between patterns whose segment classes are equal; higher wins.
    ///   - metadata: free-form values interceptors can read, such as `requiresLogin: "true"`.
    ///   - handler: what handles the requests; nil registers the route without a handler yet.
    public func register(_ pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:],
                         handler: (any RouteHandler)?) throws(RegistrationError) {
        try register([pattern], target: target, priority: priority, metadata: metadata, handler: handler)
    }

    /// Registers one target under several patterns (for example an app's iOS and Android paths).
    /// Either every pattern is added or, on the first error, none is.
    public func register(_ patterns: [String], target: String, priority: Int = 0, metadata: [String: String] = [:],
                         handler: (any RouteHandler)?) throws(RegistrationError) {
        let entry = RouteEntry(name: target, handler: handler, metadata: metadata)
        let result: Result<Void, RegistrationError> = withState { s in
            // In place: the builder checks every pattern before adding any (a copy of the table per call
            // made registering n routes cost n² route copies).
            do throws(RegistrationError) { try s.routes.add(patterns, target: entry, priority: priority) } catch {
                return .failure(error)
            }
            s.snapshot = nil
            return .success(())
        }
        try result.get()
    }

    /// Registers a closure as the handler (WLRRoute's block registration).
    public func register(_ pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:],
                         handle: @escaping @Sendable (RouteRequest) async throws -> RouteResult)
                             throws(RegistrationError) {
        try register([pattern], target: target, priority: priority, metadata: metadata, handler: ClosureHandler(handle))
    }

    /// Removes every route (XKRouter's removeAllRouteNodes). Returns how many were removed.
    @discardableResult
    public func removeAllRoutes() -> Int {
        withState { s in
            let n = s.routes.removeAll { _ in true }
            if n > 0 { s.snapshot = nil }
            return n
        }
    }

    /// The registered routes, in registration order (read under the lock, without building the table).
    package var registeredRoutes: [Route<RouteEntry>] {
        withState { $0.routes.routes }
    }

    /// Runs `body` on the registered routes under the router's lock; the next lookup rebuilds the table.
    package func updateRoutes<T>(_ body: (inout RouteTableBuilder<RouteEntry>) -> T) -> T {
        withState { s in
            let result = body(&s.routes)
            s.snapshot = nil
            return result
        }
    }

    /// Removes the route registered under `pattern`.
    public func remove(_ pattern: String) throws(RegistrationError) {
        let result: Result<Void, RegistrationError> = withState { s in
            do throws(RegistrationError) { try s.routes.remove(pattern) } catch { return .failure(error) }
            s.snapshot = nil
            return .success(())
        }
        try result.get()
    }

    /// Removes every route whose pattern has the literal host `host` (XKRouter's removeAllRouteNodesForHost).
    /// Returns how many were removed.
    @discardableResult
    public func removeAll(host: String) -> Int {
        let lowered = host.asciiLowercased
        return withState { s in
            let n = s.routes.removeAll { route in
                if !route.pattern.isSuffix, case .literal(let h) = route.pattern.host { return h == lowered }
                return false
            }
            if n > 0 { s.snapshot = nil }
            return n
        }
    }

    /// Replaces the handler (and target, metadata) of an existing pattern, keeping its rank and order.
    public func replace(_ pattern: String, target: String, metadata: [String: String] = [:],
                        handler: (any RouteHandler)?) throws(RegistrationError) {
        let result: Result<Void, RegistrationError> = withState { s in
            let canonical = (try? RoutePattern(pattern))?.description ?? pattern
            guard s.routes.routes.contains(where: { $0.pattern.description == canonical }) else {
                return .failure(.notRegistered(pattern: pattern))
            }
            var rebuilt = RouteTableBuilder<RouteEntry>(options: s.routes.options)
            for r in s.routes.routes {
                let entry = r.pattern.description == canonical
                    ? RouteEntry(name: target, handler: handler, metadata: metadata) : r.target
                do throws(RegistrationError) { try rebuilt.add(r.pattern, target: entry, priority: r.priority) } catch {
                    return .failure(error)
                }
            }
            s.routes = rebuilt
            s.snapshot = nil
            return .success(())
        }
        try result.get()
    }

    /// Installs the app's placement step (nil removes it): every handler result passes through it before
    /// the open ends, so outcomes report what reached the screen.
    public func setPlacementApplier(_ applier: (any PlacementApplier)?) {
        withState { $0.placementApplier = applier }
    }

    /// Sets the handler for URLs no route matches (nil removes it).
    public func setFallback(_ handler: (any RouteHandler)?) {
        withState { $0.fallback = handler }
    }
}
