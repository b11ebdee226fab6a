import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Findings of a newcomer's trial: a veto said once, the selection kept in sight, text clear of the
/// borders, markers in the messages view, a recorder that skips what did nothing, a status line that
/// keeps its hints, a stepped replay that waits, and a replayed step read once.
@Suite("Newcomer trial findings")
@MainActor
struct NewcomerTrialTests {
    // MARK: 1. A veto is said once

    /// Every way to be refused by the leave guard names the way out, `(D discards)`, exactly once,
    /// in the status line and in the messages view.
    @Test(arguments: [
        NavigationCommand.back(), .dismiss(), .tab(2), .tab(1), .open("app://discover/item/7"),
    ])
    func aVetoNamesTheWayOutOnce(command: NavigationCommand) async throws {
        let (loop, _) = try AppFixture.loop(width: 120, height: 40)
        await loop.perform(.open("app://settings/edit"))
        #expect(loop.model.snapshot.state.top.title == "Edit profile")
        await loop.perform(command)
        let status = try #require(loop.model.status, "\(command)")
        #expect(status.text.contains("refuses to be left"), "\(command): \(status.text)")
        let whole = status.detail ?? status.text
        #expect(whole.components(separatedBy: "(D discards)").count == 2, "\(command): \(whole)")
        #expect(status.text.components(separatedBy: "(D discards)").count == 2, "\(command): \(status.text)")
    }

    // MARK: 2. The selection stays in sight

    /// Whether the phone of `model`'s frame shows its selected link (`▸`).
    static func showsSelection(_ model: AppModel) -> Bool {
        let phone = model.layout.screen
        let rows = AppView.render(model).canvas.text()
        return rows.indices.contains(phone.y) && rows[phone.y..<min(rows.count, phone.maxY)].contains {
            $0.dropFirst(phone.x).prefix(phone.width).contains("▸")
        }
    }

    /// Whatever link is selected at whatever size, after a resize to any other size and after a panel
    /// is shown or hidden, the phone's scroll shows the selection (whenever the phone is in sight).
    @Test func theSelectionStaysInSightAfterEveryLayoutChange() throws {
        let sizes = [(120, 40), (80, 24), (70, 20), (100, 30), (60, 16), (200, 60), (90, 14)]
        let base = AppModel(runtime: try AppFixture.runtime(), width: 120, height: 40)
        for (fromWidth, fromHeight) in sizes {
            for link in 0..<base.itemCount {
                for (width, height) in sizes where (width, height) != (fromWidth, fromHeight) {
                    var model = base
                    _ = model.update(.resize(width: fromWidth, height: fromHeight))
                    _ = model.update(.moveSelection(link))
                    #expect(model.selection == link)
                    _ = model.update(.resize(width: width, height: height))
                    let place = "link \(link) at \(fromWidth)×\(fromHeight) → \(width)×\(height)"
                    #expect(Self.showsSelection(model), "\(place)")
                    for toggle in [AppMessage.toggleLog, .toggleRoutes, .toggleLog, .toggleRoutes] {
                        _ = model.update(toggle)
                        // A focused panel drawn over the phone hides it, selection and all.
                        if !model.layout.panelsCoverPhone {
                            #expect(Self.showsSelection(model), "\(place), \(toggle)")
                        }
                    }
                }
            }
        }
    }

