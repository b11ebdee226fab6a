import Foundation
import Testing
@testable import Switchyard
@testable import SwitchyardTooling

struct RouteMapTests {
    /// A router with routes, interceptors of every scope, redirects and relocations.
    static func router() throws -> Router {
        let r = Router()
        try r.register("app://user/:id<int>", target: "UserProfile", handler: nil)
        try r.register("APP://Order/:id<int>", target: "OrderDetail", priority: 2,
                       metadata: ["requiresLogin": "true", "title": "Order \"detail\""], handler: nil)
        try r.register("app://login", target: "Login", handler: nil)
        try r.register("app://search/:query", target: "Search", metadata: ["tab": "2"], handler: nil)
        r.addInterceptor(ClosureInterceptor("audit") { _ in .proceed }, priority: 1)
        r.addInterceptor(ClosureInterceptor("login-gate") { _ in .proceed }, priority: 10, scope: .metadata(key: "requiresLogin", value: "true"))
        r.addInterceptor(ClosureInterceptor("search-only") { _ in .proceed }, scope: .patterns(["app://search/:query"]))
        r.addInterceptor(ClosureInterceptor("not-login") { _ in .proceed }, priority: -1, scope: .excluding(["app://login"]))
        try r.addRedirect(from: "app://profile/:id", to: "app://user/:id")
        try r.applyRelocations(RelocationTable(version: 4, entries: [
            .replace(pattern: "app://old/:id", to: "app://user/:id"),
            .add(pattern: "app://me/:id<int>", target: "UserProfile"),
            .delete(pattern: "app://gone"),
        ]))
        return r
    }

    static func interceptors(on r: Router) {
        r.addInterceptor(ClosureInterceptor("audit") { _ in .proceed }, priority: 1)
        r.addInterceptor(ClosureInterceptor("login-gate") { _ in .proceed }, priority: 10, scope: .metadata(key: "requiresLogin", value: "true"))
        r.addInterceptor(ClosureInterceptor("search-only") { _ in .proceed }, scope: .patterns(["app://search/:query"]))
        r.addInterceptor(ClosureInterceptor("not-login") { _ in .proceed }, priority: -1, scope: .excluding(["app://login"]))
    }

