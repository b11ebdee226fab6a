import Switchyard
import SwitchyardKit
import Testing

/// Declarative registration: `Routable` types and `RouteModule`s (TheRouter's Routable and module set-up).
struct RoutableTests {
    enum OrderDetail: Routable {
        static let patterns = ["app://order/:id<int>", "app://orders/:id<int>"]
        static let requiredParameters = ["id"]
        static let metadata = ["requiresLogin": "true"]
        static func make(_ request: RouteRequest) async throws -> RouteResult {
            RouteResult(try request.require("id", as: Int.self), note: "order \(request["id"] ?? "")")
        }
    }

    enum Search: Routable {
        static let patterns = ["app://search"]
        static let target = "SearchResults"
        static let requiredParameters = ["q", "page"]
        static func make(_ request: RouteRequest) async throws -> RouteResult {
            RouteResult(note: "search \(request["q"] ?? "")")
        }
    }

    enum Clash: Routable {
        static let patterns = ["app://order/:number<int>"]
        static func make(_ request: RouteRequest) async throws -> RouteResult { RouteResult() }
    }

    enum Orders: RouteModule {
        static var routes: [any Routable.Type] { [OrderDetail.self, Search.self] }
        static func setUp(_ router: Router) throws {
            try router.addRedirect(from: "app://o/:id", to: "app://order/:id")
        }
    }

    /// A counter that lives as long as one run: each router gets its own through the registry.
    final class Visits: Sendable {
        let count = Locked(0)
        func add() -> Int { count.withLock { $0 += 1; return $0 } }
    }

    enum Visit: Routable {
        static let patterns = ["app://visit"]
        static func make(_ request: RouteRequest) async throws -> RouteResult {
            guard let visits = request.services?.resolve(Visits.self) else { throw ServiceError.unknownService("visits") }
            return RouteResult(note: "visit \(visits.add())")
        }
    }

    enum Counting: RouteModule {
        static var routes: [any Routable.Type] { [Visit.self] }
        static func setUp(_ router: Router, services: ServiceRegistry) throws {
            guard let visits = services.resolve(Visits.self) else { throw ServiceError.unknownService("visits") }
            services.registerMethod(service: "visits", method: "count") { _ in
                RouteResult(note: "count \(visits.count.withLock { $0 })")
            }
            try router.mountServices(services, at: "app://services")
        }
    }

    enum Vault: Routable {
        static let patterns = ["app://vault"]
        static let metadata = ["requiresLogin": "true"]
        static func make(_ request: RouteRequest) async throws -> RouteResult { RouteResult(note: "vault") }
    }

    /// A screen shown over the vault: its open implies the vault's URL when its module's registry is there.
    enum VaultItem: Routable {
        static let patterns = ["app://vault/:id"]
        static func make(_ request: RouteRequest) async throws -> RouteResult { RouteResult(note: "item") }
        static func impliedURLs(for request: RouteRequest) -> [String] {
            request.services?.resolve(Visits.self) == nil ? [] : ["app://vault"]
        }
    }

    enum VaultModule: RouteModule {
        static var routes: [any Routable.Type] { [Vault.self, VaultItem.self] }
    }

    enum Broken: RouteModule {
        static var routes: [any Routable.Type] { [Search.self, OrderDetail.self, Clash.self] }
    }

    @Test func aRoutableTypeRegistersEveryPatternAsOneTarget() async throws {
        let router = Router()
        try router.register(OrderDetail.self)
        #expect(router.table.routes.map(\.pattern.description) == ["app://order/:id<int>", "app://orders/:id<int>"])
        #expect(router.table.routes.allSatisfy { $0.target.name == "OrderDetail" && $0.target.metadata == ["requiresLogin": "true"] })
        let outcome = await router.open("app://orders/7")
        #expect(outcome.description == "handled by app://orders/:id<int> (order 7)")
        guard case .handled(_, let result) = outcome else { return }
        #expect(result.payload(as: Int.self) == 7)
    }

