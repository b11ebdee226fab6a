/// Turns ``RawInput`` into ``Key``s: the part of reading a terminal that needs no terminal.
///
/// - Escape followed at once by a printable character is Alt with it (`ESC b` is `.alt("b")`),
///   by DEL, Ctrl-H or Backspace Alt-Backspace, by Left or Right a word left or right (Alt-arrows
///   in terminals that send them so); Escape with nothing after it is ``Key/escape``.
/// - CSI and SS3 sequences the backend left undecoded are read whole, so their bytes are never
///   taken as typed keys: Ctrl- and Alt-arrows (`ESC [ 1 ; 5 D`…), plain arrows, Home, End,
///   Delete, Page Up/Down and bracketed-paste markers are named, anything else is ``Key/unknown``.
/// - Everything between a paste start and its end becomes one ``Key/paste(_:)``, characters
///   exactly as sent (line breaks included; ``LineEditor/paste(_:)`` makes it one line). A paste
///   ends at its end marker, or when nothing arrives for ``pasteTimeoutMilliseconds``; characters
///   beyond ``pasteLimit`` are dropped. A resize arriving during a paste is delivered after it.
public struct InputDecoder: Sendable {
    /// How long a paste may pause before it is taken as ended (its end marker lost).
    public var pasteTimeoutMilliseconds: Int
    /// The most characters (Unicode scalars) one paste keeps.
    public var pasteLimit: Int
    /// Input read ahead and not used yet, first to last.
    private var pending: [RawInput] = []
    /// Keys decoded and not delivered yet (a resize during a paste).
    private var ready: [Key] = []

    /// Creates a decoder.
    public init(pasteTimeoutMilliseconds: Int = 1000, pasteLimit: Int = 1 << 20) {
        self.pasteTimeoutMilliseconds = max(0, pasteTimeoutMilliseconds)
        self.pasteLimit = max(0, pasteLimit)
    }

    /// Drops the input read but not yet returned as keys (typed ahead, or half of an escape sequence).
    public mutating func discardPending() {
        pending.removeAll()
        ready.removeAll()
    }

    /// The next key, reading input with `read`; nil when none arrived within `timeoutMilliseconds`.
    ///
    /// `read(wait)` returns the next input, waiting up to `wait` milliseconds for it (0: only input
    /// already there; negative: forever), or nil when none came. The first input is waited for
    /// with `timeoutMilliseconds`; the rest of a sequence is only taken when it is already there.
    public mutating func nextKey(timeoutMilliseconds: Int, read: (Int) -> RawInput?) -> Key? {
        if !ready.isEmpty {
            return ready.removeFirst()
        }
        guard let first = next(timeoutMilliseconds, read) else {
            return nil
        }
        switch first {
        case .scalar(let scalar) where scalar.value == 0x1B:
            return afterEscape(read)
        case .scalar(let scalar):
            return Key(scalar: scalar)
        case .key(let key):
            return key
        case .pasteStart:
            return readPaste(read)
        case .pasteEnd:
            // An end without a start: nothing to deliver.
            return .unknown
        }
    }

    /// Decodes every key `inputs` hold, as if each had been there at once (for tests).
    public static func keys(_ inputs: [RawInput]) -> [Key] {
        var decoder = InputDecoder()
        var queue = inputs[...]
        var keys: [Key] = []
        let read: (Int) -> RawInput? = { _ in queue.popFirst() }
        while let key = decoder.nextKey(timeoutMilliseconds: 0, read: read) {
            keys.append(key)
        }
        return keys
    }

    /// The raw inputs a terminal sends for `text` (one scalar each), e.g. `"\u{1B}[200~…"`.
    public static func raw(_ text: String) -> [RawInput] {
        text.unicodeScalars.map(RawInput.scalar)
    }

    // MARK: Internals

    private mutating func next(_ wait: Int, _ read: (Int) -> RawInput?) -> RawInput? {
        if !pending.isEmpty {
            return pending.removeFirst()
        }
        return read(wait)
    }

