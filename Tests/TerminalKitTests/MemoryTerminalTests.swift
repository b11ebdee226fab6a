import Testing
@testable import TerminalKit

@Suite("MemoryTerminal and FrameDiff")
@MainActor
struct MemoryTerminalTests {
    @Test func presentCountsChangedCells() {
        let terminal = MemoryTerminal(width: 10, height: 3)
        var canvas = Canvas(width: 10, height: 3)
        canvas.put("hello", x: 0, y: 0)
        terminal.present(canvas)
        terminal.present(canvas)
        canvas.put("j", x: 0, y: 0)
        terminal.present(canvas)
        canvas.put("中", x: 5, y: 1)
        terminal.present(canvas)
        canvas.put("x", x: 6, y: 1)  // the right half of 中: both halves change
        terminal.present(canvas)
        canvas.cursor = Point(x: 1, y: 1)
        terminal.present(canvas)
        #expect(terminal.changedCellCounts == [30, 0, 1, 2, 2, 0])
        #expect(terminal.frames.count == 6)
        #expect(terminal.lastFrame?.text() == ["jello", "      x", ""])
    }

    @Test func resizedFrameIsAFullRedraw() {
        let terminal = MemoryTerminal(width: 4, height: 2)
        terminal.present(Canvas(width: 4, height: 2))
        terminal.resize(width: 5, height: 2)
        #expect(terminal.size == (5, 2))
        #expect(terminal.readKey(timeoutMilliseconds: 0) == .resize)
        terminal.present(Canvas(width: 5, height: 2))
        #expect(terminal.changedCellCounts == [8, 10])
    }

    @Test func scriptedKeys() {
        let terminal = MemoryTerminal(keys: Key.typing("ab\r"))
        terminal.enqueue([.ctrl("c")])
        #expect(terminal.readKey(timeoutMilliseconds: 10) == .char("a"))
        #expect(terminal.readKey(timeoutMilliseconds: 10) == .char("b"))
        #expect(terminal.readKey(timeoutMilliseconds: 10) == .enter)
        #expect(terminal.readKey(timeoutMilliseconds: 10) == .ctrl("c"))
        #expect(terminal.readKey(timeoutMilliseconds: 10) == nil)
        #expect(terminal.emptyReads == 1)
        terminal.type("中\u{3}")
        #expect(terminal.pendingKeys == [.char("中"), .ctrl("c")])
        terminal.shutdown()
        #expect(terminal.isShutDown)
    }

    @Test func runsNeverSplitWideCharacters() {
        var old = Canvas(width: 8, height: 2)
        old.put("中文ab", x: 0, y: 0)
        var new = old
        new.put("字", x: 2, y: 0)          // same widths: only the grapheme cell differs
        new.put("c", x: 5, y: 0)
        new.put("z", x: 7, y: 1)
        let diff = FrameDiff(from: old, to: new)
        #expect(diff.changedCells == 3)
        #expect(!diff.isFullRedraw)
        #expect(diff.runs.map { [$0.x, $0.y, $0.cells.count] } == [[2, 0, 2], [5, 0, 1], [7, 1, 1]])
        var styled = old
        styled.dim(Rect(x: 1, y: 0, width: 1, height: 1)) // only the continuation's style changes
        let styleDiff = FrameDiff(from: old, to: styled)
        #expect(styleDiff.changedCells == 1)
        #expect(styleDiff.runs.map { [$0.x, $0.cells.count] } == [[0, 2]])
    }

    @Test func firstFrameIsFull() {
        let diff = FrameDiff(from: nil, to: Canvas(width: 3, height: 2))
        #expect(diff.isFullRedraw)
        #expect(diff.changedCells == 6)
        #expect(diff.runs.count == 2)
    }
}

@Suite("Key")
struct KeyTests {
    @Test func rawBytes() {
        #expect(Key(scalar: "\u{3}") == .ctrl("c"))
        #expect(Key(scalar: "\u{1}") == .ctrl("a"))
        #expect(Key(scalar: "\r") == .enter)
        #expect(Key(scalar: "\n") == .enter)
        #expect(Key(scalar: "\t") == .tab)
        #expect(Key(scalar: "\u{1B}") == .escape)
        #expect(Key(scalar: "\u{7F}") == .backspace)
        #expect(Key(scalar: "\u{8}") == .backspace)
        #expect(Key(scalar: "\u{0}") == .ctrl("@"))
        #expect(Key(scalar: "\u{1F}") == .ctrl("_"))
        #expect(Key(scalar: "\u{9B}") == .unknown)
        #expect(Key(scalar: "é") == .char("é"))
        #expect(Key.typing("a\r\n中") == [.char("a"), .enter, .char("中")])
    }

    @Test func descriptions() {
        #expect(Key.ctrl("c").description == "Ctrl-C")
        #expect(Key.function(5).description == "F5")
        #expect(Key.char("\u{202E}").description == "⟨U+202E⟩")
        #expect(Key.mouse(x: 3, y: 4, kind: .click).description == "Mouse click at 3,4")
    }
}

@Suite("GlyphFallback")
struct GlyphFallbackTests {
    /// Like glibc in a UTF-8 locale: flags and text-default emoji are narrow.
    private static func glibcLike(_ scalar: Unicode.Scalar) -> Int {
        if (0x1F1E6...0x1F1FF).contains(scalar.value) || scalar.value == 0x2764 {
            return 1
        }
        return DisplayWidth.of(scalar: scalar)
    }

    private func glyphs(_ text: String, _ width: (Unicode.Scalar) -> Int = glibcLike) -> [String] {
        var canvas = Canvas(width: 4, height: 1)
        canvas.put(text, x: 0, y: 0)
        return GlyphFallback.glyphs(for: canvas[0, 0], systemWidth: width).map { glyph in
            var string = ""
            string.unicodeScalars.append(contentsOf: glyph)
            return string
        }
    }

    @Test func agreeingWidthsPassThrough() {
        #expect(glyphs("a") == ["a"])
        #expect(glyphs("中") == ["中"])
        #expect(glyphs("e\u{301}") == ["e\u{301}"])
        #expect(glyphs("😀") == ["😀"])
        #expect(GlyphFallback.glyphs(for: .continuation(.plain), systemWidth: Self.glibcLike).isEmpty)
    }

    @Test func disagreementsUseStandIns() {
        #expect(glyphs("🇯🇵") == ["J", "P"])
        #expect(glyphs("❤️") == ["❤", " "])
        #expect(glyphs("👨‍👩‍👧") == ["👨"])
        #expect(glyphs("中") { $0.isASCII ? 1 : -1 } == ["?", " "])
        #expect(glyphs("é") { $0.isASCII ? 1 : -1 } == ["?"])
    }
}
