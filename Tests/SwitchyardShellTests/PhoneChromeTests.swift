import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Apps the phone's chrome is tried with besides the fixture shop: route files of six hosts (six
/// tabs) and of 300 routes on one host (an index of 300 links).
@MainActor
enum ChromeFixture {
    static func routeFileRuntime(hosts: [String], perHost: Int) throws -> AppRuntime {
        var routes: [String] = []
        for host in hosts {
            for index in 0..<perHost {
                routes.append(#"{"pattern": "app://\#(host)/item\#(index)/:id<int>", "target": "T\#(index)"}"#)
            }
        }
        let json = #"{"routes": [\#(routes.joined(separator: ", "))]}"#
        return try AppRuntime(app: AppDescription.generated(from: RouteFile.decode(json: Data(json.utf8)),
                                                            name: "routes.json"))
    }

    static func loop(_ runtime: AppRuntime, width: Int, height: Int) -> (AppLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(width: width, height: height)
        return (AppLoop(runtime: runtime, terminal: terminal, animations: false, stopsWhenIdle: true), terminal)
    }

    /// The app's rows inside the phone's frame.
    static func phoneRows(_ loop: AppLoop, _ terminal: MemoryTerminal) throws -> [String] {
        let canvas = try #require(terminal.lastFrame)
        let screen = loop.model.layout.screen
        return canvas.text()[screen.y..<screen.maxY].map { String($0.dropFirst(screen.x).prefix(screen.width)) }
    }
}

/// The tab bar gives labels the room they need: whole when they fit a space apart, the selected
/// tab always whole, others cut no shorter than a readable word, and tabs that do not fit are left
/// out behind `‹` / `›` rather than cut to a letter or two.
@Suite("Tab bar labels")
@MainActor
struct TabBarLabelTests {
    /// What each tab's label looks like in the bar's row: whole, cut to five letters or more, or
    /// left out (then a mark says so on its side).
    static func checkLabels(_ row: String, titles: [String], locked: Set<Int>, unlocked: Set<Int> = [], selected: Int,
                            context: String) {
        for (index, title) in titles.enumerated() {
            let prefix = "\(index + 1) " + (locked.contains(index) ? "🔒 " : unlocked.contains(index) ? "🔓 " : "")
            if row.contains(prefix + title) { continue }
            #expect(index != selected, "\(context): the selected tab '\(title)' is not whole in '\(row)'")
            if let range = row.range(of: prefix) {
                let shown = row[range.upperBound...].prefix { $0 != " " }
                #expect(shown.hasSuffix("…") && shown.count - 1 >= 5 && title.hasPrefix(shown.dropLast()),
                        "\(context): '\(title)' cut to '\(shown)' in '\(row)'")
            } else {
                #expect(row.contains(index < selected ? "‹" : "›"), "\(context): '\(title)' is gone unmarked: \(row)")
            }
        }
    }

    @Test(arguments: [40, 60, 80, 120])
    func labelsStayReadable(_ width: Int) async throws {
        let apps: [(AppRuntime, String)] = [
            (try AppFixture.runtime(), "shop"),
            (try ChromeFixture.routeFileRuntime(hosts: ["home", "user", "order", "item", "search", "settings"],
                                                perHost: 2), "six hosts"),
        ]
        for (runtime, name) in apps {
            let height = width < 60 ? 16 : 24
            let (loop, terminal) = ChromeFixture.loop(runtime, width: width, height: height)
            // Logged in, so every tab can be selected; with the route table, the phone is narrower.
            for panels in [false, true] where !panels || width >= AppLayout.widthForPanels {
                await AppFixture.send(panels ? [.function(3), .escape] : [.char("L")], to: loop, terminal)
                for tab in 1...loop.model.state.tabs.count {
                    await AppFixture.type("\(tab)", to: loop, terminal)
                    let rows = try ChromeFixture.phoneRows(loop, terminal)
                    let context = "\(name) \(width) columns, panels \(panels), tab \(tab)"
                    let titles = loop.model.state.tabs.map(\.title)
                    let locked = Set(titles.indices.filter {
                        loop.model.lockedURLs.contains(loop.model.state.tabs[$0].rootURL)
                    })
                    let unlocked = Set(titles.indices.filter {
                        loop.model.snapshot.gatedTabRoots.contains(loop.model.state.tabs[$0].rootURL)
                    }).subtracting(locked)
                    let row = try #require(rows.last)
                    Self.checkLabels(row, titles: titles, locked: locked, unlocked: unlocked,
                                     selected: loop.model.state.selectedTab, context: context)
                }
            }
        }
    }

    /// An app with no login URL has no login gate: no tab is marked as behind one (🔒 or 🔓), whatever
    /// its routes' `requiresLogin` says (lint reports that as an error).
    @Test func withoutALoginGateNoTabIsMarked() throws {
        var app = try AppDescription.decode(json: Data(AppFixture.json.utf8))
        #expect(!RuntimeSnapshot(try AppRuntime(app: app)).gatedTabRoots.isEmpty, "the fixture has gated tabs")
        app.loginURL = nil
        let snapshot = RuntimeSnapshot(try AppRuntime(app: app))
        #expect(snapshot.gatedTabRoots.isEmpty)
        #expect(snapshot.lockedURLs.isEmpty)
    }

