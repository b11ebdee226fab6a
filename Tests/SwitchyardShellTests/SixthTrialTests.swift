import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTestSupport
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Findings of a newcomer's trial at 120×40, 100×30 and 80×24: both ends of a big route table one key
/// away, a log whose time column keeps its width, a help overlay clear of what is behind it, every
/// refusal counted, a stepped replay that ends with its last step, a title that keeps the login words,
/// the stand-in login screen said plainly, and a recorder that counts as the replay does.
@Suite("Sixth trial findings")
@MainActor
struct SixthTrialTests {
    // MARK: 1. Both ends of the route table

    /// A loop on the 300-route table with the table shown (its filter has the keys).
    static func bigTableLoop(width: Int, height: Int) async throws -> (AppLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(width: width, height: height)
        let app = AppDescription.generated(from: NewcomerTrialTests.bigTable(), name: "big.json")
        let loop = AppLoop(runtime: try AppRuntime(app: app), terminal: terminal, animations: false,
                           stopsWhenIdle: true)
        await AppFixture.send([.function(3)], to: loop, terminal)
        return (loop, terminal)
    }

    /// Keys and where the selection ends, from the middle of the table, with and without a filter: End
    /// the last route, Home the first; letters (g, G) are the filter's.
    nonisolated static let endKeys: [(filter: String, keys: [Key], toLast: Bool)] = [
        ("", [.end], true),
        ("", [.end, .home], false),
        ("", [.pageDown, .pageDown, .end], true),
        ("", [.end, .up, .home], false),
        ("user", [.end], true),
        ("user", [.down, .end, .home], false),
        ("/p", [.end], true),
    ]

    @Test(arguments: [(120, 40), (100, 30), (80, 24)])
    func homeAndEndSelectTheEndsOfTheRouteTable(size: (Int, Int)) async throws {
        for (filter, keys, toLast) in Self.endKeys {
            let (loop, terminal) = try await Self.bigTableLoop(width: size.0, height: size.1)
            await AppFixture.type(filter, to: loop, terminal)
            await AppFixture.send([.down, .down, .down] + keys, to: loop, terminal)
            let panel = loop.model.routePanel
            let place = "\(size) filter '\(filter)' keys \(keys)"
            #expect(panel.filter.text == filter, "\(place): the keys left the filter alone")
            #expect(panel.filtered.count > 10, "\(place)")
            #expect(panel.selection == (toLast ? panel.filtered.count - 1 : 0), "\(place)")
            // The selected route is drawn (a route row's hit region is there for it).
            #expect(loop.frame.hits.contains { $0.target == .route(panel.selection) }, "\(place)")
        }
        // Typed letters stay the filter's, g and G among them.
        let (loop, terminal) = try await Self.bigTableLoop(width: size.0, height: size.1)
        await AppFixture.type("gG", to: loop, terminal)
        #expect(loop.model.routePanel.filter.text == "gG")
    }

    /// The help of each panel lists its keys to either end, and the same keys do it in both.
    @Test func theHelpOfBothPanelsListsTheirEnds() {
        #expect(KeyBinding.routes.contains { $0.keys == "Home  End" && $0.action.contains("last route") })
        #expect(KeyBinding.log.contains { $0.keys == "g  G" && $0.action.contains("Home End") })
        let titles = KeyBinding.sections(for: .filter).first?.bindings.map(\.keys) ?? []
        #expect(titles.contains("Home  End"), "F1 in the route table lists Home End first: \(titles)")
    }

    // MARK: 2. The log's time column

