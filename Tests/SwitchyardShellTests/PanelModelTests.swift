import Foundation
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Each panel's model stands alone: a value with its own messages, tested without the app.
@Suite("Panel models")
struct PanelModelTests {
    static func entry(_ id: Int, _ url: String) -> RouteLogEntry {
        RouteLogEntry(id: id, url: url, outcome: "push", isHandled: true, seconds: 0)
    }

    @Test func theLogKeepsItsLimitAndCountsWhatItDropped() {
        var log = LogPanel()
        log.limit = 3
        log.append((1...5).map { Self.entry($0, "app://x/\($0)") })
        #expect(log.entries.map(\.id) == [3, 4, 5])
        #expect(log.dropped == 2)
        log.appendEvent("reloaded", time: 1)
        log.appendEvent("copied", time: 2)
        #expect(log.entries.map(\.sequence) == [5, -1, -2], "events count down, below the timeline's numbers")
        #expect(log.dropped == 4)
    }

    @Test func theLogsCursorSearchAndFolding() {
        var log = LogPanel()
        log.append([Self.entry(1, "app://home"), Self.entry(2, "app://order/42"), Self.entry(3, "app://user/7")])
        let area = Rect(x: 0, y: 0, width: 60, height: 20)
        #expect(log.selectedEntry?.id == 3, "the cursor starts on the newest entry")
        #expect(log.update(log.message(for: .char("g")), area: area) == nil)
        #expect(log.selectedEntry?.id == 1)
        _ = log.update(log.message(for: .char("/")), area: area)
        for character in "ORDER" { _ = log.update(log.message(for: .char(character)), area: area) }
        #expect(log.update(log.message(for: .enter), area: area)?.text == "the only match for ORDER")
        #expect(log.update(log.message(for: .char("n")), area: area)?.text == "the only match for ORDER",
                "n with one match offers no other")
        #expect(log.selectedEntry?.id == 2, "the search is case-insensitive and moves the cursor")
        #expect(log.search == nil && log.lastSearch == "ORDER")
        log.lastSearch = "nowhere"
        #expect(log.update(.findInLog(older: true), area: area)?.text == "No log entry contains nowhere")
        #expect(log.isExpanded(log.entries[2]) && !log.isExpanded(log.entries[1]), "only the newest open is unfolded")
        _ = log.update(log.message(for: .enter), area: area)
        #expect(log.isExpanded(log.entries[1]))
    }

    /// A search's matches, walked with n (older) and N (newer): each step names its match of how many,
    /// counted from the newest, and the focused log's edge keeps the term and the position.
    @Test func theLogSearchSaysWhichMatchOfHowMany() {
        var log = LogPanel()
        log.append((1...8).map { Self.entry($0, $0.isMultiple(of: 2) ? "app://share/\($0)" : "app://home/\($0)") })
        let area = Rect(x: 0, y: 0, width: 60, height: 20)
        _ = log.update(log.message(for: .char("/")), area: area)
        for character in "share" { _ = log.update(log.message(for: .char(character)), area: area) }
        // (key, the entry under the cursor after it, the status)
        let steps: [(key: Key, id: Int, status: String)] = [
            (.enter, 8, "match 1/4 for share · n older, N newer"),
            (.char("n"), 6, "match 2/4 for share · n older, N newer"),
            (.char("n"), 4, "match 3/4 for share · n older, N newer"),
            (.char("N"), 6, "match 2/4 for share · n older, N newer"),
            (.char("n"), 4, "match 3/4 for share · n older, N newer"),
            (.char("n"), 2, "match 4/4 for share · n older, N newer"),
            (.char("n"), 8, "match 1/4 for share (wrapped to the newest) · n older, N newer"),
            (.char("N"), 2, "match 4/4 for share (wrapped to the oldest) · n older, N newer"),
        ]
        for step in steps {
            let status = log.update(log.message(for: step.key), area: area)
            #expect(log.selectedEntry?.id == step.id, "\(step.key)")
            #expect(status?.text == step.status, "\(step.key)")
        }
        let edge = AppView.activeSearchFooter(log, width: 60)
        #expect(edge == " /share · match 4/4 · n older · N newer · Esc ends it ")
        #expect(AppView.activeSearchFooter(log, width: 24).map { DisplayWidth.of($0) <= 24 } == true)
        // Short of room the place among the matches stays, the keys go first.
        #expect(AppView.activeSearchFooter(log, width: 30) == " /share · match 4/4 · Esc ")
        #expect(AppView.activeSearchFooter(log, width: 24) == " /share · 4/4 · Esc ")
        // The first Esc ends the search and the log keeps the keys; the next one gives them to the phone.
        let first = log.message(for: .escape)
        #expect(first == .clearLogSearch)
        _ = log.update(first, area: area)
        #expect(log.lastSearch == nil && AppView.activeSearchFooter(log, width: 60) == nil)
        #expect(log.selectedEntry?.id == 2, "the cursor stays where the search left it")
        #expect(log.message(for: .escape) == .focusPhone)
    }

    @Test func theMessagesViewKeepsWholeMessagesAndScrollsWithinThem() {
        var view = MessagesPanel()
        for index in 0..<(MessagesPanel.limit + 5) { view.remember(AppStatus("message \(index)", kind: .note)) }
        #expect(view.entries.count == MessagesPanel.limit && view.dropped == 5)
        view.update(.toggleMessages, size: (80, 24))
        #expect(view.isShown)
        view.update(view.message(for: .char("g")), size: (80, 24))
        #expect(view.scroll > 0 && view.scroll <= view.entries.count + 1, "g goes to the oldest line, no further")
        view.update(view.message(for: .char("G")), size: (80, 24))
        #expect(view.scroll == 0)
        #expect(view.message(for: .char("x")) == .ignore, "no key leaks to the app")
        view.update(view.message(for: .char("m")), size: (80, 24))
        #expect(!view.isShown, "m closes the view")
    }

    @Test func theRouteTableFiltersAndSelects() {
        let rows = ["app://home", "app://order/:id", "app://orders"].map {
            RouteRow(kind: .route, pattern: $0, target: "T")
        }
        var panel = RoutePanel(rows: rows)
        for character in "order" { panel.update(panel.message(for: .char(character))) }
        #expect(panel.filtered.map(\.pattern) == ["app://order/:id", "app://orders"])
        panel.update(panel.message(for: .down))
        panel.update(panel.message(for: .down))
        #expect(panel.selection == 1, "the selection stops at the last row")
        #expect(panel.typedURL == nil && panel.message(for: .enter) == .useRoute(nil))
    }
}