    @Test func aMissingRequiredParameterFailsTheOpenAndNamesIt() async throws {
        let router = Router()
        try router.register(Search.self)
        #expect(await router.open("app://search?q=shoes&page=2").description == "handled by app://search (search shoes)")
        let outcome = await router.open("app://search?q=shoes")
        guard case .failed(let pattern, let error) = outcome else {
            Issue.record("expected failed, got \(outcome)")
            return
        }
        #expect(pattern == "app://search")
        #expect(error == "SearchResults needs the parameter page")
        #expect(MissingParameterError(target: "Search", names: ["q", "page"]).description == "Search needs the parameters q, page")
        // A native parameter counts as carried.
        var native = NativeParameters()
        native.set("page", 1)
        #expect(await router.open("app://search?q=boots", native: native).description == "handled by app://search (search boots)")
    }

    @Test func aModuleRegistersItsRoutesThenRunsItsSetUp() async throws {
        let router = Router()
        try router.install(Orders.self)
        #expect(router.table.routes.map(\.target.name).sorted() == ["OrderDetail", "OrderDetail", "SearchResults"])
        #expect(await router.open("app://o/42").final.description == "handled by app://order/:id<int> (order 42)")
    }

    @Test func aModuleThatCannotRegisterLeavesNothingBehind() throws {
        let router = Router()
        #expect(throws: RegistrationError.self) { try router.install(Broken.self) }
        #expect(router.table.routes.isEmpty, "Search and OrderDetail were removed again after Clash failed")
    }

    @Test func aModuleInstalledWithServicesGivesEachRouterItsOwnState() async throws {
        func install() throws -> Router {
            let router = Router()
            let registry = ServiceRegistry()
            registry.register(Visits.self, instance: Visits())
            try router.install(Counting.self, services: registry)
            return router
        }
        let first = try install()
        let second = try install()
        #expect(await first.open("app://visit").description == "handled by app://visit (visit 1)")
        #expect(await first.open("app://visit").description == "handled by app://visit (visit 2)")
        #expect(await second.open("app://visit").description == "handled by app://visit (visit 1)",
                "the second router's registry holds its own counter")
        #expect(await first.open("app://services/visits/count").description.hasSuffix("(count 2)"))
        #expect(await second.open("app://services/visits/count").description.hasSuffix("(count 1)"))
        // Installed without a registry, the factory finds none and the open fails, naming what is missing.
        let bare = Router()
        try bare.register(Visit.self)
        #expect(await bare.open("app://visit").code == "failed")
    }

    @Test func aRoutablesImpliedURLsAreJudgedWithItsModulesRegistry() async throws {
        func router(services: ServiceRegistry?) throws -> Router {
            let router = Router()
            if let services { try router.install(VaultModule.self, services: services) } else {
                try router.install(VaultModule.self)
            }
            try router.register("app://login", target: "Login") { _ in RouteResult(note: "login") }
            LoginGate(loginURL: "app://login").install(on: router)
            return router
        }
        let registry = ServiceRegistry()
        registry.register(Visits.self, instance: Visits())
        // The item is not gated; the vault it implies is, so the open goes to the login screen.
        let gated = try await router(services: registry).open("app://vault/1")
        #expect(gated.description == "redirected app://vault/1 → app://login; then handled by app://login (login)")
        // Without the registry the item implies nothing and opens.
        let bare = try await router(services: nil).open("app://vault/1")
        #expect(bare.description == "handled by app://vault/:id (item)")
    }

    @Test func aRoutablesHandlerServesARouteRegisteredAnotherWay() async throws {
        let registry = ServiceRegistry()
        registry.register(Visits.self, instance: Visits())
        let router = Router()
        try router.register("app://visit", target: "Visit", handler: Visit.handler(services: registry))
        #expect(await router.open("app://visit").description == "handled by app://visit (visit 1)")
        try router.register("app://search", target: "SearchResults", handler: Search.handler())
        #expect(await router.open("app://search?q=x").code == "failed", "the required page is checked")
    }
}
