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
    /// written (`try`), never silently by the assignment. Reading and assigning go by shape (the
    /// pattern up to its parameter names). Assigning replaces the route of the same shape in place:
    /// the route takes the assigned pattern (its parameter names) and the new handler, and keeps its
    /// target, priority, metadata (`requiresLogin` included) and its place in registration order, so
    /// ties are won as before. A shape with no route yet is registered last, with its pattern text as
    /// the target. Assigning nil removes the route of that shape. Use
    /// `register(_:target:priority:metadata:handler:)` to choose the target and be told of a conflict
    /// instead.
    public subscript(pattern: RoutePattern) -> (any RouteHandler)? {
        get {
            table.routes.first { $0.pattern.shape == pattern.shape }?.target.handler
        }
        set {
            withState { s in
                let shape = pattern.shape
                var rebuilt = RouteTableBuilder<RouteEntry>(options: s.routes.options)
                var replaced = false
                for route in s.routes.routes {
                    // Re-adding what the table already held, in its order, cannot fail.
                    guard route.pattern.shape == shape else {
                        do throws(RegistrationError) {
                            try rebuilt.add(route.pattern, target: route.target, priority: route.priority)
                        } catch { return }
                        continue
                    }
                    replaced = true
                    guard let newValue else { continue }
                    let entry = RouteEntry(name: route.target.name, handler: newValue,
                                           metadata: route.target.metadata)
                    do throws(RegistrationError) {
                        try rebuilt.add(pattern, target: entry, priority: route.priority)
                    } catch { return }
                }
                if !replaced, let newValue {
                    // The only route of this shape, so neither a duplicate nor a same-shape conflict.
                    let entry = RouteEntry(name: pattern.description, handler: newValue, metadata: [:])
                    do throws(RegistrationError) {
                        try rebuilt.add(pattern, target: entry, priority: 0)
                    } catch { return }
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