    /// Random logs with times from 0 to 9999 s, folded and unfolded, at widths 24–120: every entry's
    /// marker (`•`, `▸`, `▾`) starts in the same column, and every line that is not an entry's first
    /// starts three columns in (a detail, or a wrapped first line) or five (a wrapped detail).
    @Test func everyEntrysMarkerStartsInTheSameColumn() {
        var random = SplitMix64(seed: 6)
        for round in 0..<40 {
            var entries: [RouteLogEntry] = []
            for id in 1...(2 + random.below(8)) {
                let limit = [10, 100, 1000, 10_000][round % 4]
                let time = Double(random.below(limit * 10)) / 10
                if random.below(3) == 0 {
                    var event = RouteLogEntry(id: -id, url: "", outcome: "", isHandled: true, seconds: 0)
                    event.event = ["back: ✗ Edit profile refuses to be left: You have unsaved changes",
                                   "login: resumes #\(id)", "resume #\(id) app://order/42 as #\(id + 1)"][id % 3]
                    event.sequence = 1000 + id
                    event.time = time
                    entries.append(event)
                } else {
                    var entry = RouteLogEntry(
                        id: id, url: WrapPropertyTests.url(&random), matchedPattern: "app://order/:id<int>",
                        target: "OrderDetail",
                        steps: [.init(kind: "handler", name: "OrderDetail", detail: "push Order #\(id)",
                                      seconds: 0.000_2)],
                        outcome: "handled by app://order/:id<int>", isHandled: id % 4 != 0, seconds: 0.001)
                    entry.time = time
                    entries.append(entry)
                }
            }
            for width in [24, 33, 41, 52, 60, 80, 120] {
                for expanded in [false, true] {
                    let lines = AppView.logLines(entries, width: width, expanded: { _ in expanded })
                    var columns: Set<Int> = []
                    var previous: Int?
                    for line in lines {
                        let characters = Array(line.text)
                        let indent = characters.prefix { $0 == " " }.count
                        if line.sequence != previous, let marker = characters.firstIndex(where: { "•▸▾".contains($0) }) {
                            columns.insert(marker)
                        } else {
                            // A step (3, its wrapped lines 5), or a head's wrapped line under the text after
                            // the marker (when that leaves 20 columns; else 3, as a step's).
                            let underText = columns.first.map { $0 + 2 }
                            #expect([3, 5].contains(indent) || indent == underText, "width \(width): '\(line.text)'")
                        }
                        previous = line.sequence
                    }
                    #expect(columns.count == 1, "round \(round) width \(width): markers at \(columns.sorted())")
                }
            }
        }
    }

    /// The trial's lines: a time past 10 s moves no marker, and a summary wrapped where two spaces
    /// part its URL from its outcome hangs under the text after the marker (column 9 beside ` 10.9s ▸ `),
    /// or three columns in where that would leave fewer than 20 columns.
    @Test func theTrialsLogLinesLineUp() {
        var back = RouteLogEntry(id: -1, url: "", outcome: "", isHandled: true, seconds: 0)
        back.event = "back: ✗ Edit profile refuses to be left"
        back.sequence = 10
        back.time = 9.5
        var open = RouteLogEntry(id: 3, url: "app://order/4242", matchedPattern: "app://order/:id<int>",
                                 outcome: "handled by app://order/:id<int>", isHandled: true, seconds: 0.001)
        open.sequence = 11
        open.time = 10.9
        for width in 30...70 {
            let lines = AppView.logLines([back, open], width: width, expanded: { _ in false }).map(\.text)
            #expect(lines.first?.hasPrefix("  9.5s • back:") == true, "width \(width): \(lines)")
            #expect(lines.contains { $0.hasPrefix(" 10.9s ▸ #3 app://order/4242") }, "width \(width): \(lines)")
            for line in lines where !line.contains("•") && !line.contains("▸") {
                #expect(line.prefix { $0 == " " }.count == (width - 1 - 8 >= 20 ? 9 : 3), "width \(width): '\(line)' in \(lines)")
            }
        }
    }

    // MARK: 3. The help overlay over the log

