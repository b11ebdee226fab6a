import Foundation
import Switchyard
import SwitchyardKit
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

@Suite("App model and loop")
@MainActor
struct AppModelTests {
    // MARK: Typing URLs

    @Test func typingAURLAndEnterOpensItsScreen() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://search/shoes?sort=price\r", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Home] Home > Search: shoes")
        #expect(loop.model.focus == .phone)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("‹ Back"))
        #expect(text.contains("Search: shoes"))
        #expect(text.contains("query    sort = price"))
        #expect(loop.model.status == AppStatus("Opened Search: shoes", kind: .info))
    }

    @Test func slashAlsoFocusesThePromptAndEscCancelsIt() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("/app://x", to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://x")
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.focus == .phone)
        #expect(loop.model.prompt.text.isEmpty)
        #expect(loop.model.state.compactDescription == "[Home] Home")
    }

    @Test func lettersTypedAtThePromptAreNotCommands() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":qLR?", to: loop, terminal)
        #expect(!loop.hasQuit)
        #expect(!loop.model.showsLog && !loop.model.showsRoutes && !loop.model.showsHelp)
        #expect(loop.model.prompt.text == "qLR?")
    }

    @Test func promptHistoryRecallsEarlierURLs() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://user/1\r:app://user/2\r:", to: loop, terminal)
        await AppFixture.send([.up], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://user/2")
        await AppFixture.send([.up], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://user/1")
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.top.title == "User 1")
    }

    @Test func tabCompletesPatternsAndLinkURLs() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://disc", to: loop, terminal)
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://discover")
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.prompt.completions == ["app://discover", "app://discover/item/7", "app://discover/item/8?animation=slideFromLeft", "app://discover/item/:id<int>"])
        #expect(loop.model.prompt.text == "app://discover")
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://discover/item/7")
        #expect(try #require(terminal.lastFrame).description.contains(" 2/4"))
        await AppFixture.type("\u{15}app://zzz", to: loop, terminal)
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.status == AppStatus("No pattern or link starts with app://zzz", kind: .note))
        #expect(loop.model.log.last?.event == "No pattern or link starts with app://zzz", "a status message is in the log too")
    }

    @Test func unfoldingAnOpenInAFullLogKeepsItsLineInPlace() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(2)], to: loop, terminal)
        for index in 0..<14 {
            await AppFixture.type(":app://discover/item/\(index)\r", to: loop, terminal)
        }
        let opens = loop.model.log.filter { $0.event == nil }
        let target = opens[opens.count - 3]
        let line = try #require(loop.frame.hits.first { $0.target == .logEntry(target.sequence) })
        await AppFixture.send([.mouse(x: line.rect.x + 2, y: line.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.logPanel.isExpanded(target))
        #expect(loop.model.logPanel.scroll > 0, "the log scrolled to keep the line")
        let after = try #require(loop.frame.hits.first { $0.target == .logEntry(target.sequence) })
        #expect(after.rect.y == line.rect.y)
        // Folding it again scrolls back.
        await AppFixture.send([.mouse(x: after.rect.x + 2, y: after.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.logPanel.scroll == 0)
    }

    @Test func reloadsAreInTheLogAndKeepWhatCameBefore() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://discover\r", to: loop, terminal)
        loop.watch = { .failed("Not reloaded: routes.json:40:24: routes[7]: trailing comma before '}' (the previous table stays)") }
        loop.checkReload()
        #expect(loop.model.log.last?.event == "✗ Not reloaded: routes.json:40:24: routes[7]: trailing comma before '}' (the previous table stays)")
        #expect(loop.model.status?.kind == .error)
        let runtime = try AppFixture.runtime()
        loop.watch = { .reloaded(runtime, "Reloaded routes.json") }
        loop.checkReload()
        loop.watch = nil
        let log = loop.model.log
        #expect(log.first?.url == "app://discover", "the open from before the reload is still there")
        #expect(log.last?.event == "Reloaded routes.json; still on Discover")
        #expect(loop.model.messagesPanel.entries.suffix(2).map(\.kind) == [.error, .note], "the messages carry over the reload")
        // Both reload lines carry the time like every other line of the log.
        for line in AppView.logLines(Array(log.suffix(2)), width: 200) {
            #expect(line.text.range(of: #"^ \d+\.\ds • "#, options: .regularExpression) != nil, "\(line.text)")
        }
        #expect(loop.model.state.compactDescription == "[Discover] Discover", "the user stays where they were")
        #expect(Set(log.map(\.sequence)).count == log.count, "every entry keeps an identity of its own")
        // The new app's first open is the newest, unfolded.
        await AppFixture.type(":app://cart\r", to: loop, terminal)
        #expect(loop.model.log.last.map(loop.model.logPanel.isExpanded) == true, "\(loop.model.log.map { "\($0.sequence) \($0.event ?? $0.url)" })")
        #expect(loop.model.log.first.map(loop.model.logPanel.isExpanded) == false)
    }

    @Test func aReloadKeepsTheScreenAndCountsOpensOnOrSaysWhyItWentBackToTheRoot() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://discover/item/7\r:app://search/shoes\r", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7 > Search: shoes")
        let before = loop.model.log.filter { $0.event == nil }.map(\.id)
        #expect(before == [1, 2])
        let runtime = try AppFixture.runtime()
        loop.watch = { .reloaded(runtime, "Reloaded app.json: 13 routes") }
        loop.checkReload()
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7 > Search: shoes")
        #expect(loop.model.status == AppStatus("Reloaded app.json: 13 routes; still on Search: shoes", kind: .note))
        await AppFixture.type(":app://user/5\r", to: loop, terminal)
        let opens = loop.model.log.filter { $0.event == nil }.map(\.id)
        #expect(opens == [1, 2, 3], "the new app's first open is #3, not #1 again")
        #expect(try #require(terminal.lastFrame).description.contains("#3 open app://user/5"))
        #expect(Set(loop.model.log.map(\.sequence)).count == loop.model.log.count)

        // A table where the screen's route is gone: back at the tab's root, and the log says so.
        var description = try AppDescription.decode(json: Data(AppFixture.json.utf8))
        description.routes.removeAll { $0.kind == "UserProfile" }
        let smaller = try AppRuntime(app: description)
        loop.watch = { .reloaded(smaller, "Reloaded app.json: 12 routes") }
        loop.checkReload()
        loop.watch = nil
        #expect(loop.model.state.compactDescription == "[Discover] Discover")
        #expect(loop.model.log.last?.event == "Reloaded app.json: 12 routes; app://user/5 no longer routes: back at Discover")
    }

    @Test func aGeneratedIndexIsShownByItsTabNotItsInternalURL() async throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile"),
            RouteDefinition(pattern: "shop://cart", target: "Cart"),
        ])
        let runtime = try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
        let terminal = MemoryTerminal(width: 100, height: 30)
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type("2", to: loop, terminal)
        let text = try #require(terminal.lastFrame).description
        #expect(!text.contains("switchyard-index://tab"), "\(text)")
        #expect(text.contains("│ cart index (tab 2)  "), "the path line names the tab")
        #expect(text.contains("▾ #1 open cart index (tab 2)"))
        #expect(text.contains("✓ handled by cart index (tab 2)"))
        // The router still routes the internal URL, and the route table lists the file's routes only.
        #expect(loop.model.state.currentTab.rootURL == "switchyard-index://tab/2")
        #expect(loop.model.routes.map(\.pattern) == ["app://user/:id<int>", "shop://cart"])
    }

    @Test func theLoginScreenNamesOnlyTheHoldThatStillExists() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        var text = try #require(terminal.lastFrame).description
        #expect(text.contains("Waiting to open: app://order/42"))
        #expect(text.contains("(open #1);"), "the open's number stays with its word")
        // Another screen takes the login screen's place (the hold is cancelled, the login screen
        // closes); the login screen opened directly then holds nothing.
        await AppFixture.type(":app://share/5\r", to: loop, terminal)
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.state.top.title == "Home")
        await AppFixture.type(":app://login\r", to: loop, terminal)
        #expect(loop.model.state.top.title == "Log in")
        text = try #require(terminal.lastFrame).description
        #expect(!text.contains("Waiting to open"))
        #expect(text.contains("Enter logs in · Esc closes the login screen"))
    }

    /// The log, the hold and the login screen show the URL the user asked for: a tab key opens the
    /// tab's root as written (the tab jump travels natively, no control key is added to the URL),
    /// and a URL typed with its own control keys is shown as typed. Either way logging in resumes it
    /// into the Orders tab.
    @Test(arguments: [("3", "app://orders"), (":app://orders?jumpType=tab\r", "app://orders?jumpType=tab"),
                      (":app://orders?animation=slideFromLeft\r", "app://orders?animation=slideFromLeft")])
    func theLogAndTheLoginScreenShowTheURLAsAsked(_ keys: String, _ asked: String) async throws {
        let (loop, terminal) = try AppFixture.loop(width: 160, height: 40)
        await AppFixture.send([.function(2)], to: loop, terminal)
        #expect(loop.model.state.tabs[2].title == "Orders", "tab 3 is the gated Orders tab")
        await AppFixture.type(keys, to: loop, terminal)
        let held = try #require(loop.model.snapshot.held)
        #expect(held.url == asked)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("Waiting to open: \(asked)"), "\(text)")
        #expect(text.contains("(open #1)"), "\(text)")
        let opened = try #require(loop.model.log.last { $0.event == nil })
        #expect(opened.url == asked)
        if asked == "app://orders" {
            #expect(!text.contains("jumpType"), "\(text)")
        }
        await AppFixture.type("L", to: loop, terminal)
        #expect(loop.model.state.compactDescription.hasPrefix("[Orders]"), "\(loop.model.state.compactDescription)")
    }

    @Test func aCancelledHoldShowsOnItsOpensLineNotTheRedirectToLogin() async throws {
        // Wide enough that no summary line wraps, whatever width the times take.
        let (loop, terminal) = try AppFixture.loop(width: 160, height: 40)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        #expect(loop.model.log.first?.fate == "⏸ held until login")
        await AppFixture.send([.escape, .char(":")], to: loop, terminal)
        await AppFixture.type("app://nope\r", to: loop, terminal)
        let first = try #require(loop.model.log.first)
        #expect(first.fate == "⏸ held, then cancelled: back closed the login screen")
        #expect(first.fateIsFailure)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("▸ #1 app://order/42  ⏸ held, then cancelled:"))
        #expect(!text.contains("▸ #1 app://order/42  ✓"), "no success mark on an open whose hold was cancelled")
    }

    @Test func thePhoneTitleKeepsTheLoginStateAndTheHeldOpenVisibleWhenNarrow() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        let model = loop.model
        #expect(model.phoneTitle == "Test Shop · ○ logged out · ⏸ #1 held")
        // Narrower, the badges shorten first (the held marker before the login words, so `held` never
        // shows without them), then the name is cut: it stays while a letter fits.
        #expect(model.phoneTitle(fitting: 35) == "Test Shop · ○ logged out · ⏸ #1")
        #expect(model.phoneTitle(fitting: 30) == "Test Shop · ○ · ⏸ #1")
        #expect(model.phoneTitle(fitting: 20) == "Test Shop · ○ · ⏸ #1")
        #expect(model.phoneTitle(fitting: 15) == "Tes… · ○ · ⏸ #1")
        #expect(model.phoneTitle(fitting: 8) == "○ · ⏸ #1")
        // At 100 columns the whole marker shows in the frame.
        #expect(try #require(terminal.lastFrame).description.contains("⏸ #1 held"))
    }

    /// The demo app's longer name at the default phone width: a hold adds its marker, and the name and
    /// the login words stay (the marker gives up its `held` first).
    @Test func theTitleBarKeepsTheAppNameWhileAHoldIsShown() async throws {
        var description = try AppDescription.decode(json: Data(AppFixture.json.utf8))
        description.name = "Switchyard Shop"
        let terminal = MemoryTerminal(width: 100, height: 30)
        let loop = AppLoop(runtime: try AppRuntime(app: description), terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        let title = try #require(terminal.lastFrame).description.split(separator: "\n").first { $0.contains("┌─") }
        #expect(title?.contains("┌─ Switchyard Shop · ○ logged out · ⏸ #1 ") == true, "\(title ?? "")")
    }

    @Test func aReplayInTheAppChecksItsExpectations() async throws {
        let (loop, _) = try AppFixture.loop()
        let script = """
        # a recorded session
        open app://discover/item/7
        expect top Item #7
        expect stack [Home] Home > Wrong
        back
        expect top Discover
        """
        let failures = await loop.replay(script: script, delayMilliseconds: 0, stepwise: false)
        #expect(failures == ["line 4: FAILED: expect stack [Home] Home > Wrong, got [Discover] Discover > Item #7"],
                "\(failures)")
        #expect(loop.model.state.top.title == "Discover", "the commands ran")
        #expect(loop.model.status?.kind == .error)
        #expect(loop.model.status?.text == "Replay finished: 2 commands run; 2 of 3 expectations passed, 1 failed; failures at line 4",
                "\(loop.model.status?.text ?? "")")
        // The failure showed whole when it happened (in the log and the messages), once; the summary at
        // the end names its line.
        let failedLines = loop.model.log.compactMap(\.event).filter { $0.contains("line 4: FAILED: expect stack [Home] Home > Wrong") }
        #expect(failedLines.count == 1, "\(loop.model.log.compactMap(\.event))")
        #expect(loop.model.replaying == nil, "the hints are the app's again")
        // In its command's step: `Replay 1/2: open … · ✗ line 4: FAILED: expect stack …`.
        #expect(loop.model.messagesPanel.entries.contains {
            $0.kind == .error && $0.text.hasPrefix("Replay 1/2: ") && $0.text.contains(" · ✗ line 4: FAILED: expect stack")
        }, "\(loop.model.messagesPanel.entries.map(\.text))")
        // A clean script ends with a note.
        let clean = await loop.replay(script: "open app://discover\nexpect top Discover\n", delayMilliseconds: 0, stepwise: false)
        #expect(clean.isEmpty)
        #expect(loop.model.status?.text == "Replay finished: 1 command run; 1 of 1 expectations passed, 0 failed; the app is yours")
        // A line that cannot be read, after a command whose expectations held, is no failure of the
        // command: the step marks the command as passed before it.
        _ = await loop.replay(script: "tab 9\nexpect error\ntpa 2\nopen app://discover\n", delayMilliseconds: 0,
                              stepwise: false)
        #expect(loop.model.messagesPanel.entries.contains {
            $0.kind == .error && $0.text.hasPrefix("Replay 1/2: tab 9 ✓ · ✗ line 3: ")
        }, "\(loop.model.messagesPanel.entries.map(\.text))")
    }

    /// While a script replays step by step, the hints say what keys do then (any key steps, F2 and m
    /// show the log and the messages, q quits), not the app's keys; afterwards they are the app's again.
    @Test func aStepwiseReplaySaysWhatKeysDo() async throws {
        let (loop, terminal) = try AppFixture.loop()
        terminal.enqueue([.char("m"), .enter, .char(" ")])
        _ = await loop.replay(script: "open app://discover\nopen app://user/7\n", delayMilliseconds: 0, stepwise: true)
        let during = terminal.frames.dropLast().map { $0.text().joined(separator: "\n") }
        #expect(during.contains { $0.contains("replaying: any key plays the next step · F2 log · m messages · q quits") })
        #expect(during.contains { $0.contains("Messages ·") }, "m opened the messages while the replay waited")
        #expect(!during.contains { $0.contains("m messages  ? help") }, "no hint names a key the replay takes")
        #expect(loop.model.state.top.title == "User 7" && !loop.model.messagesPanel.isShown)
        #expect(loop.model.replaying == nil)
        loop.present()
        #expect(terminal.frames.last?.text().joined().contains("m messages") == true)
    }

    /// One key a command: a failed expectation shows in its command's step (`Replay 1/2: open … · ✗ line 2:
    /// FAILED: …`), not in a step of its own; a later step that passed is marked as passed, with the failures
    /// so far beside it; after the last step one more key ends the replay and the keys typed ahead of it are
    /// dropped, so no key meant for the replay reaches the phone.
    @Test func aStepwiseReplayTakesOneKeyACommandAndNoKeyReachesTheAppAfterIt() async throws {
        let (loop, terminal) = try AppFixture.loop()
        // Step 1, step 2, then keys pressed on: Enter would open the selected link on the phone.
        terminal.enqueue([.char(" "), .char(" "), .enter, .enter, .char(" ")])
        _ = await loop.replay(script: "open app://discover\nexpect top Nowhere\nopen app://user/7\n",
                              delayMilliseconds: 0, stepwise: true)
        let statuses = terminal.frames.map { $0.text().last ?? "" }
        #expect(statuses.contains { $0.contains("✗ Replay 1/2: open app://discover · ✗ line 2: FAILED: expect top Nowh") },
                "\(statuses)")
        #expect(!statuses.contains { $0.contains("Replay line 2") }, "no step of its own: \(statuses)")
        let second = try #require(loop.model.messagesPanel.entries.first { $0.text.hasPrefix("Replay 2/2:") })
        #expect(second.kind == .info && second.text.contains("(1 failure so far, listed at the end)"), "\(second)")
        #expect(loop.model.snapshot.state.top.title == "User 7", "the keys after the last step opened nothing")
        // The first Enter after step 2 ends the replay; the two keys after it are dropped.
        #expect(terminal.discardedKeys == 2)
    }

    /// Keys pressed while a step's animation plays are kept for the next waits: a burst of three keys
    /// plays three steps, with animations on.
    @Test func keysPressedDuringAStepsAnimationStepOn() async throws {
        let (loop, terminal) = try AppFixture.loop(animations: true)
        // One key for step 1, then a burst of three and `q`, all read while step 1's animation plays: the
        // burst plays steps 2 to 4, and `q` quits before step 5.
        terminal.enqueue([.char(" "), .char(" "), .char(" "), .char(" "), .char("q")])
        _ = await loop.replay(script: "open app://discover/item/7\nback\nopen app://user/7\nback\nopen app://cart\n",
                              delayMilliseconds: 0, stepwise: true)
        let said = loop.model.messagesPanel.entries.map(\.text).filter { $0.hasPrefix("Replay ") }
        #expect(said.contains { $0.hasPrefix("Replay 4/5:") } && !said.contains { $0.hasPrefix("Replay 5/5:") }, "\(said)")
        #expect(loop.hasQuit && loop.model.snapshot.state.top.title == "Discover")
    }

    /// A replayed open of an invalid URL does not leave the URL at the prompt (typed, it comes back there
    /// to be fixed): after the replay the prompt is closed and empty, so the keys the status line names work.
    @Test func aReplayedInvalidURLLeavesNoPromptOpen() async throws {
        let (loop, _) = try AppFixture.loop()
        _ = await loop.replay(script: "open app://x/%zz\nexpect outcome invalid_url\ntab 2\n", delayMilliseconds: 0,
                              stepwise: false)
        #expect(loop.model.focus != .prompt && loop.model.prompt.isEmpty, "\(loop.model.focus)")
        // Typed, it still comes back to the prompt.
        await loop.perform(.open("app://x/%zz"))
        #expect(loop.model.focus == .prompt && loop.model.prompt.text == "app://x/%zz")
    }

    /// The rest of a burst of keys that arrives after the typed-ahead keys were dropped at the end of a
    /// stepped replay (the first of them hands the app back) does not reach the app: Enter pressed on
    /// would open the selected link on the phone.
    @Test func theTailOfABurstAfterAStepwiseReplayIsDropped() async throws {
        let (loop, terminal) = try AppFixture.loop()
        terminal.enqueue([.char(" ")])
        terminal.keysAfterDiscard = [.char(" "), .enter, .enter, .char(" ")]
        _ = await loop.replay(script: "open app://discover\nopen app://user/7\n", delayMilliseconds: 0, stepwise: true)
        #expect(terminal.pendingKeys.isEmpty, "\(terminal.pendingKeys)")
        await loop.run()
        #expect(loop.model.snapshot.state.top.title == "User 7", "the keys after the last step opened nothing")
    }

    /// The steps of a replay: a command that runs with the lines after it; bad command lines and `expect`
    /// lines join the step before them; lines before the first command are a step of their own.
    @Test func replayStepsGroupEachCommandWithItsExpectations() {
        let lines = ScriptRunner.lines(of: "expect top Home\n# c\nopen app://a\nexpect top A\n\ntpa 2\nback\nexpect ok")
        #expect(AppLoop.replaySteps(lines) == [[0], [2, 3, 5], [6, 7]])
        #expect(AppLoop.replaySteps(ScriptRunner.lines(of: "back\nback")) == [[0], [1]])
        #expect(AppLoop.replaySteps(ScriptRunner.lines(of: "# nothing\n")) == [])
    }

    @Test func theCompletionMenuListsTheCandidatesAndAClickPicksOne() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://disc", to: loop, terminal)
        // Tab extends to the common prefix and lists the candidates; the next Tab picks the first.
        await AppFixture.send([.tab], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://discover")
        #expect(try #require(terminal.lastFrame).description.contains("4 matches · Tab picks one · type to narrow"))
        await AppFixture.send([.tab], to: loop, terminal)
        let frame = try #require(terminal.lastFrame)
        let text = frame.description
        #expect(text.contains("1/4 · Tab ↓ next · ↑ back · type to narrow"))
        #expect(text.contains("app://discover/item/:id<int>"))
        let item = try #require(loop.frame.hits.first { $0.target == .completion(3) })
        await AppFixture.send([.mouse(x: item.rect.x + 1, y: item.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://discover/item/:id<int>")
        #expect(loop.model.prompt.activeField == 0, "the pattern's :id is selected to be typed over")
        await AppFixture.type("8\r", to: loop, terminal)
        #expect(loop.model.state.top.title == "Item #8")
        #expect(!(try #require(terminal.lastFrame).description.contains("Tab next")), "the menu closes with the prompt")
    }

    @Test func completionsAreSortedAndIncludeTheTopScreensLinks() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("2\r", to: loop, terminal)
        let all = loop.model.completions(for: "")
        #expect(all == all.sorted())
        #expect(Set(all).count == all.count)
        #expect(all.contains("app://share/7"), "a link of the top screen, Item #7")
        #expect(all.contains("app://order/:id<int>/track"))
        #expect(!all.contains { $0.contains("{") })
        #expect(loop.model.completions(for: "app://share") == ["app://share/7", "app://share/:id"])
    }

    // MARK: Errors in words

    @Test func anInvalidURLGoesBackToThePromptWithTheCursorOnTheFault() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://user/%zz\r", to: loop, terminal)
        let status = try #require(loop.model.status)
        #expect(status.kind == .error)
        #expect(status.text == "Invalid URL at byte 11: '%' is not followed by two hexadecimal digits")
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://user/%zz")
        #expect(loop.model.prompt.cursor == 11)
        #expect(try #require(terminal.lastFrame).description.contains("✗ Invalid URL"))
    }

    @Test func statusLineNamesMissingRoutesRejectionsAndVetoes() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://nope\r", to: loop, terminal)
        #expect(loop.model.status == AppStatus("No route matches app://nope · nearest app://home: host: 'nope' is not 'home'", kind: .error))
        await AppFixture.type(":app://order/abc\r", to: loop, terminal)
        #expect(loop.model.status == AppStatus(
            "No route matches app://order/abc · nearest app://order/:id<int>: segment 1: 'abc' does not satisfy <int>",
            kind: .error))
        await AppFixture.type(":https://switchyard.dev.evil.com/x\r", to: loop, terminal)
        #expect(loop.model.status == AppStatus("Rejected by WebAllowList: host 'switchyard.dev.evil.com' is not on the allow list", kind: .error))
        await AppFixture.type(":app://settings/edit\r", to: loop, terminal)
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.status == AppStatus("Edit profile refuses to be left: You have unsaved changes (D discards)", kind: .error))
        #expect(loop.model.state.compactDescription == "[Home] Home ^ Edit profile")
        await AppFixture.type("D", to: loop, terminal)
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Home] Home")
    }

    @Test func notesReportRedirectsLoginAndAlreadyShowing() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://profile/alice\r", to: loop, terminal)
        #expect(loop.model.status == AppStatus("Opened User alice · redirected app://profile/alice → app://user/alice", kind: .info))
        await AppFixture.type(":app://user/alice\r", to: loop, terminal)
        #expect(loop.model.status == AppStatus("Updated User alice in place", kind: .note))
        await AppFixture.send([.escape, .escape], to: loop, terminal)
        #expect(loop.model.status == AppStatus("Nothing to go back to: Home is the first screen", kind: .note))
        #expect(!loop.model.log.contains { ($0.event ?? "").contains("nothing to go back to") }, "no failed back in the log")
    }

    /// Esc at a tab's root runs no command, but `--record` still writes it, as a comment: a recording
    /// holds every key that asked for something.
    @Test func escAtATabsRootIsRecordedAsAComment() async throws {
        let (loop, terminal) = try AppFixture.loop()
        var recorded = ""
        loop.onCommand = { command, report, changed in
            recorded += AppLoop.scriptLines(command, report, changed: changed)
        }
        await AppFixture.send([.escape], to: loop, terminal)
        await AppFixture.type("<", to: loop, terminal)
        #expect(recorded == "# back: changed nothing (Nothing to go back to: Home is the first screen)\n"
                    + "# back slideFromLeft: changed nothing (Nothing to go back to: Home is the first screen)\n",
                "\(recorded)")
    }

    // MARK: The login gate, back, tabs

    @Test func loginGateThenLThenBackThenTabs() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        #expect(loop.model.isShowingLogin)
        #expect(loop.model.state.compactDescription == "[Home] Home ^ Log in")
        #expect(loop.model.status == AppStatus("app://order/42 needs login: L logs in, Esc cancels", kind: .note))
        #expect(try #require(terminal.lastFrame).description.contains("▸ Log in (L)"))
        await AppFixture.type("L", to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Orders] Orders > Order #42")
        #expect(loop.model.status == AppStatus("Logged in; resumed #1 app://order/42 as #2", kind: .note))
        #expect(!loop.model.showsLog)
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Orders] Orders")
        await AppFixture.type("2", to: loop, terminal)
        #expect(loop.model.state.selectedTab == 1)
        await AppFixture.type("4", to: loop, terminal)
        #expect(loop.model.state.selectedTab == 3)
        await AppFixture.type("9", to: loop, terminal)
        #expect(loop.model.status?.kind == .error)
        #expect(loop.model.state.selectedTab == 3)
        await AppFixture.type("O3", to: loop, terminal)
        #expect(loop.model.isShowingLogin, "logged out, the Orders tab asks for login again")
        await AppFixture.send([.escape], to: loop, terminal)
        let status = loop.model.status?.text ?? ""
        #expect(status.hasPrefix("Closed Log in · held #") && status.hasSuffix(" app://orders cancelled"), "\(status)")
    }

    @Test func enterOnTheLoginButtonLogsIn() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("3", to: loop, terminal)
        #expect(loop.model.items == [.logIn])
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Orders] Orders")
    }

    /// On a login screen with links, the links keep their `tap N` numbers (the login button comes
    /// after them) and the selection starts on the login button, so Enter logs in; a detour of the
    /// login flow offers the button too.
    @Test func theLoginButtonIsSelectedFirstAndLinksKeepTheirNumbers() async throws {
        let json = #"""
        {"name": "Gate", "loginURL": "g://login", "tabs": [{"title": "Home", "root": "g://home"}],
         "routes": [
           {"pattern": "g://home", "target": "Home", "title": "Home", "opens": "tab"},
           {"pattern": "g://secret", "target": "Secret", "title": "Secret", "metadata": {"requiresLogin": true}},
           {"pattern": "g://login", "target": "Login", "title": "Log in", "opens": "present",
            "links": [{"title": "Forgot", "url": "g://forgot"}, {"title": "Help", "url": "g://help"}]},
           {"pattern": "g://forgot", "target": "Forgot", "title": "Forgot", "opens": "present",
            "metadata": {"loginFlow": true}},
           {"pattern": "g://help", "target": "Help", "title": "Help"}
         ]}
        """#
        let terminal = MemoryTerminal(width: 100, height: 30)
        let loop = AppLoop(runtime: try AppRuntime(app: AppDescription.decode(json: Data(json.utf8))),
                           terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.type(":g://secret\r", to: loop, terminal)
        let forgot = Link(title: "Forgot", url: "g://forgot"), help = Link(title: "Help", url: "g://help")
        #expect(loop.model.items == [.link(number: 1, forgot), .link(number: 2, help), .logIn])
        #expect(loop.model.item(at: loop.model.selection) == .logIn)
        await AppFixture.send([.home, .enter], to: loop, terminal)
        #expect(loop.model.state.top.title == "Forgot")
        #expect(loop.model.item(at: loop.model.selection) == .logIn, "a detour offers the login button")
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.top.title == "Secret")
    }

    @Test func backspaceNeverNavigatesAndClosesAnEmptyPrompt() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://user/1\r:app://user/2\r", to: loop, terminal)
        await AppFixture.send([.backspace, .backspace, .ctrl("h")], to: loop, terminal)
        #expect(loop.model.state.top.title == "User 2")
        await AppFixture.type(":xy", to: loop, terminal)
        // Held down: the draft is erased, then the prompt closes, and the stack stays.
        await AppFixture.send(Array(repeating: .backspace, count: 10), to: loop, terminal)
        #expect(loop.model.prompt.text.isEmpty)
        #expect(loop.model.focus == .phone)
        #expect(loop.model.state.top.title == "User 2")
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.state.top.title == "User 1")
    }

    @Test func arrowsSelectLinksAndSelectionIsKeptPerScreen() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.down, .down, .up, .down, .down], to: loop, terminal)
        #expect(loop.model.selection == 3)
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.top.title == "User alice")
        await AppFixture.send([.left], to: loop, terminal)
        #expect(loop.model.selection == 3)
        await AppFixture.send([.end], to: loop, terminal)
        #expect(loop.model.selection == 5)
        await AppFixture.send([.down, .home], to: loop, terminal)
        #expect(loop.model.selection == 0)
    }

    @Test func sheetsAreDismissedWithEsc() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("2", to: loop, terminal)
        await AppFixture.send([.enter, .enter], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7 ^ Share #7")
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("✕ Close"))
        await AppFixture.send([.escape], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover > Item #7")
    }

    // MARK: Mouse

    @Test func clicksOnTabsBackAndLinksGoThroughTheLayout() async throws {
        let (loop, terminal) = try AppFixture.loop()
        let tab = try #require(loop.frame.hits.first { $0.target == .tab(1) })
        await AppFixture.send([.mouse(x: tab.rect.x + 1, y: tab.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.state.selectedTab == 1)
        let link = try #require(loop.frame.hits.first { $0.target == .item(0) })
        await AppFixture.send([.mouse(x: link.rect.x + 3, y: link.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.state.top.title == "Item #7")
        let back = try #require(loop.frame.hits.first { $0.target == .back })
        await AppFixture.send([.mouse(x: back.rect.x + 1, y: back.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.state.top.title == "Discover")
        let prompt = try #require(loop.frame.hits.first { $0.target == .prompt })
        await AppFixture.send([.mouse(x: 5, y: prompt.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        await AppFixture.send([.mouse(x: 0, y: 0, kind: .click)], to: loop, terminal)
        #expect(loop.model.focus == .phone)
    }

    @Test func tabsUnderASheetAreNotClickable() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://share/1\r", to: loop, terminal)
        #expect(!loop.frame.hits.contains { if case .tab = $0.target { true } else { false } })
        #expect(loop.frame.hits.contains { $0.target == .back })
    }

    // MARK: Panels, help, quitting

    @Test func routeLogShowsEachOpensTrace() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(2)], to: loop, terminal)
        #expect(loop.model.showsLog)
        await AppFixture.type(":app://order/42\r", to: loop, terminal)
        // The open; its own line tells the hold it left.
        #expect(loop.model.log.map { $0.event ?? "#\($0.id) open \($0.url)" } == ["#1 open app://order/42"])
        #expect(loop.model.log.first?.fate == "⏸ held until login")
        await AppFixture.type("L", to: loop, terminal)
        #expect(loop.model.log.map { $0.event ?? "#\($0.id) open \($0.url)" } == [
            "#1 open app://order/42", "login: resumes #1",
            "resume #1 app://order/42 as #2", "#2 open app://order/42",
        ])
        #expect(loop.model.showsLog, "L on the login screen logs in; it does not hide the log")
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("resume #1 app://order/42 as #2"))
        #expect(text.contains("interceptor LoginGate: proceed"))
        #expect(text.contains("✓ handled by app://order/:id<int>"))
        // The first open's trace lists its matches in order: the typed URL's route, then the login route.
        let first = loop.model.log[0].steps.map { "\($0.kind) \($0.name)" }
        #expect(first.prefix(3) == ["match app://order/:id<int>", "interceptor LoginGate", "match app://login"])
        await AppFixture.send([.function(2)], to: loop, terminal)
        #expect(!loop.model.showsLog)
    }

    @Test func theTimelineShowsTheNewestOpenInFullAndTheRestAsOneLineEach() async throws {
        // Wide enough that no summary line wraps, whatever width the times take.
        let (loop, terminal) = try AppFixture.loop(width: 160, height: 40)
        await AppFixture.send([.function(2)], to: loop, terminal)
        await AppFixture.type(":app://order/42\rL:app://nope\r", to: loop, terminal)
        let opens = loop.model.log.filter { $0.event == nil }
        #expect(opens.map(\.id) == [1, 2, 3])
        #expect(opens.map(loop.model.logPanel.isExpanded) == [false, false, true])
        #expect(opens[1].resumes == 1, "the resumed open points back to the held one")
        var text = try #require(terminal.lastFrame).description
        #expect(text.contains("▸ #2 app://order/42 (resumes #1)"))
        #expect(text.contains("▸ #1 app://order/42  ⏸ held, resumed as #2"), "the held open's line says how its hold ended")
        #expect(text.contains("▾ #3 open app://nope"))
        #expect(!text.contains("interceptor LoginGate: proceed"), "#2's steps are folded away")

        // A click on #2's summary line unfolds it; a second click folds it again.
        let line = try #require(loop.frame.hits.first { $0.target == .logEntry(opens[1].sequence) })
        await AppFixture.send([.mouse(x: line.rect.x + 2, y: line.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.logPanel.isExpanded(opens[1]))
        let moved = loop.frame.hits.first { $0.target == .logEntry(opens[1].sequence) }
        #expect(moved?.rect.y == line.rect.y, "the clicked line stays where it was")
        text = try #require(terminal.lastFrame).description
        #expect(text.contains("interceptor LoginGate: proceed"))
        let again = try #require(loop.frame.hits.first { $0.target == .logEntry(opens[1].sequence) })
        await AppFixture.send([.mouse(x: again.rect.x + 2, y: again.rect.y, kind: .click)], to: loop, terminal)
        #expect(!loop.model.logPanel.isExpanded(opens[1]))

        // `x` unfolds every open; again, only the newest.
        await AppFixture.type("x", to: loop, terminal)
        #expect(opens.allSatisfy(loop.model.logPanel.isExpanded))
        await AppFixture.type("x", to: loop, terminal)
        #expect(opens.map(loop.model.logPanel.isExpanded) == [false, false, true])
        // Events (hold, resume…) are lines of their own, never folded and not clickable.
        #expect(!loop.frame.hits.contains { hit in loop.model.log.contains { $0.event != nil && hit.target == .logEntry($0.sequence) } })
    }

    @Test func routeTableFiltersAsYouTypeAndEnterFillsThePrompt() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("R", to: loop, terminal)
        #expect(loop.model.showsRoutes)
        #expect(loop.model.focus == .filter)
        await AppFixture.type("order", to: loop, terminal)
        #expect(loop.model.routePanel.filtered.map(\.pattern) == ["app://orders", "app://order/:id<int>", "app://order/:id<int>/track", "app://old/order/:id"])
        await AppFixture.send([.down, .enter], to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://order/:id<int>")
        await AppFixture.send([.escape, .tab], to: loop, terminal)
        #expect(loop.model.focus == .filter)
        await AppFixture.send([.escape, .function(3)], to: loop, terminal)
        #expect(!loop.model.showsRoutes)
    }

    @Test func aURLInTheRouteFilterShowsEveryCandidatesVerdict() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("R", to: loop, terminal)
        await AppFixture.type("app://order/abc", to: loop, terminal)
        #expect(loop.model.routePanel.urlTest?.winner == nil)
        #expect(loop.model.routePanel.filtered.map(\.flags) == [
            "✗ segment 1: 'abc' does not satisfy <int>", "✗ segment 1: 'abc' does not satisfy <int>",
        ])
        await AppFixture.send(Array(repeating: .backspace, count: 3), to: loop, terminal)
        await AppFixture.type("42", to: loop, terminal)
        #expect(loop.model.routePanel.urlTest?.winner == "app://order/:id<int>")
        #expect(loop.model.routePanel.filtered.first?.flags == "✓ won (specific scheme, literal, constrained parameter)")
        let text = try #require(terminal.lastFrame).description
        // The title keeps the URL whole; the outcome it has no room for is the line under the filter.
        #expect(text.contains("─ Test app://order/42 ─"), "\(text)")
        #expect(text.contains("│ ✓ wins: app://order/:id<int> "), "\(text)")
        // A relocated URL is explained where it leads.
        await AppFixture.send(Array(repeating: .backspace, count: 20), to: loop, terminal)
        await AppFixture.type("app://old/order/44", to: loop, terminal)
        #expect(loop.model.routePanel.urlTest?.via == ["relocation app://old/order/:id → app://order/44"])
        #expect(loop.model.routePanel.urlTest?.winner == "app://order/:id<int>")
    }

    @Test func eEditsTheCurrentURLAndYCopiesIt() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://search/shoes?sort=price\r", to: loop, terminal)
        await AppFixture.type("y", to: loop, terminal)
        #expect(terminal.clipboard == ["app://search/shoes?sort=price"])
        await AppFixture.type("e", to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://search/shoes?sort=price")
        #expect(MemoryTerminal.osc52("hi") == "\u{1B}]52;c;aGk=\u{07}")
    }

    /// With F3 the keys go to the route table's filter: the prompt line and the status line say what
    /// typing and Enter do there (it said "type : or / then a URL", but `:` goes into the filter), and
    /// the help says what F3 does.
    @Test func theRouteTableFilterSaysWhatItsKeysDo() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.function(3)], to: loop, terminal)
        #expect(loop.model.focus == .filter)
        let lines = try #require(terminal.lastFrame).description.split(separator: "\n", omittingEmptySubsequences: false)
        let prompt = lines[lines.count - 2], status = lines[lines.count - 1]
        #expect(prompt.contains("typing filters the routes; a URL tests them · Enter brings the pattern here"), "\(prompt)")
        #expect(!prompt.contains(": or /"))
        #expect(status.hasSuffix("↑↓ select  F1 help  Enter to prompt  Esc done"), "\(status)")
        // `:` goes into the filter, as the hint says, and Enter brings the selected pattern to the prompt.
        await AppFixture.type(":", to: loop, terminal)
        #expect(loop.model.filter.text == ":")
        await AppFixture.send([.backspace, .enter], to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(!loop.model.prompt.isEmpty)
        let help = try #require(KeyBinding.all.first { $0.keys == "F3  R  r" })
        #expect(help.action == "show/hide the route table, typing in its filter (a URL there is tested)")
    }

    @Test func helpOverlayClosesOnAnyKey() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("?", to: loop, terminal)
        #expect(loop.model.showsHelp)
        // Every key and its whole action (wrapped in its column, never cut).
        let lines = AppView.helpLines(loop.model).lines
        for binding in KeyBinding.all {
            guard let start = lines.firstIndex(where: { $0.keys == binding.keys && !$0.isTitle }) else {
                Issue.record("help lists \(binding.keys)")
                continue
            }
            var parts = [lines[start].action]
            var next = start + 1
            while next < lines.count, lines[next].keys.isEmpty, !lines[next].action.isEmpty {
                parts.append(lines[next].action)
                next += 1
            }
            #expect(parts.joined(separator: " ") == binding.action, "help lists \(binding.keys) whole")
        }
        await AppFixture.type("q", to: loop, terminal)
        #expect(!loop.model.showsHelp)
        #expect(!loop.hasQuit, "the key that closes the help does nothing else")
    }

    /// At 80×24 the help does not fit: it scrolls to its last line, above the prompt row.
    @Test func theHelpScrollsInASmallTerminal() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: 24)
        await AppFixture.send([.char("?")], to: loop, terminal)
        let count = AppView.helpLines(loop.model).lines.count
        #expect(count > AppView.helpRows(height: 24))
        await AppFixture.send(Array(repeating: Key.pageDown, count: 5), to: loop, terminal)
        #expect(loop.model.showsHelp, "scrolling keeps the help open")
        let frame = try #require(terminal.lastFrame).text()
        #expect(frame.contains { $0.contains("of \(count)") && $0.contains("Help ·") })
        let last = try #require(AppView.helpLines(loop.model).lines.last)
        #expect(frame.contains { $0.contains(last.action) }, "the last line is reachable")
        #expect(frame[22].hasPrefix(":") && !frame[22].contains("└"), "the prompt row stays clear")
    }

    @Test func qAndCtrlCQuit() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("q", to: loop, terminal)
        #expect(loop.hasQuit)
        let (other, otherTerminal) = try AppFixture.loop()
        await AppFixture.type(":abc", to: other, otherTerminal)
        await AppFixture.send([.ctrl("c")], to: other, otherTerminal)
        #expect(!other.hasQuit, "Ctrl-C at the prompt drops the line")
        #expect(other.model.prompt.isEmpty && other.model.focus == .phone)
        await AppFixture.send([.ctrl("c"), .char("x")], to: other, otherTerminal)
        #expect(other.hasQuit)
        #expect(otherTerminal.pendingKeys == [.char("x")], "the loop stops reading after Ctrl-C")
    }

    @Test func resizeRelayoutsAndTooSmallShowsANotice() async throws {
        let (loop, terminal) = try AppFixture.loop()
        terminal.resize(width: 80, height: 24)
        await AppFixture.send([], to: loop, terminal)
        #expect(loop.model.width == 80 && loop.model.height == 24)
        #expect(try #require(terminal.lastFrame).width == 80)
        terminal.resize(width: 30, height: 10)
        await AppFixture.send([], to: loop, terminal)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("terminal too small"))
        #expect(text.contains("have 30×10"))
    }

    @Test func controlAndBidiCharactersInURLsAreShownEscaped() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://user/a\u{202E}b\r", to: loop, terminal)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("⟨U+202E⟩"))
        #expect(!text.contains("\u{202E}"))
    }

    // MARK: Animation

    @Test func aPushPlaysAsTicksAndEndsOnTheNewScreen() async throws {
        let (loop, terminal) = try AppFixture.loop(animations: true)
        await AppFixture.type(":app://user/1\r", to: loop, terminal)
        // Typing 14 keys, then 6 ticks: frames 1…6 of 7, then the final screen.
        #expect(terminal.frames.count == 1 + 14 + 6)
        #expect(loop.model.playback == nil)
        let finalText = try #require(terminal.lastFrame).description
        let midText = terminal.frames[terminal.frames.count - 4].description
        #expect(midText != finalText)
        #expect(midText.contains("Home"), "the old screen is still partly visible")
    }

    @Test func aKeyCutsTheAnimationShort() async throws {
        let (loop, terminal) = try AppFixture.loop(animations: true)
        await AppFixture.send([], to: loop, terminal)
        await loop.perform(.open("app://user/1"))
        #expect(loop.model.playback?.frame == 1)
        await loop.handle(.char("2"))
        #expect(loop.model.playback == nil, "the tab switch is immediate and the push jumped to its end")
        #expect(loop.model.state.selectedTab == 1)
    }

    @Test func tabSwitchesAndNoAnimationAreImmediate() async throws {
        let (loop, terminal) = try AppFixture.loop(animations: true)
        await AppFixture.send([], to: loop, terminal)
        await loop.perform(.tab(2))
        #expect(loop.model.playback == nil)
        let (still, _) = try AppFixture.loop(animations: false)
        await still.perform(.open("app://user/1"))
        #expect(still.model.playback == nil)
    }

    @Test func pushesInsideTheStackLeaveTheTabBarStill() async throws {
        let (loop, _) = try AppFixture.loop(animations: true)
        await loop.perform(.open("app://user/1"))
        let playback = try #require(loop.model.playback)
        let screen = loop.model.layout.screen
        #expect(playback.region == Rect(x: 0, y: 0, width: screen.width, height: screen.height - 2))
        await loop.perform(.open("app://share/1"))
        #expect(try #require(loop.model.playback).region == Rect(x: 0, y: 0, width: screen.width, height: screen.height))
    }

    @Test func aCompositeStepPlaysEachAnimatedPartFromTheScreenItStartedOn() async throws {
        let (loop, _) = try AppFixture.loop(animations: true)
        // From Home: an instant tab switch, then the push. The push slides over Discover, the tab
        // it is pushed on, not over Home.
        let report = await loop.perform(.open("app://discover/item/7"))
        #expect(report.stages.map(\.transition.kind) == ["tabSwitch", "push"])
        let push = try #require(loop.model.playback)
        #expect(loop.model.queuedPlaybacks.isEmpty, "the tab switch has no animation")
        #expect(push.animator.old.description.contains("Discover"))
        #expect(!push.animator.old.description.contains("Welcome to the test shop."), "Home is not what slides out")
        // A sheet over the stack, then a tab jump that dismisses it first: the dismiss plays, then nothing else moves.
        _ = loop.model.update(.finishPlayback)
        await loop.perform(.open("app://share/1"))
        _ = loop.model.update(.finishPlayback)
        let jump = await loop.perform(.open("app://home?jumpType=5&tabBarSelecIndex=0"))
        #expect(jump.stages.first?.transition.kind == "dismiss")
        #expect(loop.model.playback != nil)
        // Every frame of every part is played, then the playback ends.
        var frames = 0
        while loop.model.playback != nil, frames < 500 {
            _ = loop.model.update(.tick)
            frames += 1
        }
        #expect(loop.model.playback == nil && loop.model.queuedPlaybacks.isEmpty)
    }

    // MARK: Pure parts

    @Test func keysMapToMessagesByFocus() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        #expect(model.message(for: .char("3")) == .navigate(.tab(3)))
        #expect(model.message(for: .char("l")) == .navigate(.login), "L only logs in, wherever it is pressed")
        #expect(model.message(for: .function(2)) == .toggleLog)
        // At a tab's root Esc says there is nowhere to go back to, without running a failing back.
        #expect(model.message(for: .escape) == .declined(.back(), AppStatus("Nothing to go back to: Home is the first screen",
                                                                            kind: .note)))
        #expect(model.message(for: .resize, terminalSize: (50, 20)) == .resize(width: 50, height: 20))
        model.isShowingLogin = true
        #expect(model.message(for: .char("L")) == .navigate(.login))
        model.focus = .prompt
        #expect(model.message(for: .char("q")) == .editPrompt(.char("q")))
        #expect(model.message(for: .backspace) == .cancelPrompt)
        #expect(model.message(for: .ctrl("c")) == .cancelPrompt, "Ctrl-C at the prompt drops the line")
        model.focus = .phone
        #expect(model.message(for: .ctrl("c")) == .quit)
        model.focus = .prompt
        model.focus = .filter
        #expect(model.message(for: .enter) == .useRoute(nil))
        #expect(model.message(for: .char("x")) == .editFilter(.char("x")))
    }

    @Test func routeRowsFilterOnEveryWord() {
        let rows = [
            RouteRow(kind: .route, pattern: "app://order/:id", target: "OrderDetail", metadata: ["requiresLogin"], interceptors: ["LoginGate"]),
            RouteRow(kind: .route, pattern: "app://home", target: "Home"),
        ]
        #expect(RouteRow.filter(rows, by: "") == rows)
        #expect(RouteRow.filter(rows, by: "ORDER login").map(\.target) == ["OrderDetail"])
        #expect(RouteRow.filter(rows, by: "order home").isEmpty)
        #expect(RouteRow.filter(rows, by: "gate").map(\.target) == ["OrderDetail"], "interceptors are searched too")
        #expect(rows[0].flags == "🔒")
        #expect(rows[0].notes == ["requiresLogin", "via LoginGate"])
    }

    @Test func logEntryTimesAreFormattedLikeTraces() {
        #expect(RouteLogEntry.format(0.000_012) == "12 µs")
        #expect(RouteLogEntry.format(0.0042) == "4 ms")
        #expect(RouteLogEntry.format(.infinity) == "? µs")
        #expect(RouteLogEntry.format(1e300) == "1000000000000 ms")
    }
}

/// A replay's prompt hint names every key it takes and fits 80 columns whole after the prompt's `: `.
@MainActor
struct ReplayHintWidthTests {
    @Test(arguments: [AppModel.Replaying.stepwise, .lastStep, .timed])
    func theReplayHintFitsEightyColumns(_ mode: AppModel.Replaying) async throws {
        let (loop, _) = try AppFixture.loop(width: 80, height: 24)
        var model = loop.model
        model.replaying = mode
        let hint = AppView.promptHint(model)
        #expect(DisplayWidth.of(": " + hint) <= 80, "\(hint)")
        #expect(hint.contains("q quits") && hint.contains("any key"), "\(hint)")
        loop.model = model
        loop.present()
        let rows = loop.frame.canvas.text()
        #expect(rows.contains { $0.contains(hint) }, "the hint is drawn whole: \(rows.suffix(2))")
    }
}

/// A replay whose expectations all pass on a file with errors ends on an error that names the file: the
/// run exits 1, and the screen says why.
@MainActor
struct ReplayOnABrokenFileTests {
    @Test(arguments: [([String](), AppStatus.Kind.note), (["bad.json: 1 entry left out for errors"], .error)])
    func theClosingStatusNamesTheFilesThatFailTheRun(files: [String], kind: AppStatus.Kind) async throws {
        let (loop, _) = try AppFixture.loop(width: 120, height: 40)
        loop.replayFailsOn = files
        let failed = await loop.replay(script: "open app://discover\nexpect top Discover\n", delayMilliseconds: 0,
                                       stepwise: false)
        #expect(failed.isEmpty)
        let status = try #require(loop.model.status)
        #expect(status.kind == kind, "\(status)")
        #expect(status.text.hasPrefix("Replay finished: 1 command run; 1 of 1 expectations passed, 0 failed"))
        #expect(status.text.contains("bad.json: 1 entry left out for errors: exit status 1") == !files.isEmpty,
                "\(status.text)")
    }
}

/// A reload's message counts the routes as the route table's title does, a mounted service's too: the
/// test shop with services mounted, and a generated app (whose index screens are not listed).
@MainActor
struct ReloadCountTests {
    @Test(arguments: [false, true])
    func theReloadCountIsTheRouteTablesCount(generated: Bool) async throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile"),
            RouteDefinition(pattern: "shop://cart", target: "Cart"),
        ])
        let runtime = generated
            ? try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
            : try AppFixture.runtime()
        try runtime.router.mountServices(ServiceRegistry(), at: "app://services")
        let loop = AppLoop(runtime: runtime, terminal: MemoryTerminal(width: 120, height: 40), animations: false)
        let rows = loop.model.routePanel.index.all.filter { $0.kind == .route }
        #expect(rows.contains { $0.pattern.hasPrefix("app://services/") }, "\(rows.map(\.pattern))")
        #expect(RouteRow.listedRouteCount(runtime) == rows.count)
        if generated { #expect(rows.count == 4, "two of the file, two of the services: \(rows.map(\.pattern))") }
    }
}

/// PgDn in the help turns a page: what the help shows less one line, at every height it scrolls at.
@MainActor
struct HelpPageTests {
    @Test(arguments: [16, 24, 30])
    func pageDownTurnsAPage(height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: 80, height: height)
        await AppFixture.send([.char("?")], to: loop, terminal)
        let rows = AppView.helpRows(height: height)
        let total = AppView.helpLines(loop.model).lines.count
        try #require(total > rows, "the help scrolls at \(height) rows")
        await AppFixture.send([.pageDown], to: loop, terminal)
        #expect(loop.model.helpScroll == min(rows - 1, total - rows))
        let title = "Help · \(loop.model.helpScroll + 1)–\(loop.model.helpScroll + rows) of \(total)"
        #expect(try #require(terminal.lastFrame).description.contains(title))
    }
}

/// An error about an earlier open does not stay in the status line once a route of the table is brought
/// to the prompt to open next; the log keeps it.
@MainActor
struct StaleErrorTests {
    @Test func choosingARouteClearsAnEarlierError() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 120, height: 40)
        await AppFixture.type(":app://nope/1\r", to: loop, terminal)
        #expect(loop.model.status?.kind == .error)
        await AppFixture.send([.function(3)], to: loop, terminal)
        await AppFixture.type("discover", to: loop, terminal)
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.focus == .prompt && loop.model.prompt.text.hasPrefix("app://discover"))
        #expect(loop.model.status?.kind != .error, "\(String(describing: loop.model.status))")
        #expect(loop.model.log.contains { ($0.event ?? $0.outcome).contains("app://nope/1") || $0.url == "app://nope/1" })
    }
}

/// A replayed step with several failures shows the first in the status line (`+1 more`) and logs every
/// one of them whole.
@MainActor
struct ReplayStepLogTests {
    @Test func everyFailureOfAStepIsInTheLog() async throws {
        let (loop, _) = try AppFixture.loop(width: 80, height: 24)
        _ = await loop.replay(script: "open app://discover\nexpect top Nowhere\ntpa 2\n", delayMilliseconds: 0,
                              stepwise: false)
        let step = try #require(loop.model.log.last { ($0.event ?? "").contains("Replay 1/1") }?.event)
        #expect(step.contains("line 2: FAILED: expect top Nowhere") && step.contains("line 3: error: unknown command"),
                "\(step)")
        #expect(!step.contains("more)"), "\(step)")
    }
}

/// The hint that the log has no room beside the phone follows the terminal's size: it names the new
/// width while the log still has no room, and goes once it fits.
@MainActor
struct LogRoomHintTests {
    @Test func theHintFollowsAResize() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 60, height: 20)
        await AppFixture.send([.function(2)], to: loop, terminal)
        #expect(loop.model.status?.text.contains("(the terminal has 60)") == true, "\(String(describing: loop.model.status))")
        terminal.resize(width: 64, height: 20)
        await AppFixture.send([], to: loop, terminal)
        #expect(loop.model.status?.text.contains("(the terminal has 64)") == true, "\(String(describing: loop.model.status))")
        terminal.resize(width: 100, height: 30)
        await AppFixture.send([], to: loop, terminal)
        #expect(loop.model.layout.log != nil)
        #expect(loop.model.status?.text.contains("The log needs") != true, "\(String(describing: loop.model.status))")
    }
}

/// The phone grows to show every tab label whole where the terminal has the room (six hosts at 120
/// columns, the log open beside it), and stays as it was where the labels fit anyway.
@MainActor
struct TabBarWidthTests {
    @Test func sixTabsShowWholeAt120Columns() async throws {
        let hosts = ["home", "item", "order", "account", "search", "profile"]
        let file = RouteFile(routes: hosts.map { RouteDefinition(pattern: "shop://\($0)/:id", target: $0.capitalized) })
        let runtime = try AppRuntime(app: AppDescription.generated(from: file, name: "live.json"))
        let terminal = MemoryTerminal(width: 120, height: 40)
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false)
        await AppFixture.send([.function(2)], to: loop, terminal)
        let text = try #require(terminal.lastFrame).description
        for (index, host) in hosts.enumerated() {
            #expect(text.contains("\(index + 1) \(host)"), "tab \(index + 1) whole: \(text)")
        }
        #expect(loop.model.layout.log != nil, "the log stays beside the phone")
        let (shop, _) = try AppFixture.loop(width: 120, height: 40)
        #expect(shop.model.layout.phone.width == AppLayout.phoneWidthFor(columns: 120), "four tabs fit as before")
    }
}
