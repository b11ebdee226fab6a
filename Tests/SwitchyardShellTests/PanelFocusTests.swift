import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// The panels driven from the keyboard: Tab moves the focus phone → log → route table, the focused
/// log has a cursor, Enter unfolds, `y` copies a whole entry, `/` searches; help lists the focused
/// panel's keys first; a tested URL goes to the prompt as typed; messages are kept and shown whole.
@Suite("Panel focus")
@MainActor
struct PanelFocusTests {
    @Test func tabCyclesThroughThePanelsShown() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.focus == .prompt, "no panel shown: Tab opens the prompt, as before")
        await AppFixture.send([.escape, .function(2), .function(3), .escape], to: loop, terminal)
        #expect(loop.model.focus == .phone)
        var seen: [AppModel.Focus] = []
        for _ in 0..<3 {
            await AppFixture.send([.tab], to: loop, terminal)
            seen.append(loop.model.focus)
        }
        #expect(seen == [.log, .filter, .phone])
        await AppFixture.send([.tab], to: loop, terminal)
        await AppFixture.send([.function(2)], to: loop, terminal)
        #expect(loop.model.focus == .phone, "hiding the focused log gives the keys back to the phone")
    }

    /// The app's own commands act the same with the log focused as on the phone; the log's own keys
    /// (j k g G y n N / Enter Esc) stay the log's.
    @Test(arguments: [
        (Key.char("L"), AppMessage.navigate(.login)), (.char("l"), .navigate(.login)),
        (.char("O"), .navigate(.logout)), (.char("D"), .navigate(.discard)), (.char("2"), .navigate(.tab(2))),
        (.char("9"), .navigate(.tab(9))), (.char("R"), .toggleRoutes), (.char("x"), .toggleLogDetail),
        (.char("<"), .declined(.back(animation: .slideFromLeft),
                               AppStatus("Nothing to go back to: Home is the first screen", kind: .note))),
        (.char("j"), .moveLogCursor(1)),
        (.char("y"), .copy), (.escape, .focusPhone), (.char("z"), .ignore),
    ])
    func theAppsCommandsWorkWithTheLogFocused(_ key: Key, _ expected: AppMessage) async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(2), .tab], to: loop, terminal)
        #expect(loop.model.focus == .log)
        #expect(loop.model.message(for: key) == expected)
    }

    @Test func theNewerMarkNeverCoversTheFocusedLogsKeys() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 100, height: 30)
        await AppFixture.send([.function(2)], to: loop, terminal)
        for k in 0..<30 { await AppFixture.type(":app://discover/item/\(k)\r", to: loop, terminal) }
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.focus == .log)
        await AppFixture.send([.char("g")], to: loop, terminal)
        #expect(loop.model.logPanel.scroll > 0, "the log is scrolled back")
        let frame = try #require(terminal.lastFrame).description.split(separator: "\n").map(String.init)
        let edge = try #require(frame.first { $0.contains("newer") }, "\(frame.joined(separator: "\n"))")
        // The mark stands on the border on its own: a border cell before it, the keys ending before that.
        #expect(edge.contains("─ ▾ "), "\(edge)")
        #expect(edge.contains("↑↓"), "the keys are still there: \(edge)")
    }

    @Test func aCancelledHoldIsToldOnceOnItsOpensLine() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 140, height: 40)
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        #expect(loop.model.snapshot.held != nil, "the gated open is held")
        await AppFixture.send([.char("2")], to: loop, terminal)
        let lines = loop.model.log.map { $0.event ?? ($0.url + " " + ($0.fate ?? "")) }
        #expect(lines.filter { $0.contains("cancel") }.count == 1, "\(lines)")
        #expect(lines.contains { $0.contains("held, then cancelled") }, "\(lines)")
    }

    @Test func theLogCursorMovesUnfoldsCopiesAndSearches() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 140, height: 40)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://discover/item/7\r:app://nope\r:app://search/shoes\r", to: loop, terminal)
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.focus == .log)
        let opens = loop.model.log.filter { $0.event == nil }
        #expect(loop.model.logPanel.selectedEntry?.sequence == loop.model.log.last?.sequence, "the cursor starts on the newest entry")
        await AppFixture.send([.char("g")], to: loop, terminal)
        #expect(loop.model.logPanel.selectedEntry?.sequence == loop.model.log.first?.sequence)
        let first = try #require(opens.first)
        #expect(!loop.model.logPanel.isExpanded(first))
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.logPanel.isExpanded(first), "Enter unfolds the open under the cursor")
        // y copies every step of the entry, not only its summary.
        await AppFixture.send([.char("y")], to: loop, terminal)
        let copied = try #require(terminal.clipboard.last)
        #expect(loop.model.status?.text.hasSuffix("lines) to the clipboard (OSC 52)") == true, "the status counts the lines")
        #expect(copied.contains("matched app://discover/item/:id<int> → Item"), "\(copied)")
        #expect(copied.contains("handler Item"), "\(copied)")
        // The cursor's lines are drawn reversed, and the panel's keys are on its bottom edge.
        let frame = try #require(terminal.lastFrame).description
        #expect(frame.contains("↑↓ g G move · Enter fold/unfold · y copy · / search"))
        // `/` searches the whole entry text; `n` finds the next.
        await AppFixture.type("/nearest\r", to: loop, terminal)
        #expect(loop.model.logPanel.selectedEntry?.id == opens[1].id, "the not-found entry carries the nearest route")
        await AppFixture.send([.char("G")], to: loop, terminal)
        #expect(loop.model.logPanel.selectedEntry?.sequence == loop.model.log.last?.sequence)
        // Esc ends the search first (the log keeps the keys), then gives the keys to the phone.
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.focus == .log && loop.model.logPanel.lastSearch == nil)
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.focus == .phone)
    }

    /// Ctrl-C cancels what is being typed (the prompt's line, the route filter, a log search) and quits
    /// only when nothing is; Esc closes the completion menu before it leaves the prompt.
    @Test func ctrlCCancelsTheLineBeingTypedAndEscClosesTheCompletionMenuFirst() async throws {
        struct Case {
            var name: String
            var keys: [Key]
            var focus: AppModel.Focus
            var quits: Bool
        }
        let cases: [Case] = [
            Case(name: "the prompt's line", keys: [.char(":"), .char("a"), .ctrl("c")], focus: .phone, quits: false),
            Case(name: "the route filter", keys: [.function(3), .char("a"), .char("b"), .ctrl("c")], focus: .phone,
                 quits: false),
            Case(name: "a log search", keys: [.function(2), .tab, .char("/"), .char("a"), .ctrl("c")], focus: .log,
                 quits: false),
            Case(name: "the focused log, nothing typed", keys: [.function(2), .tab, .ctrl("c")], focus: .log,
                 quits: true),
            Case(name: "the phone", keys: [.ctrl("c")], focus: .phone, quits: true),
        ]
        for c in cases {
            let (loop, terminal) = try AppFixture.loop(width: 120, height: 40)
            await AppFixture.send(c.keys, to: loop, terminal)
            #expect(loop.hasQuit == c.quits, "\(c.name)")
            if !c.quits {
                #expect(loop.model.focus == c.focus, "\(c.name)")
                #expect(loop.model.prompt.text.isEmpty && loop.model.logPanel.search == nil, "\(c.name)")
            }
        }
        // F3 from the prompt gives the keys to the route table and drops the line, which neither stays
        // on screen as if typed nor comes back under the next `:`.
        let (table, tableTerminal) = try AppFixture.loop(width: 120, height: 40)
        await AppFixture.type(":app://or", to: table, tableTerminal)
        await AppFixture.send([.function(3), .escape, .char(":")], to: table, tableTerminal)
        #expect(table.model.focus == .prompt && table.model.prompt.text.isEmpty, "\(table.model.prompt.text)")
        let (loop, terminal) = try AppFixture.loop(width: 120, height: 40)
        await AppFixture.type(":app://", to: loop, terminal)
        await AppFixture.send([.tab, .tab], to: loop, terminal)
        #expect(!loop.model.prompt.completions.isEmpty, "the menu is up")
        let typed = loop.model.prompt.text
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.focus == .prompt && loop.model.prompt.completions.isEmpty, "Esc closed the menu only")
        #expect(loop.model.prompt.text == typed, "the text stays")
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.focus == .phone, "a second Esc leaves the prompt")
    }

    @Test func helpListsTheFocusedPanelsKeysFirst() {
        #expect(KeyBinding.sections(for: .log).first?.title == "Route log (focused)")
        #expect(KeyBinding.sections(for: .filter).first?.title == "Route table (focused)")
        #expect(KeyBinding.sections(for: .phone).first?.bindings == KeyBinding.all)
        for focus in [AppModel.Focus.phone, .prompt, .log, .filter] {
            let keys = KeyBinding.sections(for: focus).flatMap(\.bindings).map(\.keys)
            #expect(keys.contains("m  M  !") && keys.contains("L  l") && keys.contains("?  F1"), "every section list keeps the global keys")
        }
    }

    /// The help, the footers and the hints are drawn from the same bindings, and every key a
    /// binding names does something in its panel: no help line promises a key the panel ignores.
    @Test func everyBoundKeyDoesSomethingInItsPanel() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        model.showsLog = true
        model.appendLogEvent("an entry for the cursor")
        let named: [String: Key] = ["Enter": .enter, "Esc": .escape, "Tab": .tab, "↑": .up, "↓": .down, "→": .right]
        for (focus, bindings) in [(AppModel.Focus.log, KeyBinding.log), (.filter, KeyBinding.routes)] {
            model.focus = focus
            for binding in bindings where binding.keys != "type" {
                for word in binding.keys.split(separator: " ") {
                    let key = named[String(word)] ?? (word.count == 1 ? Key.char(word.first ?? " ") : nil)
                    guard let key else { continue }
                    #expect(model.message(for: key) != .ignore, "\(focus): '\(word)' of '\(binding.keys)' does nothing")
                }
            }
            #expect(AppView.hints(focus).full == KeyBinding.hints(bindings), "the hints are the bindings' reminders")
        }
    }

    @Test func enterOnATestedURLPutsTheURLAtThePrompt() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(3)], to: loop, terminal)
        await AppFixture.type("app://order/42", to: loop, terminal)
        #expect(loop.model.routePanel.urlTest?.url == "app://order/42")
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://order/42", "the URL as typed, not the pattern it matched")
        // A plain filter still brings the pattern.
        await AppFixture.send([.escape, .function(3), .function(3)], to: loop, terminal)
        await AppFixture.send([.ctrl("u")], to: loop, terminal)
        await AppFixture.type("OrderDetail", to: loop, terminal)
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://order/:id<int>")
    }

    @Test func messagesAreKeptAndShownWhole() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
        let long = "app://" + String(repeating: "very-long-segment/", count: 10)
        await AppFixture.type(":\(long)\r", to: loop, terminal)
        let status = try #require(loop.model.status)
        #expect(status.kind == .error)
        // The status line cuts it but keeps the hints; the messages view shows all of it.
        let frameText = try #require(terminal.lastFrame).description
        let statusLine = frameText.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        #expect(statusLine.hasSuffix("m messages  ? help"), "\(statusLine)")
        await AppFixture.send([.char("m")], to: loop, terminal)
        #expect(loop.model.messagesPanel.isShown)
        let shown = try #require(terminal.lastFrame).description.replacingOccurrences(of: "│", with: "")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(shown.contains(long.replacingOccurrences(of: " ", with: "")), "the whole message is in the view")
        await AppFixture.send([.char("1")], to: loop, terminal)
        #expect(loop.model.state.selectedTab == 0 && loop.model.messagesPanel.isShown, "keys do not leak to the app")
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(!loop.model.messagesPanel.isShown)
    }

    @Test func theLogSaysWhatItDropped() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 120, height: 30)
        loop.model.logPanel.limit = 4
        await AppFixture.send([.function(2)], to: loop, terminal)
        for index in 0..<6 { await AppFixture.type(":app://discover/item/\(index)\r", to: loop, terminal) }
        #expect(loop.model.log.count == 4)
        #expect(loop.model.logPanel.dropped > 0)
        let lines = AppView.logLines(loop.model.log, width: 100, dropped: loop.model.logPanel.dropped)
        #expect(lines.first?.text.contains("older entries dropped") == true)
    }
}
