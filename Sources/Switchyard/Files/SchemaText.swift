/// Text for load errors: values from a file are echoed escaped and capped, so a route file can never
/// send control sequences to a terminal, reorder what is shown, or flood it.
package enum SchemaText {
    /// How many characters of a value an error message echoes before it ends it with `…`.
    package static let echoLimit = 80

    /// Whether `scalar` is written as an escape: C0 and C1 controls, DEL, the bidirectional marks,
    /// embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–202E, U+2066–2069), and the
    /// line and paragraph separators U+2028 and U+2029.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            true
        default:
            false
        }
    }

    /// `scalar` as a visible escape, e.g. `\u{1B}`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every scalar that needs it escaped (``needsEscape(_:)``); the rest unchanged.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// A value from a file as an error message shows it: escaped, and cut after ``echoLimit``
    /// characters (counted after escaping) with `…`.
    package static func echo(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let piece = needsEscape(scalar) ? escape(scalar) : String(scalar)
            let width = piece.unicodeScalars.count
            if count + width > echoLimit { return out + "…" }
            out += piece
            count += width
        }
        return out
    }

    /// `text` echoed in single quotes: `'app://a'`.
    package static func quoted(_ text: String) -> String { "'" + echo(text) + "'" }

    /// Names as a list for a message: `a, b or c`.
    package static func list(_ names: [String], _ conjunction: String = "or") -> String {
        guard let last = names.last else { return "" }
        if names.count == 1 { return last }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The candidate closest to `word` (case-insensitive edit distance with transpositions), when it is
    /// close enough to be a likely typo: at most 2 edits, and fewer than half the word's length.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard w.count <= 64 else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            guard let d = typoDistance(w, c) else { continue }
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// The edit distance of two lowercased words when it is small enough to be a typo: at most 2, and
    /// fewer than half the longer word's length.
    private static func typoDistance(_ w: [Unicode.Scalar], _ c: [Unicode.Scalar]) -> Int? {
        // More than two letters apart in length is more than two edits.
        guard abs(w.count - c.count) <= 2 else { return nil }
        let d = distance(w, c)
        return d <= 2 && d * 2 < max(w.count, c.count) ? d : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
