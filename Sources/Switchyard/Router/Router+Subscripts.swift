extension Router {
    /// The handler registered under `pattern` (WLRRoute's keyed subscript); assigning registers one.
    ///
    /// ```swift
    /// router[try RoutePattern("app://user/:id")] = ClosureHandler { request in RouteResult(note: "user") }
    /// let handler = router[try RoutePattern("app://user/:id")]
    /// router[try RoutePattern("app://user/:id")] = nil      // removes the route
    /// ```
    ///
    /// The key is a parsed ``RoutePattern``, so a pattern that does not parse is refused where it is
    /// written (`try`), never silently by the assignment. Assigning replaces any route of the same
    /// shape (the same pattern up to parameter names), so it cannot conflict: the route keeps the
    /// target, priority and metadata it had when its pattern was already registered, and is otherwise
    /// registered with its pattern text as the target. Assigning nil removes the route of that shape.
    /// Use `register(_:target:priority:metadata:handler:)` to choose the target and be told of a
    /// conflict instead.
    public subscript(pattern: RoutePattern) -> (any RouteHandler)? {
        get {
            table.routes.first { $0.pattern.description == pattern.description }?.target.handler
        }
        set {
            withState { s in
                let existing = s.routes.routes.first { $0.pattern.description == pattern.description }
                var rebuilt = RouteTableBuilder<RouteEntry>(options: s.routes.options)
                for route in s.routes.routes where route.pattern.shape != pattern.shape {
                    // Re-adding what the table already held cannot fail.
                    do throws(RegistrationError) { try rebuilt.add(route.pattern, target: route.target, priority: route.priority) } catch { return }
                }
                if let newValue {
                    let entry = RouteEntry(target: existing?.target.target ?? pattern.description, handler: newValue,
                                           metadata: existing?.target.metadata ?? [:])
                    // The only route of this shape now, so neither a duplicate nor a same-shape conflict.
                    do throws(RegistrationError) { try rebuilt.add(pattern, target: entry, priority: existing?.priority ?? 0) } catch { return }
                }
                s.routes = rebuilt
                s.snapshot = nil
            }
        }
    }

    /// The route `url` reaches (WLRRoute's `router[url]`), matched without interceptors or handlers;
    /// nil when no route matches or the URL does not parse (``match(_:)`` says why).
    public subscript(url: String) -> RouteMatch<RouteEntry>? {
        try? match(url)
    }
}
