/// Turns a ``Cell`` into what a backend can hand to a C library whose width table (glibc's
/// `wcwidth`) may disagree with ``DisplayWidth``, so the terminal's cursor never drifts.
///
/// The result is a list of glyphs, each a base scalar plus zero-width scalars to draw in one
/// library cell; the glyphs together cover exactly ``Cell/width`` columns according to
/// `systemWidth`. When the library would measure the grapheme differently, a readable stand-in is
/// used: a flag becomes its two letters (`🇯🇵` → `JP`), an emoji the library thinks narrow is drawn
/// in text style followed by a space, anything unknown becomes `?`. Emoji ZWJ sequences are drawn
/// as their first emoji.
public enum GlyphFallback {
    /// The most scalars one library cell holds (ncurses' `CCHARW_MAX`).
    public static let maximumScalarsPerGlyph = 5

    /// The glyphs for `cell`; empty for a continuation cell.
    ///
    /// `systemWidth` is the library's width of a scalar (`wcwidth`): 0, 1, 2, or negative for
    /// unprintable.
    public static func glyphs(for cell: Cell, systemWidth: (Unicode.Scalar) -> Int) -> [[Unicode.Scalar]] {
        guard !cell.isContinuation else {
            return []
        }
        let scalars = Array(cell.text.unicodeScalars)
        guard let base = scalars.first else {
            return [[" "]]
        }
        let baseWidth = systemWidth(base)
        if cell.isWide {
            if baseWidth == 2 {
                return [[base] + marks(after: scalars, systemWidth: systemWidth)]
            }
            if let letter = regionalLetter(base) {
                let second = scalars.dropFirst().first.flatMap(regionalLetter) ?? " "
                return [[letter], [second]]
            }
            if baseWidth == 1 {
                return [[base], [" "]]
            }
            return [["?"], [" "]]
        }
        if baseWidth == 1 {
            return [[base] + marks(after: scalars, systemWidth: systemWidth)]
        }
        return [["?"]]
    }

    /// The zero-width scalars following the base, up to the first ZWJ or spacing scalar.
    private static func marks(after scalars: [Unicode.Scalar],
                              systemWidth: (Unicode.Scalar) -> Int) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in scalars.dropFirst() {
            guard result.count + 1 < maximumScalarsPerGlyph, scalar.value != 0x200D, systemWidth(scalar) == 0 else {
                break
            }
            result.append(scalar)
        }
        return result
    }

    /// The capital letter a regional indicator symbol stands for.
    private static func regionalLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0x1F1E6...0x1F1FF).contains(scalar.value) else {
            return nil
        }
        return Unicode.Scalar(UInt8(0x41 + scalar.value - 0x1F1E6))
    }
}
