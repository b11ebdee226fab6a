import Switchyard
import Testing

/// WLRRoute's keyed subscripts: `router[pattern] = handler`, `router[pattern]`, `router[url]`.
struct RouterSubscriptTests {
    @Test func assigningRegistersReadingReturnsAndNilRemoves() async throws {
        let router = Router()
        let user = try RoutePattern("app://user/:id")
        #expect(router[user] == nil)
        router[user] = ClosureHandler { request in RouteResult(note: "user \(request["id"] ?? "")") }
        #expect(router[user] != nil)
        #expect(router.table.routes.map(\.target.target) == ["app://user/:id"], "the pattern text is the target")
        #expect(await router.open("app://user/7").description == "handled by app://user/:id (user 7)")
        #expect(router["app://user/7"]?.pattern.description == "app://user/:id")
        #expect(router["app://nope"] == nil)
        #expect(router["not a url"] == nil)
        router[user] = nil
        #expect(router.table.routes.isEmpty)
        #expect(await router.open("app://user/7").code == "not_found")
    }

    @Test func assigningReplacesTheRouteOfTheSameShapeKeepingItsTargetAndPlace() async throws {
        let router = Router()
        try router.register("app://user/:id", target: "UserProfile", priority: 3, metadata: ["requiresLogin": "true"]) { _ in RouteResult(note: "old") }
        try router.register("app://home", target: "Home") { _ in RouteResult(note: "home") }
        // Same pattern: the target, priority and metadata stay; the handler is new.
        router[try RoutePattern("app://user/:id")] = ClosureHandler { _ in RouteResult(note: "new") }
        let routes = router.table.routes
        #expect(routes.map(\.target.target).sorted() == ["Home", "UserProfile"])
        let replaced = try #require(routes.first { $0.target.target == "UserProfile" })
        #expect(replaced.priority == 3)
        #expect(replaced.target.metadata == ["requiresLogin": "true"])
        #expect(await router.open("app://user/1").description == "handled by app://user/:id (new)")
        // Same shape, other parameter name: it replaces the route instead of conflicting with it.
        router[try RoutePattern("app://user/:name")] = ClosureHandler { request in RouteResult(note: "name \(request["name"] ?? "")") }
        #expect(router.table.routes.map(\.pattern.description).sorted() == ["app://home", "app://user/:name"])
        #expect(await router.open("app://user/ann").description == "handled by app://user/:name (name ann)")
    }

    @Test func aPatternThatDoesNotParseIsRefusedWhereItIsWritten() {
        #expect(throws: PatternError.self) { _ = try RoutePattern("app://user/:id(") }
    }
}
