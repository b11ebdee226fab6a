import Foundation
import SwitchyardNavigation
import TerminalKit
import SwitchyardTestSupport
import Testing
@testable import SwitchyardShell

/// Rendered frames compared with text snapshots in `Golden/`: the characters, then a map of the
/// styles. Run with `SWITCHYARD_UPDATE_GOLDEN=1` to rewrite them (then review the diff).
@Suite("App view goldens", .serialized)
@MainActor
struct AppViewGoldenTests {
    // MARK: Frames

    @Test func homeScreen() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([], to: loop, terminal)
        try Self.assertGolden("home-100x30", terminal.lastFrame)
    }

    @Test func pushedScreenWithBack() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("2\r", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7")
        try Self.assertGolden("pushed-100x30", terminal.lastFrame)
    }

    @Test func sheetOverADimmedStack() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("2\r\r", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7 ^ Share #7")
        let frame = try #require(terminal.lastFrame)
        let screen = loop.model.layout.screen
        #expect(frame[screen.x, screen.y].style.dim, "the stack behind the sheet is dimmed")
        #expect(frame[screen.x, screen.maxY - 1].style.dim, "so is the tab bar")
        try Self.assertGolden("sheet-100x30", frame)
    }

    /// Outside its box a sheet shows the screen it was presented from, dimmed: that screen's
    /// navigation bar above the sheet names it, its tab bar shows beside it.
    @Test(arguments: [(80, 24), (120, 40)])
    func sheetShowsTheScreenUnderItDimmed(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.type("2\r\r", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7 ^ Share #7")
        let frame = Self.phone(try #require(terminal.lastFrame), loop.model.layout.screen)
        let box = AppView.sheetBox(level: 0, width: frame.width, height: frame.height)
        let backdrop = try #require(AppView.phoneBackdrop(loop.model, width: frame.width, height: frame.height))
        #expect(Self.showsBackdrop(frame, backdrop, sheet: box))
        #expect(frame.text()[0].contains("Item #7"), "the covered screen's title shows above the sheet")
        try Self.assertGolden("sheet-\(width)x\(height)", terminal.lastFrame)
    }

    /// The route table's columns at the widths a terminal usually has: patterns whole first, then
    /// targets, then the flags in the room left.
    @Test(arguments: [(80, 24), (100, 30), (120, 40)])
    func routeTableColumns(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.type("R", to: loop, terminal)
        try Self.assertGolden("route-table-\(width)x\(height)", terminal.lastFrame)
    }

    @Test func loginFullScreenModal() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        try Self.assertGolden("login-100x30", terminal.lastFrame)
    }

    @Test func routeLogPanel() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://order/42\rL:app://nope\r:app://profile/alice\r", to: loop, terminal)
        loop.model.log = loop.model.log.map { $0.withTimes(0.000_012) }
        try Self.assertGolden("route-log-100x30", AppView.render(loop.model).canvas)
    }

    @Test func routeTablePanelFiltered() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("Rorder", to: loop, terminal)
        await AppFixture.send([.down], to: loop, terminal)
        try Self.assertGolden("route-table-order-100x30", terminal.lastFrame)
    }

    @Test(arguments: [(80, 24), (160, 50)])
    func routeTableTestingAURL(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.type("Rapp://order/abc", to: loop, terminal)
        try Self.assertGolden("route-table-test-url-\(width)x\(height)", terminal.lastFrame)
    }

    @Test(arguments: [(80, 24), (160, 50)])
    func completionMenuWithAFieldToFill(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.type(":app://order", to: loop, terminal)
        await AppFixture.send([.tab, .tab, .tab, .tab], to: loop, terminal)
        try Self.assertGolden("completion-menu-\(width)x\(height)", terminal.lastFrame)
    }

    @Test(arguments: [(80, 24), (160, 50)])
    func timelineOfAGatedOpenThroughLoginAndResume(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://order/42\rL", to: loop, terminal)
        loop.model.log = loop.model.log.map { $0.withTimes(0.000_012) }
        try Self.assertGolden("timeline-login-\(width)x\(height)", AppView.render(loop.model).canvas)
    }

    @Test func bothPanelsAt80x24() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type("R\u{1B}:app://search/shoes?sort=price\r", to: loop, terminal)
        loop.model.log = loop.model.log.map { $0.withTimes(0.000_012) }
        try Self.assertGolden("panels-80x24", AppView.render(loop.model).canvas)
    }

    @Test func helpOverlay() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("?", to: loop, terminal)
        try Self.assertGolden("help-100x30", terminal.lastFrame)
    }

    @Test func tooSmallNotice() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 39, height: 11)
        await AppFixture.send([], to: loop, terminal)
        try Self.assertGolden("too-small-39x11", terminal.lastFrame)
    }

    @Test func middleOfAPush() async throws {
        // Two frames: the first is shown at t = 0.5.
        let tween = Tween(frameCount: 2, frameIntervalMilliseconds: 30)
        let (loop, terminal) = try AppFixture.loop(animations: true, tween: tween)
        await AppFixture.type("2\r", to: loop, terminal)
        let frames = terminal.frames
        #expect(frames.count == 1 + 2 + 1, "start, one per key (the second at t = 0.5), one tick")
        try Self.assertGolden("push-t0.5-100x30", frames[frames.count - 2])
        #expect(frames[frames.count - 1] == AppView.render(loop.model).canvas)
    }

    // MARK: Snapshots

    /// The directory of the golden files, next to this source file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Compares `canvas` with `Golden/NAME.txt`; writes the file when it does not exist yet or when
    /// `SWITCHYARD_UPDATE_GOLDEN=1` outside CI, and then fails, to be reviewed (``GoldenFile``).
    static func assertGolden(_ name: String, _ canvas: Canvas?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let canvas = try #require(canvas, sourceLocation: sourceLocation)
        let actual = snapshot(canvas)
        let file = directory.appendingPathComponent(name + ".txt")
        if let note = try GoldenFile.update(actual, at: file) {
            Issue.record(Comment(rawValue: note), sourceLocation: sourceLocation)
        }
        if !FileManager.default.fileExists(atPath: file.path) {
            try Data(actual.utf8).write(to: file)
            Issue.record("recorded a new golden file \(file.path); review it and run again", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        guard expected != actual else {
            return
        }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var differences: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) where differences.count < 8 {
            let old = index < expectedLines.count ? String(expectedLines[index]) : "(none)"
            let new = index < actualLines.count ? String(actualLines[index]) : "(none)"
            if old != new {
                differences.append("line \(index + 1):\n  expected: \(old)\n  actual:   \(new)")
            }
        }
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".actual.txt")
        try? Data(actual.utf8).write(to: saved)
        let message = "\(name) differs from its golden file (actual frame in \(saved.path); SWITCHYARD_UPDATE_GOLDEN=1 rewrites it):\n"
            + differences.joined(separator: "\n")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// The text of a canvas, then its style map.
    static func snapshot(_ canvas: Canvas) -> String {
        var lines = ["# \(canvas.width)×\(canvas.height) text"]
        lines += canvas.text()
        lines.append("# styles: d dim, R reverse, U underline, T title bar, S selected tab, L link, m muted, E error, B bold, . plain")
        lines += styleMap(canvas)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One letter per cell (continuation cells left out, as in `text()`), trailing `.` trimmed.
    static func styleMap(_ canvas: Canvas) -> [String] {
        (0..<canvas.height).map { y in
            var line = ""
            for cell in canvas.row(y) where !cell.isContinuation {
                line.append(letter(cell.style))
            }
            while line.last == "." {
                line.removeLast()
            }
            return line
        }
    }

    /// The letter for a style: dimming first, then reverse, underline, the colour role, bold, plain.
    static func letter(_ style: CellStyle) -> Character {
        if style.dim {
            return "d"
        }
        if style.reverse {
            return "R"
        }
        if style.underline {
            return "U"
        }
        switch ColorRole(rawValue: style.colorPair) {
        case .titleBar: return "T"
        case .tabSelected: return "S"
        case .link: return "L"
        case .dim: return "m"
        case .statusError: return "E"
        case .normal, nil: return style.bold ? "B" : "."
        }
    }
}
