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
        #expect(router.table.routes.map(\.target.name) == ["app://user/:id"], "the pattern text is the target")
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
        try router.register("app://user/:id", target: "UserProfile", priority: 3,
                            metadata: ["requiresLogin": "true"]) { _ in RouteResult(note: "old") }
        try router.register("app://home", target: "Home") { _ in RouteResult(note: "home") }
        // Same pattern: the target, priority and metadata stay; the handler is new.
        router[try RoutePattern("app://user/:id")] = ClosureHandler { _ in RouteResult(note: "new") }
        let routes = router.table.routes
        #expect(routes.map(\.target.name).sorted() == ["Home", "UserProfile"])
        let replaced = try #require(routes.first { $0.target.name == "UserProfile" })
        #expect(replaced.priority == 3)
        #expect(replaced.target.metadata == ["requiresLogin": "true"])
        #expect(await router.open("app://user/1").description == "handled by app://user/:id (new)")
        // Same shape, other parameter name: it replaces the route instead of conflicting with it.
        router[try RoutePattern("app://user/:name")] = ClosureHandler { request in
            RouteResult(note: "name \(request["name"] ?? "")")
        }
        #expect(router.table.routes.map(\.pattern.description).sorted() == ["app://home", "app://user/:name"])
        #expect(await router.open("app://user/ann").description == "handled by app://user/:name (name ann)")
    }

    /// Each field of the replaced route, and its place in registration order (not a sorted list):
    /// the same pattern, a renamed parameter, and a gated route, which stays gated.
    @Test("assigning keeps every field and the order", arguments: ["app://user/:id", "app://user/:name"])
    func assigningKeepsEveryFieldAndTheOrder(_ assigned: String) async throws {
        let router = Router()
        try router.register("app://first", target: "First") { _ in RouteResult(note: "first") }
        try router.register("app://user/:id", target: "UserProfile", priority: 3,
                            metadata: ["requiresLogin": "true"]) { _ in RouteResult(note: "old") }
        try router.register("app://user/:id<int>", target: "ByNumber", priority: 3) { _ in RouteResult(note: "number") }
        try router.register("app://last", target: "Last") { _ in RouteResult(note: "last") }
        let before = router.table.routes
        router[try RoutePattern(assigned)] = ClosureHandler { _ in RouteResult(note: "new") }
        let after = router.table.routes
        #expect(after.map(\.target.name) == before.map(\.target.name), "same targets in the same order")
        #expect(after.map(\.priority) == before.map(\.priority))
        #expect(after.map(\.target.metadata) == before.map(\.target.metadata),
                "requiresLogin is kept: the route stays gated")
        #expect(after.map(\.pattern.description) == ["app://first", assigned, "app://user/:id<int>", "app://last"])
        #expect(router[try RoutePattern("app://user/:other")] != nil, "read by shape")
        #expect(await router.open("app://user/ann").description == "handled by \(assigned) (new)")
        // Removing keeps the others' order; a new shape goes last.
        router[try RoutePattern("app://user/:x")] = nil
        #expect(router.table.routes.map(\.target.name) == ["First", "ByNumber", "Last"])
        router[try RoutePattern("app://new")] = ClosureHandler { _ in RouteResult(note: "n") }
        #expect(router.table.routes.map(\.target.name) == ["First", "ByNumber", "Last", "app://new"])
    }

    @Test func aPatternThatDoesNotParseIsRefusedWhereItIsWritten() {
        #expect(throws: PatternError.self) { _ = try RoutePattern("app://user/:id(") }
    }
}
