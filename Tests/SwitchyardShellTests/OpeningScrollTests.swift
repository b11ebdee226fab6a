import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// A screen opens at its top: its title is on the first content row whenever it and the selected
/// link fit together, at every terminal size and with the log shown or not.
@Suite("A screen opens at its top")
@MainActor
struct OpeningScrollTests {
    /// The scroll rule as a table: (selected line, total lines, rows) → offset.
    @Test func theScrollOffsetKeepsTheTitleWhileTheSelectionFits() {
        let cases: [(selected: Int?, total: Int, rows: Int, offset: Int)] = [
            (nil, 30, 10, 0),   // nothing selected: the top
            (0, 30, 10, 0),     // the first line selected
            (8, 30, 10, 0),     // one row from the bottom
            (9, 30, 10, 0),     // on the last row: still the top (no context line is worth the title)
            (10, 30, 10, 2),    // past the bottom: shown with one line below it
            (29, 30, 10, 20),   // the last line: never scrolled past the end
            (5, 8, 10, 0),      // everything fits
            (3, 5, 0, 0),       // no rows at all
        ]
        for entry in cases {
            let offset = AppView.scrollOffset(selectedLine: entry.selected, total: entry.total, rows: entry.rows)
            #expect(offset == entry.offset, "\(entry)")
        }
    }

    /// Home at start and a presented sheet, drawn at sizes from 40×12 to 120×40 with and without the
    /// log: the first content row of the top layer is the screen's title (no ▴ mark) whenever the
    /// title and the first link fit in its rows.
    @Test func aNewlyOpenedScreenShowsItsTitle() async throws {
        for url in ["app://home", "app://discover/item/5?jumpType=present"] {
            for log in [false, true] {
                for (width, height) in [(40, 12), (60, 18), (80, 24), (100, 30), (120, 40)] {
                    let (loop, terminal) = try AppFixture.loop(width: width, height: height)
                    if log {
                        await AppFixture.send([.function(2)], to: loop, terminal)
                    }
                    await loop.perform(.open(url))
                    let model = loop.model
                    let phone = model.layout.screen
                    let frame = AppView.phoneScreen(model, width: phone.width, height: phone.height)
                    let area = AppView.topLayerRect(model, width: phone.width, height: phone.height)
                    let rows = frame.canvas.text().map { String($0.dropFirst(area.x).prefix(area.width)) }
                    let content = Array(rows[(area.y + 2)..<area.maxY])
                    let title = model.state.top.title
                    // Where the first link sits when the screen is drawn from its top: on a phone tall
                    // enough for everything (the same width, so the same wrapping).
                    let tall = AppView.phoneScreen(model, width: phone.width, height: phone.height + 100)
                    let tallArea = AppView.topLayerRect(model, width: phone.width, height: phone.height + 100)
                    guard let link = tall.canvas.text().dropFirst(tallArea.y + 2).firstIndex(where: {
                        $0.contains("▸")
                    }) else {
                        Issue.record("\(url) \(width)×\(height): no selected link")
                        continue
                    }
                    let first = link - (tallArea.y + 2)
                    guard first < content.count else { continue }
                    #expect(content.first?.contains(String(title.prefix(8))) == true,
                            "\(url) log \(log) \(width)×\(height): \(content.first ?? "") (link at \(first))")
                    #expect(content.first?.contains("▴") == false, "\(url) \(width)×\(height)")
                }
            }
        }
    }
}

