import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// The status line at 80 columns says the common steps whole, beside the short key hints: the
/// message is never cut in these cases (`m` keeps any longer one whole).
@Suite("Status line at 80 columns")
@MainActor
struct StatusLineTests {
    struct Case: CustomStringConvertible, Sendable {
        var setup: [NavigationCommand]
        var command: NavigationCommand
        var says: String
        var description: String { "\(command) → \(says)" }
    }

    nonisolated static let cases: [Case] = [
        Case(setup: [.tab(2)], command: .open("app://discover/item/7"), says: "Opened Item #7"),
        Case(setup: [], command: .open("app://discover/item/7"), says: "Switched to Discover, then opened Item #7"),
        Case(setup: [], command: .back(), says: "Nothing to go back to: Home is the first screen"),
        Case(setup: [], command: .open("app://order/42"), says: "app://order/42 needs login: L logs in, Esc cancels"),
        Case(setup: [], command: .tab(3), says: "app://orders needs login: L logs in, Esc cancels"),
        Case(setup: [.open("app://order/42")], command: .open("app://discover/item/7"),
             says: "Opened Item #7 · held #1 app://order/42 cancelled"),
        Case(setup: [.open("app://order/42")], command: .back(),
             says: "Closed Log in · held #1 app://order/42 cancelled"),
        Case(setup: [.open("app://order/42")], command: .tab(2),
             says: "Switched to Discover · held #1 app://order/42 cancelled"),
        Case(setup: [.tab(3)], command: .tab(2), says: "Switched to Discover · held #1 app://orders cancelled"),
        Case(setup: [.open("app://order/42")], command: .login, says: "Logged in; resumed #1 app://order/42 as #2"),
    ]

    @Test(arguments: cases)
    func theCommonStepsFitWhole(_ c: Case) async throws {
        let terminal = MemoryTerminal(width: 80, height: 24)
        let loop = AppLoop(runtime: try AppFixture.runtime(), terminal: terminal, animations: false,
                           stopsWhenIdle: true)
        for command in c.setup { await loop.perform(command) }
        await loop.perform(c.command)
        #expect(loop.model.status?.text == c.says)
        let row = AppView.render(loop.model).canvas.text()[23]
        #expect(row.contains(c.says), "cut at 80 columns: \(row)")
    }
}

extension StatusLineTests {
    /// The shortened status of a step that ended a hold keeps the whole message for the messages view.
    @Test func theMessagesViewKeepsWhyTheHoldEnded() async throws {
        let terminal = MemoryTerminal(width: 80, height: 24)
        let loop = AppLoop(runtime: try AppFixture.runtime(), terminal: terminal, animations: false,
                           stopsWhenIdle: true)
        await loop.perform(.open("app://order/42"))
        await loop.perform(.open("app://discover/item/7"))
        let whole = "Opened Item #7 · held #1 app://order/42 cancelled: opening Item #7 closed the login screen"
        #expect(loop.model.status?.detail == whole)
        let lines = AppView.messageLines(loop.model.messagesPanel, width: 120).map(\.text)
        // The whole message, once, in place of the status line's shorter words.
        #expect(lines.contains("• " + whole), "\(lines)")
        #expect(!lines.contains { $0.hasSuffix(" " + (loop.model.status?.text ?? "")) }, "\(lines)")
    }
}

extension StatusLineTests {
    /// The status line capitalizes a plain first word only: an identifier keeps its case, as the log
    /// writes it (`cart.add(item: 7)`, not `Cart.add`).
    @Test(arguments: [
        ("logged in", "Logged in"), ("cart.add(item: 7) → 1 item in the cart", "cart.add(item: 7) → 1 item in the cart"),
        ("app://x needs login", "app://x needs login"), ("there is no tab 9", "There is no tab 9"), ("", ""),
        ("tab 9: nothing", "Tab 9: nothing"),
    ])
    func onlyAPlainFirstWordIsCapitalized(_ text: String, _ shown: String) {
        #expect(AppStatus.capitalized(text) == shown)
    }
}

