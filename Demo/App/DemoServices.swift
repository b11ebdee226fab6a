import Switchyard
import SwitchyardKit

/// The demo's services, as a module (TheRouter's module set-up): the cart's service methods, mounted
/// under ``DemoApp/servicesBase``. The module has no routes of its own (the screens are in the modules
/// of ``DemoRoutes``); the cart is this run's, read from the registry the module is installed with, so
/// two runs (or two tests) never share one.
public enum DemoServices: RouteModule {
    /// None: the demo's screens are in the modules of ``DemoRoutes``.
    public static var routes: [any Routable.Type] { [] }

    /// Registers `cart.add` and `cart.count` on `services` and mounts it on `router`.
    public static func setUp(_ router: Router, services: ServiceRegistry) throws {
        guard let cart = services.resolve(Cart.self) else { throw ServiceError.unknownService("cart") }
        services.registerMethod(service: "cart", method: "add") { call in
            let item = try call.require("item", as: Int.self)
            let count = cart.add(item)
            return RouteResult(count, note: "cart.add(item: \(item)) → \(count) item\(count == 1 ? "" : "s") in the cart")
        }
        services.registerMethod(service: "cart", method: "count") { _ in
            RouteResult(cart.count, note: "cart.count → \(cart.count)")
        }
        try router.mountServices(services, at: DemoApp.servicesBase)
    }
}
