import Foundation
import Switchyard
import SwitchyardDemo
import Testing
@testable import SwitchyardNavigation

/// The strict app description schema: each malformed description with its exact message, and the
/// documented forms (the demo app, legacy `kind`, body as a string) that must keep loading.
struct AppDescriptionSchemaTests {
    /// An app with two tabs and a login route; cases replace parts of it.
    static func app(tabs: String = #"[{"title": "Home", "root": "app://home"}, {"title": "Orders", "root": "app://orders"}]"#,
                    routes: String = "", extra: String = "") -> String {
        #"""
        {"name": "Test", "loginURL": "app://login", "tabs": \#(tabs),
         "routes": [
           {"pattern": "app://home", "target": "Home", "opens": "tab"},
           {"pattern": "app://orders", "target": "Orders", "opens": "tab", "metadata": {"requiresLogin": true}},
           {"pattern": "app://login", "target": "Login", "opens": "presentFullScreen"}\#(routes)
         ]\#(extra)}
        """#
    }

    /// Decodes `json` as an app description named `app.json` and returns the refusal's description.
    static func refusal(_ json: String) -> String? {
        do throws(RouteFileError) {
            _ = try RouteSchema.decode(AppDescription.self, json: Data(json.utf8), file: "app.json")
            return nil
        } catch {
            return error.description
        }
    }

    static let refusals: [(String, String)] = [
        // Values of the wrong type are refused, not dropped: no app loads without its login gate.
        (app(extra: #", "loginURL": ["app://login"]"#), "app.json:6:5: loginURL: duplicate key (first at line 1, column 18)"),
        (#"{"name": "T", "loginURL": ["app://login"], "tabs": [{"title": "H", "root": "app://h"}], "routes": [{"pattern": "app://h", "target": "H"}]}"#,
         "app.json: loginURL: expected a string, found an array"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "guard": true}"#),
         "app.json: routes[3].guard: expected a string, found a boolean"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "title": 7}"#),
         "app.json: routes[3].title: expected a string, found a number"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "parent": {"url": "app://home"}}"#),
         "app.json: routes[3].parent: expected a string, found an object"),
        (#"{"name": 1, "tabs": [{"title": "H", "root": "app://h"}], "routes": [{"pattern": "app://h", "target": "H"}]}"#,
         "app.json: name: expected a string, found a number"),
        (app(extra: #", "webAllowList": ["example.com", 7]"#),
         "app.json: webAllowList[1]: expected a string, found a number"),
        // Unknown keys, with the closest known key.
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "titel": "Edit"}"#),
         #"app.json: routes[3].titel: unknown key; did you mean "title"?"#),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "gaurd": "unsaved"}"#),
         #"app.json: routes[3].gaurd: unknown key; did you mean "guard"?"#),
        (app(extra: #", "loginUrl": "app://login""#),
         #"app.json: loginUrl: unknown key; did you mean "loginURL"?"#),
        (app(tabs: #"[{"title": "Home", "root": "app://home", "icon": "house"}]"#),
         "app.json: tabs[0].icon: unknown key (known keys: title, root)"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "links": [{"title": "Home", "href": "app://home"}]}"#),
         "app.json: routes[3].links[0].href: unknown key (known keys: title, url)"),
        // Missing fields.
        (#"{"routes": []}"#, #"app.json: missing required key "tabs""#),
        (app(tabs: "[]"), "app.json: tabs: needs at least one tab"),
        (app(tabs: #"[{"title": "Home"}]"#), #"app.json: tabs[0]: missing required key "root""#),
        (app(routes: #", {"pattern": "app://edit", "title": "Edit"}"#), #"app.json: routes[3]: missing required key "target""#),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "links": [{"title": "Home"}]}"#),
         #"app.json: routes[3].links[0]: missing required key "url""#),
        // Field values.
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "kind": "Form"}"#),
         "app.json: routes[3].kind: 'Form' differs from target 'Edit'; give only target"),
        (app(routes: #", {"pattern": "app://edit", "kind": ""}"#), "app.json: routes[3].kind: must not be empty"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "opens": "pussh"}"#),
         "app.json: routes[3].opens: unknown style 'pussh'; did you mean 'push'? (expected push, present, presentFullScreen, presentInNavigation, tab, popTo, setRoot, dismissThenPush or replace)"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "animation": "spin"}"#),
         "app.json: routes[3].animation: unknown animation 'spin' (known: slideFromRight, slideFromLeft, slideFromTop, slideFromBottom, fade, none)"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "body": 7}"#),
         "app.json: routes[3].body: expected a string or an array of strings, found a number"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "body": ["one", 2]}"#),
         "app.json: routes[3].body[1]: expected a string, found a number"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "priority": 0.5}"#),
         "app.json: routes[3].priority: expected an integer, found 0.5"),
        (app(routes: #", {"pattern": "app://edit", "target": "Edit", "metadata": {"requiresLogin": [true]}}"#),
         "app.json: routes[3].metadata.requiresLogin: expected a string, number or boolean, found an array"),
        (app(routes: #", {"pattern": "app://edit/:id(", "target": "Edit"}"#),
         "app.json: routes[3].pattern: unterminated constraint at byte 14 in pattern 'app://edit/:id('"),
        (app(routes: #", {"pattern": "app://edit", "aliases": ["app://e", "app://e/:x<nope>"], "target": "Edit"}"#),
         "app.json: routes[3].aliases[1]: unknown type 'nope' (known: int, uint, uuid, hex, alpha, alnum, slug) at byte 11 in pattern 'app://e/:x<nope>'"),
        // Tabs: each needs a route and its own root screen.
        (app(tabs: #"[{"title": "Home", "root": "app://home"}, {"title": "Again", "root": "app://home"}]"#),
         "app.json: tabs[1].root: 'app://home' is the same screen as tabs[0].root, 'app://home'; each tab needs its own root"),
        (app(tabs: #"[{"title": "Home", "root": "app://home"}, {"title": "Again", "root": "APP://Home/"}]"#),
         "app.json: tabs[1].root: 'APP://Home/' is the same screen as tabs[0].root, 'app://home'; each tab needs its own root"),
        (app(tabs: #"[{"title": "Nowhere", "root": "app://nowhere"}]"#), "app.json: tabs[0].root: no route matches 'app://nowhere'"),
        (app(extra: #", "loginURL": "app://signin""#).replacingOccurrences(of: #""loginURL": "app://login", "#, with: ""),
         "app.json: loginURL: no route matches 'app://signin'"),
        (app(routes: #", {"pattern": "app://home", "target": "Home2"}"#),
         "app.json: routes[3]: pattern 'app://home' is already registered"),
        // Redirects and relocations read as in a route file.
        (app(extra: #", "redirects": [{"from": "app://profile", "to": "app://user/:id"}]"#),
         "app.json: redirects[0].to: destination parameter 'id' is not in 'app://profile'"),
        (app(extra: #", "relocations": {"version": "1", "entries": []}"#),
         "app.json: relocations.version: expected an integer, found a string"),
        (app(extra: #", "relocations": {"entries": [{"op": "move", "pattern": "app://a"}]}"#),
         "app.json: relocations.entries[0].op: unknown op 'move' (expected replace, add, delete or reset)"),
        // Syntax.
        (app(routes: ","), "app.json:5:79: routes: trailing comma before ']'"),
    ]

    @Test(arguments: refusals)
    func malformedDescriptionsAreRefusedWithTheirPath(json: String, message: String) {
        #expect(Self.refusal(json) == message)
    }

    @Test func theDemoAppAndTheDocumentedFormsLoad() throws {
        let demo = try DemoApp.description()
        #expect(demo.tabs.map(\.title) == ["Home", "Discover", "Orders", "Me"])
        #expect(demo.loginURL == "app://login")
        #expect(demo.routes.first { $0.kind == "Checkout" }?.metadata == ["requiresLogin": "true"])
        #expect(demo.routes.first { $0.kind == "EditProfile" }?.leaveGuard == "You have unsaved changes")
        // Legacy `kind`, body as a string, defaults for the optional fields.
        let legacy = try AppDescription.decode(json: Data(Self.app(routes: #", {"pattern": "app://old", "kind": "Old", "body": "One line"}"#).utf8))
        let old = try #require(legacy.routes.last)
        #expect(old.kind == "Old" && old.title == "Old" && old.body == ["One line"] && old.opens == .push && old.priority == 0)
        #expect(legacy.name == "Test")
        // The same `kind` and `target` is accepted.
        _ = try AppDescription.decode(json: Data(Self.app(routes: #", {"pattern": "app://old", "kind": "Old", "target": "Old"}"#).utf8))
    }

    @Test func theCodableFormRoundTrips() throws {
        let demo = try DemoApp.description()
        let encoded = try JSONEncoder().encode(demo)
        #expect(try AppDescription.decode(json: encoded) == demo)
    }

    @Test func aDescriptionFileIsNamedInItsErrors() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sy-app-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Self.app(routes: #", {"pattern": "app://edit", "target": "Edit", "guard": true}"#).utf8).write(to: url)
        #expect(throws: RouteFileError("routes[3].guard", "expected a string, found a boolean", file: url.path)) {
            try RouteSchema.load(AppDescription.self, path: url.path)
        }
    }
}
