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
