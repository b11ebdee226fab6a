import Testing
@testable import TerminalKit

@Suite("LineEditor")
struct LineEditorTests {
    private func typed(_ text: String, fieldWidth: Int = 80) -> LineEditor {
        var editor = LineEditor(fieldWidth: fieldWidth)
        for key in Key.typing(text) {
            _ = editor.handle(key)
        }
        return editor
    }

    @Test func insertMovesByGrapheme() {
        var editor = typed("héllo")
        #expect(editor.text == "héllo")
        #expect(editor.cursor == 5)
        #expect(editor.handle(.left) == .edited)
        #expect(editor.handle(.left) == .edited)
        editor.insert("X")
        #expect(editor.text == "hélXlo")
        #expect(editor.cursor == 4)
        #expect(editor.cursorColumn == 4)
    }

    @Test func wideAndClusteredText() {
        var editor = typed("中文")
        #expect(editor.cursorColumn == 4)
        editor.backspace()
        #expect(editor.text == "中")
        editor = typed("👨‍👩‍👧x")
        #expect(editor.cursor == 2)
        #expect(editor.cursorColumn == 3)
        editor.moveLeft()
        editor.moveLeft()
        #expect(editor.cursor == 0)
        editor.deleteForward()
        #expect(editor.text == "x")
    }

    @Test func combiningMarkTypedSeparatelyJoinsThePreviousGrapheme() {
        var editor = LineEditor()
        _ = editor.handle(.char("e"))
        _ = editor.handle(.char("\u{301}"))
        #expect(editor.text == "e\u{301}")
        #expect(editor.cursor == 1)
        #expect(editor.cursorColumn == 1)
        editor.backspace()
        #expect(editor.text.isEmpty)
    }

    @Test func homeEndDeleteAndKills() {
        var editor = typed("app://order/42")
        #expect(editor.handle(.ctrl("a")) == .edited)
        #expect(editor.cursor == 0)
        #expect(editor.handle(.ctrl("a")) == .unchanged)
        #expect(editor.handle(.delete) == .edited)
        #expect(editor.text == "pp://order/42")
        _ = editor.handle(.end)
        #expect(editor.cursor == 13)
        _ = editor.handle(.home)
        _ = editor.handle(.right)
        _ = editor.handle(.right)
        #expect(editor.handle(.ctrl("k")) == .edited)
        #expect(editor.text == "pp")
        _ = editor.handle(.ctrl("e"))
        #expect(editor.handle(.ctrl("u")) == .edited)
        #expect(editor.text.isEmpty)
        #expect(editor.handle(.backspace) == .unchanged)
    }

    @Test func wordBack() {
        var editor = typed("open app://order/42")
        _ = editor.handle(.ctrl("w"))
        #expect(editor.text == "open app://order/")
        _ = editor.handle(.ctrl("w"))
        #expect(editor.text == "open app://")
        _ = editor.handle(.ctrl("w"))
        #expect(editor.text == "open ")
        _ = editor.handle(.ctrl("w"))
        #expect(editor.text.isEmpty)
        #expect(editor.handle(.ctrl("w")) == .unchanged)
    }

    @Test func historyKeepsTheDraft() {
        var editor = LineEditor()
        editor.insert("first")
        #expect(editor.handle(.enter) == .submitted("first"))
        editor.insert("second")
        #expect(editor.submit() == "second")
        editor.insert("second")
        _ = editor.submit()                     // a repeat is not added again
        #expect(editor.history == ["first", "second"])
        editor.insert("draft")
        #expect(editor.handle(.up) == .edited)
        #expect(editor.text == "second")
        _ = editor.handle(.up)
        #expect(editor.text == "first")
        #expect(editor.handle(.up) == .unchanged)
        _ = editor.handle(.down)
        #expect(editor.text == "second")
        _ = editor.handle(.down)
        #expect(editor.text == "draft")
        #expect(editor.historyIndex == nil)
        #expect(editor.handle(.down) == .unchanged)
    }

    @Test func historyLimit() {
        var editor = LineEditor(historyLimit: 2)
        for line in ["a", "b", "c"] {
            editor.insert(line)
            _ = editor.submit()
        }
        #expect(editor.history == ["b", "c"])
        var empty = LineEditor()
        #expect(empty.submit().isEmpty)
        #expect(empty.history.isEmpty)
    }

