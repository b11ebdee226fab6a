import Foundation
import Switchyard
import SwitchyardKit
import SwitchyardTooling

// A separate package that uses only the public API (Scripts/external-package.sh builds and runs it).
// README "Quick start" (block at README line 782), verbatim apart from the checks.
let router = Router()
try router.register("app://user/login/:phone([0-9]+)", target: "Login") { request in
    RouteResult(note: "login \(request.path["phone"] ?? "")")
}
var gated: [String: String] = [:]
gated[.requiresLogin] = true
try router.register("app://order/:id<int>", target: "OrderDetail", metadata: gated) { request in
    let id = try request.require("id", as: Int.self)
    return RouteResult(id)
}
try router.register("app://login", target: "Login") { _ in RouteResult(note: "login screen") }
LoginGate(loginURL: "app://login").install(on: router)
let outcome = await router.open("app://order/42?from=push")
print("open:", outcome)

// README "Route QA from an app" (line 895).
let qa = Router()
try qa.register("app://user/:id<int>", target: "UserProfile") { _ in RouteResult(note: "profile") }
try qa.register("app://settings", target: "Settings", metadata: ["requiresLogin": "yes"]) { _ in
    RouteResult(note: "settings")
}
let map = RouteMap(router: qa)
print(map.routes.map(\.pattern))
let json = try map.text(as: .json)
print(json.prefix(80))
let report = RouteMap.check(declared: ["app://user/:id<int>", "app://help"], registered: qa)
print(report.isConsistent, report.declaredButNotRegistered, report.registeredButNotDeclared)
print(qa.explain("app://user/abc"))
for finding in RouteLint.findings(qa) { print(finding) }

// The route check against the app's own router (TheRouter's routerForceRecheck).
let own = RouteMap.check(declared: ["app://user/login/:phone([0-9]+)", "app://order/:id<int>", "app://login"],
                         registered: router)
print("own router consistent:", own.isConsistent)
precondition(own.isConsistent)
precondition(!report.isConsistent && report.declaredButNotRegistered == ["app://help"])

// README caches (lines 820, 850).
let cachesDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("extpkg-cache")
let tableCache = RouteTableCache<String>(directory: cachesDirectory)
let table = try tableCache.table(version: "4.2.0 (812)") {
    var builder = RouteTableBuilder<String>()
    try builder.add("app://user/:id<int>", target: "UserProfile")
    return builder.build()
}
print("table:", (try? table.match("app://user/7")) as Any)
let handlers: [String: any RouteHandler] = ["UserProfile": ClosureHandler { _ in RouteResult(note: "u") }]
let cached = Router()
let cache = RouterCache(directory: cachesDirectory)
try cache.registerRoutes(on: cached, version: "4.2.0 (812)",
                         handler: { route, _ in handlers[route.target] },
                         register: { router in
                             try router.register("app://user/:id<int>", target: "UserProfile",
                                                 handler: handlers["UserProfile"])
                         })
print("cached:", await cached.open("app://user/7"))

// Declarative registration (SwitchyardKit Routable / RouteModule).
enum Profile: Routable {
    static let patterns = ["app://profile/:name"]
    static let requiredParameters = ["name"]
    static func make(_ request: RouteRequest) async throws -> RouteResult { RouteResult(note: request["name"] ?? "") }
}
enum AccountModule: RouteModule {
    static let routes: [any Routable.Type] = [Profile.self]
}
try router.install(AccountModule.self)
print("module:", await router.open("app://profile/ann"))

// A module with per-run state: each router's registry is its own.
final class Counter: Sendable {
    let start: Int
    init(start: Int) { self.start = start }
}
enum Counted: Routable {
    static let patterns = ["app://counted"]
    static func make(_ request: RouteRequest) async throws -> RouteResult {
        RouteResult(note: "start \(request.services?.resolve(Counter.self)?.start ?? -1)")
    }
}
enum CountingModule: RouteModule {
    static let routes: [any Routable.Type] = [Counted.self]
}
let registry = ServiceRegistry()
registry.register(Counter.self, instance: Counter(start: 5))
let modular = Router()
try modular.install(CountingModule.self, services: registry)
let counted = await modular.open("app://counted")
print("services:", counted)
precondition(counted.description.hasSuffix("(start 5)"))
