import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// A router's routes cached by app version (TheRouter's `useCache`): loaded compiled, with handlers
/// attached again by target, equal to the routes the code registers.
struct RouterCacheTests {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sy-router-cache-\(UUID().uuidString)")
    }

    /// The handler of each target: it names its target, so an open shows which one ran.
    static func handler(_ target: String) -> any RouteHandler {
        ClosureHandler { request in
            RouteResult(note: "\(target) \(request.path.dictionary.sorted { $0.key < $1.key })")
        }
    }

    static let routes: [(patterns: [String], target: String, priority: Int, metadata: [String: String])] = [
        (["app://user/:id<int>", "app://u/:id<int>"], "User", 0, [:]),
        (["app://user/:name"], "UserByName", 0, [:]),
        (["app://order/:id<int>"], "Order", 0, ["requiresLogin": "true"]),
        (["app://a/:x"], "TieFirst", 0, [:]),
        (["app://:h/b"], "TieSecond", 0, [:]),
        (["app://p/:x"], "Low", 0, [:]),
        (["app://p/:y<int>"], "High", 5, [:]),
        (["**/login/:phone([0-9]+)"], "Phone", 0, [:]),
    ]

    static func registerByCode(_ router: Router) throws {
        for r in routes {
            try router.register(r.patterns, target: r.target, priority: r.priority, metadata: r.metadata,
                                handler: handler(r.target))
        }
    }

    static let urls = ["app://user/7", "app://u/8", "app://user/ann", "app://order/42", "app://a/b", "app://p/3",
                       "app://p/x",
                       "x://y/login/138", "app://none"]

    static func describe(_ router: Router) async -> [String] {
        var lines = router.table.routes.map { "\($0.pattern) \($0.target.name) \($0.priority) \($0.target.metadata)" }
        for url in urls { lines.append("\(url) → \((await router.open(url)).resultNote ?? "none")") }
        return lines
    }

    @Test func aSecondLaunchLoadsTheRoutesAndTheyBehaveAsTheCodesRoutes() async throws {
        let cache = RouterCache(directory: Self.directory(), isEnabled: true)
        defer { try? FileManager.default.removeItem(at: cache.table.fileURL.deletingLastPathComponent()) }
        let first = Router()
        #expect(try cache.registerRoutes(on: first, version: "1.0", handler: { c, _ in Self.handler(c.target) },
                                         register: Self.registerByCode) == .code)
        #expect(FileManager.default.fileExists(atPath: cache.table.fileURL.path))
        let second = Router()
        var ranCode = false
        let source = try cache.registerRoutes(on: second, version: "1.0", handler: { c, _ in Self.handler(c.target) },
                                              register: { _ in ranCode = true })
        #expect(source == .cache)
        #expect(!ranCode)
        let expected = await Self.describe(first)
        #expect(await Self.describe(second) == expected)
        #expect(expected.contains("app://p/3 → High [(key: \"y\", value: \"3\")]"))
        // Registration goes on after a load: the loaded routes are the builder's too.
        try second.register("app://late", target: "Late", handler: Self.handler("Late"))
        #expect(await second.open("app://late").resultNote == "Late []")
        #expect(await second.open("app://user/7").resultNote == "User [(key: \"id\", value: \"7\")]")
        #expect(throws: RegistrationError.self) {
            try second.register("app://user/:other<int>", target: "X", handler: nil)
        }
    }

    @Test func anotherVersionADamagedFileOrAMissingHandlerRegistersByCode() throws {
        let cache = RouterCache(directory: Self.directory(), isEnabled: true)
        defer { try? FileManager.default.removeItem(at: cache.table.fileURL.deletingLastPathComponent()) }
        try cache.registerRoutes(on: Router(), version: "1.0", handler: { c, _ in Self.handler(c.target) },
                                 register: Self.registerByCode)
        var runs = 0
        let count = { (router: Router) throws in
            runs += 1
            try Self.registerByCode(router)
        }
        // A new version: the code registers, and the file is saved for it.
        #expect(try cache.registerRoutes(on: Router(), version: "1.1", handler: { c, _ in Self.handler(c.target) },
                                         register: count) == .code)
        #expect(try cache.registerRoutes(on: Router(), version: "1.1", handler: { c, _ in Self.handler(c.target) },
                                         register: count) == .cache)
        // A target with no handler any more: not an error, the code registers.
        let partial = Router()
        #expect(try cache.registerRoutes(on: partial, version: "1.1",
                                         handler: { c, _ in c.target == "Order" ? nil : Self.handler(c.target) },
                                         register: count) == .code)
        #expect(partial.table.count == 9)
        // A damaged file.
        var bytes = try Data(contentsOf: cache.table.fileURL)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: cache.table.fileURL)
        #expect(try cache.registerRoutes(on: Router(), version: "1.1", handler: { c, _ in Self.handler(c.target) },
                                         register: count) == .code)
        #expect(runs == 3)
    }

    @Test func routesRegisteredBeforeAreKeptAndNotCached() throws {
        let cache = RouterCache(directory: Self.directory(), isEnabled: true)
        defer { try? FileManager.default.removeItem(at: cache.table.fileURL.deletingLastPathComponent()) }
        let first = Router()
        try first.register("app://home", target: "Home", handler: Self.handler("Home"))
        try cache.registerRoutes(on: first, version: "1", handler: { c, _ in Self.handler(c.target) },
                                 register: Self.registerByCode)
        #expect(cache.table.load(version: "1")?.targets.map(\.target).contains("Home") == false)
        // Loading into a router whose routes conflict with the cached ones: the code registers instead,
        // and its own error is what the caller sees.
        let table = try #require(cache.table.load(version: "1"))
        let clash = Router()
        try clash.register("app://user/:n<int>", target: "Clash", handler: nil)
        #expect(throws: RegistrationError.self) {
            try cache.registerRoutes(on: clash, version: "1", handler: { c, _ in Self.handler(c.target) },
                                     register: Self.registerByCode)
        }
        #expect(clash.table.routes.map(\.target.name) == ["Clash"])
        let sameShape = RegistrationError.sameShape(pattern: "app://user/:id<int>", existing: "app://user/:n<int>")
        #expect(throws: RouterCacheError.registration(sameShape)) {
            try clash.registerCompiled(table) { c, _ in Self.handler(c.target) }
        }
    }

    @Test func aDebugBuildDoesNotUseTheCacheByDefault() throws {
        let cache = RouterCache(directory: Self.directory())
        #expect(cache.isEnabled == !RouterCache.isDebugBuild)
        guard RouterCache.isDebugBuild else { return }
        var runs = 0
        for _ in 0..<2 {
            let source = try cache.registerRoutes(on: Router(), version: "1",
                                                  handler: { c, _ in Self.handler(c.target) },
                                                  register: { router in
                                                      runs += 1
                                                      try Self.registerByCode(router)
                                                  })
            #expect(source == .code)
        }
        #expect(runs == 2)
        #expect(!FileManager.default.fileExists(atPath: cache.table.fileURL.path))
    }
}
