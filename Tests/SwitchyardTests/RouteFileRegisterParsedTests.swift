import Foundation
import Switchyard
import Testing
@testable import SwitchyardTooling

/// A route file registered with the patterns its reader parsed gives the router the same routes, in the
/// same order, and the same first error, as registering from the pattern texts.
struct RouteFileRegisterParsedTests {
    static let files: [(name: String, routes: [String])] = [
        ("plain", ["app://user/:id<int>", "app://user/me", "app://order/:id/track", "**/help"]),
        ("a duplicate", ["app://a/:x", "app://b", "app://a/:x"]),
        ("a same shape", ["app://a/:x", "app://a/:y"]),
        ("constraints shared", ["app://a/:x([0-9]+)", "app://b/:x([0-9]+)", "app://c/:n<uuid>"]),
    ]

    @Test(arguments: files.map(\.name))
    func parsedAndTextRegistrationsAgree(_ name: String) throws {
        let routes = try #require(Self.files.first { $0.name == name }).routes
        let file = RouteFile(routes: routes.enumerated().map { RouteDefinition(pattern: $1, target: "T\($0)") },
                             redirects: [("app://old", "app://user/me")])
        let parsed = try routes.map { try RoutePattern($0) }
        func registered(_ parsed: [RoutePattern]?) -> (routes: [String], error: String?) {
            let router = Router()
            var failure: String?
            do throws(RouteFileError) { try file.register(on: router, parsed: parsed) { _ in nil } } catch {
                failure = error.description
            }
            return (router.registeredRoutes.map { "\($0.pattern) → \($0.target.name)" }, failure)
        }
        let fromText = registered(nil)
        let fromParsed = registered(parsed)
        #expect(fromParsed.routes == fromText.routes)
        #expect(fromParsed.error == fromText.error)
        #expect((fromText.error != nil) == (name == "a duplicate" || name == "a same shape"), "\(fromText)")
    }
}
