import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import Testing
@testable import SwitchyardTooling

/// Lint for app descriptions: the route rules with the app's own locations, and the app rules.
struct AppLintTests {
    static func app(_ routes: [ScreenRoute], loginURL: String? = nil, redirects: [AppDescription.RedirectDescription] = []) -> AppDescription {
        AppDescription(name: "T", tabs: [TabDescription(title: "H", root: "app://home")],
                       routes: [ScreenRoute(pattern: "app://home", kind: "Home", opens: .tab)] + routes,
                       redirects: redirects, loginURL: loginURL)
    }

    @Test func theDemoAppHasNoFindings() throws {
        let findings = AppLint.findings(try DemoApp.description(), mountedPatterns: DemoApp.mountedPatterns)
        #expect(findings.map(\.description) == [])
        // Without the service mount its service links lead nowhere, which the link rule sees.
        let unmounted = AppLint.findings(try DemoApp.description())
        #expect(!unmounted.isEmpty && unmounted.allSatisfy { $0.code == .unknownLink && $0.message.contains("app://services/cart/add") })
    }

    @Test func linksAndParentsAreJudgedOnTheirTemplates() throws {
        let app = Self.app([
            ScreenRoute(pattern: "app://order/:id<int>", kind: "Order", links: [
                Link(title: "ok", url: "app://order/{id}1"),
                Link(title: "query placeholder", url: "app://order/{ref}"),
                Link(title: "nowhere", url: "app://nowhere/{id}"),
                Link(title: "alpha never an int", url: "app://order/x{id}"),
                Link(title: "a plain URL to nowhere", url: "app://nowhere/1"),
            ], parent: "app://list/{id}"),
            ScreenRoute(pattern: "app://list/:n<alpha>", kind: "List"),
        ])
        let lines = AppLint.findings(app).map(\.description)
        #expect(lines == [
            "error: [unknown-parent] routes[1].parent: 'app://list/{id}' matches no route (no URL it can produce does, e.g. app://list/1)",
            "warning: [unknown-link] routes[1].links[2]: 'app://nowhere/{id}' matches no route (no URL it can produce does, e.g. app://nowhere/1)",
            "warning: [unknown-link] routes[1].links[3]: 'app://order/x{id}' matches no route (no URL it can produce does, e.g. app://order/x1)",
            // A URL with no placeholder is its own only example.
            "warning: [unknown-link] routes[1].links[4]: 'app://nowhere/1' matches no route",
        ])
    }

    @Test func requiresLoginNeedsALoginURL() throws {
        let gated = [ScreenRoute(pattern: "app://me", kind: "Me", metadata: ["requiresLogin": "true"])]
        let lines = AppLint.findings(Self.app(gated)).map(\.description)
        #expect(lines == ["error: [login-url-missing] routes[1].metadata.requiresLogin: 1 route sets requiresLogin (routes[1]) but the app has no loginURL, so no login gate guards it"])
        #expect(AppLint.findings(Self.app(gated + [ScreenRoute(pattern: "app://login", kind: "Login")], loginURL: "app://login")) == [])
    }

    @Test func routeFindingsNameTheAppsRoutesAndAliases() throws {
        let app = Self.app([
            ScreenRoute(pattern: "app://item/:id<int>", aliases: ["app://goods/:id([0-9]{1,3})"], kind: "Item"),
            ScreenRoute(pattern: "app://goods/:n<int>", kind: "Goods", metadata: ["web": "1"]),
        ])
        let lines = AppLint.findings(app).map(\.description)
        #expect(lines == [
            "error: [metadata-type] routes[2].metadata.web: '1' is not a boolean (web takes true or false)",
            "warning: [overlap] routes[2]: app://goods/:n<int> and app://goods/:id([0-9]{1,3}) (routes[1].aliases[0]) rank alike and both match app://goods/1: the earlier registration, app://goods/:id([0-9]{1,3}), wins",
        ])
    }
}
