import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// A cut ends with … at a word or URL-component boundary; the key fact of a message comes first;
/// help scrolls to its ends with g and G; Enter with nothing to open says so.
@Suite("Cuts, help ends, empty Enter")
@MainActor
struct CutsAndEmptyEnterTests {
    /// `fit` as a table: the cut falls before a space or after a URL separator in the second half of
    /// the room, and inside a word only when there is none.
    @Test func fitCutsAtBoundaries() {
        let cases: [(text: String, width: Int, fitted: String)] = [
            ("short", 10, "short"),
            ("Track order #42 (deep link, 2 parameters)", 34, "Track order #42 (deep link, 2…"),
            ("the URL has fewer segments than the pattern", 30, "the URL has fewer segments…"),
            ("app://discover/item/42/reviews", 24, "app://discover/item/42/…"),
            ("Supercalifragilistic", 8, "Superca…"),
            ("a verylongwordthatnevercomestoanend", 12, "a verylongw…"),
            ("two words", 1, "…"),
            ("two words", 0, ""),
        ]
        for entry in cases {
            let fitted = AppViewText.fit(entry.text, width: entry.width)
            #expect(fitted == entry.fitted, "\(entry.text) at \(entry.width)")
            #expect(DisplayWidth.of(fitted) <= max(0, entry.width))
        }
    }

    /// `elideURL` as a table: the scheme and host, …, whole trailing components.
    @Test func patternsAreCutAtTheirComponents() {
        let cases: [(text: String, width: Int, elided: String)] = [
            ("app://discover/item/:id<int>", 28, "app://discover/item/:id<int>"),
            ("app://discover/item/:id<int>", 26, "app://discover…/:id<int>"),
            ("app://chat/live14/discover5/discover2/group15", 30, "app://chat…/discover2/group15"),
            ("app://chat/live14/discover5/discover2/group15", 36, "app://chat/live14…/discover2/group15"),
        ]
        for entry in cases {
            let elided = AppViewText.elideURL(entry.text, width: entry.width)
            #expect(elided == entry.elided, "\(entry.text) at \(entry.width)")
            #expect(DisplayWidth.of(elided) <= entry.width)
        }
        // With no room for the host and the last component, the middle goes, and the width holds.
        #expect(DisplayWidth.of(AppViewText.elideURL("app://averyveryverylonghost/x", width: 10)) <= 10)
    }

    /// An invalid URL's status at 80 columns shows where the problem is before what it is.
    @Test func anInvalidURLsStatusLeadsWithItsPlace() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
        await AppFixture.type(":app://search/a%zzb\r", to: loop, terminal)
        let last = try #require(terminal.lastFrame).text().last ?? ""
        #expect(last.contains("Invalid URL at byte 14:"), "\(last)")
        #expect(last.contains("…"), "a cut is marked: \(last)")
    }

    /// The help at 60×18: every line that does not fit ends with …; g and G go to its ends and keep it
    /// open.
    @Test func helpLinesAreCutWithAnEllipsisAndGScrolls() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 60, height: 18)
        await AppFixture.send([.char("?")], to: loop, terminal)
        let frame = try #require(terminal.lastFrame).text()
        let lines = AppView.helpLines(loop.model).lines
        let shown = frame.filter { $0.contains("│") }
        for row in lines.prefix(3) where !row.isTitle {
            let start = String(row.action.prefix(10))
            let drawn = try #require(shown.first { $0.contains(start) }, "\(start)")
            if !drawn.contains(row.action) {
                #expect(drawn.contains("…"), "\(drawn)")
            }
        }
        await AppFixture.send([.char("G")], to: loop, terminal)
        #expect(loop.model.showsHelp)
        #expect(loop.model.helpScroll > 0)
        await AppFixture.send([.char("g")], to: loop, terminal)
        #expect(loop.model.showsHelp && loop.model.helpScroll == 0)
    }

    /// Enter in the route table when no row is listed says there is nothing to open.
    @Test func enterOnAnEmptyRouteTableSaysSo() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 100, height: 30)
        await AppFixture.send([.function(3)] + Key.typing("zzzz") + [.enter], to: loop, terminal)
        #expect(loop.model.status?.text.contains("Nothing to open: no route matches the filter") == true,
                "\(loop.model.status?.text ?? "")")
    }

    /// A pattern sent from the prompt with its placeholders left as they are is not opened: the status
    /// names the placeholders and the line stays at the prompt.
    @Test func placeholdersLeftAtThePromptAreNamed() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 100, height: 30)
        let before = loop.model.state.compactDescription
        // End leaves the field, so Enter submits the pattern as it is.
        await AppFixture.send(Key.typing(":app://order/:id<int>/track") + [.end, .enter], to: loop, terminal)
        let status = loop.model.status?.text ?? ""
        #expect(status.contains(":id<int>") && status.contains("need values"), "\(status)")
        #expect(!status.contains("No route matches"))
        #expect(loop.model.focus == .prompt && loop.model.prompt.text == "app://order/:id<int>/track")
        #expect(loop.model.state.compactDescription == before)
    }
}

/// `y` copies what the focused panel shows.
@Suite("y copies the focused panel's text")
@MainActor
struct CopyFollowsFocusTests {
    @Test func yCopiesWhatTheFocusedPanelShows() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 120, height: 40)
        await AppFixture.send([.function(2)] + Key.typing(":app://search/shoes?sort=price\r"), to: loop, terminal)
        #expect(loop.model.showsLog && loop.model.focus == .phone)
        // The phone focused, the log shown: the screen's URL.
        #expect(loop.model.update(.copy) == [.copy(loop.model.state.top.url)])
        // The log focused: the entry under its cursor, whole.
        _ = loop.model.update(.focusNext)
        #expect(loop.model.focus == .log)
        let entry = try #require(loop.model.logPanel.selectedEntry)
        #expect(loop.model.update(.copy) == [.copy(LogPanel.fullText(of: entry))])
        // The help says so.
        let help = AppView.helpLines(loop.model).lines.map { $0.keys + " " + $0.action }
        #expect(help.contains { $0.hasPrefix("y ") && $0.contains("screen's URL") })
    }
}

/// The route table's filter takes `?` as text (URLs contain it), so its bottom edge names F1 for the help.
@Suite("The route table names F1")
@MainActor
struct RouteTableHelpKeyTests {
    @Test(arguments: [(80, 24), (100, 30), (160, 50)])
    func theRouteTablesEdgeListsF1(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.send([.function(3)] + Key.typing("a?b"), to: loop, terminal)
        #expect(loop.model.filter.text == "a?b" && !loop.model.showsHelp)
        let panel = try #require(loop.model.layout.routes)
        let edge = try #require(terminal.lastFrame).text()[panel.maxY - 1]
        #expect(edge.contains("F1 help") && edge.contains("Esc done"), "\(edge)")
        await AppFixture.send([.function(1)], to: loop, terminal)
        #expect(loop.model.showsHelp)
    }
}
