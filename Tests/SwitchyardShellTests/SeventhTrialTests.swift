import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Findings of the seventh newcomer trial.
@Suite("Seventh trial findings")
@MainActor
struct SeventhTrialTests {
    /// The route table's URL test names a route of the file that matches the URL but did not load,
    /// beside "no route wins" (or the winner), as `explain` names it on standard error; a URL no
    /// left-out route matches reads as before.
    @Test(arguments: [(120, 40), (80, 24)])
    func theURLTestNamesAMatchingRouteThatDidNotLoad(size: (Int, Int)) async throws {
        let (loop, terminal) = try AppFixture.loop(width: size.0, height: size.1)
        loop.unloadedRoutes = { url in url.hasPrefix("app://account") ? ["routes[6] (app://account)"] : [] }
        await AppFixture.send([.function(3)] + Key.typing("app://account"), to: loop, terminal)
        let test = try #require(loop.model.routePanel.urlTest)
        #expect(test.unloaded == ["routes[6] (app://account)"])
        let text = try #require(terminal.lastFrame).text().joined(separator: "\n")
        // Whole at 120 columns; wrapped under the filter at 80.
        #expect(text.contains("routes[6]") && text.contains("did not load"), "\(text)")
        await AppFixture.send(Array(repeating: Key.backspace, count: 7) + Key.typing("home"), to: loop, terminal)
        #expect(loop.model.routePanel.urlTest?.unloaded == [])
        let after = try #require(terminal.lastFrame).text().joined(separator: "\n")
        #expect(!after.contains("did not load"), "\(after)")
    }
}

/// A reload keeps the route table as the user left it.
@Suite("Reload keeps the route table")
@MainActor
struct ReloadKeepsTheRouteTableTests {
    /// A text filter stays and filters the new rows; a URL under test is tested again on the reloaded
    /// router; the panel that had the keys keeps them; the old file's left-out routes are not named.
    @Test(arguments: ["cart", "app://order/42"])
    func aReloadKeepsTheFilterAndTheFocus(filter: String) async throws {
        let (loop, terminal) = try AppFixture.loop(width: 120, height: 40)
        loop.unloadedRoutes = { _ in ["routes[9] (app://gone)"] }
        await AppFixture.send([.function(3)] + Key.typing(filter), to: loop, terminal)
        #expect(loop.model.focus == .filter)
        let before = loop.model.routePanel.filtered
        let runtime = try AppFixture.runtime()
        loop.watch = { .reloaded(runtime, "Reloaded routes.json") }
        loop.checkReload()
        loop.watch = nil
        #expect(loop.model.focus == .filter, "the filter keeps the keys")
        #expect(loop.model.filter.text == filter)
        #expect(loop.model.routePanel.filtered == before, "the same table filters to the same rows")
        if filter.contains("://") {
            let test = try #require(loop.model.routePanel.urlTest, "the URL is tested again")
            #expect(test.url == filter && test.winner != nil)
            #expect(test.unloaded.isEmpty, "the old file's left-out routes are not named")
        }
    }
}
