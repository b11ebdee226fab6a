import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

@Suite("App view and layout")
@MainActor
struct AppViewTests {
    @Test func phoneIsCentredWithoutPanelsAndLeftWithThem() {
        let plain = AppLayout(width: 100, height: 30, showsLog: false, showsRoutes: false)
        #expect(plain.phone == Rect(x: 28, y: 0, width: 44, height: 28))
        #expect(plain.screen == Rect(x: 29, y: 1, width: 42, height: 26))
        #expect(plain.prompt == Rect(x: 0, y: 28, width: 100, height: 1))
        #expect(plain.status == Rect(x: 0, y: 29, width: 100, height: 1))
        #expect(plain.log == nil && plain.routes == nil)
        let both = AppLayout(width: 100, height: 30, showsLog: true, showsRoutes: true)
        #expect(both.phone.x == 1)
        #expect(both.log == Rect(x: 46, y: 0, width: 54, height: 14))
        #expect(both.routes == Rect(x: 46, y: 14, width: 54, height: 14))
        #expect(!both.panelsCoverPhone)
    }

    @Test func tallTerminalsCapThePhoneAndNarrowOnesCoverIt() {
        let tall = AppLayout(width: 120, height: 60, showsLog: false, showsRoutes: false)
        #expect(tall.phone.height == AppLayout.maximumPhoneHeight)
        #expect(tall.phone.y == (58 - AppLayout.maximumPhoneHeight) / 2)
        // Too narrow for a panel beside the phone: the panel is hidden, unless it has the keys.
        let narrow = AppLayout(width: 60, height: 20, showsLog: true, showsRoutes: false)
        #expect(!narrow.panelsCoverPhone && narrow.log == nil && narrow.hiddenPanels == [.log])
        #expect(narrow.phone.x == 8)
        let focused = AppLayout(width: 60, height: 20, showsLog: true, showsRoutes: false, focused: .log)
        #expect(focused.panelsCoverPhone)
        #expect(focused.log == Rect(x: 0, y: 0, width: 60, height: 18))
        // At 80 columns the phone narrows so the route log beside it is readable.
        let standard = AppLayout(width: 80, height: 24, showsLog: true, showsRoutes: false)
        #expect(!standard.panelsCoverPhone)
        #expect(standard.phone.width == AppLayout.compactPhoneWidth)
        #expect(standard.log?.width == 80 - AppLayout.compactPhoneWidth - 2)
        #expect(AppLayout(width: 80, height: 24, showsLog: false, showsRoutes: false).phone.width == AppLayout.phoneWidth)
    }

    @Test func aGatedTabsLockHasASpaceOnEitherSideAndTheCellsMakeRoomForIt() throws {
        #expect(AppView.tabLabel(number: 2, title: "Orders", locked: true) == ("3 🔒 ", "Orders"))
        #expect(AppView.tabLabel(number: 0, title: "Home", locked: false) == ("1 ", "Home"))
        #expect(AppView.tabLabel(number: 2, title: "Orders", locked: false, unlocked: true) == ("3 🔓 ", "Orders"))
        #expect(DisplayWidth.of("🔓 ") == DisplayWidth.of("🔒 "), "logging in moves no tab")
        #expect(AppView.tabLabel(number: 9, title: "Tenth", locked: false) == ("", "Tenth"))
        // Labels that fit share the space left evenly: the cells are contiguous, each holds its label,
        // and the gaps between the centred labels are equal, whatever their lengths.
        let area = Rect(x: 0, y: 0, width: 42, height: 2)
        for widths in [[6, 10, 11, 7], [6, 10, 8, 4], [2, 20, 2], [10], [4, 4, 4, 4, 4, 4, 4, 4]] {
            let cells = AppView.tabCells(labelWidths: widths, in: area)
            #expect(cells.allSatisfy { $0.y == 1 })
            #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.maxX == $1.x }, "contiguous: \(widths)")
            #expect(zip(cells, widths).allSatisfy { $0.width >= $1 + 1 } && (cells.last?.maxX ?? 0) <= area.maxX)
            let starts = zip(cells, widths).map { $0.x + ($0.width - $1) / 2 }
            let gaps = (1..<widths.count).map { starts[$0] - (starts[$0 - 1] + widths[$0 - 1]) }
            #expect(Set(gaps).count <= 1, "\(widths): gaps \(gaps)")
        }
        // Labels that cannot all fit get even cells (and are cut).
        #expect(AppView.tabCells(labelWidths: [20, 20, 20], in: area).map(\.width) == [14, 14, 14])

        let (loop, _) = try AppFixture.loop(width: 80, height: 24)
        let text = AppView.render(loop.model).text.joined(separator: "\n")
        // At 80×24 the labels are packed a space apart, whole, and clear of the frame on both sides.
        #expect(text.contains("│  1 Home 2 Discover 3 🔒 Orders 4 🔒 Me   │"), "\(text)")
    }

