/// One input event from a ``Terminal``: a key press, a paste, a mouse event or a resize.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable grapheme.
    case char(Character)
    /// Return or Enter.
    case enter
    /// A lone Escape.
    case escape
    /// Backspace (including DEL and Ctrl-H as sent by most terminals).
    case backspace
    /// The forward-delete key.
    case delete
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// A control chord, with its lower-case letter: Ctrl-C is `.ctrl("c")`.
    case ctrl(Character)
    /// Alt (Meta) with a printable grapheme, which terminals send as Escape followed by it:
    /// Alt-b is `.alt("b")`.
    case alt(Character)
    /// Alt-Backspace (Escape followed by DEL or Ctrl-H).
    case altBackspace
    /// Ctrl-Left (a word left, like Alt-b).
    case ctrlLeft
    /// Ctrl-Right (a word right, like Alt-f).
    case ctrlRight
    /// Text pasted in one piece (bracketed paste), as the terminal sent it: line breaks and other
    /// control characters are still in it; ``LineEditor/paste(_:)`` makes it one line.
    case paste(String)
    /// Function key F*n*.
    case function(Int)
    /// The terminal changed size; read ``Terminal/size`` again.
    case resize
    /// A mouse event at column `x`, row `y`.
    case mouse(x: Int, y: Int, kind: MouseKind)
    /// Anything the backend could not name.
    case unknown

    /// The key for one Unicode scalar as a terminal in raw mode sends it: control bytes become
    /// ``ctrl(_:)`` (or ``enter``, ``tab``, ``escape``, ``backspace``), others ``char(_:)``.
    public init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0A, 0x0D:
            self = .enter
        case 0x09:
            self = .tab
        case 0x1B:
            self = .escape
        case 0x08, 0x7F:
            self = .backspace
        case 0x00:
            self = .ctrl("@")
        case 0x01...0x1A:
            let letter = Unicode.Scalar(UInt8(0x60 + scalar.value))
            self = .ctrl(Character(letter))
        case 0x1C...0x1F:
            let symbol = Unicode.Scalar(UInt8(0x40 + scalar.value))
            self = .ctrl(Character(symbol))
        case 0x80...0x9F:
            self = .unknown
        default:
            self = .char(Character(scalar))
        }
    }

    /// The keys produced by typing `text`, one per grapheme (control characters mapped as in
    /// ``init(scalar:)``); handy for scripting a ``MemoryTerminal``.
    public static func typing(_ text: String) -> [Key] {
        text.map { character in
            if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first {
                return Key(scalar: scalar)
            }
            if character == "\r\n" {
                return .enter
            }
            return .char(character)
        }
    }

    /// A short name, e.g. `a`, `Enter`, `Ctrl-C`, `F5`.
    public var description: String {
        switch self {
        case .char(let character): Escaping.visible(String(character))
        case .enter: "Enter"
        case .escape: "Escape"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .ctrl(let character): "Ctrl-" + String(character).uppercased()
        case .alt(let character): "Alt-" + Escaping.visible(String(character))
        case .altBackspace: "Alt-Backspace"
        case .ctrlLeft: "Ctrl-Left"
        case .ctrlRight: "Ctrl-Right"
        case .paste(let text): "Paste (\(text.count) characters)"
        case .function(let number): "F\(number)"
        case .resize: "Resize"
        case .mouse(let x, let y, let kind): "Mouse \(kind) at \(x),\(y)"
        case .unknown: "Unknown"
        }
    }
}
