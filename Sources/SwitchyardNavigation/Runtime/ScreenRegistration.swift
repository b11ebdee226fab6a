import Switchyard

/// The handler the runtime builds for each screen route of an app description (the app's tab roots,
/// animations and checked links attached), found by the pattern a request matched. Code that registers
/// the screen routes itself (a ``ScreenRegistration``, such as `RouteModule`s of `Routable` types)
/// builds each screen with it, so the screen is the one the description says.
public struct ScreenHandlers: Sendable {
    private let byPattern: [String: ScreenHandler]

    /// The handlers of `routes`, each under the canonical text of its pattern and of each alias.
    init(routes: [ScreenRoute], make: (ScreenRoute) -> ScreenHandler) {
        var byPattern: [String: ScreenHandler] = [:]
        for route in routes {
            let handler = make(route)
            for text in [route.pattern] + route.aliases {
                // The description's patterns were parsed when it was read; one that does not parse has no handler.
                if let pattern = try? RoutePattern(text), byPattern[pattern.description] == nil {
                    byPattern[pattern.description] = handler
                }
            }
        }
        self.byPattern = byPattern
    }

    /// The handler of the description's route whose pattern (or alias) is `pattern`, such as a
    /// request's `pattern`; nil when the description has no such route.
    public func handler(for pattern: RoutePattern) -> ScreenHandler? {
        byPattern[pattern.description]
    }
}

/// Code that registers an app's screen routes in place of the runtime's registration of its
/// description's route list (``AppRuntime/init(app:router:routeCache:screens:configure:)``): the
/// description still gives each screen (title, body, links, how it opens, its parent), and the code
/// decides how its route reaches the router, such as by installing `RouteModule`s.
///
/// The routes it registers must be the description's, route for route: each route's pattern then its
/// aliases, with its kind as target, its priority and its metadata, in the description's order (ties
/// between equal patterns go to the earlier route). The runtime checks this after ``register`` runs and
/// refuses the app, naming the first route that differs.
public struct ScreenRegistration {
    /// Registers the screen routes on the router; the handlers build each screen.
    public var register: (Router, ScreenHandlers) throws -> Void
    /// The handler of a route the runtime's route cache loaded compiled (its cached target and
    /// metadata, and its pattern), as ``register`` would have registered it; nil for a route it does
    /// not know, which makes the cache miss.
    public var cachedHandler: (CachedRoute, RoutePattern, ScreenHandlers) -> (any RouteHandler)?

    /// Creates a registration.
    /// - Parameters:
    ///   - register: registers the screen routes (see ``register``).
    ///   - cachedHandler: the handler of a route loaded from the route cache (see ``cachedHandler``);
    ///     by default none, so a route cache always misses and `register` runs.
    public init(register: @escaping (Router, ScreenHandlers) throws -> Void,
                cachedHandler: @escaping (CachedRoute, RoutePattern, ScreenHandlers) -> (any RouteHandler)? = {
                    _, _, _ in nil
                }) {
        self.register = register
        self.cachedHandler = cachedHandler
    }
}
