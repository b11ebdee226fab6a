import Testing
@testable import TerminalKit

@Suite("Canvas")
struct CanvasTests {
    @Test func putAndText() {
        var canvas = Canvas(width: 10, height: 2)
        let end = canvas.put("hello", x: 1, y: 0)
        #expect(end == 6)
        #expect(canvas.text() == [" hello", ""])
        #expect(canvas.text(trimming: false) == [" hello    ", "          "])
    }

    @Test func wideCharactersUseTwoCells() {
        var canvas = Canvas(width: 8, height: 1)
        let end = canvas.put("中文a", x: 0, y: 0)
        #expect(end == 5)
        #expect(canvas.text() == ["中文a"])
        #expect(canvas[0, 0].isWide)
        #expect(canvas[1, 0].isContinuation)
        #expect(canvas[2, 0].text == "文")
        #expect(canvas[4, 0].text == "a")
    }

    @Test func emojiAndCombiningMarks() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.put("👨‍👩‍👧e\u{301}🇯🇵", x: 0, y: 0)
        #expect(canvas.text() == ["👨‍👩‍👧é🇯🇵"])
        #expect(canvas[0, 0].text == "👨‍👩‍👧")
        #expect(canvas[2, 0].text == "e\u{301}")
        #expect(canvas[3, 0].isWide)
        #expect(canvas[5, 0] == .blank)
    }

    @Test func clipping() {
        var canvas = Canvas(width: 10, height: 3)
        let clip = Rect(x: 2, y: 0, width: 5, height: 2)
        canvas.put("abcdefghij", x: 0, y: 0, clip: clip)
        canvas.put("xyz", x: 0, y: 2, clip: clip)
        canvas.put("far", x: 8, y: 1)
        canvas.put("off", x: -2, y: 1)
        #expect(canvas.text() == ["  cdefg", "f       fa", ""])
    }

    @Test func wideCharacterStraddlingTheClipEdgeBecomesASpace() {
        var canvas = Canvas(width: 8, height: 2, background: Cell("."))
        // Right edge: 中 at columns 4–5 with the clip ending after column 4.
        canvas.put("ab中", x: 2, y: 0, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        // Left edge: 文 at columns 1–2 with the clip starting at column 2.
        canvas.put("文z", x: 1, y: 1, clip: Rect(x: 2, y: 1, width: 6, height: 1))
        // Canvas edge.
        var small = Canvas(width: 3, height: 1, background: Cell("."))
        small.put("a中", x: 1, y: 0)
        #expect(canvas.text() == ["..ab ...", ".. z...."])
        #expect(small.text() == [".a"])
        #expect(small[2, 0] == .blank)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("中文", x: 0, y: 0)
        canvas.put("x", x: 1, y: 0)       // right half of 中
        canvas.put("y", x: 2, y: 0)       // left half of 文
        #expect(canvas.text() == [" xy", ""])
        #expect(!canvas[0, 0].isWide)
        #expect(!canvas[3, 0].isContinuation)
        canvas.put("中文", x: 0, y: 1)
        canvas.put("字", x: 1, y: 1)      // straddles both
        #expect(canvas.text()[1] == " 字")
        #expect(canvas[1, 1].isWide && canvas[2, 1].isContinuation && canvas[3, 1] == .blank)
    }

    @Test func controlCharactersAreEscapedWhenDrawn() {
        var canvas = Canvas(width: 30, height: 1)
        canvas.put("a\u{202E}b\u{1B}[m", x: 0, y: 0)
        #expect(canvas.text() == ["a⟨U+202E⟩b⟨U+001B⟩[m"])
    }

    @Test func fillAndBox() {
        var canvas = Canvas(width: 12, height: 5)
        canvas.fill(Rect(x: 0, y: 0, width: 12, height: 5), with: "·")
        canvas.box(Rect(x: 1, y: 0, width: 10, height: 4), title: "Hi")
        canvas.fill(Rect(x: 2, y: 1, width: 8, height: 2), with: " ")
        canvas.put("inside", x: 3, y: 2)
        #expect(canvas.text() == [
            "·┌─ Hi ───┐·",
            "·│        │·",
            "·│ inside │·",
            "·└────────┘·",
            "············",
        ])
    }

    @Test func boxIsClipped() {
        var canvas = Canvas(width: 6, height: 3)
        canvas.box(Rect(x: -2, y: 1, width: 6, height: 4))
        canvas.box(Rect(x: 3, y: 0, width: 3, height: 2), clip: Rect(x: 0, y: 0, width: 5, height: 3))
        #expect(canvas.text() == [
            "   ┌─",
            "───└─",
            "   │",
        ])
    }

    @Test func fillWithWideCharacters() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.fill(canvas.bounds, with: "中")
        #expect(canvas.text() == ["中中"])
        #expect(canvas[4, 0] == .blank)
    }

    @Test func blitWithOffsets() {
        var source = Canvas(width: 4, height: 2)
        source.put("abcd", x: 0, y: 0)
        source.put("efgh", x: 0, y: 1)
        var canvas = Canvas(width: 6, height: 3, background: Cell("."))
        canvas.blit(source, at: Point(x: -2, y: -1))
        canvas.blit(source, at: Point(x: 4, y: 1))
        canvas.blit(source, at: Point(x: 1, y: 2), clip: Rect(x: 0, y: 0, width: 3, height: 3))
        #expect(canvas.text() == [
            "gh....",
            "....ab",
            ".ab.ef",
        ])
    }

    @Test func blitCutsWideCharactersAtTheEdges() {
        var source = Canvas(width: 6, height: 1)
        source.put("中文字", x: 0, y: 0)
        var left = Canvas(width: 6, height: 1, background: Cell("."))
        left.blit(source, at: Point(x: -1, y: 0))
        var right = Canvas(width: 6, height: 1, background: Cell("."))
        right.blit(source, at: Point(x: 3, y: 0))
        #expect(left.text() == [" 文字."])
        #expect(right.text() == ["...中"])
        #expect(right[5, 0] == .blank)
        #expect(left[0, 0] == .blank && left[1, 0].isWide)
    }

    @Test func dim() {
        var canvas = Canvas(width: 4, height: 2)
        canvas.put("ab", x: 0, y: 0, style: CellStyle(bold: true))
        canvas.dim(Rect(x: 1, y: 0, width: 10, height: 1))
        #expect(!canvas[0, 0].style.dim)
        #expect(canvas[1, 0].style == CellStyle(bold: true, dim: true))
        #expect(canvas[3, 0].style.dim)
        #expect(!canvas[0, 1].style.dim)
        let all = canvas.dimmed()
        #expect((0..<2).allSatisfy { y in all.row(y).allSatisfy { $0.style.dim } })
        #expect(all.text() == canvas.text())
    }

    @Test func degenerateSizes() {
        var canvas = Canvas(width: -3, height: 2)
        canvas.put("x", x: 0, y: 0)
        canvas.box(Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(canvas.width == 0)
        #expect(canvas.text() == ["", ""])
        #expect(canvas[5, 5] == .blank)
    }
}
