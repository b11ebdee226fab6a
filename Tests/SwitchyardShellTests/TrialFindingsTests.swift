import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// The phone gets its room first, a sheet slides alone over its backdrop, the way out of a focused
/// panel is never dropped, and a form's text follows its leave guard.
@Suite("Phone room, sheet motion, key priority, form state")
@MainActor
struct TrialFindingsTests {
    // MARK: The phone's room

    /// At every size from 40×12 to 200×60 and with every set of panels, with the phone focused: the
    /// phone is drawn whole (its frame's four corners and its tab bar), no panel overlaps it, and a
    /// panel asked for is either shown beside it or named as hidden on its frame.
    @Test func thePhoneIsDrawnAtEverySizeThatHoldsIt() throws {
        let runtime = try AppFixture.runtime()
        var model = AppModel(runtime: runtime, width: 80, height: 24)
        model.status = nil
        for panels in [(true, true), (true, false), (false, true)] {
            model.showsLog = panels.0
            model.showsRoutes = panels.1
            for width in 40...200 {
                for height in 12...60 {
                    model.width = width
                    model.height = height
                    let layout = model.layout
                    let phone = layout.phone
                    let shown = [layout.log, layout.routes].compactMap { $0 }
                    #expect(phone.width >= min(width, AppLayout.compactPhoneWidth), "\(width)×\(height)")
                    #expect(shown.allSatisfy { $0.intersection(phone).isEmpty }, "\(width)×\(height): \(shown)")
                    let asked = (panels.0 ? 1 : 0) + (panels.1 ? 1 : 0)
                    #expect(shown.count + layout.hiddenPanels.count == asked, "\(width)×\(height)")
                    #expect(layout.hiddenPanels.isEmpty == (width >= AppLayout.widthForPanels), "\(width)×\(height)")
                    // Drawing every size is slow in a debug build: every size for both panels, every
                    // seventh for one.
                    guard panels == (true, true) || (width + height) % 7 == 0 else { continue }
                    let canvas = AppView.render(model).canvas
                    let corners = [(phone.x, phone.y), (phone.maxX - 1, phone.y), (phone.x, phone.maxY - 1),
                                   (phone.maxX - 1, phone.maxY - 1)]
                    let drawn = corners.map { canvas.row($0.1).dropFirst($0.0).first?.text ?? "" }
                    #expect(drawn == ["┌", "┐", "└", "┘"], "\(width)×\(height): corners \(drawn)")
                    let tabBar = canvas.text()[phone.maxY - 2]
                    #expect(tabBar.contains("Home"), "\(width)×\(height): tab bar \(tabBar)")
                    if let note = layout.hiddenPanelsNote {
                        let edge = canvas.text()[phone.maxY - 1]
                        #expect(edge.contains(String(note.prefix(min(note.count, phone.width - 8)))),
                                "\(width)×\(height): \(edge)")
                    }
                }
            }
        }
    }

    /// A panel given the keys where it cannot sit beside the phone is drawn over it (Esc gives the
    /// phone back, and the panel is named as hidden again).
    @Test func aFocusedPanelWithoutRoomCoversThePhoneUntilEsc() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 60, height: 18)
        _ = model.update(.toggleLog)
        #expect(model.layout.log == nil && model.layout.hiddenPanels == [.log])
        #expect(model.status?.text.contains("needs \(AppLayout.widthForPanels) columns") == true)
        _ = model.update(.focusNext)
        #expect(model.focus == .log && model.layout.panelsCoverPhone && model.layout.log != nil)
        _ = model.update(.focusPhone)
        #expect(model.layout.log == nil && model.layout.hiddenPanels == [.log])
    }

    // MARK: The sheet's motion

    /// Presenting a sheet: in every frame the backdrop above the sheet is already the finished one
    /// (the covered screen, dimmed; no band of it wipes across the old screen), and only the sheet
    /// moves, upward, with the blank gutters beside it. Dismissing it: the sheet slides down over the
    /// screen beneath, which stays dimmed, as it was while the sheet was up, until the sheet is gone.
    @Test func aSheetSlidesAloneOverABackdropThatIsThereAtOnce() async throws {
        for (width, height) in [(80, 24), (100, 30), (120, 40)] {
            let (loop, _) = try AppFixture.loop(width: width, height: height, animations: true)
            loop.model.finishPlayback()
            let screen = loop.model.layout.screen
            await loop.perform(.open("app://share/7"))
            let final = AppView.phoneScreen(loop.model, width: screen.width, height: screen.height).canvas
            let box = try #require(AppView.topSheetBox(loop.model, width: screen.width, height: screen.height))
            let backdrop = try #require(AppView.phoneBackdrop(loop.model, width: screen.width,
                                                              height: screen.height))
            let present = try #require(loop.model.playback)
            #expect(present.region == final.bounds)
            var tops: [Int] = []
            for frame in 1...present.animator.tween.frameCount {
                var play = present
                play.frame = frame
                let picture = play.canvas
                for y in 0..<picture.height {
                    for (x, cell) in picture.row(y).enumerated() where !box.contains(x: x, y: y) {
                        // Above the sheet, the finished backdrop; beside it, its gutter or, above the
                        // sliding sheet, the backdrop.
                        let finished = cell == final.row(y)[final.row(y).startIndex + x]
                        let covered = y >= box.y && cell == backdrop.row(y)[backdrop.row(y).startIndex + x]
                        #expect(finished || covered,
                                "\(width)×\(height) frame \(frame): (\(x), \(y)) is not the backdrop")
                    }
                }
                // Where the sheet's top edge is in this frame (its corner), if on screen.
                tops.append((0..<picture.height).first { picture.row($0).dropFirst(box.x).first?.text == "┌" }
                            ?? picture.height)
            }
            #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 >= $1 }, "the sheet moves up: \(tops)")
            #expect(tops.last == box.y && (tops.first ?? 0) > box.y, "\(tops)")

            loop.model.finishPlayback()
            await loop.perform(.dismiss())
            let beneath = AppView.phoneScreen(loop.model, width: screen.width, height: screen.height).canvas
            let dismiss = try #require(loop.model.playback)
            for frame in 1..<dismiss.animator.tween.frameCount {
                var play = dismiss
                play.frame = frame
                let picture = play.canvas
                // Above the sheet's frame, the screen beneath shows dimmed from the first frame on.
                for y in 0..<box.y {
                    #expect(Array(picture.row(y)) == Array(beneath.dimmed().row(y)),
                            "dismiss frame \(frame) row \(y)")
                }
            }
        }
    }

    // MARK: Key hints by priority

    /// At every width, the focused route table's and log's bottom edges keep their way out (`Esc`),
    /// whatever else is dropped; hints are dropped from the end of the list, never cut.
    @Test func theWayOutIsKeptAtEveryWidth() throws {
        for width in 0...80 {
            for bindings in [KeyBinding.routes, KeyBinding.log] {
                let hints = KeyBinding.hints(bindings, fitting: width)
                let essential = KeyBinding.hints(bindings, essentialOnly: true)
                #expect(hints.contains(essential), "\(width): \(hints)")
                // Whole hints, kept in the listed order.
                let kept = bindings.compactMap(\.hint).filter { hints.contains($0) }
                #expect(hints == kept.joined(separator: " · "), "\(width): \(hints)")
                if DisplayWidth.of(essential) <= width { #expect(DisplayWidth.of(hints) <= width, "\(width)") }
            }
        }
        // Drawn: the focused table's bottom edge ends with `Esc done` at every terminal width.
        var model = AppModel(runtime: try AppFixture.runtime(), width: 80, height: 24)
        _ = model.update(.toggleRoutes)
        for width in 40...160 {
            model.width = width
            model.relayout()
            let layout = model.layout
            let routes = try #require(layout.routes, "\(width)")
            let edge = AppView.render(model).canvas.text()[routes.maxY - 1]
            #expect(edge.contains("Esc done"), "\(width): \(edge)")
        }
        // The log's search footer keeps `Esc cancel` however long the search.
        for width in 10...60 {
            let footer = AppView.searchFooter(String(repeating: "order ", count: 20), width: width)
            #expect(footer.contains("Esc cancel") && DisplayWidth.of(footer) <= width + 2, "\(width): \(footer)")
        }
    }

    // MARK: A form's text

    /// The form's text says its leave guard stands, then, once discarded, that the changes are gone.
    @Test func aFormsTextFollowsItsLeaveGuard() async throws {
        let (loop, _) = try AppFixture.loop(width: 100, height: 30)
        await loop.perform(.open("app://settings/edit"))
        // The screen's words in order, borders and line breaks left out (its lines wrap).
        func shown() -> String {
            let screen = loop.model.layout.screen
            let lines = AppView.phoneScreen(loop.model, width: screen.width, height: screen.height).canvas.text()
            return lines.joined(separator: " ").split { $0 == " " || $0 == "│" }.joined(separator: " ")
        }
        let before = shown()
        #expect(before.contains("leaving is refused until you discard"), "\(before)")
        #expect(!before.contains("Changes discarded"))
        await loop.perform(.discard)
        let after = shown()
        #expect(after.contains("Changes discarded"), "\(after)")
        #expect(!after.contains("leaving is refused"), "\(after)")
        #expect(before != after)
    }
}