/// "Test a URL" in a large route table: every row's verdict is drawn whole (beside its pattern, or
/// wrapped under it when it would be cut there), and the title shows the tested URL whole or cut at
/// a component boundary, the whole URL then on the line under the filter.
@Suite("Route table verdicts")
@MainActor
struct RouteTableVerdictTests {
    /// A table like a large app's: many hosts, long patterns, one far longer than the rest on a host
    /// the tested URL does not reach.
    static func runtime() throws -> AppRuntime {
        var routes: [String] = []
        for index in 0..<60 {
            let host = ["chat", "item", "video", "shop"][index % 4]
            let depth = ["live\(index)", "discover\(index % 7)/group\(index)", ":id<int>/comment\(index)"][index % 3]
            routes.append(#"{"pattern": "app://\#(host)/\#(depth)", "target": "T\#(index)"}"#)
        }
        routes.append(#"{"pattern": "app://chat/:id<int>", "target": "Chat"}"#)
        let long = "app://settings/a/very/long/pattern/that/no/tested/url/reaches/:x"
        routes.append(#"{"pattern": "\#(long)", "target": "X"}"#)
        let json = #"{"routes": [\#(routes.joined(separator: ", "))]}"#
        let file = try RouteFile.decode(json: Data(json.utf8))
        return try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
    }

    /// The panel's rows as text, inside its border.
    static func panelRows(_ loop: AppLoop, _ terminal: MemoryTerminal) throws -> [String] {
        let canvas = try #require(terminal.lastFrame)
        let panel = try #require(loop.model.layout.routes)
        // Text keeps a column clear of the panel's border on either side.
        return canvas.text()[(panel.y + 1)..<(panel.maxY - 1)].map {
            String($0.dropFirst(panel.x + 2).prefix(panel.width - 4))
        }
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func verdictsOfALargeTable(_ width: Int, _ height: Int) async throws {
        let terminal = MemoryTerminal(width: width, height: height)
        let loop = AppLoop(runtime: try Self.runtime(), terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.send([.function(3)] + Key.typing("app://chat/5"), to: loop, terminal)
        try AppViewGoldenTests.assertGolden("route-table-verdicts-\(width)x\(height)", terminal.lastFrame)
        let tested = loop.model.routePanel.filtered
        #expect(tested.count > 3)
        // Every verdict drawn is whole: read on its row after the pattern, or on the lines under it.
        let rows = try Self.panelRows(loop, terminal)
        let verdicts = Set(tested.map(\.flags))
        var read: [String] = []
        for row in rows.drop(while: { !($0.hasPrefix("▸app://") || $0.hasPrefix(" app://")) }) {
            let line = row.trimmingCharacters(in: .whitespaces)
            if let mark = line.firstIndex(where: { $0 == "✓" || $0 == "✗" }) {
                read.append(String(line[mark...]))
            } else if row.hasPrefix("   "), !line.isEmpty, !read.isEmpty {
                read[read.count - 1] += " " + line
            }
        }
        var drawn = 0
        for (index, verdict) in read.enumerated() {
            // The last one may be cut by the panel's bottom edge, the rows below it being counted there.
            if index == read.count - 1, !verdicts.contains(verdict) {
                #expect(verdicts.contains { $0.hasPrefix(verdict) }, "\(verdict)")
                continue
            }
            #expect(verdicts.contains(verdict), "\(width)×\(height): '\(verdict)' is cut")
            drawn += 1
        }
        #expect(drawn >= 3)
    }

    /// The tested URL in the title: whole when it fits, else cut at a `/` with `…`, and then the whole
    /// URL on the line under the filter; the outcome is in the title or on that line.
    @Test(arguments: [
        ("app://chat/5", true), ("app://chat/12345/comment8/more/segments/that/go/on", false),
        ("app://settings/a/very/long/pattern/that/no/tested/url/reaches/x", false),
    ])
    func theTitleShowsTheTestedURL(_ url: String, _ whole: Bool) async throws {
        let terminal = MemoryTerminal(width: 80, height: 24)
        let loop = AppLoop(runtime: try Self.runtime(), terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.send([.function(3)] + Key.typing(url), to: loop, terminal)
        let canvas = try #require(terminal.lastFrame)
        let panel = try #require(loop.model.layout.routes)
        let title = String(canvas.text()[panel.y].dropFirst(panel.x))
        let rows = try Self.panelRows(loop, terminal)
        let test = try #require(loop.model.routePanel.urlTest)
        if whole {
            #expect(title.contains("Test \(url) "), "\(title)")
        } else {
            let shown = try #require(title.split(separator: " ").dropFirst(2).first.map(String.init))
            #expect(shown.contains("…") && url.hasPrefix(shown.prefix { $0 != "…" }), "\(title)")
            #expect(shown.prefix { $0 != "…" }.hasSuffix("/") || shown.drop { $0 != "…" }.dropFirst().hasPrefix("/"),
                    "cut at a component boundary: \(shown)")
            let under = rows.dropFirst().prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }.joined()
            #expect(under.contains(url), "the whole URL under the filter: \(under)")
            // The outcome starts a line of its own, not the middle of the wrapped URL's last line.
            let starts = rows.dropFirst().prefix(6).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(starts.contains { $0.hasPrefix("✓ wins:") || $0.hasPrefix("✗ no route wins") }, "\(starts)")
        }
        // (Wrapped lines are read without their spaces.)
        let outcome = (test.winner.map { "wins: \($0)" } ?? "no route wins").filter { $0 != " " }
        let all = ([title] + rows).joined().filter { $0 != " " }
        #expect(all.contains(outcome), "\(all)")
    }
}

/// A wide terminal gives the phone more columns (two fifths of them, 44 to 64), so link labels are
/// not cut while the columns beside the panels would stand empty.
@Suite("The phone grows on a wide terminal")
struct PhoneWidthTests {
    @Test func thePhonesWidthByColumns() {
        let table: [(columns: Int, width: Int)] = [(60, 44), (80, 44), (100, 44), (112, 44), (120, 48), (140, 56),
                                                   (160, 64), (240, 64)]
        for entry in table {
            #expect(AppLayout.phoneWidthFor(columns: entry.columns) == entry.width, "\(entry.columns)")
        }
        // With both panels at 120×40 the phone keeps its 48 columns and the panels get the rest.
        let layout = AppLayout(width: 120, height: 40, showsLog: true, showsRoutes: true)
        #expect(layout.phone.width == 48 && (layout.routes?.width ?? 0) >= AppLayout.preferredPanelWidth)
    }
}
