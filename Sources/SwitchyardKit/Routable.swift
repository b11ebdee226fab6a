import Switchyard

/// A route declared by a type (TheRouter's `Routable`): the patterns it answers, what an open must
/// carry, and the factory that handles it. Register it with `router.register(OrderDetail.self)`,
/// or list it in a ``RouteModule``.
///
/// ```swift
/// enum OrderDetail: Routable {
///     static let patterns = ["app://order/:id<int>", "app://orders/:id<int>"]
///     static let requiredParameters = ["id"]
///     static func make(_ request: RouteRequest) async throws -> RouteResult {
///         RouteResult(try request.require("id", as: Int.self), note: "order")
///     }
/// }
/// try router.register(OrderDetail.self)
/// ```
///
/// Swift on Linux cannot scan the process for conforming types the way TheRouter scans classes, so
/// each type is named once: in a ``RouteModule``'s `routes` or in a `register` call. How the screen
/// opens (push, present…) is the factory's answer: it returns what the app's placement step reads,
/// such as a `ScreenPlacement` in `SwitchyardNavigation`, or a URL's `jumpType`.
public protocol Routable: SendableMetatype {
    /// The patterns the route answers; the first is its canonical pattern.
    static var patterns: [String] { get }
    /// The name shown in tables and traces; the type's name by default.
    static var target: String { get }
    /// Breaks ties between patterns of equal rank; 0 by default.
    static var priority: Int { get }
    /// Metadata interceptors read (such as `requiresLogin`); none by default.
    static var metadata: [String: String] { get }
    /// Parameters an open must carry, as a path or query parameter (or a native one); when one is
    /// missing the open ends as `failed`, naming it, and ``make(_:)`` is not called. None by default.
    static var requiredParameters: [String] { get }
    /// Handles an open: the factory of whatever the route leads to.
    static func make(_ request: RouteRequest) async throws -> RouteResult
    /// The URLs of the other screens an open of this route shows (a deep link's parents), which
    /// interceptors judge too (`RouteHandler.impliedURLs(for:)`); the request carries the module's
    /// registry as `request.services`, as in ``make(_:)``. None by default.
    static func impliedURLs(for request: RouteRequest) -> [String]
}

extension Routable {
    /// The type's name.
    public static var target: String { String(describing: Self.self) }
    /// 0.
    public static var priority: Int { 0 }
    /// None.
    public static var metadata: [String: String] { [:] }
    /// None.
    public static var requiredParameters: [String] { [] }
    /// None.
    public static func impliedURLs(for request: RouteRequest) -> [String] { [] }

    /// The handler `Router.register(_:)` and `Router.install(_:services:)` register the type's
    /// patterns with: it checks ``requiredParameters``, then calls ``make(_:)`` with `services` as
    /// `request.services`. For routes that reach the router another way, such as those a `RouterCache`
    /// loads compiled, so that they are handled as the module's own.
    public static func handler(services: ServiceRegistry? = nil) -> any RouteHandler {
        RoutableHandler<Self>(services: services)
    }
}

extension Router {
    /// Registers a ``Routable`` type under each of its patterns, as one target: either every pattern
    /// is added or, on the first error, none is.
    public func register<R: Routable>(_ type: R.Type) throws(RegistrationError) {
        try register(type, services: nil)
    }

    /// Registers the routes of `module`, then runs its set-up hook. When a route cannot be registered,
    /// the module's routes registered before it are removed again and the error is thrown, so a
    /// module is installed whole or not at all (its set-up hook's own effects excepted).
    public func install<M: RouteModule>(_ module: M.Type) throws {
        try registerRoutes(of: module, services: nil)
        try M.setUp(self)
    }

    /// Installs `module` as ``install(_:)`` does, with `services` as the state of this run: each of
    /// its routes' factories reads the registry as `request.services`, and the set-up hook
    /// ``RouteModule/setUp(_:services:)`` receives it.
    public func install<M: RouteModule>(_ module: M.Type, services: ServiceRegistry) throws {
        try registerRoutes(of: module, services: services)
        try M.setUp(self, services: services)
    }

    private func registerRoutes<M: RouteModule>(of module: M.Type, services: ServiceRegistry?) throws {
        var registered: [String] = []
        do {
            for route in M.routes {
                try registerRoutable(route, services: services)
                registered += route.patterns
            }
        } catch {
            for pattern in registered {
                try? remove(pattern)
            }
            throw error
        }
    }

    private func registerRoutable<R: Routable>(_ type: R.Type, services: ServiceRegistry?) throws(RegistrationError) {
        try register(type, services: services)
    }

    private func register<R: Routable>(_ type: R.Type, services: ServiceRegistry?) throws(RegistrationError) {
        try register(R.patterns, target: R.target, priority: R.priority, metadata: R.metadata,
                     handler: RoutableHandler<R>(services: services))
    }
}