/// A log search walked with `n` is one message in the messages view, its newest position, not one a key.
@Suite("Search progress in the messages view")
struct SearchProgressMessagesTests {
    @Test func aSearchWalkIsOneMessage() async throws {
        let (loop, terminal) = try await AppFixture.loop(width: 120, height: 40)
        for id in 1...5 { await loop.perform(.open("app://user/\(id)")) }
        await loop.send(.toggleLog)
        await loop.send(.focusNext)
        await AppFixture.send([.char("/")], to: loop, terminal)
        await AppFixture.type("user\r", to: loop, terminal)
        await AppFixture.send([.char("n"), .char("n"), .char("n"), .char("N")], to: loop, terminal)
        let said = await loop.model.messagesPanel.entries.map(\.text)
        let walked = said.filter { $0.contains(" for user") }
        #expect(walked.count == 1, "\(said)")
        #expect(walked.last?.hasPrefix("match ") == true, "\(said)")
    }
}

/// A pattern cut to its column keeps in sight what the row is shown for: the filter's text, or the
/// literal its verdict names; never wider than the column, and as before when the plain cut shows it.
@Suite("Elision keeps the match")
struct ElisionKeepsTheMatchTests {
    @Test(arguments: [
        ("app://user/:q0/wallet1/group1/comment13/promo12", 28, "wallet1", "app://user…/wallet1/group1/…"),
        ("app://chat/:q0/live14/discover5/discover2/group15", 30, "live14", "app://chat…/live14/discover5/…"),
        ("app://user/:q0/wallet1/group1/comment13/promo12", 28, "promo12", "app://user/:q0…/promo12"),
        ("app://user/:q0/wallet1/group1/comment13/promo12", 28, nil, "app://user/:q0…/promo12"),
        ("app://user/a", 28, "a", "app://user/a"),
        // The verdict's literal right after the host: nothing left out between them, so no `…` there.
        ("app://user/login/:phone([0-9]+)", 20, "login", "app://user/login/…"),
    ] as [(String, Int, String?, String)])
    func theMatchStaysInSight(pattern: String, width: Int, needle: String?, shown: String) {
        let elided = AppViewText.elideURL(pattern, width: width, keeping: needle)
        #expect(elided == shown)
        #expect(DisplayWidth.of(elided) <= width)
        if let needle { #expect(elided.contains(needle)) }
    }

    @Test func aVerdictNamesItsLiteral() {
        #expect(AppView.verdictLiteral("'x' is not 'live14'") == "live14")
        #expect(AppView.verdictLiteral("segment 2: 'abc' does not satisfy <int>") == nil)
    }
}
