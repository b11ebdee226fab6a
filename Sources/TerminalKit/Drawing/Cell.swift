/// One character position of a ``Canvas``.
///
/// A cell holds one grapheme (a Swift `Character`, possibly several Unicode scalars such as an
/// emoji ZWJ sequence) and its ``CellStyle``. A wide grapheme (display width 2) occupies two cells:
/// the first holds the grapheme, the second is a *continuation* cell with empty ``text``.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn in this cell; empty for a continuation cell.
    public internal(set) var text: String
    /// The attributes of the cell.
    public var style: CellStyle
    /// The columns the grapheme covers: 1 or 2, or 0 for a continuation cell.
    public internal(set) var width: Int

    /// Creates a cell showing `character`.
    ///
    /// A character that ``Escaping`` would escape becomes U+FFFD (`�`) — draw untrusted text with
    /// ``Canvas/put(_:x:y:style:clip:)``, which escapes it in full. A zero-width character (a lone
    /// combining mark) is drawn on a space.
    public init(_ character: Character, style: CellStyle = .plain) {
        if character.unicodeScalars.contains(where: Escaping.needsEscape) {
            self.init(text: "\u{FFFD}", style: style, width: 1)
            return
        }
        let measured = DisplayWidth.of(character)
        if measured == 0 {
            self.init(text: " " + String(character), style: style, width: 1)
        } else {
            self.init(text: String(character), style: style, width: measured)
        }
    }

    /// Creates a cell from already measured parts.
    init(text: String, style: CellStyle, width: Int) {
        self.text = text
        self.style = style
        self.width = width
    }

    /// A space in the default style.
    public static let blank = Cell(text: " ", style: .plain, width: 1)

    /// A space in `style`.
    public static func space(_ style: CellStyle) -> Cell {
        Cell(text: " ", style: style, width: 1)
    }

    /// The right half of a wide grapheme drawn in `style`.
    public static func continuation(_ style: CellStyle) -> Cell {
        Cell(text: "", style: style, width: 0)
    }

    /// Whether this cell is the right half of the wide grapheme in the cell to its left.
    public var isContinuation: Bool {
        width == 0
    }

    /// Whether this cell holds a grapheme two columns wide (its right neighbour is a continuation).
    public var isWide: Bool {
        width == 2
    }
}
