import TerminalKit

/// Text measuring helpers for ``AppView``: wrapping and fitting by display width, on the text as
/// the canvas shows it (control and bidi characters already escaped).
enum AppViewText {
    /// `text` wrapped to lines at most `width` columns wide: at spaces where possible; a word too
    /// long for a line (a URL, a pattern) breaks after its last `/`, `?`, `&`, `=`, `#`, `.`, `,`,
    /// `;` or `>` that fits, and only inside a run of letters when it has none past the first
    /// quarter of the line. Always at least one line.
    static func wrap(_ text: String, width: Int) -> [String] {
        let visible = Escaping.visible(text)
        guard width > 0 else {
            return [""]
        }
        guard DisplayWidth.of(visible) > width else {
            return [visible]
        }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in visible.split(separator: " ", omittingEmptySubsequences: false) {
            var rest = String(word)
            var restWidth = DisplayWidth.of(rest)
            let separator = line.isEmpty ? 0 : 1
            if lineWidth + separator + restWidth <= width {
                line += (separator == 1 ? " " : "") + rest
                lineWidth += separator + restWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while restWidth > width {
                let (head, tail) = splitToken(rest, atWidth: width)
                lines.append(head)
                rest = tail
                restWidth = DisplayWidth.of(rest)
            }
            line = rest
            lineWidth = restWidth
        }
        lines.append(line)
        return lines
    }

    /// Where a token too long for its line may break: after these, so a URL or a pattern parts
    /// between its components (`app://search/` | `shoes?sort=` | `price`).
    static let tokenBreaks: Set<Character> = ["/", "?", "&", "=", "#", ".", ",", ">", ";"]

    /// `text` cut after at most `width` columns, after the last ``tokenBreaks`` character that
    /// fits when it lies past the first quarter of the line; otherwise as ``split(_:atWidth:)``.
    static func splitToken(_ text: String, atWidth width: Int) -> (String, String) {
        let (head, tail) = split(text, atWidth: width)
        guard !tail.isEmpty, let last = head.lastIndex(where: { tokenBreaks.contains($0) }) else { return (head, tail) }
        let kept = String(head[...last])
        guard DisplayWidth.of(kept) * 4 >= width else { return (head, tail) }
        return (kept, String(head[head.index(after: last)...]) + tail)
    }

    /// `text` cut after at most `width` columns (at least one grapheme, so it always advances).
    static func split(_ text: String, atWidth width: Int) -> (String, String) {
        var head = ""
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width, !head.isEmpty {
                break
            }
            head.append(character)
            used += characterWidth
            index = text.index(after: index)
        }
        return (head, String(text[index...]))
    }

    /// `text` (escaped) cut to `width` columns with an ellipsis when too long. The cut falls at a
    /// word boundary (before a space) or a URL component boundary (after a ``tokenBreaks``
    /// character) when one lies in the second half of the room; inside a word only otherwise.
    static func fit(_ text: String, width: Int) -> String {
        let visible = Escaping.visible(text)
        guard width > 1, DisplayWidth.of(visible) > width else {
            return DisplayWidth.truncated(visible, toWidth: max(0, width))
        }
        let (head, tail) = split(visible, atWidth: width - 1)
        if tail.first == " " || head.last == " " {
            return trimmedEnd(head) + "…"
        }
        var cut = head.endIndex
        while cut > head.startIndex {
            let before = head[head.index(before: cut)]
            if before == " " || tokenBreaks.contains(before) { break }
            cut = head.index(before: cut)
        }
        let kept = trimmedEnd(String(head[..<cut]))
        guard !kept.isEmpty, DisplayWidth.of(kept) * 2 >= width - 1 else { return head + "…" }
        return kept + "…"
    }

    /// `text` without its trailing spaces.
    static func trimmedEnd(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }

    /// A pattern or URL cut to `width` columns at its components: the scheme and host, `…`, then as
    /// many whole trailing components as fit (`app://chat…/discover2/group15`), with leading
    /// components kept after the host while they fit. Cut in its middle only when not even the host
    /// and the last component fit.
    static func elideURL(_ text: String, width: Int) -> String {
        guard width > 0, DisplayWidth.of(text) > width else { return text }
        let characters = Array(text)
        let afterScheme = text.range(of: "://").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
        let slashes = characters.indices.filter { $0 > afterScheme && characters[$0] == "/" }
        guard let hostEnd = slashes.first else {
            return DisplayWidth.elidedMiddle(text, toWidth: width)
        }
        // The longest tail starting at a `/` that fits after the host and the ellipsis.
        let head = String(characters[..<hostEnd])
        // (The whole rest after the host never fits: the text itself does not.)
        let headWidth = DisplayWidth.of(head)
        guard let tailStart = slashes.first(where: {
            headWidth + 1 + DisplayWidth.of(String(characters[$0...])) <= width
        }) else {
            return DisplayWidth.elidedMiddle(text, toWidth: width)
        }
        let tail = String(characters[tailStart...])
        // Leading components after the host, while they fit.
        var headEnd = hostEnd
        for slash in slashes where slash > hostEnd && slash < tailStart {
            let longer = String(characters[..<slash])
            if DisplayWidth.of(longer) + 1 + DisplayWidth.of(tail) <= width { headEnd = slash } else { break }
        }
        return String(characters[..<headEnd]) + "…" + tail
    }

    /// The display width of `text` as drawn (escaped).
    static func width(_ text: String) -> Int {
        // Printable ASCII (every pattern and target of most tables) is a column a byte, escaped as itself.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return DisplayWidth.of(Escaping.visible(text))
    }
}
