import Switchyard

/// A group of routes registered together, with a set-up hook (TheRouter's module set-up): services,
/// interceptors or redirects the routes need.
///
/// ```swift
/// enum OrdersModule: RouteModule {
///     static var routes: [any Routable.Type] { [OrderList.self, OrderDetail.self] }
///     static func setUp(_ router: Router) throws {
///         try router.addRedirect(from: "app://o/:id", to: "app://order/:id")
///     }
/// }
/// try router.install(OrdersModule.self)
/// ```
///
/// State that lives as long as one run of the app (a cart, a session) is not static: pass it in a
/// ``ServiceRegistry`` with `router.install(OrdersModule.self, services: registry)`. The set-up hook
/// ``setUp(_:services:)`` receives that registry, and each route's factory reads it as
/// `request.services`, so two routers with two registries share nothing.
public protocol RouteModule {
    /// The module's routes, registered in this order.
    static var routes: [any Routable.Type] { get }
    /// Runs after the routes are registered; nothing by default.
    static func setUp(_ router: Router) throws
    /// Runs after the routes are registered when the module is installed with a registry; calls
    /// ``setUp(_:)`` by default.
    static func setUp(_ router: Router, services: ServiceRegistry) throws
}

extension RouteModule {
    /// Does nothing.
    public static func setUp(_ router: Router) throws {}

    /// Calls ``setUp(_:)``.
    public static func setUp(_ router: Router, services: ServiceRegistry) throws {
        try setUp(router)
    }
}
