import Foundation
import Testing

/// The real binary's input in tmux: bracketed paste, word motions, resizes drawn at once,
/// NO_COLOR, TERM=dumb and Ctrl-Z.
@Suite(
    "End to end input (tmux)",
    .serialized,
    .disabled(if: TmuxDriver.skipReason != nil, Comment(rawValue: TmuxDriver.skipReason ?? ""))
)
struct InputEndToEndTests {
    /// The binary (the suite is disabled when there is none).
    private var binary: String {
        TmuxDriver.binary ?? "switchyard"
    }

    /// The prompt line (the pane's second last line), without trailing spaces.
    private static func promptLine(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = lines.last == "" ? lines.dropLast() : lines[...]
        guard shown.count >= 2 else {
            return nil
        }
        let line = shown[shown.index(shown.endIndex, offsetBy: -2)]
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    @Test func aPasteOpensThePromptWithTheWholeURL() async throws {
        let tmux = try TmuxDriver(name: "paste")
        defer { tmux.kill() }
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation"))
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
        // Typed as keys, `a` `p` `p` would be lost and `:` would open the prompt late.
        tmux.paste("app://search/shoes?sort=price\n")
        let pasted = await tmux.waitFor { Self.promptLine($0) == ": app://search/shoes?sort=price" }
        try #require(pasted != nil, "the whole URL is at the prompt: \(tmux.capture())")
        #expect(pasted?.contains("Search: shoes") == false, "its newline did not submit it")
        tmux.press("Enter")
        #expect(await tmux.waitFor("‹ Back", "Search: shoes", "query    sort = price") != nil, "opened with Enter: \(tmux.capture())")
        // Lines of a multi-line paste are joined with spaces; escapes in it are not run.
        tmux.paste("app://user/1\napp://user/2\u{1B}[2J\n")
        let joined = await tmux.waitFor { Self.promptLine($0) == ": app://user/1 app://user/2[2J" }
        #expect(joined != nil, "one line: \(tmux.capture())")
    }

    @Test func mouseClicksOnTabsLinksAndBackGoThroughTheRouter() async throws {
        let tmux = try TmuxDriver(name: "mouse")
        defer { tmux.kill() }
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation"))
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
        // A tab: the click reaches the router as a tab switch.
        let tab = try #require(tmux.position(of: "2 Discover"))
        tmux.click(x: tab.x + 2, y: tab.y)
        try #require(await tmux.waitFor("Switched to Discover") != nil, "the tab click: \(tmux.capture())")
        // A link of the new screen, then ‹ Back.
        let link = try #require(tmux.position(of: "Item #8"))
        tmux.click(x: link.x + 1, y: link.y)
        try #require(await tmux.waitFor("‹ Back", "app://discover/item/8") != nil, "the link click: \(tmux.capture())")
        let back = try #require(tmux.position(of: "‹ Back"))
        tmux.click(x: back.x + 1, y: back.y)
        #expect(await tmux.waitFor { !$0.contains("‹ Back") && $0.contains("Discover") } != nil, "the back click: \(tmux.capture())")
    }

    @Test func withoutMouseModeAClickIsNotRead() async throws {
        let tmux = try TmuxDriver(name: "nomouse")
        defer { tmux.kill() }
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation --no-mouse"))
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
        let tab = try #require(tmux.position(of: "2 Discover"))
        tmux.click(x: tab.x + 2, y: tab.y)
        tmux.type("3")
        // `3` is handled after the click's bytes: by then the click would have switched to tab 2.
        try #require(await tmux.waitFor("needs login") != nil || tmux.capture().contains("Orders"), "\(tmux.capture())")
        #expect(!tmux.capture().contains("Switched to Discover"), "no tab switch from a click: \(tmux.capture())")
    }

    @Test func altAndCtrlArrowsMoveByWordAtThePrompt() async throws {
        let tmux = try TmuxDriver(name: "words")
        defer { tmux.kill() }
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation"))
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
        tmux.type(":app://order/42")
        try #require(await tmux.waitFor { Self.promptLine($0) == ": app://order/42" } != nil)
        tmux.press("M-b")
        tmux.press("C-Left")
        tmux.type("x")
        let moved = await tmux.waitFor { Self.promptLine($0) == ": app://xorder/42" }
        try #require(moved != nil, "Alt-b and Ctrl-Left moved back two words without closing the prompt: \(tmux.capture())")
        tmux.press("M-f")
        tmux.press("C-Right")
        tmux.type("9")
        try #require(await tmux.waitFor { Self.promptLine($0) == ": app://xorder/429" } != nil, "\(tmux.capture())")
        tmux.press("M-BSpace")
        let deleted = await tmux.waitFor { Self.promptLine($0) == ": app://xorder/" }
        #expect(deleted != nil, "Alt-Backspace deleted a word: \(tmux.capture())")
        #expect(deleted?.contains("Esc cancel") == true, "the prompt is still open")
        #expect(deleted?.contains("Welcome to the Switchyard demo shop.") == true, "nothing navigated")
    }

    /// A resize is drawn as soon as the signal arrives, not at the next idle tick (a second
    /// apart): the median of five resizes, each timed until the new layout is on screen (the
    /// time includes polling tmux), is under 200 ms.
    @Test func aResizeIsDrawnAtOnce() async throws {
        let tmux = try TmuxDriver(name: "resize-latency")
        defer { tmux.kill() }
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation"))
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        for attempt in 0..<5 {
            // Phone centred: 13 columns in at 70, 28 at 100.
            let (width, height, indent) = attempt % 2 == 0 ? (70, 20, 13) : (100, 30, 28)
            try? await Task.sleep(for: .milliseconds(150 + 97 * attempt))
            let started = clock.now
            tmux.tmux("resize-window -t app -x \(width) -y \(height)")
            let drawn = await tmux.waitFor(timeout: .seconds(5), pollInterval: .milliseconds(5)) { screen in
                screen.split(separator: "\n").first?.hasPrefix(String(repeating: " ", count: indent) + "┌─ Switchyard Shop") == true
            }
            try #require(drawn != nil, "the \(width)×\(height) layout is drawn: \(tmux.capture())")
            latencies.append(clock.now - started)
        }
        let median = latencies.sorted()[latencies.count / 2]
        #expect(median < .milliseconds(200), "resize latencies: \(latencies)")
    }

    @Test func noColorKeepsBoldAndReverseOnly() async throws {
        func sgrParameters(_ screen: String) -> Set<String> {
            var parameters: Set<String> = []
            var rest = screen[...]
            while let start = rest.range(of: "\u{1B}[") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "m") else {
                    break
                }
                for parameter in rest[..<end].split(separator: ";") {
                    parameters.insert(String(parameter))
                }
                rest = rest[rest.index(after: end)...]
            }
            return parameters
        }
        // 38/48 (indexed or RGB), 30–37, 40–47, 90–97, 100–107 set colours; 39 and 49 reset them.
        func setsColour(_ parameter: String) -> Bool {
            guard let value = Int(parameter) else {
                return false
            }
            return [38, 48].contains(value) || (30...37).contains(value) || (40...47).contains(value)
                || (90...97).contains(value) || (100...107).contains(value)
        }
        for (noColor, coloured) in [("1", false), ("", true)] {
            let tmux = try TmuxDriver(name: "nocolor-\(coloured)")
            defer { tmux.kill() }
            tmux.start("NO_COLOR=\(noColor) " + TmuxDriver.appCommand(binary, "--no-animation"))
            try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
            let parameters = sgrParameters(tmux.captureWithEscapes())
            #expect(parameters.contains { setsColour($0) } == coloured, "NO_COLOR=\(noColor): \(parameters.sorted())")
            #expect(parameters.contains("1"), "bold stays: \(parameters.sorted())")
            if !coloured {
                #expect(parameters.contains("7"), "the title bar is reversed: \(parameters.sorted())")
            }
        }
    }

    @Test func aDumbOrUnknownTermRunsTheScriptRunnerAndSaysWhy() async throws {
        let notice = "switchyard: no terminal; running the script runner on standard input"
        for (term, reason) in [("dumb", "TERM=dumb cannot move the cursor"), ("no-such-terminal", "TERM=no-such-terminal is unknown to terminfo")] {
            let tmux = try TmuxDriver(name: "term-\(term)")
            defer { tmux.kill() }
            tmux.start(TmuxDriver.appCommand(binary, term: term) + "; echo SY-DONE; exec sh", width: 200)
            try #require(await tmux.waitFor("\(notice) (\(reason))") != nil, "\(tmux.capture())")
            tmux.type("open app://discover/item/7")
            tmux.press("Enter", "C-d")
            #expect(await tmux.waitFor("state: [Discover] Discover > Item #7", "SY-DONE") != nil, "\(tmux.capture())")
        }
        let tmux = try TmuxDriver(name: "term-pipe")
        defer { tmux.kill() }
        let piped = tmux.shell("printf 'open app://home\\n' | " + TmuxDriver.appCommand(binary))
        #expect(piped.output.contains("\(notice) (standard input is not a terminal)"), "\(piped.output)")
    }

    @Test func ctrlZSuspendsToTheShellAndFgResumes() async throws {
        let tmux = try TmuxDriver(name: "suspend")
        defer { tmux.kill() }
        let q = TmuxDriver.quote
        tmux.start("env PS1='SY-PROMPT$ ' sh -i")
        try #require(await tmux.waitFor("SY-PROMPT$") != nil, "an interactive shell: \(tmux.capture())")
        tmux.type("stty -g > \(q(tmux.path("before"))); " + TmuxDriver.appCommand(binary, "--no-animation"))
        tmux.press("Enter")
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil, "\(tmux.capture())")
        tmux.type(":app://x")
        try #require(await tmux.waitFor { Self.promptLine($0) == ": app://x" } != nil)
        tmux.press("C-z")
        let stopped = await tmux.waitFor { $0.contains("Stopped") && !$0.contains("Welcome to the Switchyard demo shop.") }
        try #require(stopped != nil, "the shell reports the stopped job: \(tmux.capture())")
        #expect(tmux.display("#{alternate_on}") == "0", "the shell's screen is back")
        // The shell has its terminal settings, and a paste reaches it without bracket markers.
        tmux.type("stty -g > \(q(tmux.path("during")))")
        tmux.press("Enter")
        let before = await tmux.waitForFile("before")
        let during = await tmux.waitForFile("during")
        #expect(before != nil && before == during, "stty -g before the app and while it is suspended are equal")
        tmux.paste("echo SY-PASTED\n")
        let echoed = await tmux.waitFor { $0.split(separator: "\n").contains("SY-PASTED") }
        #expect(echoed != nil, "the paste ran as a plain command: \(tmux.capture())")
        tmux.type("fg")
        tmux.press("Enter")
        let resumed = await tmux.waitFor { screen in
            screen.contains("Welcome to the Switchyard demo shop.") && Self.promptLine(screen) == ": app://x"
        }
        try #require(resumed != nil, "the app is back with its draft: \(tmux.capture())")
        #expect(tmux.display("#{alternate_on}") == "1")
        tmux.type("y")
        #expect(await tmux.waitFor { Self.promptLine($0) == ": app://xy" } != nil, "keys work after fg: \(tmux.capture())")
        // Ctrl-C at the prompt drops the line, as a shell does; on the phone it quits.
        tmux.press("C-c")
        #expect(await tmux.waitFor { !$0.contains(": app://xy") && $0.contains("Welcome to the Switchyard demo shop.") } != nil,
                "Ctrl-C dropped the line: \(tmux.capture())")
        tmux.press("C-c")
        #expect(await tmux.waitFor { $0.contains("SY-PROMPT$") && !$0.contains("Welcome to the Switchyard demo shop.") } != nil, "\(tmux.capture())")
    }

    @Test func ctrlZWithoutAJobControlShellKeepsRunning() async throws {
        let tmux = try TmuxDriver(name: "nosuspend")
        defer { tmux.kill() }
        tmux.start(TmuxDriver.appCommand(binary, "--no-animation"))
        try #require(await tmux.waitFor("Welcome to the Switchyard demo shop.") != nil)
        tmux.press("C-z")
        #expect(await tmux.waitFor("Ctrl-Z: no job-control shell to suspend to (q quits)") != nil, "\(tmux.capture())")
        tmux.press("2")
        #expect(await tmux.waitFor("Things people like this week.") != nil, "the app runs on: \(tmux.capture())")
    }
}