    /// After an Escape: Alt with the next character, a CSI or SS3 sequence, or Escape alone.
    private mutating func afterEscape(_ read: (Int) -> RawInput?) -> Key {
        guard let following = next(0, read) else {
            return .escape
        }
        guard case .scalar(let scalar) = following else {
            switch following {
            case .key(.backspace):
                // DEL decoded by the backend as its Backspace key (terminfo's kbs).
                return .altBackspace
            case .key(.left):
                return .ctrlLeft
            case .key(.right):
                return .ctrlRight
            default:
                pending.insert(following, at: 0)
                return .escape
            }
        }
        switch scalar.value {
        case 0x5B:      // [
            return readCSI(read)
        case 0x4F:      // O
            return readSS3(read)
        case 0x7F, 0x08:
            return .altBackspace
        default:
            break
        }
        if case .char(let character) = Key(scalar: scalar) {
            return .alt(character)
        }
        // Escape, then another control key: both count.
        pending.insert(following, at: 0)
        return .escape
    }

    /// `ESC [` parameters, intermediates and a final byte.
    private mutating func readCSI(_ read: (Int) -> RawInput?) -> Key {
        var body = ""
        while body.unicodeScalars.count < 32 {
            guard let input = next(0, read) else {
                // A lone `ESC [`: Alt-[.
                return body.isEmpty ? .alt("[") : .unknown
            }
            guard case .scalar(let scalar) = input else {
                pending.insert(input, at: 0)
                return .unknown
            }
            body.unicodeScalars.append(scalar)
            switch scalar.value {
            case 0x20...0x3F:
                continue
            case 0x40...0x7E:
                return csiKey(body, read)
            default:
                return .unknown
            }
        }
        return .unknown
    }

    /// The key a complete CSI sequence (after `ESC [`) stands for.
    private mutating func csiKey(_ body: String, _ read: (Int) -> RawInput?) -> Key {
        switch body {
        case "200~": return readPaste(read)
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H", "1~", "7~": return .home
        case "F", "4~", "8~": return .end
        case "3~": return .delete
        case "5~": return .pageUp
        case "6~": return .pageDown
        case "Z": return .backTab
        // Ctrl (5) or Alt (3) with an arrow: xterm, tmux, VTE, kitty; `5C` is old xterm.
        case "1;5C", "5C", "1;3C": return .ctrlRight
        case "1;5D", "5D", "1;3D": return .ctrlLeft
        default: return .unknown
        }
    }

    /// `ESC O` and one more character: arrows, Home/End, F1–F4 and rxvt's Ctrl-arrows.
    private mutating func readSS3(_ read: (Int) -> RawInput?) -> Key {
        guard let input = next(0, read) else {
            return .alt("O")
        }
        guard case .scalar(let scalar) = input else {
            pending.insert(input, at: 0)
            return .alt("O")
        }
        switch scalar {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "P": return .function(1)
        case "Q": return .function(2)
        case "R": return .function(3)
        case "S": return .function(4)
        case "c": return .ctrlRight
        case "d": return .ctrlLeft
        default: return .unknown
        }
    }

    /// The text up to the paste's end, as one key.
    private mutating func readPaste(_ read: (Int) -> RawInput?) -> Key {
        var text = String.UnicodeScalarView()
        var kept = 0
        var endMatch = 0
        let endMarker = Array("\u{1B}[201~".unicodeScalars)
        func keep(_ scalar: Unicode.Scalar) {
            if kept < pasteLimit {
                text.append(scalar)
                kept += 1
            }
        }
        while let input = next(pasteTimeoutMilliseconds, read) {
            switch input {
            case .pasteEnd:
                return .paste(String(text))
            case .pasteStart:
                continue
            case .scalar(let scalar):
                // A backend that does not decode the end marker sends it as characters.
                if scalar == endMarker[endMatch] {
                    endMatch += 1
                    if endMatch == endMarker.count {
                        return .paste(String(text))
                    }
                    continue
                }
                for held in endMarker.prefix(endMatch) {
                    keep(held)
                }
                endMatch = scalar == endMarker[0] ? 1 : 0
                if endMatch == 0 {
                    keep(scalar)
                }
            case .key(let key):
                switch key {
                case .enter: keep("\r")
                case .tab: keep("\t")
                case .resize: ready.append(.resize)
                default: break
                }
            }
        }
        for held in endMarker.prefix(endMatch) {
            keep(held)
        }
        return .paste(String(text))
    }
}