extension StatusLineTests {
    /// However many opens the log holds, its first visible row starts an entry (its time and marker):
    /// an entry cut by the top edge shows its first line, never an orphan continuation line.
    @Test(arguments: [80, 100])
    func theLogNeverStartsOnAContinuationLine(width: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: 24)
        await AppFixture.send([.function(2)], to: loop, terminal)
        let urls = ["app://search/shoes", "app://discover/item/7", "app://order/42", "app://user/ann",
                    "app://nowhere/at/all", "app://discover", "app://profile/alice", "app://search/boots"]
        for url in urls {
            await loop.perform(.open(url))
            let log = try #require(loop.model.layout.log)
            let rows = AppView.render(loop.model).canvas.text()
            let first = String(rows[log.y + 1].dropFirst(log.x + 1).prefix(log.width - 2))
            #expect(first.range(of: #"^\s*\d+\.\ds [▸▾•✗]"#, options: .regularExpression) != nil,
                    "\(width) after \(url): '\(first)'")
        }
    }
}

extension StatusLineTests {
    /// An entry cut by the log's top edge keeps its whole head in sight: however short the panel and
    /// however long the URL, the rows above `⋮ N lines out of view` hold the entry's URL whole.
    @Test(arguments: [80, 100])
    func aCutEntryKeepsItsWholeURLInSight(width: Int) async throws {
        let urls = ["app://order/42/track", "app://discover/item/7?ref=a-very-long-query-value-to-wrap-twice-over",
                    "app://nowhere/at/all/with/a/long/path/that/wraps", "app://search/running%20shoes?sort=price"]
        var cut = 0
        for height in 12...24 {
            let (loop, terminal) = try AppFixture.loop(width: width, height: height)
            await AppFixture.send([.function(2)], to: loop, terminal)
            for (number, url) in urls.enumerated() {
                await loop.perform(.open(url))
                guard let log = loop.model.layout.log else { continue }
                let rows = AppView.render(loop.model).canvas.text().map {
                    String($0.dropFirst(log.x + 1).prefix(log.width - 2))
                }
                let panel = Array(rows[(log.y + 1)..<(log.maxY - 1)])
                guard let marker = panel.firstIndex(where: { $0.contains("⋮") }) else { continue }
                cut += 1
                let head = panel[..<marker].joined().filter { !$0.isWhitespace }
                #expect(head.contains("#\(number + 1)") && head.contains(url.filter { !$0.isWhitespace }),
                        "\(width)×\(height) after \(url): \(panel)")
            }
        }
        #expect(cut > 0, "no entry was cut at any height")
    }
}

extension StatusLineTests {
    /// A long message cut by the log's top edge carries one mark that it goes on, never `… …`.
    @Test(arguments: [80, 100])
    func aCutMessageHasOneMark(width: Int) async throws {
        let long = "broken.json:7:86: error: [metadata-type] routes[4].metadata.requiresLogin: 'yes' is not a "
            + "boolean (requiresLogin takes true or false): no login gate can read the value, and it would "
            + "otherwise open without login (left out)"
        var seen = 0
        for height in 12...24 {
            let (loop, terminal) = try AppFixture.loop(width: width, height: height)
            loop.tell([AppStatus(long, kind: .error), AppStatus(long, kind: .error), AppStatus("done", kind: .note)])
            await AppFixture.send([.function(2)], to: loop, terminal)
            for _ in 0..<3 {
                guard let log = loop.model.layout.log else { break }
                let rows = AppView.render(loop.model).canvas.text().map {
                    String($0.dropFirst(log.x + 1).prefix(log.width - 2))
                }
                seen += rows.count { $0.contains("…") }
                #expect(!rows.contains { $0.contains("… …") || $0.contains("……") }, "\(width)×\(height): \(rows)")
                _ = loop.model.update(.scrollLog(1))
            }
        }
        #expect(seen > 0, "some message was cut")
    }
}
