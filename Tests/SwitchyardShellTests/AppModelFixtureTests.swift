import Foundation
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// The app the terminal tests drive: a shop like the demo app (tabs Home, Discover, Orders, Me; a
/// login gate; sheets, a full-screen login, a guarded form, redirects and a web allow list), kept
/// here so these tests depend only on SwitchyardShell, TerminalKit and SwitchyardNavigation.
enum AppFixture {
    static let json = #"""
    {
      "name": "Test Shop",
      "loginURL": "app://login",
      "webAllowList": ["switchyard.dev"],
      "tabs": [
        {"title": "Home", "root": "app://home"},
        {"title": "Discover", "root": "app://discover"},
        {"title": "Orders", "root": "app://orders"},
        {"title": "Me", "root": "app://me"}
      ],
      "routes": [
        {"pattern": "app://home", "target": "Home", "title": "Home", "opens": "tab",
         "body": ["Welcome to the test shop.", "Type a URL at the prompt, or pick a link."],
         "links": [
           {"title": "Item #7", "url": "app://discover/item/7"},
           {"title": "Order #42 (needs login)", "url": "app://order/42?from=home"},
           {"title": "Search shoes", "url": "app://search/shoes?sort=price&size=42"},
           {"title": "Legacy profile (redirect)", "url": "app://profile/alice"},
           {"title": "Evil site (blocked web)", "url": "https://switchyard.dev.evil.com/"},
           {"title": "Edit profile (leave guard)", "url": "app://settings/edit"}
         ]},
        {"pattern": "app://discover", "target": "Discover", "title": "Discover", "opens": "tab",
         "body": ["Things people like this week."],
         "links": [
           {"title": "Item #7", "url": "app://discover/item/7"},
           {"title": "Item #8 (slides from left)", "url": "app://discover/item/8?animation=slideFromLeft"}
         ]},
        {"pattern": "app://discover/item/:id<int>", "target": "Item", "title": "Item #{id}", "parent": "app://discover",
         "body": ["Path parameter id = {id} (typed <int>)."],
         "links": [
           {"title": "Share (sheet)", "url": "app://share/{id}"},
           {"title": "Next item", "url": "app://discover/item/{id}1"}
         ]},
        {"pattern": "app://search/:query?", "target": "Search", "title": "Search: {query}",
         "body": ["Sort: {sort}."]},
        {"pattern": "app://share/:id", "target": "Share", "title": "Share #{id}", "opens": "present",
         "body": ["A sheet over the stack. Esc dismisses it."]},
        {"pattern": "app://orders", "target": "Orders", "title": "Orders", "opens": "tab",
         "metadata": {"requiresLogin": true},
         "body": ["Your orders, behind the login gate."],
         "links": [{"title": "Order #42", "url": "app://order/42"}]},
        {"pattern": "app://order/:id<int>", "target": "OrderDetail", "title": "Order #{id}", "parent": "app://orders",
         "metadata": {"requiresLogin": true},
         "body": ["Order {id}."],
         "links": [{"title": "Track", "url": "app://order/{id}/track"}]},
        {"pattern": "app://order/:id<int>/track", "target": "Tracking", "title": "Tracking #{id}", "parent": "app://order/{id}",
         "metadata": {"requiresLogin": true}, "body": ["Out for delivery."]},
        {"pattern": "app://me", "target": "Me", "title": "Me", "opens": "tab",
         "metadata": {"requiresLogin": true}, "body": ["Your account."]},
        {"pattern": "app://settings/edit", "target": "EditProfile", "title": "Edit profile", "opens": "presentInNavigation",
         "guard": "You have unsaved changes",
         "body": ["Leaving this form is vetoed until you discard (D) your changes."]},
        {"pattern": "app://user/:id", "target": "UserProfile", "title": "User {id}", "body": ["Plain parameter id = {id}."]},
        {"pattern": "app://login", "target": "Login", "title": "Log in", "opens": "presentFullScreen",
         "body": ["The login gate held your navigation.", "Log in (L) to resume it; Esc cancels."]},
        {"pattern": "https://:host/*path", "target": "WebPage", "title": "Web: {host}", "metadata": {"web": true},
         "body": ["A simulated web view."]}
      ],
      "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
      "relocations": {"version": 1, "entries": [
        {"op": "replace", "pattern": "app://old/order/:id", "to": "app://order/:id"}
      ]}
    }
    """#

    /// A fresh runtime of the fixture app.
    @MainActor
    static func runtime() throws -> AppRuntime {
        try AppRuntime(app: AppDescription.decode(json: Data(json.utf8)))
    }

    /// A loop on a memory terminal of `width` × `height` that stops when its keys run out.
    @MainActor
    static func loop(width: Int = 100, height: Int = 30, animations: Bool = false, tween: Tween = .standard) throws -> (AppLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(width: width, height: height)
        let loop = AppLoop(runtime: try runtime(), terminal: terminal, animations: animations, tween: tween, stopsWhenIdle: true)
        return (loop, terminal)
    }

    /// Queues `keys` and runs the loop until they are used up.
    @MainActor
    static func send(_ keys: [Key], to loop: AppLoop, _ terminal: MemoryTerminal) async {
        terminal.enqueue(keys)
        await loop.run()
    }

    /// Queues the keys for typing `text` and runs the loop until they are used up.
    @MainActor
    static func type(_ text: String, to loop: AppLoop, _ terminal: MemoryTerminal) async {
        await send(Key.typing(text), to: loop, terminal)
    }
}

@Suite("App fixture")
@MainActor
struct AppModelFixtureTests {
    @Test func fixtureLoadsWithFourTabs() throws {
        let runtime = try AppFixture.runtime()
        #expect(runtime.state.tabs.map(\.title) == ["Home", "Discover", "Orders", "Me"])
        #expect(runtime.state.compactDescription == "[Home] Home")
    }
}