    /// The help opened over the log (focused or not, the route table shown or not) at widths 60–200:
    /// no text of the app behind it touches the box's border, and none inside does.
    @Test func theHelpOverTheLogTouchesNoText() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 100, height: 30)
        await AppFixture.send([.function(2)], to: loop, terminal)
        for url in ["app://order/42", "app://share/7", "app://nowhere/x", "app://profile/alice"] {
            await AppFixture.type(":\(url)\r", to: loop, terminal)
            await AppFixture.send([.escape], to: loop, terminal)
        }
        let base = loop.model
        var checked = 0
        for focusLog in [false, true] {
            for routes in [false, true] {
                for width in stride(from: 60, through: 200, by: 3) {
                    for height in [20, 24, 30, 40] {
                        var model = base
                        _ = model.update(.resize(width: width, height: height))
                        if routes { _ = model.update(.toggleRoutes) }
                        if focusLog { model.focus = .log }
                        _ = model.update(.toggleHelp)
                        let canvas = AppView.render(model).canvas
                        let problems = NewcomerTrialTests.touches(canvas)
                        #expect(problems.isEmpty, "\(width)×\(height) log focused \(focusLog): \(problems.prefix(3))")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 4 * 47 * 4)
    }

    // MARK: 4. Every refusal is remembered and seen

    /// The trial's case: with the guarded form open, Esc, Esc, `1`, `2` and `:app://home` are five
    /// refusals: the status line changes at each; a repeated back counts `(×2)`, and each other command
    /// the guard refused is named in its own message (`tab 2 · Edit profile refuses…`), not counted as
    /// a repeat of the back. The messages view holds all five.
    @Test func everyRefusalIsCountedAndTheStatusLineChanges() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 100, height: 30)
        await AppFixture.type(":app://settings/edit\r", to: loop, terminal)
        var statusLines = [terminal.lastFrame?.text().suffix(2).joined(separator: " ") ?? ""]
        for keys in [[Key.escape], [Key.escape], Key.typing("1"), Key.typing("2"), Key.typing(":app://home\r")] {
            await AppFixture.send(keys, to: loop, terminal)
            let line = terminal.lastFrame?.text().suffix(2).joined(separator: " ") ?? ""
            #expect(line.contains("refuses to be left"), "\(keys): \(line)")
            #expect(line != statusLines.last, "\(keys): the status line did not change: \(line)")
            statusLines.append(line)
        }
        #expect(statusLines[2].contains("✗ (×2) Edit profile refuses"), "\(statusLines)")
        #expect(statusLines[3].contains("✗ tab 1 · Edit profile refuses"), "\(statusLines)")
        #expect(statusLines[4].contains("✗ tab 2 · Edit profile refuses"), "\(statusLines)")
        #expect(statusLines[5].contains("✗ open app://home · Edit profile refuses"), "\(statusLines)")
        let refusals = loop.model.messagesPanel.entries.filter { $0.text.contains("refuses to be left") }
        #expect(refusals.map(\.repeats).reduce(0, +) == 5, "\(refusals)")
        await AppFixture.send(Key.typing("m"), to: loop, terminal)
        let view = terminal.lastFrame?.text().joined(separator: "\n") ?? ""
        #expect(view.contains("✗ (×2) Edit profile refuses to be left"), "\(view)")
    }

    /// How the status line keeps messages, as a table: the message set again while shown counts up; a
    /// cleared status line or another message between starts a new entry.
    nonisolated static let statusCases: [(said: [String?], entries: [String])] = [
        (["a", "a", "a"], ["a ×3"]),
        (["a", "b", "a"], ["a ×1", "b ×1", "a ×1"]),
        (["a", nil, "a"], ["a ×1", "a ×1"]),
        (["a", "a", "b", "b"], ["a ×2", "b ×2"]),
        (["a", nil, nil, "b"], ["a ×1", "b ×1"]),
    ]

    @Test(arguments: 0..<statusCases.count)
    func aRepeatedMessageIsCountedNotDropped(index: Int) throws {
        let (said, expected) = Self.statusCases[index]
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        let first = model.messagesPanel.entries.count
        for text in said {
            model.status = text.map { AppStatus($0, kind: .error) }
            if let text { #expect(model.status?.text == text) }
        }
        let kept = model.messagesPanel.entries.dropFirst(first).map { "\($0.text) ×\($0.repeats)" }
        #expect(kept == expected, "\(said)")
        if let last = model.messagesPanel.entries.last, said.last != nil {
            #expect(model.status?.repeats == last.repeats, "the status line shows the count it keeps")
        }
    }

    // MARK: 5. A stepped replay ends with its last step

    /// Scripts of one to four commands (some ending on expectations), stepped with one key per step and
    /// one key more: the replay takes exactly one key per step, never shows "any key next" once the last
    /// command is under way, shows the last step's outcome until a key ends the replay (`any key ends`),
    /// and ends with its summary. Step by step, the key typed ahead after the one that ends the replay is
    /// dropped (it was meant for the replay, not the phone); a timed replay leaves it to the app.
    @Test(arguments: [1, 2, 3, 4])
    func aSteppedReplayEndsAtItsLastStep(commands: Int) async throws {
        let urls = ["app://discover/item/7", "app://user/bob", "app://share/7", "app://discover"]
        for trailing in ["", "expect top \(["Item #7", "User bob", "Share #7", "Discover"][commands - 1])\n"] {
            for stepwise in [true, false] {
                let script = urls.prefix(commands).map { "open \($0)\n" }.joined() + trailing
                let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
                // A stepped replay waits before every command and after the last; a timed one between them.
                let waits = stepwise ? commands + 1 : commands - 1
                terminal.enqueue(Array(repeating: Key.char(" "), count: waits) + [.char("2")])
                let failed = await loop.replay(script: script, delayMilliseconds: 60_000, stepwise: stepwise)
                let place = "\(commands) commands, stepwise \(stepwise), \(trailing.isEmpty ? "no " : "")expect"
                #expect(failed.isEmpty, "\(place): \(failed)")
                #expect(terminal.pendingKeys == (stepwise ? [] : [.char("2")]), "\(place): keys after the last step")
                #expect(terminal.discardedKeys == (stepwise ? 1 : 0), "\(place)")
                #expect(loop.model.replaying == nil && !loop.hasQuit, "\(place)")
                #expect(loop.model.status?.text.hasPrefix("Replay finished: \(commands) command") == true, "\(place)")
                let last = "Replay \(commands)/\(commands):"
                let shown = terminal.frames.map { $0.text().joined(separator: "\n") }
                #expect(shown.contains { $0.contains(last) }, "\(place): the last step's progress shows")
                #expect(!shown.contains { $0.contains(last) && $0.contains("any key next") },
                        "\(place): 'any key next' with no next step")
                #expect(shown.contains { $0.contains(last) && $0.contains("any key ends") } == stepwise,
                        "\(place): a stepped replay's last step waits for the key that ends it")
            }
        }
    }

    // MARK: 6. The title keeps the login words

    /// Every width from 0 to 70 columns, three app names, logged in or out, held open #11: the title
    /// fits (wherever the short badges `○ · ⏸ #11` do; the phone is never narrower); `held` never shows
    /// without the login words; and the login words show whenever the name, the login words and the
    /// short held marker fit.
    @Test func theTitleKeepsTheLoginWordsBeforeTheHeldMarker() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 100, height: 30)
        for _ in 1...10 { await loop.perform(.open("app://discover")) }
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        #expect(loop.model.held?.openID == 11)
        for name in ["Test Shop", "Switchyard Shop", "A shop with a much longer name"] {
            for loggedIn in [false, true] {
                var model = loop.model
                model.appName = name
                model.isLoggedIn = loggedIn
                let words = loggedIn ? "● logged in" : "○ logged out"
                for columns in 0...70 {
                    let title = model.phoneTitle(fitting: columns)
                    let place = "\(name), \(columns) columns: '\(title)'"
                    #expect(DisplayWidth.of(title) <= max(columns, 9), "\(place)")
                    #expect(!title.contains("held") || title.contains(words), "\(place)")
                    if DisplayWidth.of("\(name) · \(words) · ⏸ #11") <= columns {
                        #expect(title.contains(words) && title.contains("⏸ #11"), "\(place)")
                    }
                }
            }
        }
        // The trial's case: the demo's name at 100 columns.
        var model = loop.model
        model.appName = "Switchyard Shop"
        let frame = AppView.render(model).canvas.text().joined(separator: "\n")
        #expect(frame.contains("┌─ Switchyard Shop · ○ logged out · ⏸ #11 "), "\(frame)")
    }

    // MARK: 7. The stand-in login screen, said plainly

    @Test func theStandInLoginScreensMatchIsSaidPlainly() async throws {
        let (loop, terminal) = try await Self.bigTableLoop(width: 100, height: 30)
        await AppFixture.send([.escape], to: loop, terminal)
        await AppFixture.type(":app://user/user0\r", to: loop, terminal)
        #expect(loop.model.held != nil)
        for expanded in [true, false] {
            let text = AppView.logLines(loop.model.log, width: 200, expanded: { _ in expanded })
                .map(\.text).joined(separator: "\n")
            #expect(!text.contains("→ login screen"), "\(text)")
            if expanded {
                #expect(text.contains("matched the stand-in login screen (a route table names no login screen, so the app adds one)"), "\(text)")
            }
        }
        // An app with a login route of its own says its match as any other.
        let (own, ownTerminal) = try AppFixture.loop(width: 100, height: 30)
        await AppFixture.type(":app://order/42\r", to: own, ownTerminal)
        let text = AppView.logLines(own.model.log, width: 200).map(\.text).joined(separator: "\n")
        #expect(text.contains("matched app://login → Login"), "\(text)")
    }

    // MARK: 8. The recorder counts as the replay does

    nonisolated static let countCases: [(commands: Int, comments: Int, words: String)] = [
        (13, 2, "recorded 13 commands (2 more as comments: they changed nothing)"),
        (1, 0, "recorded 1 command"),
        (0, 0, "recorded 0 commands"),
        (4, 1, "recorded 4 commands (1 more as a comment: it changed nothing)"),
        (0, 3, "recorded 0 commands (3 more as comments: they changed nothing)"),
    ]

    @Test func theRecordedCountIsTheReplaysCount() async throws {
        for (commands, comments, words) in Self.countCases {
            #expect(AppLoop.recordedCount(commands: commands, comments: comments) == words)
        }
        // A session with no-ops among its commands: the count of commands written is the replay's
        // `commands run`.
        let session: [NavigationCommand] = [
            .open("app://discover/item/7"), .discard, .back(), .back(), .tab(3), .login, .login,
            .open("app://settings/edit"), .back(), .discard, .dismiss(), .logout, .tap(99),
            // A command that ends in an error (an open of no route, `tab 9`, a refused back) is written with
            // the `expect` that checks it, so the replay passes; the no-ops are comments.
            .open("app://nowhere/1"), .tab(9),
        ]
        let (loop, _) = try AppFixture.loop()
        var script = ""
        var counted = (commands: 0, comments: 0)
        loop.onCommand = { command, report, changed in
            script += AppLoop.scriptLines(command, report, changed: changed)
            if AppLoop.writesCommand(report, changed: changed) { counted.commands += 1 } else { counted.comments += 1 }
        }
        for command in session { await loop.perform(command) }
        #expect(counted.commands + counted.comments == session.count)
        #expect(counted.comments >= 2, "\(script)")
        let runner = ScriptRunner(runtime: try AppFixture.runtime(), showTraces: false) { _ in }
        await runner.run(script)
        #expect(runner.tally.commandsRun == counted.commands, "\(script)")
        #expect(runner.failures == 0, "\(script)")
    }
}