    /// The trial's case: "Edit profile" selected at 120×40, then 80×24.
    @Test func theLastLinkIsInSightAfterShrinkingTo80x24() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 120, height: 40)
        _ = model.update(.moveSelection(model.itemCount - 1))
        _ = model.update(.resize(width: 80, height: 24))
        let text = AppView.render(model).canvas.text().joined(separator: "\n")
        #expect(text.contains("▸ Edit profile"), "\(text)")
    }

    // MARK: 3. Text clear of the borders

    static let borders: Set<Character> = Set("─│┌┐└┘├┤┬┴┼━┃┏┓┗┛═║╔╗╚╝╭╮╰╯")

    /// Where a frame breaks the rule: a character other than a blank or a border drawn right beside a
    /// vertical border, or a title or footer that runs into a corner.
    static func touches(_ canvas: Canvas) -> [String] {
        var found: [String] = []
        for (y, row) in canvas.text(trimming: false).enumerated() {
            let cells = Array(row)
            for (x, cell) in cells.enumerated() {
                let before = x > 0 ? cells[x - 1] : " "
                let after = x + 1 < cells.count ? cells[x + 1] : " "
                func isText(_ c: Character) -> Bool { c != " " && !borders.contains(c) }
                if "│┃║".contains(cell), isText(before) || isText(after) {
                    found.append("row \(y) col \(x): \(row)")
                }
                if "┐┘╮╯".contains(cell), before != "─", !borders.contains(before) || before == "│" {
                    found.append("row \(y) corner \(x): \(row)")
                }
                if "┐┘".contains(cell), before == " " {
                    found.append("row \(y) corner \(x): \(row)")
                }
            }
        }
        return found
    }

    /// A route table like the trial's 300 routes: twenty hosts, one to four segments (a literal that
    /// makes each pattern unique, then typed and plain parameters), every fiftieth route gated,
    /// targets `T0`…`T299`.
    static func bigTable(_ count: Int = 300) -> RouteFile {
        let words = ["user", "order", "item", "shop", "cart", "pay", "share", "discover", "search", "profile",
                     "settings", "help", "news", "video", "live", "chat", "group", "coupon", "wallet", "address"]
        let routes = (0..<count).map { i in
            let parameters = (0..<(i % 4)).map { d in d % 2 == 0 ? ":p\(d)<int>" : ":q\(d)" }
            let segments = [words[(i * 3) % words.count] + String(i)] + parameters
            let pattern = "app://\(words[i % words.count])/" + segments.joined(separator: "/")
            return RouteDefinition(pattern: pattern, target: "T\(i)",
                                   metadata: i % 50 == 0 ? ["requiresLogin": "true"] : [:])
        }
        return RouteFile(routes: routes)
    }

    static let borderKeys: [[Key]] = [
        [], [.function(2)], [.function(3)], Key.typing(":app://order/42\r"), Key.typing("L"),
        Key.typing("2"), [.tab], [.down, .down], [.tab], [.down, .end], Key.typing("app"), [.escape],
        Key.typing(":app://share/7\r"), [.escape], Key.typing(":app://nowhere/x\r"), Key.typing("m"),
        [.escape],
    ]

    /// Every frame of the fixture app and of a 300-route table, at several sizes, with the panels
    /// shown and focused: no text touches a vertical border from inside, no title reaches a corner.
    @Test(arguments: [(80, 24), (120, 40), (100, 30), (70, 20), (160, 50)])
    func noTextTouchesABorder(size: (Int, Int)) async throws {
        let runtimes = [try AppFixture.runtime(),
                        try AppRuntime(app: AppDescription.generated(from: Self.bigTable(), name: "t.json"))]
        for (which, runtime) in runtimes.enumerated() {
            let terminal = MemoryTerminal(width: size.0, height: size.1)
            let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false, stopsWhenIdle: true)
            for keys in Self.borderKeys {
                await AppFixture.send(keys, to: loop, terminal)
            }
            var problems: [String] = []
            for frame in terminal.frames { problems += Self.touches(frame) }
            #expect(Array(Set(problems)).sorted().prefix(8) == [], "app \(which) at \(size.0)×\(size.1)")
        }
    }

    // MARK: 5. The recorder skips what did nothing

    /// Each command after a setup: whether `--record` writes it as a command (true: it changed something,
    /// or was refused with an error, which the recording checks) or as a comment because it changed
    /// nothing, opened nothing and met no error (false).
    static let recordCases: [(setup: [NavigationCommand], command: NavigationCommand, recorded: Bool)] = [
        ([], .discard, false),
        ([], .back(), true),
        ([], .dismiss(), true),
        ([], .logout, false),
        ([], .tap(99), true),
        ([], .tab(1), true),
        ([], .open("app://discover/item/7"), true),
        ([], .open("app://nowhere/1"), true),
        ([], .login, true),
        ([.login], .login, false),
        ([.login], .logout, true),
        ([.open("app://settings/edit")], .discard, true),
        ([.open("app://settings/edit")], .back(), true),
        ([.open("app://settings/edit"), .discard], .discard, false),
        ([.open("app://settings/edit"), .discard], .dismiss(), true),
        ([.open("app://discover/item/7")], .back(), true),
        ([.open("app://order/42")], .dismiss(), true),
    ]

    @Test func aCommandThatChangedNothingIsRecordedAsACommentAndARefusalIsChecked() async throws {
        for (setup, command, recorded) in Self.recordCases {
            let (loop, _) = try AppFixture.loop()
            for step in setup { await loop.perform(step) }
            var lines = ""
            loop.onCommand = { command, report, changed in
                lines += AppLoop.scriptLines(command, report, changed: changed)
            }
            await loop.perform(command)
            let place = "\(setup) then \(command)"
            if recorded {
                // The command, `expect outcome CODE` (an open) or `expect error` when it ended in an error,
                // then the state it left.
                #expect(lines.hasPrefix("\(command)\n"), "\(place): \(lines)")
                #expect(lines.contains("\nexpect stack "), "\(place): \(lines)")
                #expect(lines.contains("\nexpect outcome not_found\n") == (command == .open("app://nowhere/1")),
                        "\(place): \(lines)")
                // The refusals: nothing to go back to or dismiss, no link 99, the form's guard.
                let refused = (setup.isEmpty && [NavigationCommand.back(), .dismiss(), .tap(99)].contains(command))
                    || (setup == [.open("app://settings/edit")] && command == .back())
                #expect(lines.contains("\nexpect error\n") == refused, "\(place): \(lines)")
            } else {
                #expect(lines.hasPrefix("# \(command): changed nothing"), "\(place): \(lines)")
                #expect(!lines.contains("expect"), "\(place): \(lines)")
            }
            // Whatever is written reads back as a script.
            for line in lines.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("expect") {
                #expect((try? NavigationCommand(parsing: String(line))) != nil, "\(place): \(line)")
            }
        }
    }

    // MARK: 4, 7, 8. Replays and the messages view

    static let script = """
        open app://discover/item/7
        expect top Item #7
        open app://user/bob
        back
        tab 3
        dismiss
        open app://share/7
        """

    /// Step by step, the first key plays step 1: `q` before it leaves the app as it started, one key
    /// plays exactly one step.
    @Test(arguments: [([Key.char("q")], "Home", 0), ([.char(" "), .char("q")], "Item #7", 1),
                      ([.char(" "), .char(" "), .char("q")], "User bob", 2)])
    func aStepwiseReplayWaitsForTheFirstKey(keys: [Key], top: String, played: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
        terminal.enqueue(keys)
        _ = await loop.replay(script: Self.script, delayMilliseconds: 0, stepwise: true)
        #expect(loop.hasQuit)
        #expect(loop.model.snapshot.state.top.title == top, "\(keys)")
        // First the replay says it waits for a key, then one line a step played.
        let said = loop.model.messagesPanel.entries.map(\.text)
        let replays = said.filter { $0.hasPrefix("Replay ") }
        #expect(replays.first?.hasPrefix("Replay 0/6: any key plays the first step") == true, "\(said)")
        let progress = said.filter { $0.hasPrefix("Replay ") && !$0.hasPrefix("Replay 0/") }
        #expect(progress.count == played, "\(progress)")
        // Quit before its end, the replay counts the commands it did not run (the run then fails).
        #expect(loop.replayUnplayed == 6 - played)
    }

    /// A replayed step reads once in the messages view, whole: `Replay 1/6: open … → ✓ Opened …`.
    @Test func aReplayedStepReadsOnceInTheMessagesView() async throws {
        let (loop, _) = try AppFixture.loop(width: 80, height: 24)
        _ = await loop.replay(script: Self.script, delayMilliseconds: 0, stepwise: false)
        let lines = AppView.messageLines(loop.model.messagesPanel, width: 200).map(\.text)
        let first = lines.filter { $0.contains("Replay 1/6: open app://discover/item/7") }
        #expect(first.count == 1, "\(lines)")
        #expect(first.first?.contains("→") == true, "\(first)")
        // A message whose whole form does not extend its short one reads once too, whole.
        var panel = MessagesPanel()
        var status = AppStatus("Opened A · cancelled held #2 app://x", kind: .note)
        status.detail = "Opened A · the open of app://x was cancelled"
        panel.remember(status)
        #expect(AppView.messageLines(panel, width: 200).map(\.text) == ["• Opened A · the open of app://x was cancelled"])
    }

    /// The messages view says how many lines are above and below what it shows, on its edges, as the
    /// phone does: opened at the end after a replay at 80×24, `▴ N more`; scrolled to the top, `▾ N more`.
    @Test func theMessagesViewMarksLinesAboveAndBelow() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
        let long = Array(repeating: Self.script, count: 4).joined(separator: "\n")
        _ = await loop.replay(script: long, delayMilliseconds: 0, stepwise: false)
        let total = AppView.messageLines(loop.model.messagesPanel, width: 78).count
        await AppFixture.send([.char("m")], to: loop, terminal)
        let rows = 24 - 2 - 2 - 1
        #expect(total > rows)
        var text = try #require(terminal.lastFrame).text()
        #expect(text[0].contains("▴ \(total - rows) more"), "\(text[0])")
        #expect(!text[21].contains("▾"), "\(text[21])")
        await AppFixture.send([.char("g")], to: loop, terminal)
        text = try #require(terminal.lastFrame).text()
        #expect(!text[0].contains("▴"), "\(text[0])")
        #expect(text[21].contains("▾ \(total - rows) more"), "\(text[21])")
        await AppFixture.send([.down], to: loop, terminal)
        text = try #require(terminal.lastFrame).text()
        #expect(text[0].contains("▴ 1 more") && text[21].contains("▾ \(total - rows - 1) more"), "\(text)")
    }

    // MARK: 6. The status line keeps its message and its hints

    /// At every focus and width, with a short and a long message: a message too long for the status
    /// line continues from the idle prompt's line, a message cut says so with `… (m)`,
    /// a whole one shows whole, the focus's way out is among the hints, and every hint has its word.
    @Test(arguments: [AppModel.Focus.phone, .log, .filter, .prompt])
    func theStatusLineKeepsItsHints(focus: AppModel.Focus) throws {
        let messages = [
            "Logged out",
            "Logged out · closed Order #42, Tracking #42 (they need login) · back to Orders · the held open "
                + "#3 app://order/42/track was cancelled",
        ]
        let wayOut = KeyBinding.hints(Self.bindings(focus), essentialOnly: true, separator: "  ")
        for width in [60, 70, 80, 100, 120, 160] {
            for text in messages {
                var model = AppModel(runtime: try AppFixture.runtime(), width: width, height: 30)
                model.showsLog = true
                model.showsRoutes = true
                model.focus = focus
                model.relayout()
                model.status = AppStatus(text, kind: .note)
                let rows = AppView.render(model).canvas.text()
                let row = rows[model.layout.status.y]
                let place = "\(focus) at \(width): \(row)"
                // Too long for its line, the message takes the idle prompt's line above as well.
                let both = (rows[model.layout.prompt.y] + " " + row).split(separator: " ").joined(separator: " ")
                let whole = row.contains(text) || (focus != .prompt && both.contains(text))
                #expect(whole || row.contains("… (m)"), "\(place)")
                if focus != .prompt, width >= 100 {
                    #expect(whole, "\(place): two lines hold it")
                }
                if focus == .prompt {
                    #expect(!rows[model.layout.prompt.y].contains("Logged"), "the prompt's line is the prompt's")
                }
                #expect(!row.contains("Tab · Esc"), "\(place)")
                for hint in wayOut.components(separatedBy: "  ") {
                    #expect(row.contains(hint), "\(place): no \(hint)")
                }
            }
        }
    }

    static func bindings(_ focus: AppModel.Focus) -> [KeyBinding] {
        switch focus {
        case .phone: KeyBinding.phoneHints
        case .prompt: KeyBinding.promptHints
        case .filter: KeyBinding.routes
        case .log: KeyBinding.log
        }
    }

    /// No binding's reminder is a key without its word.
    @Test func everyHintHasItsWord() {
        for binding in KeyBinding.phoneHints + KeyBinding.promptHints + KeyBinding.routes + KeyBinding.log {
            guard let hint = binding.hint else { continue }
            for part in hint.components(separatedBy: " · ") {
                #expect(part.split(separator: " ").count >= 2, "\(hint)")
            }
        }
    }
}
