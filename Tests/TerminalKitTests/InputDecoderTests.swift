import Testing
@testable import TerminalKit

@Suite("InputDecoder")
struct InputDecoderTests {
    private func keys(_ text: String) -> [Key] {
        InputDecoder.keys(InputDecoder.raw(text))
    }

    @Test func plainKeysPassThrough() {
        #expect(keys("ab\r\u{7F}\u{1A}") == [.char("a"), .char("b"), .enter, .backspace, .ctrl("z")])
        #expect(InputDecoder.keys([.key(.up), .scalar("x"), .key(.resize)]) == [.up, .char("x"), .resize])
    }

    @Test func escapeThenACharacterIsAlt() {
        #expect(keys("\u{1B}b\u{1B}f\u{1B}d") == [.alt("b"), .alt("f"), .alt("d")])
        #expect(keys("\u{1B}\u{7F}\u{1B}\u{8}") == [.altBackspace, .altBackspace])
        #expect(keys("\u{1B}") == [.escape])
        // Escape before another control key or a decoded key: both count.
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}\r") == [.escape, .enter])
        #expect(InputDecoder.keys([.scalar("\u{1B}"), .key(.up)]) == [.escape, .up])
        // DEL decoded by the backend as Backspace; Escape-arrows as sent for Alt-arrows.
        #expect(InputDecoder.keys([.scalar("\u{1B}"), .key(.backspace)]) == [.altBackspace])
        #expect(InputDecoder.keys([.scalar("\u{1B}"), .key(.left), .scalar("\u{1B}"), .key(.right)]) == [.ctrlLeft, .ctrlRight])
    }

    @Test func escapeWithNothingAfterItWaitsNoLonger() {
        var decoder = InputDecoder()
        var inputs: [RawInput] = [.scalar("\u{1B}")]
        var waits: [Int] = []
        let key = decoder.nextKey(timeoutMilliseconds: 1000) { wait in
            waits.append(wait)
            return inputs.isEmpty ? nil : inputs.removeFirst()
        }
        #expect(key == .escape)
        #expect(waits == [1000, 0], "the rest of a sequence is only taken when it is already there")
    }

    @Test func csiAndSS3SequencesAreReadWhole() {
        #expect(keys("\u{1B}[1;5D\u{1B}[1;5C\u{1B}[1;3D\u{1B}[1;3C") == [.ctrlLeft, .ctrlRight, .ctrlLeft, .ctrlRight])
        #expect(keys("\u{1B}Od\u{1B}Oc") == [.ctrlLeft, .ctrlRight])
        #expect(keys("\u{1B}[A\u{1B}OB\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z") == [.up, .down, .delete, .pageUp, .pageDown, .home, .end, .backTab])
        #expect(keys("\u{1B}OP") == [.function(1)])
        // Unknown sequences are one unknown key, never typed characters.
        #expect(keys("\u{1B}[1;7Px\u{1B}[?1;2c") == [.unknown, .char("x"), .unknown])
        #expect(keys("\u{1B}[") == [.alt("[")])
        #expect(keys("\u{1B}O") == [.alt("O")])
    }

    @Test func bracketedPasteIsOneKey() {
        #expect(keys("\u{1B}[200~app://order/42\u{1B}[201~x") == [.paste("app://order/42"), .char("x")])
        // Line breaks, tabs and escapes inside stay as they were sent: the editor decides.
        #expect(keys("\u{1B}[200~a\rb\n\tc\u{1B}d\u{1B}[201~") == [.paste("a\rb\n\tc\u{1B}d")])
        // Markers decoded by the backend (ncurses define_key) work the same.
        let raw: [RawInput] = [.pasteStart] + InputDecoder.raw("q:1") + [.key(.enter), .key(.up), .pasteEnd, .scalar("q")]
        #expect(InputDecoder.keys(raw) == [.paste("q:1\r"), .char("q")])
        // An escape that is not the end marker is kept.
        #expect(keys("\u{1B}[200~a\u{1B}[20b\u{1B}[201~") == [.paste("a\u{1B}[20b")])
        #expect(keys("\u{1B}[200~\u{1B}[201~") == [.paste("")])
        #expect(keys("\u{1B}[201~") == [.unknown])
    }

    @Test func aPasteWithoutItsEndEndsWhenInputStops() {
        #expect(keys("\u{1B}[200~abc") == [.paste("abc")])
        #expect(keys("\u{1B}[200~abc\u{1B}[2") == [.paste("abc\u{1B}[2")])
        var decoder = InputDecoder(pasteTimeoutMilliseconds: 250)
        var inputs: [RawInput] = [.pasteStart, .scalar("a")]
        var waits: [Int] = []
        let key = decoder.nextKey(timeoutMilliseconds: -1) { wait in
            waits.append(wait)
            return inputs.isEmpty ? nil : inputs.removeFirst()
        }
        #expect(key == .paste("a"))
        #expect(waits == [-1, 250, 250])
    }

    @Test func aResizeDuringAPasteComesAfterIt() {
        let raw: [RawInput] = [.pasteStart, .scalar("a"), .key(.resize), .scalar("b"), .pasteEnd]
        #expect(InputDecoder.keys(raw) == [.paste("ab"), .resize])
    }

    @Test func aPasteKeepsAtMostTheLimit() {
        var decoder = InputDecoder(pasteLimit: 3)
        var inputs = InputDecoder.raw("\u{1B}[200~abcdef\u{1B}[201~z")
        let read: (Int) -> RawInput? = { _ in inputs.isEmpty ? nil : inputs.removeFirst() }
        #expect(decoder.nextKey(timeoutMilliseconds: 0, read: read) == .paste("abc"))
        #expect(decoder.nextKey(timeoutMilliseconds: 0, read: read) == .char("z"))
    }

    @Test func aLargePasteDecodes() {
        let body = String(repeating: "app://x/", count: 1250)      // 10 kB
        let decoded = keys("\u{1B}[200~" + body + "\u{1B}[201~")
        #expect(decoded == [.paste(body)])
    }

    @Test func newKeysHaveNames() {
        #expect(Key.alt("b").description == "Alt-b")
        #expect(Key.altBackspace.description == "Alt-Backspace")
        #expect(Key.ctrlLeft.description == "Ctrl-Left")
        #expect(Key.ctrlRight.description == "Ctrl-Right")
        #expect(Key.paste("héllo").description == "Paste (5 characters)")
    }
}