    /// The packing as a table: the selected tab whole, neighbours a space apart, marks for the rest.
    @Test func packingAsATable() {
        let titles = ["home", "user", "order", "item", "search", "settings"]
        let labels = titles.enumerated().map { AppView.tabLabel(number: $0.offset, title: $0.element, locked: false) }
        let cases: [(width: Int, selected: Int, row: String)] = [
            (38, 0, "1 home 2 user 3 order 4 item ›"),
            (38, 5, "‹ 3 order 4 item 5 search 6 settings"),
            (44, 5, "‹ 2 user 3 order 4 item 5 search 6 settings"),
            (20, 2, "‹ 3 order 4 item ›"),
            (48, 5, "1 home 2 user 3 order 4 item 5 search 6 settings"),
        ]
        for entry in cases {
            let packed = AppView.tabSlots(labels: labels, selected: entry.selected, width: entry.width)
            var row = Array(repeating: Character(" "), count: entry.width)
            for slot in packed.slots {
                for (offset, character) in slot.text.enumerated() { row[slot.x + offset] = character }
            }
            if let before = packed.before { row[before] = "‹" }
            if let after = packed.after { row[after] = "›" }
            let text = String(row)
            #expect(text.trimmingCharacters(in: .whitespaces) == entry.row.trimmingCharacters(in: .whitespaces),
                    "\(entry.width) columns, tab \(entry.selected + 1): '\(text)'")
        }
    }
}