    @Test func minimumSizeIsFortyByTwelve() {
        #expect(!AppLayout(width: 40, height: 12, showsLog: false, showsRoutes: false).isTooSmall)
        #expect(AppLayout(width: 39, height: 12, showsLog: false, showsRoutes: false).isTooSmall)
        #expect(AppLayout(width: 40, height: 11, showsLog: false, showsRoutes: false).isTooSmall)
        #expect(AppView.tooSmallNotice(width: 12, height: 5) == "terminal too small (need 40×12, have 12×5)")
    }

    @Test func everySizeRendersWithoutTrapping() throws {
        let runtime = try AppFixture.runtime()
        for width in [0, 1, 5, 39, 40, 41, 44, 45, 60, 75, 76, 200] {
            for height in [0, 1, 3, 11, 12, 13, 30, 80] {
                var model = AppModel(runtime: runtime, width: width, height: height)
                for panels in [(false, false), (true, false), (false, true), (true, true)] {
                    model.showsLog = panels.0
                    model.showsRoutes = panels.1
                    model.showsHelp = panels.0 && panels.1
                    let frame = AppView.render(model)
                    #expect(frame.canvas.width == width && frame.canvas.height == height)
                }
            }
        }
    }

    @Test func smallestPhoneStillShowsBarsAndContent() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 40, height: 12)
        model.selection = 5
        let text = AppView.render(model).text
        #expect(text[1].contains("Home"))
        #expect(text[8].contains("1 Home"))
        #expect(text.joined().contains("▸ Edit profile"), "the content scrolls to the selected link")
        #expect(text.joined().contains("▴"), "with a mark that there is more above")
    }

    @Test func hitRegionsOfTheTopmostLayerWin() {
        let regions = [
            HitRegion(Rect(x: 0, y: 0, width: 10, height: 10), .log),
            HitRegion(Rect(x: 2, y: 2, width: 2, height: 1), .back),
        ]
        #expect(HitRegion.target(at: 2, 2, in: regions) == .back)
        #expect(HitRegion.target(at: 5, 5, in: regions) == .log)
        #expect(HitRegion.target(at: 20, 5, in: regions) == nil)
    }

    @Test func parametersAreLabelledByWhereTheyCameFrom() {
        let screen = Screen(
            kind: "Search",
            url: "app://search/shoes?sort=price&size=42",
            pattern: "app://search/:query?",
            parameters: ["query": "shoes", "sort": "price", "size": "42", "openedFrom": "Home"]
        )
        let rows = AppView.parameterRows(screen).map { "\($0.label) \($0.text)" }
        #expect(rows == ["route app://search/:query?", "path query = shoes", "query sort = price", "query size = 42", "native openedFrom = Home"])
    }

    @Test func aHugeURLIsCutInTheMiddleInTheLog() {
        let url = "app://search/" + String(repeating: "x", count: 9000)
        let entry = RouteLogEntry(id: 1, url: url, outcome: "not found", isHandled: false, seconds: 0)
        let lines = AppView.logLines([entry], width: 60, expanded: { _ in false })
        let text = lines.map(\.text).joined()
        #expect(lines.count <= 6, "\(lines.count) lines")
        #expect(text.contains("(9013 bytes)"))
    }

    @Test func aRepeatedQueryNameShowsEveryValue() {
        let screen = Screen(
            kind: "Search",
            url: "app://search/shoes?tag=red&size=42&tag=wide%20fit",
            pattern: "app://search/:query?",
            parameters: ["query": "shoes", "tag": "wide fit", "size": "42"]
        )
        let rows = AppView.parameterRows(screen).map { "\($0.label) \($0.text)" }
        #expect(rows == ["route app://search/:query?", "path query = shoes", "query tag = red", "query tag = wide fit", "query size = 42"])
    }

    @Test func wrappingKeepsWordsAndBreaksLongOnes() {
        #expect(AppViewText.wrap("one two three", width: 7) == ["one two", "three"])
        #expect(AppViewText.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(AppViewText.wrap("中文中文", width: 3) == ["中", "文", "中", "文"])
        #expect(AppViewText.wrap("a\u{1B}b", width: 40) == ["a⟨U+001B⟩b"])
        #expect(AppViewText.wrap("", width: 5) == [""])
    }

    /// URLs and patterns too long for their line part between components, never inside a word
    /// when a component boundary lies in the line's second half.
    @Test(arguments: [
        ("app://search/very-long-search-terms-here?sort=price&size=42", 34,
         ["app://search/", "very-long-search-terms-here?sort=", "price&size=42"]),
        // A regular expression's range is not a place to break.
        ("app://shop/item/:sku([A-Z]{3}[0-9]+)", 34, ["app://shop/item/", ":sku([A-Z]{3}[0-9]+)"]),
        ("app://discover/item/:id<int>/reviews/:page<int>", 20,
         ["app://discover/item/", ":id<int>/reviews/", ":page<int>"]),
        ("https://switchyard.dev.evil.com/path", 16, ["https://", "switchyard.dev.", "evil.com/path"]),
        // No boundary past the first quarter: the word is cut at the width.
        ("a/bcdefghijklmnopqrs", 12, ["a/bcdefghijk", "lmnopqrs"]),
    ])
    func longTokensBreakAtTheirComponents(_ text: String, _ width: Int, _ expected: [String]) {
        let lines = AppViewText.wrap(text, width: width)
        #expect(lines == expected)
        #expect(lines.joined() == text, "nothing is lost or added")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
    }

    @Test func statusLineKeepsHintsWhenThereIsRoom() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        model.status = AppStatus("No route matches app://nope", kind: .error)
        let line = AppView.render(model).text[29]
        #expect(line.hasPrefix("✗ No route matches app://nope"))
        #expect(line.hasSuffix("? help  : URL  F2 log  F3 routes  m messages  q quit"))
        // A long one continues from the prompt's line above (the prompt is idle); what two lines
        // cannot hold is cut.
        model.status = AppStatus(String(repeating: "long ", count: 30), kind: .note)
        let two = AppView.render(model).text
        #expect(two[28].hasPrefix("• long long"), "\(two[28])")
        #expect(two[29].hasPrefix("  long") && two[29].hasSuffix("m messages  ? help"), "\(two[29])")
        #expect(!two[29].contains("…"))
        // One that the prompt's line alone could hold, but not the status line beside its hints.
        model.status = AppStatus(String(repeating: "word ", count: 18), kind: .note)
        let fitsAbove = AppView.render(model).text
        #expect(fitsAbove[28].hasPrefix("• word") && fitsAbove[29].hasPrefix("  word"), "\(fitsAbove.suffix(2))")
        #expect(!fitsAbove[29].contains("…"), "\(fitsAbove[29])")
        model.status = AppStatus(String(repeating: "long ", count: 60), kind: .note)
        let long = AppView.render(model).text[29]
        #expect(long.hasSuffix("m messages  ? help"))
        #expect(long.contains("… (m)"))
        // A message that would just fit without hints is cut rather than pushing the hints away.
        model.status = AppStatus(String(repeating: "x", count: 95), kind: .note)
        #expect(AppView.render(model).text[29].hasSuffix("m messages  ? help"))
        // While recording, the marker leads the hints.
        model.recording = "/tmp/session.script"
        #expect(AppView.render(model).text[29].hasSuffix("● REC  m messages  ? help"))
    }

    @Test func sheetsStackAndTheTopOneTakesClicks() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://settings/edit\r:app://share/1\r", to: loop, terminal)
        #expect(loop.model.state.modals.count == 2)
        let screen = loop.model.layout.screen
        let top = AppView.topLayerRect(loop.model, width: screen.width, height: screen.height)
        #expect(top == Rect(x: 3, y: 4, width: screen.width - 6, height: screen.height - 5))
        let backs = loop.frame.hits.filter { $0.target == .back }
        #expect(backs.count == 1)
        #expect(backs.first?.rect.y == screen.y + top.y)
    }
}
