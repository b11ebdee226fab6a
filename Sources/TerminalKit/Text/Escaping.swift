/// Makes untrusted text safe to draw: characters that could move the cursor, change terminal
/// state or reorder what is shown are replaced by a visible escape such as `⟨U+202E⟩`.
///
/// Escaped are the C0 and C1 control characters and DEL (so an `ESC` in a URL can never start a
/// terminal sequence), the bidirectional embedding, override and isolate controls
/// (U+202A–202E, U+2066–2069), the directional marks U+200E, U+200F and U+061C, and the line and
/// paragraph separators U+2028 and U+2029. ``Canvas/put(_:x:y:style:clip:)`` escapes everything it
/// draws, so a URL can never spoof the screen.
public enum Escaping {
    /// Whether `scalar` is drawn as an escape rather than as itself.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F:
            return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }

    /// The visible replacement for `scalar`, e.g. `⟨U+202E⟩` or `⟨U+001B⟩`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        var hex = String(scalar.value, radix: 16, uppercase: true)
        while hex.count < 4 {
            hex = "0" + hex
        }
        return "⟨U+" + hex + "⟩"
    }

    /// Whether any scalar of `text` needs escaping.
    public static func needsEscape(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: needsEscape)
    }

    /// `text` with every scalar that ``needsEscape(_:)-(Unicode.Scalar)`` replaced by its
    /// ``escape(_:)``; other text is returned unchanged.
    public static func visible(_ text: String) -> String {
        guard needsEscape(text) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
