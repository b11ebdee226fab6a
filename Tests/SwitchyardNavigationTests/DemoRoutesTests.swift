import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardKit
import SwitchyardNavigation
import Testing

/// The demo's screen routes reach the router through its `RouteModule`s of `Routable` types
/// (`Demo/App/DemoRoutes.swift`), and the runtime refuses a screen registration that disagrees with the
/// description it runs.
@MainActor
struct DemoRoutesTests {
    /// The route texts with each pattern in its canonical spelling, as the router gives them.
    nonisolated static func canonical(_ routes: [RouteDefinition]) throws -> [RouteDefinition] {
        try routes.map { route in
            var route = route
            route.pattern = try RoutePattern(route.pattern).description
            return route
        }
    }

    /// A route cache that never loads or saves, so each runtime registers its routes by code.
    nonisolated static let noCache = RouterCache(directory: FileManager.default.temporaryDirectory,
                                                 name: "unused", isEnabled: false)

    /// The screen routes of `router` (the services' mount left out), in registration order.
    nonisolated static func screenRoutes(_ router: Router) -> [Route<RouteEntry>] {
        router.table.routes.filter { !$0.pattern.description.hasPrefix(DemoApp.servicesBase) }
    }

    @Test func theDemosRouterHoldsTheModulesDeclaredRoutesInOrderEachWithItsTypesHandler() throws {
        let runtime = try DemoApp.makeRuntime(routeCache: Self.noCache)
        let registered = Self.screenRoutes(runtime.router)
        let declared = try Self.canonical(DemoRoutes.declaredRoutes)
        #expect(declared.count == 23, "22 screen routes and the item's alias")
        #expect(registered.map(\.definition) == declared)
        // The description the tools read (`switchyard app`, lint, graph) declares the same routes.
        let described = try DemoApp.description().routes.flatMap(\.definitions)
        #expect(try Self.canonical(described) == declared)
        // Each route's handler is the one its module registered for its type: the module path.
        var expected: [String] = []
        for module in DemoRoutes.modules {
            for type in module.routes {
                expected += type.patterns.map { _ in "RoutableHandler<\(type)>" }
            }
        }
        let handlers = registered.map { $0.target.handler.map { String(describing: Swift.type(of: $0)) } ?? "none" }
        #expect(handlers == expected)
        #expect(registered.allSatisfy { !($0.target.handler is ScreenHandler) })
        #expect(expected.first == "RoutableHandler<HomeScreen>")
    }

    @Test func anAppFromItsDescriptionIsRegisteredByTheRuntimeWithTheSameRoutes() throws {
        let runtime = try DemoApp.makeRuntime(app: DemoApp.description(), routeCache: Self.noCache)
        let registered = Self.screenRoutes(runtime.router)
        #expect(registered.map(\.definition) == (try Self.canonical(DemoRoutes.declaredRoutes)))
        #expect(registered.allSatisfy { $0.target.handler is ScreenHandler })
    }

    /// The module's factory builds the description's screen from the request's parameters, and its
    /// implied URLs are the route's (the tab a tab jump shows, a deep link's parents), which the login
    /// gate judges.
    @Test func aModuleScreenIsBuiltFromItsRouteAndItsImpliedURLsAreJudged() async throws {
        let runtime = try DemoApp.makeRuntime(routeCache: Self.noCache)
        // Discover is not gated; the Orders tab its tab jump shows is.
        _ = await runtime.perform(.open("app://discover?jumpType=showTab&tabBarSelecIndex=2"))
        #expect(runtime.heldNavigation?.url == "app://discover?jumpType=showTab&tabBarSelecIndex=2")
        _ = await runtime.perform(.back())
        #expect(runtime.heldNavigation == nil)
        let item = await runtime.perform(.open("app://goods/detail/8"))
        #expect(item.outcome?.code == "handled")
        #expect(runtime.state.top.title == "Item #8")
        #expect(runtime.state.top.kind == "Item")
        // Tracking's parents are Order #42 and Orders: a deep link builds them under it after login.
        _ = await runtime.perform(.open("app://order/42/track"))
        #expect(runtime.isShowingLogin)
        _ = await runtime.perform(.login)
        #expect(runtime.state.currentTab.stack.map(\.title) == ["Orders", "Order #42", "Tracking #42"])
    }

    /// URLs that reach every demo screen route, its alias, a redirect, a relocation, a tab jump by index,
    /// the web allow list (both ways), a service call and no route.
    nonisolated static let urls = [
        "app://home", "app://home/reset", "app://discover", "app://discover/item/8?animation=fromLeft",
        "app://goods/detail/8", "app://search/shoes?sort=price&size=42&size=43", "app://search", "app://cart",
        "app://share/3", "app://checkout/5", "app://checkout/5/coupons", "app://pay/5", "app://orders",
        "app://order/42?from=home", "app://order/42/track", "app://me", "app://settings", "app://settings/edit",
        "app://user/alice", "app://profile/alice", "app://user/login/13800000000", "app://login",
        "app://login/forgot", "https://switchyard.dev", "https://switchyard.dev/docs", "https://evil.example",
        "app://old/order/44", "app://discover?jumpType=showTab&tabBarSelecIndex=2",
        "app://services/cart/add?item=7", "app://nowhere",
    ]