    @Test func exportListsRoutesInterceptorsRedirectsAndRelocations() throws {
        let map = RouteMap(router: try Self.router())
        #expect(map.routes.map(\.pattern) == ["app://user/:id<int>", "app://order/:id<int>", "app://login", "app://search/:query"])
        #expect(map.routes.map(\.target) == ["UserProfile", "OrderDetail", "Login", "Search"])
        #expect(map.routes.map(\.priority) == [0, 2, 0, 0])
        #expect(map.routes[1].metadata == ["requiresLogin": "true", "title": "Order \"detail\""])
        #expect(map.routes.map(\.interceptors) == [
            ["audit", "not-login"],
            ["login-gate", "audit", "not-login"],
            ["audit"],
            ["audit", "search-only", "not-login"],
        ])
        #expect(map.redirects == [RouteMap.Redirect(from: "app://profile/:id", to: "app://user/:id")])
        #expect(map.relocations == [
            .replace(pattern: "app://old/:id", to: "app://user/:id"),
            .add(pattern: "app://me/:id<int>", target: "UserProfile"),
            .delete(pattern: "app://gone"),
        ])
        #expect(map.relocationVersion == 4)
    }

    @Test(arguments: RouteMapFormat.allCases)
    func exportImportExportGivesIdenticalBytes(format: RouteMapFormat) throws {
        let map = RouteMap(router: try Self.router())
        let first = try map.encoded(as: format)
        let imported = try RouteMap.decode(first, format: format)
        #expect(imported == map)
        let second = try imported.encoded(as: format)
        #expect(first == second)
        // And through a router: register the imported file, install the same interceptors, export again.
        let again = Router()
        try imported.routeFile.register(on: again) { _ in nil }
        Self.interceptors(on: again)
        #expect(try RouteMap(router: again).encoded(as: format) == first)
    }

    @Test func jsonIsPrettySortedAndARouteFile() throws {
        let map = RouteMap(router: try Self.router())
        let text = try map.text(as: .json)
        #expect(text.hasPrefix("{\n  \"redirects\": [\n    {\n      \"from\": \"app://profile/:id\",\n"))
        #expect(text.contains("\"title\": \"Order \\\"detail\\\"\""))
        #expect(text.contains("\"interceptors\": [],") == false, "every route here has an interceptor")
        let file = try RouteFile.decode(json: Data(text.utf8))
        #expect(file == map.routeFile)
        #expect(file.relocations?.version == 4)
        let plist = try map.text(as: .plist)
        #expect(plist.contains("<key>relocations</key>"))
        #expect(plist.contains("<string>app://order/:id&lt;int&gt;</string>"))
    }

    @Test func emptyMapsRoundTripToo() throws {
        let map = RouteMap(router: Router())
        #expect(try map.text(as: .json) == "{\n  \"redirects\": [],\n  \"routes\": []\n}\n")
        for format in RouteMapFormat.allCases {
            let data = try map.encoded(as: format)
            #expect(try RouteMap.decode(data, format: format).encoded(as: format) == data)
        }
    }

    @Test func importErrorsNameTheBadEntry() throws {
        let json = #"{"routes": [{"pattern": "app://a", "target": "A"}, {"pattern": "app://b/:x(", "target": "B"}]}"#
        let error = #expect(throws: RouteFileError.self) { try RouteMap.decode(Data(json.utf8), format: .json) }
        #expect(error?.location == "routes[1].pattern")
        #expect(throws: RouteFileError("", "expected an object at the top level, found an array")) {
            try RouteMap.decode(Data("[]".utf8), format: .json)
        }
        let plistError = #expect(throws: RouteFileError.self) { try RouteMap.decode(Data("not a plist".utf8), format: .plist) }
        #expect(plistError?.location == "")
        #expect(plistError?.message.hasPrefix("not a valid property list") == true)
        let badOp = #"{"routes": [], "relocations": {"entries": [{"op": "move", "pattern": "app://a"}]}}"#
        #expect(throws: RouteFileError("relocations.entries[0].op", "unknown op 'move' (expected replace, add, delete or reset)")) {
            try RouteMap.decode(Data(badOp.utf8), format: .json)
        }
    }

    @Test func checkReportsBothDifferencesAndInvalidDeclarations() throws {
        let router = try Self.router()
        let report = RouteMap.check(declared: ["APP://USER/:id<int>", "app://login", "app://settings", "app://bad/:x(", "app://login/"],
                                    registered: router)
        #expect(report.declaredButNotRegistered == ["app://settings"])
        #expect(report.registeredButNotDeclared == ["app://order/:id<int>", "app://search/:query"])
        #expect(report.invalidDeclarations.map(\.pattern) == ["app://bad/:x("])
        #expect(!report.isConsistent)
        #expect(report.description.contains("declared but not registered: app://settings"))
        let ok = RouteMap.check(declared: router.table.routes.map(\.pattern.description), registered: router)
        #expect(ok.isConsistent)
        #expect(ok.description == "routes match")
    }

    /// The logic behind `switchyard routes` (the command prints these lines).
    @Test func tableLinesAreAlignedColumns() throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile"),
            RouteDefinition(pattern: "app://order/:id<int>", target: "OrderDetail", priority: 2, metadata: ["title": "Order", "requiresLogin": "true"]),
        ], redirects: [("app://profile/:id", "app://user/:id")])
        let router = Router()
        try file.register(on: router) { _ in nil }
        router.addInterceptor(ClosureInterceptor("login-gate") { _ in .proceed }, scope: .metadata(key: "requiresLogin", value: "true"))
        #expect(RouteMap(router: router).tableLines() == [
            "PATTERN               TARGET       PRIORITY  METADATA                        INTERCEPTORS",
            "app://user/:id<int>   UserProfile  0         -                               -",
            "app://order/:id<int>  OrderDetail  2         requiresLogin=true,title=Order  login-gate",
            "",
            "redirect app://profile/:id → app://user/:id",
        ])
        #expect(RouteMap(file: file).routes.map(\.interceptors) == [[], []])
    }

    /// The logic behind `switchyard lint` (the command prints these lines and exits 1 on any error).
    @Test func lintReportsEveryProblem() throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://user/:id", target: "UserProfile"),
            RouteDefinition(pattern: "app://user/:id", target: "Dup"),
            RouteDefinition(pattern: "app://user/:uid", target: "SameShape"),
            RouteDefinition(pattern: "app://v/v2", target: "V2"),
            RouteDefinition(pattern: "app://v/:n(v2)", target: "VN"),
        ], redirects: [
            ("app://a", "app://b"), ("app://b", "app://c"), ("app://c", "app://a"),
            ("app://p/:id", "app://nowhere/:id"),
            ("app://q", "app://user/:zz"),
            ("app://a", "app://user/1"),
            ("app://profile/:id<int>", "app://user/:id"),
            ("app://old", "app://gone"),
        ], relocations: RelocationTable(version: 1, entries: [
            .add(pattern: "app://alias", target: "Ghost"),
            .replace(pattern: "app://r/:id", to: "app://r2/:id"),
        ]))
        let lines = RouteLint.report(file)
        #expect(lines == [
            "error: [duplicate] routes[1]: pattern 'app://user/:id' is already registered",
            "error: [same-shape] routes[2]: pattern 'app://user/:uid' has the same shape as registered pattern 'app://user/:id' (only parameter names differ)",
            "warning: [shadowed] routes[4]: app://v/:n(v2) is shadowed by app://v/v2 (every URL it matches goes there, e.g. app://v/v2)",
            "error: [invalid-redirect] redirects[4]: destination parameter 'zz' is not in 'app://q'",
            "error: [duplicate-redirect] redirects[5]: redirect source: pattern 'app://a' is already registered",
            "error: [unknown-target] redirects[3]: destination 'app://nowhere/:id' matches no route (no URL it can produce does, e.g. app://nowhere/a)",
            "error: [unknown-target] redirects[7]: destination 'app://gone' matches no route",
            "error: [unknown-target] relocations.entries[0]: target 'Ghost' is not the target of any route",
            "error: [unknown-target] relocations.entries[1]: destination 'app://r2/:id' matches no route (no URL it can produce does, e.g. app://r2/a)",
            "error: [redirect-cycle] redirects[0]: redirect cycle: app://a → app://b → app://c → app://a",
        ])
        #expect(RouteLint.findings(file).filter { $0.severity == .error }.count == 9)
        let clean = RouteFile(routes: [RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile")],
                              redirects: [("app://profile/:id", "app://user/:id")],
                              relocations: RelocationTable(entries: [.add(pattern: "app://me/:id<int>", target: "UserProfile")]))
        #expect(RouteLint.report(clean) == [])
        let cycle = RouteFile(routes: [], relocations: RelocationTable(entries: [
            .replace(pattern: "app://x/:id", to: "app://y/:id"), .replace(pattern: "app://y/:id", to: "app://x/:id"),
        ]))
        #expect(RouteLint.findings(cycle).contains { $0.code == .relocation && $0.message.hasPrefix("relocation cycle") })
    }
}
