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
public protocol RouteModule {
    /// The module's routes, registered in this order.
    static var routes: [any Routable.Type] { get }
    /// Runs after the routes are registered; nothing by default.
    static func setUp(_ router: Router) throws
}

extension RouteModule {
    /// Does nothing.
    public static func setUp(_ router: Router) throws {}
}