    @Test func tabCompletesLongestCommonPrefixThenCycles() {
        let routes = ["app://order/1", "app://order/2", "app://orders", "app://settings"]
        let completer: (String) -> [String] = { prefix in routes.filter { $0.hasPrefix(prefix) } }
        var editor = typed("app://o")
        #expect(editor.handle(.tab, completer: completer) == .edited)
        #expect(editor.text == "app://order")
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/1")
        #expect(editor.completions == ["app://order/1", "app://order/2", "app://orders"])
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/2")
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://orders")
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/1")
        #expect(editor.cursor == 13)
        // Typing ends the cycle; the next Tab starts over from the new text: when the common prefix
        // adds nothing, it only lists the candidates, and the Tab after picks the first.
        _ = editor.handle(.backspace)
        #expect(editor.completions.isEmpty)
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/" && editor.completions == ["app://order/1", "app://order/2"])
        #expect(editor.completionIndex == nil)
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/1")
    }

    @Test func tabWithOneOrNoCandidate() {
        let completer: (String) -> [String] = { prefix in ["app://settings"].filter { $0.hasPrefix(prefix) } }
        var editor = typed("app://s")
        #expect(editor.handle(.tab, completer: completer) == .edited)
        #expect(editor.text == "app://settings")
        #expect(editor.handle(.tab, completer: completer) == .unchanged)
        editor = typed("zzz")
        #expect(editor.handle(.tab, completer: completer) == .unchanged)
        #expect(editor.handle(.tab) == .ignored)
    }

    @Test func tabKeepsTextAfterTheCursor() {
        let completer: (String) -> [String] = { _ in ["app://order/", "app://orders/"] }
        var editor = typed("app://or?x=1")
        for _ in 0..<4 {
            _ = editor.handle(.left)
        }
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order?x=1")
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/?x=1")
        #expect(editor.textBeforeCursor == "app://order/")
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://orders/?x=1")
    }

    @Test func horizontalScrolling() {
        var editor = typed("abcdefgh", fieldWidth: 5)
        #expect(editor.window == LineEditor.Window(text: "efgh", cursorColumn: 4, hiddenLeft: true, hiddenRight: false))
        _ = editor.handle(.home)
        #expect(editor.window == LineEditor.Window(text: "abcde", cursorColumn: 0, hiddenLeft: false, hiddenRight: true))
        _ = editor.handle(.end)
        #expect(editor.window.text == "efgh")
        for _ in 0..<3 {
            _ = editor.handle(.backspace)
        }
        #expect(editor.window == LineEditor.Window(text: "bcde", cursorColumn: 4, hiddenLeft: true, hiddenRight: false))
        editor.fieldWidth = 20
        #expect(editor.window.text == "abcde")
    }

    @Test func horizontalScrollingWithWideText() {
        let editor = typed("中文字", fieldWidth: 5)
        #expect(editor.window == LineEditor.Window(text: "文字", cursorColumn: 4, hiddenLeft: true, hiddenRight: false))
    }

    @Test func controlsAreDroppedAndBidiIsMeasuredEscaped() {
        var editor = LineEditor()
        editor.insert("a\nb\u{1B}c")
        #expect(editor.text == "abc")
        #expect(editor.handle(.char("\u{7}")) == .unchanged)
        editor.setText("x\u{202E}y")
        #expect(editor.cursorColumn == 10)   // x ⟨U+202E⟩ y
        #expect(editor.handle(.escape) == .ignored)
        #expect(editor.handle(.function(5)) == .ignored)
    }

    @Test func wordMotionsStopAtURLDelimiters() {
        var editor = typed("open app://order/42?x=1")
        #expect(editor.handle(.alt("b")) == .edited)
        #expect(editor.textBeforeCursor == "open app://order/42?x=")
        _ = editor.handle(.alt("b"))
        #expect(editor.textBeforeCursor == "open app://order/42?")
        _ = editor.handle(.ctrlLeft)
        #expect(editor.textBeforeCursor == "open app://order/")
        _ = editor.handle(.alt("b"))
        _ = editor.handle(.alt("b"))
        #expect(editor.textBeforeCursor == "open ")
        _ = editor.handle(.alt("b"))
        #expect(editor.cursor == 0)
        #expect(editor.handle(.alt("b")) == .unchanged)
        #expect(editor.handle(.alt("f")) == .edited)
        #expect(editor.textBeforeCursor == "open")
        _ = editor.handle(.ctrlRight)
        #expect(editor.textBeforeCursor == "open app")
        _ = editor.handle(.alt("f"))
        #expect(editor.textBeforeCursor == "open app://order")
        _ = editor.handle(.end)
        #expect(editor.handle(.alt("f")) == .unchanged)
        #expect(editor.text == "open app://order/42?x=1", "motions never edit")
    }

