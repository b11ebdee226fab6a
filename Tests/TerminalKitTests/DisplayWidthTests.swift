import Testing
@testable import TerminalKit

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("characters measure as a terminal draws them", arguments: [
        ("a", 1),
        ("~", 1),
        ("中", 2),
        ("한", 2),
        ("\u{1100}\u{1161}\u{11A8}", 2),  // decomposed Hangul syllable
        ("Ａ", 2),                          // fullwidth A
        ("ｱ", 1),                          // halfwidth katakana
        ("😀", 2),
        ("🇯🇵", 2),                         // flag
        ("👨‍👩‍👧", 2),                          // ZWJ family
        ("👍🏽", 2),                         // skin tone modifier
        ("❤️", 2),                          // text emoji + VS16
        ("1️⃣", 2),                          // keycap
        ("e\u{301}", 1),                   // combining acute
        ("é", 1),
        ("\u{301}", 0),
        ("\u{200D}", 0),
        ("\u{FE0F}", 0),
        ("\u{202E}", 0),
        ("\u{1B}", 0),
        ("\t", 0),
        ("─", 1),
        ("→", 1),
    ] as [(String, Int)])
    func character(text: String, width: Int) {
        #expect(text.count == 1)
        if let character = text.first {
            #expect(DisplayWidth.of(character) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func strings() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("hello") == 5)
        #expect(DisplayWidth.of("中文") == 4)
        #expect(DisplayWidth.of("app://商品/42") == 13)
        #expect(DisplayWidth.of("😀x👨‍👩‍👧") == 5)
        #expect(DisplayWidth.of("cafe\u{301}") == 4)
    }

    @Test func scalars() {
        #expect(DisplayWidth.of(scalar: "A") == 1)
        #expect(DisplayWidth.of(scalar: "\u{3000}") == 2)   // ideographic space
        #expect(DisplayWidth.of(scalar: "\u{20000}") == 2)  // CJK Extension B
        #expect(DisplayWidth.of(scalar: "\u{1160}") == 0)   // Hangul vowel jamo
        #expect(DisplayWidth.of(scalar: "\u{85}") == 0)     // C1 control
        #expect(DisplayWidth.of(scalar: "\u{AD}") == 0)     // soft hyphen (format)
        #expect(DisplayWidth.of(scalar: "\u{E000}") == 1)   // private use
    }

    @Test func truncation() {
        #expect(DisplayWidth.truncated("hello", toWidth: 10) == "hello")
        #expect(DisplayWidth.truncated("hello world", toWidth: 6) == "hello…")
        #expect(DisplayWidth.truncated("中文中文", toWidth: 4) == "中…")
        #expect(DisplayWidth.truncated("中文中文", toWidth: 6) == "中文…")
        #expect(DisplayWidth.truncated("abc", toWidth: 0) == "")
        #expect(DisplayWidth.padded("中", toWidth: 4) == "中  ")
        #expect(DisplayWidth.of(DisplayWidth.padded("中文中文", toWidth: 5)) == 5)
    }
}

@Suite("Escaping")
struct EscapingTests {
    @Test func plainTextIsUnchanged() {
        #expect(Escaping.visible("app://order/42?q=中文") == "app://order/42?q=中文")
        #expect(Escaping.visible("👨‍👩‍👧 e\u{301}") == "👨‍👩‍👧 e\u{301}")
    }

    @Test func bidiAndControlsAreEscaped() {
        #expect(Escaping.visible("app://evil\u{202E}gpj.exe") == "app://evil⟨U+202E⟩gpj.exe")
        #expect(Escaping.visible("\u{2066}x\u{2069}") == "⟨U+2066⟩x⟨U+2069⟩")
        #expect(Escaping.visible("a\u{200E}b\u{200F}c\u{61C}") == "a⟨U+200E⟩b⟨U+200F⟩c⟨U+061C⟩")
        #expect(Escaping.visible("\u{1B}[2J") == "⟨U+001B⟩[2J")
        #expect(Escaping.visible("a\nb\tc\u{7F}\u{9B}") == "a⟨U+000A⟩b⟨U+0009⟩c⟨U+007F⟩⟨U+009B⟩")
        #expect(Escaping.visible("\u{202A}\u{202B}\u{202C}\u{202D}") == "⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩")
    }

    @Test func everyEscapedTextIsSafe() {
        let nasty = (0..<0xA0).compactMap(Unicode.Scalar.init).map(String.init).joined()
            + "\u{202A}\u{202E}\u{2066}\u{2069}\u{200E}\u{200F}\u{61C}\u{2028}\u{2029}"
        let shown = Escaping.visible(nasty)
        #expect(!Escaping.needsEscape(shown))
        #expect(shown.unicodeScalars.allSatisfy { DisplayWidth.of(scalar: $0) == 1 })
    }
}

struct ElidedMiddleTests {
    @Test func twoPatternsThatDifferAtTheEndStayDifferent() {
        let a = DisplayWidth.elidedMiddle("app://order/:id<int>", toWidth: 14)
        let b = DisplayWidth.elidedMiddle("app://order/:id<int>/track", toWidth: 14)
        #expect(a != b)
        #expect(DisplayWidth.of(a) <= 14 && DisplayWidth.of(b) <= 14)
        #expect(b == "app://o…/track")
        #expect(DisplayWidth.elidedMiddle("short", toWidth: 14) == "short")
        #expect(DisplayWidth.elidedMiddle("商品详情页面路由表", toWidth: 9).hasSuffix("表"))
        #expect(DisplayWidth.of(DisplayWidth.elidedMiddle("商品详情页面路由表", toWidth: 9)) <= 9)
    }
}
