import Foundation
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// The shell's update is a function of the model and a message that returns effects: this table pins
/// which messages ask for which effects, and how each effect's answer comes back as a message.
@MainActor
@Suite("AppModel effects")
struct AppEffectTests {
    /// A message, the effects its update returns, from the fixture app's first screen.
    nonisolated static let table: [(message: AppMessage, effects: [AppEffect])] = [
        (.quit, [.quit]),
        (.suspend, [.suspend]),
        (.ignore, []),
        (.navigate(.back(animation: nil)), [.navigate(.back(animation: nil))]),
        (.navigate(.tab(2)), [.navigate(.tab(2))]),
        (.activate(0), [.navigate(.tap(1))]),
        (.activate(nil), [.navigate(.tap(1))]),
        (.copy, [.copy("app://home")]),
        (.toggleLog, []),
        (.toggleHelp, []),
        (.focusPrompt, []),
        (.moveSelection(1), []),
    ]

    @Test(arguments: 0..<table.count)
    func aMessageAsksForItsEffects(_ row: Int) throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        let (message, effects) = Self.table[row]
        #expect(model.update(message) == effects, "\(message)")
    }

    @Test func enterAtThePromptAsksToOpenWhatWasTyped() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        for key in [Key.char(":")] + "app://user/7".map(Key.char) {
            #expect(model.update(model.message(for: key)) == [], "typing asks for nothing")
        }
        #expect(model.update(model.message(for: .enter)) == [.navigate(.open("app://user/7"))])
        #expect(model.focus == .phone)
    }

    @Test func aURLInTheFilterAsksTheRouterOnceAndItsAnswerComesBack() throws {
        let runtime = try AppFixture.runtime()
        var model = AppModel(runtime: runtime, width: 120, height: 40)
        _ = model.update(.focusFilter)
        var asked: [AppEffect] = []
        for character in "app://order/42" {
            asked += model.update(.editFilter(.char(character)))
        }
        // Each keystroke that leaves a different URL asks again; text without `://` never asks.
        let typed = (6...14).map { AppEffect.explain(String("app://order/42".prefix($0))) }
        #expect(asked == typed)
        let test = RoutePanel.URLTest(url: "app://order/42", explanation: runtime.router.explain("app://order/42"))
        #expect(model.update(.urlTested(test)) == [], "an answered URL is not asked again")
        #expect(model.routePanel.urlTest?.winner == "app://order/:id<int>")
        // Leaving URL text leaves the mode.
        for _ in 0..<14 { _ = model.update(.editFilter(.backspace)) }
        #expect(model.routePanel.urlTest == nil)
    }

    @Test func aResumeWithoutAShellSaysSoAndTakesTheNewSize() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        #expect(model.update(.resumed(suspended: false, width: 80, height: 24)) == [])
        #expect(model.width == 80 && model.height == 24)
        #expect(model.status?.text.contains("no job-control shell") == true)
        var other = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        _ = other.update(.resumed(suspended: true, width: 90, height: 20))
        #expect(other.width == 90 && other.status?.text.contains("no job-control") != true)
    }

    @Test func aSteppedResultCarriesTheRuntimeIntoTheModel() async throws {
        let runtime = try AppFixture.runtime()
        var model = AppModel(runtime: runtime, width: 100, height: 30)
        let before = runtime.state
        let report = await runtime.perform(.open("app://order/42"))
        let step = AppStep(command: .open("app://order/42"), report: report, snapshot: RuntimeSnapshot(runtime),
                           events: runtime.timeline.filter { $0.sequence > model.lastTraceID },
                           reached: RouteCoverage.reached(by: report, before: before, router: runtime.router))
        #expect(model.update(.stepped(step)) == [])
        // Logged out, the gate holds the order: the model shows what the runtime shows, as a value.
        #expect(model.snapshot == RuntimeSnapshot(runtime))
        #expect(model.isShowingLogin && model.held?.url == "app://order/42" && model.isLoggedIn == false)
        #expect(model.log.contains { $0.url == "app://order/42" })
        #expect(model.lastTraceID == runtime.timeline.last?.sequence)
        #expect(model.playback != nil, "the login screen's present plays")
    }

    @Test func theLoopRunsEachEffect() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await loop.send(.copy)
        #expect(terminal.clipboard.last == "app://home")
        await loop.send(.navigate(.open("app://user/7")))
        #expect(loop.model.state.top.title == "User 7" && loop.runtime.state == loop.model.state)
        await loop.send(.quit)
        #expect(loop.hasQuit)
    }

    @Test func aHeldTabJumpNamesTheTabThatNeedsLogin() async throws {
        let (loop, _) = try AppFixture.loop()
        await loop.perform(.open("app://home?jumpType=5&tabBarSelecIndex=2"))
        #expect(loop.model.isShowingLogin)
        #expect(loop.model.status?.text
            == "app://orders needs login: L logs in, Esc cancels · shown by app://home?jumpType=5&tabBarSelecIndex=2")
        await loop.perform(.dismiss())
        await loop.perform(.open("app://order/42"))
        #expect(loop.model.status?.text == "app://order/42 needs login: L logs in, Esc cancels")
    }

    @Test func aTabSwitchThatHoldsAgainSaysWhatNeedsLoginFirst() async throws {
        let (loop, _) = try AppFixture.loop()
        await loop.perform(.open("app://home?jumpType=5&tabBarSelecIndex=3"))
        let first = try #require(loop.model.held?.openID)
        await loop.perform(.tab(4))
        #expect(loop.model.isShowingLogin && loop.model.held?.openID != first)
        let text = try #require(loop.model.status?.text)
        #expect(text == "app://me needs login: L logs in, Esc cancels · held #\(first) "
                + "app://home?jumpType=5&tabBarSelecIndex=3 cancelled", "\(text)")
        #expect(loop.model.status?.detail?.hasSuffix("cancelled: tab 4 closed the login screen") == true,
                "\(loop.model.status?.detail ?? "")")
    }

    /// What a copy says names what went to the clipboard, not its text: a URL as it is, a log entry
    /// by its number and size.
    @Test func aCopySaysWhatItCopied() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await loop.send(.copy)
        #expect(loop.model.status?.text == "Copied app://home to the clipboard (OSC 52)")
        await loop.perform(.open("app://discover/item/7"))
        await loop.send(.toggleLog)
        await loop.send(.focusNext)
        #expect(loop.model.focus == .log)
        await loop.send(.copy)
        let text = try #require(loop.model.status?.text)
        #expect(text.hasPrefix("Copied log entry #1 (") && text.hasSuffix(" lines) to the clipboard (OSC 52)"), "\(text)")
        #expect(terminal.clipboard.last?.contains("#1 open app://discover/item/7") == true)
    }
}

/// A log the user browsed follows its newest line again once the focus leaves it: what happens next
/// shows, instead of the match a search left the cursor on.
@MainActor
struct LogFollowsAfterBrowsingTests {
    @Test(arguments: [AppMessage.focusPhone, .focusNext])
    func leavingTheLogShowsTheNewestAgain(_ leave: AppMessage) async throws {
        let (loop, _) = try AppFixture.loop()
        for id in 1...30 { await loop.perform(.open("app://user/\(id)")) }
        await loop.send(.toggleLog)
        await loop.send(.focusNext)
        await loop.send(.moveLogCursor(-25))
        #expect(loop.model.logPanel.scroll > 0, "the cursor's entry is scrolled into view")
        await loop.send(.clearLogSearch)
        await loop.send(leave)
        #expect(loop.model.focus != .log)
        #expect(loop.model.logPanel.cursor == nil && loop.model.logPanel.scroll == 0)
        await loop.perform(.open("app://discover"))
        #expect(loop.model.logPanel.scroll == 0)
        #expect(loop.model.logPanel.selectedEntry?.url == "app://discover")
    }
}