    @Test func wordDeletionsBothWays() {
        var editor = typed("app://order/42")
        #expect(editor.handle(.altBackspace) == .edited)
        #expect(editor.text == "app://order/")
        _ = editor.handle(.home)
        #expect(editor.handle(.alt("d")) == .edited)
        #expect(editor.text == "://order/")
        #expect(editor.handle(.alt("d")) == .edited)
        #expect(editor.text == "/")
        #expect(editor.handle(.altBackspace) == .unchanged)
        // Other Alt keys are not the editor's.
        #expect(editor.handle(.alt("x")) == .ignored)
        #expect(editor.text == "/")
    }

    @Test func pasteIsOneLineAndKeepsItsText() {
        var editor = typed("ab")
        _ = editor.handle(.left)
        #expect(editor.handle(.paste("XY")) == .edited)
        #expect(editor.text == "aXYb")
        #expect(editor.cursor == 3)
        editor = LineEditor()
        #expect(editor.handle(.paste("app://order/42\n")) == .edited)
        #expect(editor.text == "app://order/42", "one final newline is dropped: nothing is submitted")
        editor = LineEditor()
        _ = editor.handle(.paste("line 1\r\nline 2\rline 3\n\tend\r\n"))
        #expect(editor.text == "line 1 line 2 line 3  end")
        editor = LineEditor()
        _ = editor.handle(.paste("a\u{1B}[31mb\u{7}c\u{9B}d\u{2028}e"))
        #expect(editor.text == "a[31mbcd e", "control characters never reach the screen")
        #expect(editor.handle(.paste("\n")) == .unchanged)
        #expect(editor.handle(.paste("\u{1B}")) == .unchanged)
        #expect(LineEditor.singleLine("x\n\n") == "x ")
        #expect(LineEditor.singleLine("\u{301}") == "\u{301}")
    }

    @Test func pastedCombiningMarksJoinTheGraphemeBeforeTheCursor() {
        var editor = typed("cafe")
        _ = editor.handle(.paste("\u{301}!"))
        #expect(editor.text == "cafe\u{301}!")
        #expect(editor.count == 5)
        #expect(editor.cursor == 5)
        // Inserting a base character before a lone combining mark joins them too.
        editor = LineEditor(text: "\u{301}x")
        _ = editor.handle(.home)
        _ = editor.handle(.char("e"))
        #expect(editor.text == "e\u{301}x")
        #expect(editor.count == 2)
        #expect(editor.cursor == 1)
        // Regional indicators pair up across an insertion.
        editor = LineEditor(text: "🇺")
        _ = editor.handle(.char("🇸"))
        #expect(editor.count == 1)
    }

    /// Long input: typing and pasting cost time in proportion to what is inserted (timings are
    /// measured in the benchmark, not here); the results must be exact.
    @Test func twentyThousandKeysAndRepeatedTenKilobytePastes() {
        var editor = LineEditor(fieldWidth: 98)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        for index in 0..<20_000 {
            _ = editor.handle(.char(alphabet[index % alphabet.count]))
        }
        #expect(editor.count == 20_000)
        #expect(editor.cursor == 20_000)
        #expect(editor.window.text.count == 97)
        #expect(editor.window.cursorColumn == 97)
        #expect(editor.window.hiddenLeft && !editor.window.hiddenRight)
        let chunk = String(repeating: "app://x/", count: 1250) + "\n"     // 10 kB and a newline
        for _ in 0..<20 {
            #expect(editor.handle(.paste(chunk)) == .edited)
        }
        #expect(editor.count == 20_000 + 20 * 10_000)
        #expect(editor.text.hasSuffix("app://x/app://x/"))
        #expect(!editor.text.contains("\n"))
        // In the middle too: Home, then the same again.
        _ = editor.handle(.home)
        for _ in 0..<5 {
            _ = editor.handle(.paste(chunk))
        }
        #expect(editor.cursor == 50_000)
        #expect(editor.window.cursorColumn == 97)
        #expect(editor.window.hiddenLeft && editor.window.hiddenRight)
        #expect(editor.count == 270_000)
        for _ in 0..<100 {
            _ = editor.handle(.backspace)
        }
        #expect(editor.cursor == 49_900)
        #expect(editor.count == 269_900)
        #expect(editor.handle(.end) == .edited)
        #expect(editor.window.text.hasSuffix("app://x/"))
    }

