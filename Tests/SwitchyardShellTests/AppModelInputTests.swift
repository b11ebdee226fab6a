import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Paste, word motions, Backspace, Ctrl-Z and bursts of input, through the model and the loop.
@Suite("App input: paste, words, suspend")
@MainActor
struct AppModelInputTests {
    // MARK: Paste

    @Test func aPasteOnThePhoneOpensThePromptWithTheWholeText() async throws {
        let (loop, terminal) = try AppFixture.loop()
        // Keys would have been commands: `a` nothing, `p` nothing, `:` the prompt… the paste is text.
        terminal.paste("app://search/shoes?sort=price")
        await AppFixture.send([], to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://search/shoes?sort=price")
        #expect(loop.model.state.compactDescription == "[Home] Home", "nothing opened yet")
        #expect(try #require(terminal.lastFrame).description.contains(": app://search/shoes?sort=price"))
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Home] Home > Search: shoes")
    }

    @Test func aPastedNewlineIsNotEnter() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.paste("app://user/1\r")], to: loop, terminal)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://user/1")
        #expect(loop.model.state.compactDescription == "[Home] Home")
        await AppFixture.send([.paste("a\nb\r\nc\n")], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://user/1a b c")
        await AppFixture.send([.paste("\u{1B}[2J\u{7}")], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://user/1a b c[2J")
        let frame = try #require(terminal.lastFrame).description
        #expect(!frame.contains("\u{1B}") && !frame.contains("\u{7}"))
    }

    @Test func aPasteAtThePromptGoesInAtTheCursor() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/", to: loop, terminal)
        await AppFixture.send([.left, .paste("x/")], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://orderx//")
        #expect(loop.model.prompt.textBeforeCursor == "app://orderx/")
    }

    @Test func aPasteClosesTheHelpAndIsKept() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("?", to: loop, terminal)
        #expect(loop.model.showsHelp)
        await AppFixture.send([.paste("app://user/2")], to: loop, terminal)
        #expect(!loop.model.showsHelp)
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.prompt.text == "app://user/2")
    }

    @Test func aPasteIntoTheFocusedFilterStaysThere() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("R", to: loop, terminal)
        #expect(loop.model.focus == .filter)
        await AppFixture.send([.down, .paste("order\n")], to: loop, terminal)
        #expect(loop.model.focus == .filter)
        #expect(loop.model.filter.text == "order")
        #expect(loop.model.routePanel.selection == 0)
        #expect(loop.model.prompt.isEmpty)
    }

    @Test func anEmptyPasteChangesNothing() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.paste("\n")], to: loop, terminal)
        #expect(loop.model.focus == .phone)
        #expect(loop.model.prompt.isEmpty)
    }

    // MARK: Words and Backspace

    @Test func wordMotionsKeepThePromptAndItsDraft() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/42", to: loop, terminal)
        await AppFixture.send([.alt("b"), .alt("b")], to: loop, terminal)
        #expect(loop.model.focus == .prompt, "Alt-b is not Escape")
        #expect(loop.model.prompt.textBeforeCursor == "app://")
        await AppFixture.send([.alt("f"), .ctrlLeft, .ctrlRight, .ctrlRight], to: loop, terminal)
        #expect(loop.model.prompt.textBeforeCursor == "app://order/42")
        await AppFixture.send([.alt("b"), .char("7")], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://order/742")
        #expect(loop.model.focus == .prompt)
        #expect(loop.model.state.compactDescription == "[Home] Home", "nothing navigated")
        let frame = try #require(terminal.lastFrame)
        #expect(frame.description.contains(": app://order/742"))
        #expect(frame.cursor == Point(x: 2 + "app://order/7".count, y: 28))
    }

    @Test func wordMotionsAndAltKeysOnThePhoneDoNothing() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("2", to: loop, terminal)
        await AppFixture.send([.alt("b"), .alt("f"), .ctrlLeft, .ctrlRight, .altBackspace, .alt("q")], to: loop, terminal)
        #expect(loop.model.state.compactDescription == "[Discover] Discover")
        #expect(loop.model.focus == .phone)
        #expect(!loop.hasQuit)
    }

    @Test func wordDeletionNeverClosesThePromptOrNavigates() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://user/1\r:app://order/42", to: loop, terminal)
        await AppFixture.send([.altBackspace, .ctrl("w")], to: loop, terminal)
        #expect(loop.model.prompt.text == "app://")
        await AppFixture.send([.altBackspace, .altBackspace, .ctrl("w")], to: loop, terminal)
        #expect(loop.model.prompt.isEmpty)
        #expect(loop.model.focus == .prompt, "only Backspace on an empty prompt closes it")
        #expect(loop.model.state.top.title == "User 1")
        await AppFixture.send([.backspace], to: loop, terminal)
        #expect(loop.model.focus == .phone)
        #expect(loop.model.state.top.title == "User 1")
    }

    @Test func backspaceAfterAPasteDeletesOneCharacterAtATime() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.paste("ab"), .backspace], to: loop, terminal)
        #expect(loop.model.prompt.text == "a")
        #expect(loop.model.focus == .prompt)
        await AppFixture.send([.backspace], to: loop, terminal)
        #expect(loop.model.prompt.isEmpty)
        #expect(loop.model.focus == .prompt)
        await AppFixture.send([.backspace], to: loop, terminal)
        #expect(loop.model.focus == .phone)
        #expect(loop.model.state.compactDescription == "[Home] Home")
    }

    // MARK: Suspend

    @Test func ctrlZSuspendsAndRedrawsAtTheNewSize() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://x", to: loop, terminal)
        #expect(loop.model.message(for: .ctrl("z")) == .suspend)
        let frames = terminal.frames.count
        // The terminal changes size while the app is suspended; its resize event is not read yet.
        terminal.resize(width: 80, height: 24)
        await loop.handle(.ctrl("z"))
        #expect(terminal.suspendCount == 1)
        #expect(loop.model.status?.text.contains("no job-control") != true, "a suspend that worked says nothing")
        #expect(loop.model.width == 80 && loop.model.height == 24)
        #expect(loop.model.prompt.text == "app://x", "the draft survives")
        #expect(loop.model.focus == .prompt)
        await AppFixture.send([], to: loop, terminal)
        #expect(terminal.frames.count > frames)
        #expect(try #require(terminal.lastFrame).width == 80)
    }

    @Test func ctrlZWithoutAShellSaysSo() async throws {
        let (loop, terminal) = try AppFixture.loop()
        terminal.canSuspend = false
        await AppFixture.send([.ctrl("z")], to: loop, terminal)
        #expect(terminal.suspendCount == 1)
        #expect(loop.model.status == AppStatus("Ctrl-Z: no job-control shell to suspend to (q quits)", kind: .error))
        #expect(!loop.hasQuit)
    }

    // MARK: Messages that stay true

    @Test func aPromptHintClearsWhenTheTextChanges() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type(":app://order/", to: loop, terminal)
        for _ in 0..<4 where loop.model.prompt.activeField == nil { await AppFixture.send([.tab], to: loop, terminal) }
        try #require(loop.model.prompt.activeField != nil, "completion put a pattern with a placeholder: \(loop.model.prompt.text)")
        await AppFixture.send([.enter], to: loop, terminal)
        let hint = try #require(loop.model.status)
        #expect(hint.text.hasPrefix("Type a value for"), "\(hint)")
        await AppFixture.type("7", to: loop, terminal)
        #expect(loop.model.status != hint, "the hint is stale once the text changed")
        #expect(loop.model.messagesPanel.entries.contains(hint), "it stays in the messages view")
    }

    @Test func anErrorClearsOnceThePromptsTextChanges() async throws {
        let (loop, terminal) = try AppFixture.loop()
        terminal.canSuspend = false
        await AppFixture.send([.ctrl("z")], to: loop, terminal)
        #expect(loop.model.status?.kind == .error)
        await AppFixture.type(":app", to: loop, terminal)
        #expect(loop.model.status == nil, "a refusal is stale once the user types: \(String(describing: loop.model.status))")
    }

    @Test func everyMessageInTheLogHasATime() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.send([.ctrl("z")], to: loop, terminal)
        await AppFixture.type(":app://zzz", to: loop, terminal)
        await AppFixture.send([.tab], to: loop, terminal)
        let events = loop.model.logPanel.entries.filter { $0.event != nil }
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.time != nil }, "\(events.map { ($0.event ?? "", $0.time as Any) })")
    }

    @Test func theHelpClosesOnAScrollKeyWhenItFits() async throws {
        let (loop, terminal) = try AppFixture.loop(width: 160, height: 120)
        await AppFixture.send([.char("?")], to: loop, terminal)
        #expect(loop.model.showsHelp)
        await AppFixture.send([.char("j")], to: loop, terminal)
        #expect(!loop.model.showsHelp, "'press any key to close' holds for j too when nothing scrolls")
    }

    // MARK: Bursts

    @Test func aBurstOfKeysIsDrawnOnceWhenCoalescing() async throws {
        let (loop, terminal) = try AppFixture.loop()
        loop.coalescesWaitingKeys = true
        loop.coalescingLimitMilliseconds = 60_000
        let url = "app://search/" + String(repeating: "s", count: 500)
        await AppFixture.type(":" + url, to: loop, terminal)
        #expect(loop.model.prompt.text == url)
        #expect(terminal.frames.count == 2, "the first frame, then one for the whole burst")
        await AppFixture.send([.enter], to: loop, terminal)
        #expect(loop.model.state.top.title == "Search: " + String(repeating: "s", count: 500))
    }

    @Test func coalescingDrawsBeforeAMouseEvent() async throws {
        let (loop, terminal) = try AppFixture.loop()
        loop.coalescesWaitingKeys = true
        loop.coalescingLimitMilliseconds = 60_000
        // `2` changes the screen; the click is aimed at what is drawn after it (Discover's second
        // link). Mapped through the frame before `2`, the same spot is another link of Home.
        let (discover, discoverTerminal) = try AppFixture.loop()
        await AppFixture.type("2", to: discover, discoverTerminal)
        let link = try #require(discover.frame.hits.first { $0.target == .item(1) })
        await AppFixture.send([.char("2"), .mouse(x: link.rect.x + 3, y: link.rect.y, kind: .click)], to: loop, terminal)
        #expect(loop.model.state.top.title == "Item #8")
    }

    @Test func memoryTerminalReadsLongQueuesInOrder() {
        let terminal = MemoryTerminal(keys: Key.typing(String(repeating: "ab", count: 10_000)))
        terminal.paste("p")
        var count = 0
        var last: Key?
        while let key = terminal.readKey(timeoutMilliseconds: 0) {
            count += 1
            last = key
        }
        #expect(count == 20_001)
        #expect(last == .paste("p"))
        #expect(terminal.pendingKeys.isEmpty)
        terminal.enqueue([.enter])
        #expect(terminal.pendingKeys == [.enter])
    }

    /// 20,000 keys and 10 kB pastes through the model and the view, as the loop sends them
    /// (timing is the benchmark's job: this checks the results).
    @Test func longInputThroughTheModel() throws {
        var model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        _ = model.update(model.message(for: .char(":")))
        for index in 0..<20_000 {
            _ = model.update(model.message(for: .char(alphabet[index % alphabet.count])))
        }
        let chunk = String(repeating: "app://x/", count: 1250)
        for _ in 0..<10 {
            _ = model.update(model.message(for: .paste(chunk + "\r")))
        }
        #expect(model.focus == .prompt)
        #expect(model.prompt.count == 120_000)
        let frame = AppView.render(model)
        let promptRow = frame.canvas.text()[28]
        #expect(promptRow.hasPrefix(": "))
        #expect(promptRow.hasSuffix("app://x/app://x/"))
        #expect(frame.canvas.cursor == Point(x: 99, y: 28))
    }
}
