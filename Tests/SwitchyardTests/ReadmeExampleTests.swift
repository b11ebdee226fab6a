import Switchyard
import SwitchyardKit
import Testing

/// The README's "Using the library" example, kept compiling and behaving as the README says.
struct ReadmeExampleTests {
    @Test func theLibraryExampleWorksAsDocumented() async throws {
        let router = Router()
        try router.register("app://user/login/:phone([0-9]+)", target: "Login") { request in
            RouteResult(note: "login \(request.path["phone"] ?? "")")
        }
        var gated: [String: String] = [:]
        gated[.requiresLogin] = true                          // typed metadata: "requiresLogin": "true"
        try router.register("app://order/:id<int>", target: "OrderDetail", metadata: gated) { request in
            let id = try request.require("id", as: Int.self)      // typed, with an error naming key and type
            return RouteResult(id)
        }
        try router.register("app://login", target: "Login") { _ in RouteResult(note: "login screen") }
        LoginGate(loginURL: "app://login").install(on: router)  // holds gated opens until login succeeds

        let outcome = await router.open("app://order/42?from=push")
        guard case .redirected(let chain, let final) = outcome else {
            Issue.record("expected a redirect to the login route, got \(outcome)")
            return
        }
        #expect(chain == ["app://order/42?from=push", "app://login"])
        #expect(final.isHandled)
        #expect(await router.open("app://user/login/13800000000").description == "handled by app://user/login/:phone([0-9]+) (login 13800000000)")

        var builder = RouteTableBuilder<String>()
        try builder.add("app://user/:id<int>", target: "UserProfile")
        let table = builder.build()
        let match = try table.match("app://user/42")
        #expect(match?.target == "UserProfile")
        #expect(match?.parameters["id"] == "42")
    }
}
