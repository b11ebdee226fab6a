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

/// "Test a URL" in a large route table: every row keeps its ✓ or ✗ verdict, the pattern column is
/// sized for the rows on screen (not the longest pattern of the file), and the selected row's
/// verdict is wrapped whole on the panel's last rows.
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

    @Test(arguments: [(80, 24), (120, 40)])
    func verdictsOfALargeTable(_ width: Int, _ height: Int) async throws {
        let terminal = MemoryTerminal(width: width, height: height)
        let loop = AppLoop(runtime: try Self.runtime(), terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.send([.function(3)] + Key.typing("app://chat/5"), to: loop, terminal)
        try AppViewGoldenTests.assertGolden("route-table-verdicts-\(width)x\(height)", terminal.lastFrame)
        let canvas = try #require(terminal.lastFrame)
        let panel = try #require(loop.model.layout.routes)
        let rows = canvas.text().map { String($0.dropFirst(panel.x).prefix(panel.width)) }
        let tested = loop.model.routePanel.filtered
        #expect(tested.count > 3)
        // Every row drawn keeps its verdict mark.
        let drawn = rows[(panel.y + 2)..<(panel.maxY - 1)].filter { $0.contains("app://") }
        #expect(drawn.count >= min(tested.count, 3))
        for row in drawn {
            #expect(row.contains("✓") || row.contains("✗"), "\(row)")
        }
        // The selected verdict is whole on the last rows.
        let selected = tested[loop.model.routePanel.selection]
        let verdict = try #require(selected.verdict)
        let tail = rows[(panel.y + 2)..<(panel.maxY - 1)].suffix(4)
            .map { $0.dropFirst(2).trimmingCharacters(in: CharacterSet(charactersIn: " │")) }.joined(separator: " ")
        #expect(tail.contains(verdict), "\(tail) lacks \(verdict)")
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