    /// What a user sees after `url` is opened, then login: the outcomes and every screen on the way, each
    /// with all its fields but its id.
    static func walk(_ runtime: AppRuntime, _ url: String) async -> [String] {
        var lines: [String] = []
        for command in [NavigationCommand.open(url), .login] {
            let report = await runtime.perform(command)
            lines.append(report.outcome.map { String(describing: $0) } ?? "no open")
            let screens = runtime.state.tabs.flatMap(\.stack) + runtime.state.modals.flatMap(\.stack)
            for screen in screens {
                let parameters = screen.parameters.sorted { $0.key < $1.key }
                let path = screen.pathParameters.sorted { $0.key < $1.key }
                lines.append("\(screen.kind) \(screen.url) \(screen.pattern ?? "-") \(screen.title) \(parameters) "
                    + "\(path) \(screen.body) \(screen.links) \(String(describing: screen.leaveGuard))")
            }
        }
        return lines
    }

    /// A screen built through its module is the screen the description's registration builds, field for
    /// field.
    @Test(arguments: urls)
    func aModuleScreenIsTheScreenTheDescriptionBuilds(_ url: String) async throws {
        let modules = try DemoApp.makeRuntime(routeCache: Self.noCache)
        let described = try DemoApp.makeRuntime(app: DemoApp.description(), routeCache: Self.noCache)
        let seen = await Self.walk(modules, url)
        #expect(seen == (await Self.walk(described, url)))
        #expect(!seen.joined().contains("ModuleServices"))
    }

    @Test func routesLoadedFromTheRouteCacheGetTheirModuleTypesHandlers() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sy-demo-routes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RouterCache(directory: directory, name: "demo-routes", isEnabled: true)
        _ = try DemoApp.makeRuntime(routeCache: cache)
        let saved = try #require(cache.table.load(version: DemoApp.routeCacheVersion))
        let marked = saved.mapTargets { route in
            CachedRoute(target: route.target, metadata: route.metadata.merging(["cached": "1"]) { a, _ in a })
        }
        try cache.table.save(marked, version: DemoApp.routeCacheVersion)
        let runtime = try DemoApp.makeRuntime(routeCache: cache)
        let registered = Self.screenRoutes(runtime.router)
        #expect(registered.count == 23)
        #expect(registered.allSatisfy { $0.target.metadata["cached"] == "1" }, "loaded from the cache")
        #expect(registered.allSatisfy { route in
            route.target.handler.map { String(describing: type(of: $0)).hasPrefix("RoutableHandler<") } ?? false
        })
        _ = await runtime.perform(.open("app://discover/item/7"))
        #expect(runtime.state.top.title == "Item #7")
    }

    // MARK: A registration that disagrees with the description

    enum Extra: Routable {
        static let patterns = ["app://extra"]
        static func make(_ request: RouteRequest) async throws -> RouteResult { RouteResult() }
    }

    /// Orders without its `requiresLogin`.
    enum UngatedOrders: DemoScreen {
        static let patterns = ["app://orders"]
        static let target = "Orders"
    }

    enum UngatedOrdersModule: RouteModule {
        static var routes: [any Routable.Type] { [UngatedOrders.self, OrderDetailScreen.self, TrackingScreen.self] }
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the set-up failed" }
    }

    /// Each registration and the error the runtime refuses it with.
    nonisolated static var disagreements: [(name: String, modules: [any RouteModule.Type], extra: Bool,
                                            throwing: Bool, location: String, message: String)] { [
        ("a module left out",
         [HomeModule.self, DiscoverModule.self, OrdersModule.self, MeModule.self, AccountModule.self], false, false,
         "routes[20]", "the screen registration did not register 'https://:host' → Web {web: true}"),
        ("modules out of order",
         [DiscoverModule.self, HomeModule.self, OrdersModule.self, MeModule.self, AccountModule.self, WebModule.self],
         false, false, "routes[0]",
         "the screen registration registered 'app://discover' → Discover where the description declares "
            + "'app://home' → Home"),
        ("a route's metadata differs",
         [HomeModule.self, DiscoverModule.self, UngatedOrdersModule.self, MeModule.self, AccountModule.self,
          WebModule.self], false, false, "routes[10]",
         "the screen registration registered 'app://orders' → Orders where the description declares "
            + "'app://orders' → Orders {requiresLogin: true}"),
        ("a route the description does not have",
         DemoRoutes.modules, true, false, "routes",
         "the screen registration registered 'app://extra' → Extra, which the description does not declare"),
        ("the registration throws", DemoRoutes.modules, false, true, "routes", "the set-up failed"),
    ] }

    @Test(arguments: disagreements.indices)
    func aScreenRegistrationThatDisagreesWithTheDescriptionIsRefused(_ index: Int) throws {
        let c = Self.disagreements[index]
        let registration = ScreenRegistration { router, handlers in
            let services = ServiceRegistry()
            services.register(ScreenHandlers.self, instance: handlers)
            for module in c.modules {
                try router.install(module, services: services)
            }
            if c.extra { try router.register(Extra.self) }
            if c.throwing { throw Broken() }
        }
        #expect(throws: RouteFileError(c.location, c.message), "\(c.name)") {
            _ = try AppRuntime(app: DemoApp.description(), screens: registration)
        }
    }
}
