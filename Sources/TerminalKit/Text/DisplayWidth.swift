/// Measures how many terminal columns text occupies, independently of the C library's locale.
///
/// glibc's `wcwidth` returns -1 for everything non-ASCII in the C locale, so the renderer measures
/// itself, following Unicode East Asian Width and emoji presentation:
/// - East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables and leading
///   jamo, fullwidth forms such as `Ａ`) and characters with emoji presentation (`😀`, flags) are 2;
/// - a text-style emoji followed by VARIATION SELECTOR-16 (`❤️`) is 2;
/// - combining and enclosing marks, format characters (ZWJ, bidi controls), variation selectors
///   and Hangul vowel and final jamo are 0;
/// - control characters are 0: they are never drawn raw (see ``Escaping``);
/// - everything else is 1.
///
/// A grapheme cluster is as wide as its widest scalar, capped at 2, so `é` written as `e` plus a
/// combining accent is 1 and a ZWJ family is 2.
public enum DisplayWidth {
    /// The width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else {
            return 0
        }
        if scalars.count == 1 {
            return of(scalar: first)
        }
        var widest = 0
        var hasEmojiSelector = false
        for scalar in scalars {
            if scalar.value == 0xFE0F {
                hasEmojiSelector = true
            }
            widest = max(widest, of(scalar: scalar))
        }
        if hasEmojiSelector && first.properties.isEmoji {
            return 2
        }
        return min(widest, 2)
    }

    /// The width of `string`: the sum of the widths of its grapheme clusters.
    public static func of(_ string: String) -> Int {
        var total = 0
        for character in string {
            total += of(character)
        }
        return total
    }

    /// The width of a single scalar on its own: 0, 1 or 2.
    public static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F {
            return value < 0x20 ? 0 : 1
        }
        if value < 0xA0 {
            return 0
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return 0
        }
        if scalar.properties.isEmojiPresentation || isWide(value) {
            return 2
        }
        return 1
    }

    /// `string` cut to at most `width` columns; when it was cut, the end is replaced by `ellipsis`
    /// (which is dropped too if even it does not fit). Never splits a grapheme cluster.
    public static func truncated(_ string: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else {
            return ""
        }
        if of(string) <= width {
            return string
        }
        let ellipsisWidth = of(ellipsis)
        let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
        var result = ""
        var used = 0
        for character in string {
            let characterWidth = of(character)
            if used + characterWidth > budget {
                break
            }
            result.append(character)
            used += characterWidth
        }
        return ellipsisWidth <= width ? result + ellipsis : result
    }

    /// `string` fitted to `width` columns by cutting its middle (`app://order/…/track`), so two texts
    /// that differ only at the end stay different. The head gets the larger half.
    public static func elidedMiddle(_ string: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(string) <= width { return string }
        let budget = width - of(ellipsis)
        guard budget >= 2 else { return truncated(string, toWidth: width, ellipsis: ellipsis) }
        let tailBudget = budget / 2
        var tail: [Character] = []
        var used = 0
        for character in string.reversed() {
            let w = of(character)
            if used + w > tailBudget { break }
            tail.insert(character, at: 0)
            used += w
        }
        let head = truncated(string, toWidth: budget - used, ellipsis: "")
        return head + ellipsis + String(tail)
    }

    /// `string` truncated to `width` columns and then padded with spaces to exactly `width`.
    public static func padded(_ string: String, toWidth width: Int) -> String {
        let cut = truncated(string, toWidth: width)
        let missing = width - of(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    /// Whether `value` is East Asian Wide or Fullwidth (emoji are handled by their presentation).
    static func isWide(_ value: UInt32) -> Bool {
        if value < wideRanges[0].lowerBound {
            return false
        }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges other than emoji, sorted (Unicode 15.1).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo, leading consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x2E99,    // CJK Radicals Supplement
        0x2E9B...0x2EF3,
        0x2F00...0x2FD5,    // Kangxi Radicals
        0x2FF0...0x2FFF,    // Ideographic Description Characters
        0x3000...0x303E,    // ideographic space, CJK symbols and punctuation
        0x3041...0x3096,    // Hiragana
        0x3099...0x30FF,    // Katakana
        0x3105...0x312F,    // Bopomofo
        0x3131...0x318E,    // Hangul Compatibility Jamo
        0x3190...0x31E3,    // Kanbun, Bopomofo Extended, CJK Strokes
        0x31EF...0x321E,    // Katakana Phonetic Extensions, enclosed CJK
        0x3220...0x3247,
        0x3250...0x4DBF,    // enclosed CJK, compatibility, Extension A
        0x4E00...0xA48C,    // CJK Unified Ideographs, Yi Syllables
        0xA490...0xA4C6,    // Yi Radicals
        0xA960...0xA97C,    // Hangul Jamo Extended-A
        0xAC00...0xD7A3,    // Hangul Syllables
        0xF900...0xFAFF,    // CJK Compatibility Ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE52,    // CJK compatibility forms, small form variants
        0xFE54...0xFE66,
        0xFE68...0xFE6B,
        0xFF01...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x16FF0...0x16FF1,
        0x17000...0x187F7,  // Tangut
        0x18800...0x18CD5,  // Tangut components, Khitan
        0x18D00...0x18D08,
        0x1AFF0...0x1AFF3,  // Kana Extended-B
        0x1AFF5...0x1AFFB,
        0x1AFFD...0x1AFFE,
        0x1B000...0x1B122,  // Kana Supplement, Kana Extended-A
        0x1B132...0x1B132,
        0x1B150...0x1B152,
        0x1B155...0x1B155,
        0x1B164...0x1B167,
        0x1B170...0x1B2FB,  // Nushu
        0x1F200...0x1F202,  // enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x20000...0x2FFFD,  // CJK Extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK Extensions G–H
    ]
}