/// The phone's screen scrolls when its content does not fit: the selection moving through links
/// scrolls it, PgUp/PgDn and Ctrl-U/Ctrl-D scroll it, and `▴ N more` / `▾ N more` say what is out of
/// sight, at every size.
@Suite("The phone scrolls")
@MainActor
struct PhoneScrollTests {
    static func check(_ loop: AppLoop, _ terminal: MemoryTerminal, context: String) async throws {
        let start = try #require(AppView.topLayerScroll(loop.model))
        #expect(start.total > start.rows, "\(context): the content must overflow for this test")
        // A screen opens at its top, unless its first link would be out of sight there.
        #expect(start.offset == AppView.scrollOffset(selectedLine: start.itemStart, total: start.total,
                                                     rows: start.rows))
        var rows = try ChromeFixture.phoneRows(loop, terminal)
        #expect(rows.contains { $0.contains("▾ \(start.total - start.rows - start.offset) more") },
                "\(context): \(rows)")
        #expect(rows.contains { $0.contains("▴") } == (start.offset > 0))
        // PgDn scrolls a page; the selection comes along onto a link in sight.
        await AppFixture.send([.pageDown], to: loop, terminal)
        var now = try #require(AppView.topLayerScroll(loop.model))
        #expect(now.offset == min(start.offset + start.rows - 1, start.total - start.rows), "\(context)")
        let selectedLine = now.itemStart + loop.model.selection
        #expect((now.offset..<(now.offset + now.rows)).contains(selectedLine), "\(context): selection out of sight")
        rows = try ChromeFixture.phoneRows(loop, terminal)
        #expect(rows.contains { $0.contains("▴ \(now.offset) more") }, "\(context): \(rows)")
        // Ctrl-D and Ctrl-U by half a page, within bounds.
        await AppFixture.send([.ctrl("d")], to: loop, terminal)
        let down = try #require(AppView.topLayerScroll(loop.model)).offset
        #expect(down == min(now.offset + max(1, now.rows / 2), now.total - now.rows), "\(context)")
        await AppFixture.send(Array(repeating: .ctrl("u"), count: 40), to: loop, terminal)
        #expect(AppView.topLayerScroll(loop.model)?.offset == 0, "\(context)")
        // The selection moving to the last link scrolls to it; back to the first, to the top.
        await AppFixture.send([.end], to: loop, terminal)
        now = try #require(AppView.topLayerScroll(loop.model))
        #expect(now.offset == now.total - now.rows, "\(context)")
        rows = try ChromeFixture.phoneRows(loop, terminal)
        #expect(rows.contains { $0.contains("▸") }, "\(context): the selected link is in sight")
        #expect(!rows.contains { $0.contains("▾") && $0.contains("more") }, "\(context): nothing below")
        await AppFixture.send([.home], to: loop, terminal)
        now = try #require(AppView.topLayerScroll(loop.model))
        let back = try ChromeFixture.phoneRows(loop, terminal)
        #expect(now.itemStart >= now.rows || now.offset == 0, "\(context): the title is back in sight \(now) \(back)")
    }

    @Test(arguments: [(80, 24), (60, 20), (40, 12)])
    func aRouteFileIndexOf300Links(_ width: Int, _ height: Int) async throws {
        let runtime = try ChromeFixture.routeFileRuntime(hosts: ["shop"], perHost: 300)
        let (loop, terminal) = ChromeFixture.loop(runtime, width: width, height: height)
        await AppFixture.send([], to: loop, terminal)
        try await Self.check(loop, terminal, context: "300 links \(width)×\(height)")
    }

    @Test(arguments: [(60, 20), (40, 12)])
    func theShopsHome(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.send([], to: loop, terminal)
        try await Self.check(loop, terminal, context: "shop home \(width)×\(height)")
    }

    /// A screen of body text and no links (a full-screen modal, no tab bar under it): PgDn reaches
    /// its last line and PgUp its title, and its last row says when there is more.
    @Test(arguments: [(80, 24), (60, 20)])
    func aLongBodyWithoutLinks(_ width: Int, _ height: Int) async throws {
        let body = (1...40).map { #""Line \#($0) of a long body.""# }.joined(separator: ", ")
        let json = #"""
        {"name": "Long", "tabs": [{"title": "Home", "root": "app://home"}],
         "routes": [{"pattern": "app://home", "target": "Home", "title": "Home", "opens": "tab",
                     "links": [{"title": "Terms", "url": "app://terms"}]},
                    {"pattern": "app://terms", "target": "Terms", "title": "Terms", "opens": "presentFullScreen",
                     "body": [\#(body)]}]}
        """#
        let runtime = try AppRuntime(app: AppDescription.decode(json: Data(json.utf8)))
        let (loop, terminal) = ChromeFixture.loop(runtime, width: width, height: height)
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.top.title == "Terms")
        var rows = try ChromeFixture.phoneRows(loop, terminal)
        #expect(rows.last?.contains("▾") == true && rows.last?.contains("more") == true, "\(rows)")
        await AppFixture.send(Array(repeating: .pageDown, count: 10), to: loop, terminal)
        rows = try ChromeFixture.phoneRows(loop, terminal)
        #expect(rows.contains { $0.contains("Line 40 of a long body.") }, "\(rows)")
        #expect(rows.contains { $0.contains("▴") })
        await AppFixture.send(Array(repeating: .pageUp, count: 10), to: loop, terminal)
        rows = try ChromeFixture.phoneRows(loop, terminal)
        #expect(rows.dropFirst(2).first?.contains("Terms") == true, "\(rows)")
    }
}

/// Only the panel that has the keys shows its cursor as the active (reversed) highlight; the others
/// show theirs underlined at most.
@Suite("One active highlight")
@MainActor
struct ActiveHighlightTests {
    @Test func onlyTheFocusedPanelIsReversed() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 120, height: 40)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://search/shoes\r", to: loop, terminal)
        await AppFixture.send([.escape, .function(3), .escape], to: loop, terminal)
        #expect(loop.model.focus == .phone)
        for focus in [AppModel.Focus.phone, .log, .filter] {
            while loop.model.focus != focus {
                await AppFixture.send([.tab], to: loop, terminal)
            }
            let canvas = try #require(terminal.lastFrame)
            let layout = loop.model.layout
            let area = try #require(focus == .phone ? layout.phone : focus == .log ? layout.log : layout.routes)
            var reversed = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas[x, y].style.reverse {
                    #expect(area.contains(x: x, y: y), "\(focus): reversed cell at (\(x), \(y)) outside the panel")
                    reversed += 1
                }
            }
            #expect(reversed > 0, "\(focus): the focused panel shows its cursor")
            if focus != .phone {
                // The phone's selection is still marked, underlined.
                let screen = layout.screen
                let marked = (screen.y..<screen.maxY).contains { y in
                    (screen.x..<screen.maxX).contains { canvas[$0, y].text == "▸" && canvas[$0, y].style.underline }
                }
                #expect(marked, "\(focus): the phone's selection is underlined")
            }
        }
    }
}

extension TabBarLabelTests {
    /// A sheet's title that does not fit centred between the margins its Close button sets is shown
    /// after the button, whole when the bar holds it (it was cut to stay centred).
    @Test(arguments: [80, 100, 120])
    func aLongSheetTitleIsShownWholeAfterTheCloseButton(width: Int) async throws {
        let json = """
        {"name": "Sheets", "tabs": [{"title": "Home", "root": "app://home"}],
         "routes": [{"pattern": "app://home", "target": "Home", "opens": "tab"},
                    {"pattern": "app://phone/:n", "target": "Phone", "title": "Log in as {n}", "opens": "present"}]}
        """
        let runtime = try AppRuntime(app: AppDescription.decode(json: Data(json.utf8)))
        let (loop, terminal) = ChromeFixture.loop(runtime, width: width, height: 24)
        await loop.perform(.open("app://phone/13800000000"))
        loop.present()
        let rows = try #require(terminal.lastFrame).text()
        let bar = try #require(rows.first { $0.contains("✕ Close") })
        #expect(bar.contains("Log in as 13800000000"), "\(width): \(bar)")
    }
}