    @Test func scrollingMatchesAFullMeasurement() {
        // The bounded scrolling keeps the same window as measuring the whole line would.
        var editor = LineEditor(fieldWidth: 7)
        for character in "ab中文cd👨‍👩‍👧ef\u{202E}gh" {
            _ = editor.handle(.char(character))
        }
        #expect(editor.window.cursorColumn < 7)
        for _ in 0..<20 {
            _ = editor.handle(.left)
            let window = editor.window
            #expect(window.cursorColumn >= 0 && window.cursorColumn < 7)
            #expect(DisplayWidth.of(Escaping.visible(window.text)) <= 7)
        }
        #expect(editor.cursor == 0)
        #expect(editor.window.cursorColumn == 0)
        #expect(!editor.window.hiddenLeft)
    }

    @Test func longestCommonPrefix() {
        #expect(LineEditor.longestCommonPrefix([]) == "")
        #expect(LineEditor.longestCommonPrefix(["abc"]) == "abc")
        #expect(LineEditor.longestCommonPrefix(["中文a", "中文b"]) == "中文")
        #expect(LineEditor.longestCommonPrefix(["x", "y"]) == "")
    }

    // MARK: Placeholder fields

    @Test(arguments: [
        ("app://order/:id<int>/track", ["id<int>"]),
        ("app://user/login/:phone([0-9]+)", ["phone([0-9]+)"]),
        ("app://a/:x/:y(a/b)/*rest", ["x", "y(a/b)", "rest"]),
        ("app://share/:id?from=:here", ["id"]),
        ("share/:id", ["id"]),
        ("app://time/10:30", []),
        ("app://:tenant/home", ["tenant"]),
    ])
    func placeholdersAreWholeSegments(_ text: String, _ expected: [String]) {
        let characters = Array(text)
        let found = LineEditor.placeholderRanges(in: text).map { String(characters[$0].dropFirst()) }
        #expect(found == expected)
    }

    @Test func theArrowsMoveThroughTheCompletionMenuAndHistoryOtherwise() {
        let routes = ["app://order/1", "app://order/2", "app://orders"]
        let completer: (String) -> [String] = { prefix in routes.filter { $0.hasPrefix(prefix) } }
        var editor = typed("app://or")
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order" && editor.completionIndex == nil)
        _ = editor.handle(.down, completer: completer)
        #expect(editor.text == "app://order/1")
        _ = editor.handle(.down, completer: completer)
        #expect(editor.text == "app://order/2")
        _ = editor.handle(.up, completer: completer)
        _ = editor.handle(.up, completer: completer)
        #expect(editor.text == "app://orders", "up wraps around to the last candidate")
        // Any edit ends the menu; the arrows are the history's again.
        _ = editor.handle(.backspace)
        #expect(editor.completions.isEmpty)
    }

