import Testing
@testable import SwitchyardTerminal

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
        // Typing ends the cycle; the next Tab starts over from the new text.
        _ = editor.handle(.backspace)
        #expect(editor.completions.isEmpty)
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

    @Test func longestCommonPrefix() {
        #expect(LineEditor.longestCommonPrefix([]) == "")
        #expect(LineEditor.longestCommonPrefix(["abc"]) == "abc")
        #expect(LineEditor.longestCommonPrefix(["中文a", "中文b"]) == "中文")
        #expect(LineEditor.longestCommonPrefix(["x", "y"]) == "")
    }
}
