import Foundation
import SwitchyardNavigation
import SwitchyardTooling
import Testing

/// An unreadable `requiresLogin` or `loginFlow` is told as what happens: nothing can read the value (the
/// route would otherwise open without login, or not count as part of the login flow), and the route is
/// left out, which every command marks `(left out)` as for any other rule. Lint, the app's load (what
/// loads) and the runtime's strict load give the same words.
struct LoginMetadataWordingTests {
    @Test("unreadable login metadata", arguments: [
        ("requiresLogin", "yes", "it would otherwise open without login"),
        ("requiresLogin", "TRUE", "it would otherwise open without login"),
        ("requiresLogin", "1", "it would otherwise open without login"),
        ("loginFlow", "no", "it would otherwise not count as part of the login flow"),
    ])
    func toldAsLeftOut(_ key: String, _ value: String, _ why: String) throws {
        let problem = try #require(ScreenRoute.loginMetadataKeyProblem([key: value]))
        #expect(problem.key == key)
        #expect(problem.message.hasPrefix("'\(value)' is not a boolean (\(key) takes true or false): "))
        #expect(problem.message.hasSuffix(why), "\(problem.message)")
        #expect(!problem.message.contains("would open without login)"), "no 'would open' for a route that never opens")

        let json = #"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"\#(key)": "\#(value)"}}, "#
            + #"{"pattern": "app://b", "target": "B"}]}"#
        let check = try RouteFileCheck(json: Data(json.utf8), file: "r.json")
        // Lint (every rule) and the app's load: the same finding, and the route is indeed left out.
        let finding = try #require(check.errors.first { $0.location == "routes[0].metadata.\(key)" })
        #expect(finding.message == problem.message)
        #expect(check.isLeftOut(finding))
        #expect(check.loaded.file.routes.map(\.pattern) == ["app://b"])
        let loaded = try #require(check.loaded.errors.first)
        #expect(loaded.message == problem.message)
    }
}