    @Test func aCompletedPatternIsFilledFieldByField() {
        var editor = LineEditor()
        let completer: (String) -> [String] = { prefix in ["app://order/:id<int>/track/:step"].filter { $0.hasPrefix(prefix) } }
        editor.insert("app://ord")
        #expect(editor.handle(.tab, completer: completer) == .edited)
        #expect(editor.text == "app://order/:id<int>/track/:step")
        // The first placeholder is selected: the cursor is at its start and typing replaces it.
        #expect(editor.activeField == 0)
        #expect(editor.cursor == 12)
        #expect(editor.activePlaceholderColumns == 12..<20)
        _ = editor.handle(.char("4"), completer: completer)
        _ = editor.handle(.char("2"), completer: completer)
        #expect(editor.text == "app://order/42/track/:step")
        #expect(editor.activePlaceholderColumns == nil, "a field being typed is no longer drawn selected")
        _ = editor.handle(.backspace, completer: completer)
        _ = editor.handle(.char("7"), completer: completer)
        #expect(editor.text == "app://order/47/track/:step")
        // Tab moves to the next field, whose place moved with the edit.
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.activeField == 1)
        #expect(editor.cursor == 21)
        _ = editor.handle(.paste("map"), completer: completer)
        #expect(editor.text == "app://order/47/track/map")
        // After the last field, Tab goes to the end and the fill is over.
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.activeField == nil)
        #expect(editor.cursor == editor.count)
        #expect(editor.handle(.enter, completer: completer) == .submitted("app://order/47/track/map"))
    }

    @Test func anyOtherKeyEndsTheFillAndKeepsItsMeaning() {
        var editor = LineEditor()
        let completer: (String) -> [String] = { _ in ["app://user/:id"] }
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.activeField == 0)
        _ = editor.handle(.left, completer: completer)
        #expect(editor.activeField == nil)
        #expect(editor.cursor == 10)
        _ = editor.handle(.char("x"), completer: completer)
        #expect(editor.text == "app://userx/:id", "a plain edit once the fill is over")
        // Backspace on an untouched placeholder removes it whole.
        editor = LineEditor()
        _ = editor.handle(.tab, completer: completer)
        _ = editor.handle(.backspace, completer: completer)
        #expect(editor.text == "app://user/")
        #expect(editor.activeField == 0)
    }

    @Test func cyclingCandidatesSelectsEachOnesFirstField() {
        var editor = LineEditor()
        let completer: (String) -> [String] = { _ in ["app://order/:id<int>", "app://user/:name"] }
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://", "the first Tab extends to the common prefix")
        #expect(editor.activeField == nil)
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://order/:id<int>")
        #expect(editor.activeField == 0)
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.text == "app://user/:name", "Tab while cycling shows the next candidate")
        #expect(editor.cursor == 11)
        let chosen = editor.chooseCompletion(0)
        #expect(chosen)
        #expect(editor.text == "app://order/:id<int>")
        let outOfRange = editor.chooseCompletion(9)
        #expect(!outOfRange)
        _ = editor.handle(.char("5"), completer: completer)
        #expect(editor.text == "app://order/5")
        #expect(editor.completions.isEmpty, "typing ends the cycle")
    }

    @Test func enterOnAnUntypedPlaceholderSelectsItInsteadOfSubmitting() {
        var editor = LineEditor()
        let completer: (String) -> [String] = { _ in ["app://order/:id<int>/track/:step"] }
        _ = editor.handle(.tab, completer: completer)
        #expect(editor.handle(.enter, completer: completer) == .unchanged)
        #expect(editor.text == "app://order/:id<int>/track/:step")
        #expect(editor.activeField == 0)
        _ = editor.handle(.char("9"), completer: completer)
        // The first is typed; Enter goes to the second, still a placeholder.
        #expect(editor.handle(.enter, completer: completer) == .unchanged)
        #expect(editor.activeField == 1)
        #expect(editor.cursor == 20)
        _ = editor.handle(.char("2"), completer: completer)
        #expect(editor.handle(.enter, completer: completer) == .submitted("app://order/9/track/2"))
        // A pattern put in the field some other way gets its fields too.
        editor.setText("app://user/:id")
        editor.selectFirstField()
        #expect(editor.activeField == 0)
        #expect(editor.cursor == 11)
    }

    @Test func enterNeverSubmitsAPlaceholderSkippedWithTab() {
        var editor = LineEditor(fieldWidth: 60)
        editor.setText("**/login/:phone([0-9]+)")
        editor.selectFirstField()
        #expect(editor.fields.count == 2)
        // Tab skips `**`, the phone is typed, then Enter goes back to the skipped field.
        _ = editor.handle(.tab, completer: nil)
        _ = editor.handle(.char("7"), completer: nil)
        #expect(editor.handle(.enter, completer: nil) == .unchanged)
        #expect(editor.activeField == 0)
        #expect(editor.cursor == 0)
        _ = editor.handle(.char("u"), completer: nil)
        #expect(editor.handle(.enter, completer: nil) == .submitted("u/login/7"))
    }
}
