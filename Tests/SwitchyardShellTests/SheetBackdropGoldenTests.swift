import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// A sheet is drawn over the screen it was presented from, dimmed, alike while it slides up, while it
/// is up and while it slides down: the covered screen's navigation bar shows above the sheet in every
/// frame, and the rest of that screen above the sheet while it slides.
extension AppViewGoldenTests {
    /// The phone's part of a terminal frame.
    static func phone(_ frame: Canvas, _ screen: Rect) -> Canvas {
        var part = Canvas(width: screen.width, height: screen.height)
        part.blit(frame, at: Point(x: -screen.x, y: -screen.y))
        return part
    }

    /// Whether `frame` shows the backdrop around the sheet: above the sheet's frame every cell is the
    /// backdrop's (the covered screen, dimmed); beside it each is the backdrop's or a blank of the
    /// sheet's dimmed gutter.
    static func showsBackdrop(_ frame: Canvas, _ backdrop: Canvas, sheet: Rect) -> Bool {
        for y in 0..<frame.height {
            for x in 0..<frame.width where y < sheet.y || x < sheet.x || x >= sheet.maxX {
                let cell = frame[x, y]
                let gutter = y >= sheet.y && cell.text == " "
                if (cell != backdrop[x, y] && !gutter) || !cell.style.dim { return false }
            }
        }
        return true
    }

    @Test(arguments: [(80, 24), (100, 30)])
    func sheetSlidesOverTheScreenItCovers(_ width: Int, _ height: Int) async throws {
        let tween = Tween(frameCount: 4, frameIntervalMilliseconds: 30)
        let (loop, terminal) = try AppFixture.loop(width: width, height: height, animations: true, tween: tween)
        await AppFixture.type(":app://discover/item/7\r", to: loop, terminal)
        let start = terminal.frames.count
        await AppFixture.type("\r", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7 ^ Share #7")
        let screen = loop.model.layout.screen
        let backdrop = try #require(AppView.phoneBackdrop(loop.model, width: screen.width, height: screen.height))
        let sheet = try #require(AppView.topSheetBox(loop.model, width: screen.width, height: screen.height))
        #expect(backdrop.text()[0].contains("Item #7"), "the covered screen's navigation bar")
        #expect(backdrop.text()[screen.height - 1].contains("Discover"), "and its tab bar")
        // The first frame answers the key, before the step; then the slide's three frames, and the
        // sheet at rest.
        let presenting = terminal.frames[(start + 1)...].map { Self.phone($0, screen) }
        #expect(presenting.count == tween.frameCount)
        for (index, frame) in presenting.enumerated() {
            #expect(Self.showsBackdrop(frame, backdrop, sheet: sheet), "presenting, frame \(index + 1)")
        }
        try Self.assertGolden("sheet-present-t0.5-\(width)x\(height)", terminal.frames[start + 2])

        let before = terminal.frames.count
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7")
        let dismissing = terminal.frames[(before + 1)...].map { Self.phone($0, screen) }
        #expect(dismissing.count == tween.frameCount)
        for (index, frame) in dismissing.dropLast().enumerated() {
            #expect(Self.showsBackdrop(frame, backdrop, sheet: sheet), "dismissing, frame \(index + 1)")
        }
        let rest = try #require(dismissing.last)
        #expect(!rest[0, 0].style.dim && rest.text()[0].contains("Item #7"), "the screen is back, undimmed")
        try Self.assertGolden("sheet-dismiss-t0.5-\(width)x\(height)", terminal.frames[before + 2])
    }
}
