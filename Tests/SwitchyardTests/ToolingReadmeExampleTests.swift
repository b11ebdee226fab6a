import Foundation
import Switchyard
import SwitchyardTooling
import Testing

/// The README's "Route QA from an app" example, compiled against the public API only (no `@testable`,
/// no `package` symbols), with each value it shows checked.
struct ToolingReadmeExampleTests {
    @Test func theToolingExampleWorksAsDocumented() throws {
        let router = Router()
        try router.register("app://user/:id<int>", target: "UserProfile") { _ in RouteResult(note: "profile") }
        try router.register("app://settings", target: "Settings", metadata: ["requiresLogin": "yes"]) { _ in
            RouteResult(note: "settings")
        }

        let map = RouteMap(router: router)
        #expect(map.routes.map(\.pattern) == ["app://user/:id<int>", "app://settings"])
        let json = try map.text(as: .json)
        // The JSON is a route file: read back, it has the same routes.
        let file = try RouteSchema.decode(RouteFile.self, json: Data(json.utf8))
        #expect(file.routes.map(\.pattern) == ["app://user/:id<int>", "app://settings"])
        #expect(file.routes.map(\.target) == ["UserProfile", "Settings"])

        let report = RouteMap.check(declared: ["app://user/:id<int>", "app://help"], registered: router)
        #expect(report.isConsistent == false)
        #expect(report.declaredButNotRegistered == ["app://help"])
        #expect(report.registeredButNotDeclared == ["app://settings"])

        #expect(router.explain("app://user/abc").description == """
            explain app://user/abc
              winner: none
              ✗ app://user/:id<int>: segment 1: 'abc' does not satisfy <int>
            """)

        #expect(RouteLint.findings(router).map(\.description) == [
            "error: [metadata-type] routes[1].metadata.requiresLogin: 'yes' is not a boolean (requiresLogin takes true or false)",
        ])
    }
}
