import Foundation
import Switchyard
import SwitchyardTooling
import Testing

/// Each member of SwitchyardTooling's public API, used as an app would (no `@testable`, no `package`
/// symbols), with the values it gives.
struct ToolingAPITests {
    static func router() throws -> Router {
        let router = Router()
        try router.register("APP://User/:id<int>", target: "UserProfile", priority: 2, metadata: ["requiresLogin": "true"]) { _ in
            RouteResult(note: "profile")
        }
        try router.register("app://settings", target: "Settings") { _ in RouteResult(note: "settings") }
        try router.register("app://about", target: "About", priority: -1, metadata: ["title": "About us"], handler: nil)
        try router.addRedirect(from: "app://profile/:id", to: "app://user/:id")
        router.addInterceptor(ClosureInterceptor("Gate") { _ in .proceed }, scope: .metadata(.requiresLogin, true))
        return router
    }

    @Test func routeMapListsTheLiveRoutesInRegistrationOrder() throws {
        let map = RouteMap(router: try Self.router())
        #expect(map.routes == [
            RouteMap.Route(pattern: "app://user/:id<int>", target: "UserProfile", priority: 2, metadata: ["requiresLogin": "true"],
                           interceptors: ["Gate"]),
            RouteMap.Route(pattern: "app://settings", target: "Settings"),
            RouteMap.Route(pattern: "app://about", target: "About", priority: -1, metadata: ["title": "About us"]),
        ])
        #expect(map.redirects == [RouteMap.Redirect(from: "app://profile/:id", to: "app://user/:id")])
        #expect(map.relocations.isEmpty)
    }

    @Test func routeMapTextInBothFormats() throws {
        let router = Router()
        try router.register("app://a/:id<int>", target: "A", metadata: ["k": "v"], handler: nil)
        let map = RouteMap(router: router)
        #expect(try map.text(as: .json) == """
            {
              "redirects": [],
              "routes": [
                {
                  "interceptors": [],
                  "metadata": {
                    "k": "v"
                  },
                  "pattern": "app://a/:id<int>",
                  "priority": 0,
                  "target": "A"
                }
              ]
            }

            """)
        let plist = try map.text(as: .plist)
        #expect(plist.hasPrefix("<?xml"))
        #expect(plist.contains("<key>pattern</key>\n\t\t\t<string>app://a/:id&lt;int&gt;</string>"))
        #expect(plist.contains("<key>target</key>\n\t\t\t<string>A</string>"))
        #expect(RouteMapFormat.allCases == [.json, .plist])
    }

    @Test func routeCheckComparesCanonicalText() throws {
        let router = try Self.router()
        let report = RouteMap.check(declared: ["app://USER/:id<int>", "app://settings", "app://help", "app://bad/:x<", "app://settings"],
                                    registered: router)
        #expect(!report.isConsistent)
        #expect(report.declaredButNotRegistered == ["app://help"])
        #expect(report.registeredButNotDeclared == ["app://about"])
        #expect(report.invalidDeclarations.map(\.pattern) == ["app://bad/:x<"])
        #expect(report.description.hasPrefix("declared but not registered: app://help\nregistered but not declared: app://about\ninvalid declaration: "))

        let consistent = RouteMap.check(declared: ["app://user/:id<int>", "app://settings", "app://about"], registered: router)
        #expect(consistent.isConsistent)
        #expect(consistent.declaredButNotRegistered == [])
        #expect(consistent.registeredButNotDeclared == [])
        #expect(consistent.invalidDeclarations == [])
        #expect(consistent.description == "routes match")
    }

    @Test func explainTellsWhereAURLGoes() throws {
        let router = try Self.router()
        let direct = router.explain("app://user/7")
        #expect(direct.url == "app://user/7")
        #expect(direct.opens?.pattern == "app://user/:id<int>")
        #expect(direct.opens?.target == "UserProfile")
        #expect(direct.rewrites == [])
        #expect(direct.stopped == nil)

        let redirected = router.explain("app://profile/7")
        #expect(redirected.opens?.target == "UserProfile")
        #expect(redirected.rewrites.count == 1)
        #expect(redirected.rewrites.first?.contains("app://user/7") == true)
        #expect(redirected.description.hasPrefix("explain app://profile/7\n  via "))

        let nowhere = router.explain("app://nowhere")
        #expect(nowhere.opens == nil)
        #expect(nowhere.description.contains("winner: none"))
    }

    @Test func lintOfALiveRouter() throws {
        let router = Router()
        try router.register("app://a/:id<int>", target: "A", handler: nil)
        try router.register("app://a/:n([0-9]{1,3})", target: "B", handler: nil)
        try router.register("app://c", target: "C", metadata: ["requiresLogin": "maybe"], handler: nil)
        let findings = RouteLint.findings(router)
        #expect(findings.map(\.code) == [.metadataType, .shadowed])
        #expect(findings.map(\.location) == ["routes[2].metadata.requiresLogin", "routes[1]"])
        #expect(findings.map(\.severity) == [.error, .warning])
        #expect(findings[1].message.hasPrefix("app://a/:n([0-9]{1,3}) is shadowed by app://a/:id<int>"))
        #expect(LintCode.shadowed.severity == .warning)
        #expect(LintCode.shadowed.description == "shadowed")
        #expect(!LintCode.shadowed.meaning.isEmpty)
    }

    @Test func lintOfARouteFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tooling-lint-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let json = #"{"routes": [{"pattern": "app://a", "target": "A"}, {"pattern": "app://a", "target": "B"}, {"pattern": "app://b/:x<nosuch>", "target": "C"}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let findings = try RouteLint.findings(routeFile: path)
        // In file order: one line, so by column.
        #expect(findings.map(\.code) == [.duplicate, .invalidPattern])
        #expect(findings.map(\.location) == ["routes[1]", "routes[2].pattern"])
        #expect(findings.map(\.line) == [1, 1] && findings.map(\.column) == [52, 103], "\(findings.map(\.column))")
        #expect(findings.allSatisfy { $0.severity == .error })

        // The same routes as a value, and a file that cannot be read at all.
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://a", target: "A"), RouteDefinition(pattern: "app://a", target: "B")])
        #expect(RouteLint.findings(file).map(\.code) == [.duplicate])
        #expect(throws: RouteFileError.self) { try RouteLint.findings(routeFile: path + ".missing") }
    }
}

/// `explain` names the interceptors that will judge the open it explains, since it runs none.
struct ExplainInterceptorTests {
    @Test func explainNamesTheInterceptorsWhoseScopeCoversTheWinner() throws {
        let router = Router()
        try router.register("https://:host", target: "Web", metadata: ["web": "true"]) { _ in RouteResult(note: "web") }
        try router.register("app://home", target: "Home") { _ in RouteResult(note: "home") }
        router.addInterceptor(ClosureInterceptor("WebAllowList") { _ in .reject(reason: "no") }, priority: 2000,
                              scope: .metadata(.web, true))
        router.addInterceptor(ClosureInterceptor("Everywhere") { _ in .proceed }, priority: 10)
        let web = router.explain("https://evil.com")
        #expect(web.interceptors == ["WebAllowList", "Everywhere"])
        #expect(web.description.hasSuffix("then at open: WebAllowList, Everywhere judge it (may redirect or reject; explain runs no interceptor)"))
        #expect(router.explain("app://home").interceptors == ["Everywhere"])
        let nothing = router.explain("app://nowhere")
        #expect(nothing.interceptors.isEmpty && !nothing.description.contains("then at open"))
    }
}