/// A route file's app speaks of the file's routes and targets: the screens Switchyard generates
/// around it (the index tabs, the stand-in login screen) never show their internal names or URLs,
/// in the log, the status line, the messages, the help or the route table.
@Suite("Route file app: no internal names")
@MainActor
struct RouteFileNamesTests {
    static let internalNames = ["Index 1", "Index 2", "SwitchyardLogin", "switchyard-index"]

    @Test func noInternalNameReachesTheScreen() async throws {
        let json = #"""
        {"routes": [
          {"pattern": "shop://item/:id<int>", "target": "Item"},
          {"pattern": "shop://orders", "target": "Orders", "metadata": {"requiresLogin": true}},
          {"pattern": "admin://users", "target": "Users", "metadata": {"requiresLogin": true}}
        ]}
        """#
        let file = try RouteFile.decode(json: Data(json.utf8))
        let runtime = try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
        let terminal = MemoryTerminal(width: 160, height: 50)
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false, stopsWhenIdle: true)
        var seen: [String] = []
        func look() {
            seen.append(terminal.lastFrame?.description ?? "")
            seen.append(loop.model.status?.text ?? "")
        }
        // The log shown, every open's detail unfolded.
        await AppFixture.send([.function(2), .char("x")], to: loop, terminal)
        for keys: [Key] in [Key.typing(":shop://orders\r"), [.char("L")], [.char("2")], [.char("O")],
                            Key.typing(":switchyard-index://tab/2\r"), Key.typing(":shop://orders\r"), [.escape],
                            Key.typing(":shop://nothing\r"), Key.typing(":shop://item/x\r"),
                            [.char("1")], [.char("e")], [.escape], [.char("y")], [.enter], [.char("?")],
                            [.char("q")], [.function(3)],
                            Key.typing("orders"), [.escape], [.char("m")], [.escape]] {
            await AppFixture.send(keys, to: loop, terminal)
            look()
        }
        let log = AppView.logLines(loop.model.log, width: 400).map(\.text)
        let messages = loop.model.messagesPanel.entries.map(\.text)
        let help = AppView.helpLines(loop.model).lines.map { $0.keys + " " + $0.action }
        let everything = seen + log + messages + help + loop.model.routes.map { $0.pattern + " " + $0.target }
        for name in Self.internalNames {
            let leaks = everything.filter { $0.contains(name) }
            #expect(leaks.isEmpty, "\(name) shows: \(leaks.prefix(3))")
        }
        // What it says instead: the login screen, and the file's own targets.
        #expect(log.contains { $0.contains("login screen") }, "\(log)")
        #expect(log.contains { $0.contains("Orders") })
    }
}
