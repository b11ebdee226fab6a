import TerminalKit

/// Text measuring helpers for ``AppView``: wrapping and fitting by display width, on the text as
/// the canvas shows it (control and bidi characters already escaped).
enum AppViewText {
    /// `text` wrapped to lines at most `width` columns wide: at spaces where possible; a word too
    /// long for a line (a URL, a pattern) breaks after its last `/`, `?`, `&`, `=`, `#`, `.`, `,`,
    /// `;` or `>` that fits, and only inside a run of letters when it has none past the first
    /// quarter of the line. Always at least one line.
    ///
    /// A no-break space (U+00A0) holds the words on either side together and is shown as a space.
    /// A word that must break anyway starts on the line before, when a component of it fits there.
    /// No line is left holding a lone short token: a marker (``isMarker(_:)``: `▸`, `✓`, `·`, `→`,
    /// `=`) stays with the word after it, carried down with it or joined by that word's head
    /// broken at a component boundary; and a last line of one short word takes the word before it along.
    static func wrap(_ text: String, width: Int) -> [String] {
        let visible = Escaping.visible(text)
        guard width > 0 else {
            return [""]
        }
        guard DisplayWidth.of(visible) > width else {
            return [unbroken(visible)]
        }
        var lines: [[String]] = []
        var line: [String] = []
        var lineWidth = 0
        // Whether the word being placed is the tail of a broken one; the lines that start with one.
        var fragment = false
        var continuing: Set<Int> = []
        func joinedWidth(_ words: [String]) -> Int {
            words.reduce(0) { $0 + DisplayWidth.of($1) } + max(0, words.count - 1)
        }
        func finish() {
            while line.count > 1, line.last?.isEmpty == true { line.removeLast() }
            lines.append(line)
            line = []
            lineWidth = 0
        }
        for word in visible.split(separator: " ", omittingEmptySubsequences: false) {
            var rest = String(word)
            var restWidth = DisplayWidth.of(rest)
            if lineWidth + (line.isEmpty ? 0 : 1) + restWidth <= width {
                lineWidth += (line.isEmpty ? 0 : 1) + restWidth
                line.append(rest)
                continue
            }
            if !line.isEmpty {
                // The markers at the line's end (spaces between them aside) go with this word.
                var kept = line.count
                while kept > 0, isMarker(line[kept - 1]) || (line[kept - 1].isEmpty && kept < line.count) {
                    kept -= 1
                }
                while kept < line.count, line[kept].isEmpty { kept += 1 }
                let onlyShort = line.allSatisfy { DisplayWidth.of($0) <= shortTokenWidth }
                if kept < line.count || onlyShort {
                    let carried = onlyShort ? line : Array(line[kept...])
                    let carriedWidth = joinedWidth(carried)
                    let room = width - lineWidth - 1
                    if kept > 0, !onlyShort, carriedWidth + 1 + restWidth <= width {
                        // Carried down, whole, with the word.
                        line.removeLast(line.count - kept)
                        finish()
                        line = carried + [rest]
                        lineWidth = carriedWidth + 1 + restWidth
                        continue
                    }
                    if let (head, tail) = fillingHead(rest, room: room, mustBreak: restWidth > width) {
                        // The word's head joins the marker; its tail starts the next line.
                        line.append(head)
                        finish()
                        rest = tail
                        restWidth = DisplayWidth.of(tail)
                        fragment = true
                    } else if kept > 0, !onlyShort {
                        // No room for a head here: the markers go down, and the word's head joins them there.
                        line.removeLast(line.count - kept)
                        finish()
                        line = carried
                        lineWidth = carriedWidth
                        if let (head, tail) = fillingHead(rest, room: width - lineWidth - 1,
                                                          mustBreak: restWidth > width) {
                            line.append(head)
                            finish()
                            rest = tail
                            restWidth = DisplayWidth.of(tail)
                            fragment = true
                        }
                    }
                }
                if !line.isEmpty, restWidth > width,
                   let (head, tail) = fillingHead(rest, room: width - lineWidth - 1, mustBreak: false) {
                    // A word that breaks anyway starts here, at a component boundary.
                    line.append(head)
                    rest = tail
                    restWidth = DisplayWidth.of(tail)
                    fragment = true
                }
                if !line.isEmpty { finish() }
            }
            while restWidth > width {
                var (head, tail) = splitToken(rest, atWidth: width)
                let tailWidth = DisplayWidth.of(tail)
                let shorter = width - (shortTokenWidth + 1 - tailWidth)
                if (1...shortTokenWidth).contains(tailWidth), shorter > shortTokenWidth {
                    // A tail that short would stand alone: the break moves back a little.
                    (head, tail) = splitToken(rest, atWidth: shorter)
                }
                lines.append([head])
                rest = tail
                restWidth = DisplayWidth.of(rest)
                fragment = true
            }
            // (A line that starts with the tail of a broken word cannot take the word before it.)
            if fragment { continuing.insert(lines.count) }
            fragment = false
            line = [rest]
            lineWidth = restWidth
        }
        finish()
        // A last line of one short word takes the word before it along, when both fit.
        if lines.count > 1, let last = lines.last, last.count == 1, DisplayWidth.of(last[0]) <= shortTokenWidth,
           !last[0].isEmpty, !continuing.contains(lines.count - 1) {
            var previous = lines[lines.count - 2]
            // The word before it moves down, with the markers before that word (they go with it).
            var moved: [String] = []
            while let word = previous.last, previous.count > 1,
                  moved.isEmpty || isMarker(word) || word.isEmpty {
                moved.insert(word, at: 0)
                previous.removeLast()
            }
            while moved.first?.isEmpty == true { moved.removeFirst() }
            while previous.count > 1, previous.last?.isEmpty == true { previous.removeLast() }
            if !moved.isEmpty, !moved[0].isEmpty, joinedWidth(moved + last) <= width,
               !previous.allSatisfy({ DisplayWidth.of($0) <= shortTokenWidth }) {
                lines[lines.count - 2] = previous
                lines[lines.count - 1] = moved + last
            } else if var words = Optional(lines[lines.count - 2]), let word = words.last,
                      let (head, tail) = tailBreak(word, room: width - 1 - DisplayWidth.of(last[0])) {
                // The word before does not fit whole: its last components come down (a URL's `…/group15`).
                words[words.count - 1] = head
                lines[lines.count - 2] = words
                lines[lines.count - 1] = [tail] + last
            }
        }
        // A line after the first starts at its first word: the spaces of a wider gap where the line broke
        // (`…/order/42  ✓ handled`) would indent it further than its neighbours. A line of spaces alone goes.
        for index in lines.indices.dropFirst() {
            while lines[index].count > 1, lines[index].first?.isEmpty == true { lines[index].removeFirst() }
        }
        let kept = lines.enumerated().filter { $0.offset == 0 || $0.element.contains { !$0.isEmpty } }
        return kept.map { unbroken($0.element.joined(separator: " ")) }
    }

    /// `text` with its no-break spaces (which hold words together through ``wrap(_:width:)``) shown as
    /// spaces.
    static func unbroken(_ text: String) -> String {
        text.contains("\u{00A0}") ? String(text.map { $0 == "\u{00A0}" ? " " : $0 }) : text
    }

    /// The widest token that reads as short: alone on a line it says nothing.
    static let shortTokenWidth = 3

    /// Whether `word` is a marker that belongs with the word after it: a short token of signs, no
    /// letter or digit in it (`▸`, `✓`, `·`, `→`, `=`). (An entry's number is joined to its text by
    /// a no-break space where it is written.)
    static func isMarker(_ word: String) -> Bool {
        guard !word.isEmpty else { return false }
        return DisplayWidth.of(word) <= shortTokenWidth && !word.contains { $0.isLetter || $0.isNumber }
    }

    /// The head of `word` that fills `room` columns, broken after a ``tokenBreaks`` character, with
    /// the tail; or, when the word must break anyway (`mustBreak`: it is wider than a line), cut
    /// where it reaches `room`. Nil when no head of at least 2 columns fits.
    static func fillingHead(_ word: String, room: Int, mustBreak: Bool) -> (String, String)? {
        guard room >= 2 else { return nil }
        let (head, tail) = split(word, atWidth: room)
        guard !tail.isEmpty else { return (head, tail) }
        // The last break that leaves a tail long enough to read on its own.
        var end = head.endIndex
        while let last = lastBreak(in: head, before: end, followedBy: tail.first) {
            let kept = String(head[...last])
            let rest = String(head[head.index(after: last)...]) + tail
            if DisplayWidth.of(kept) >= 2, DisplayWidth.of(rest) > shortTokenWidth {
                return (kept, rest)
            }
            end = last
        }
        guard mustBreak, DisplayWidth.of(head) >= 4 else { return nil }
        if DisplayWidth.of(tail) > shortTokenWidth { return (head, tail) }
        return room - shortTokenWidth >= 4 ? split(word, atWidth: room - shortTokenWidth) : nil
    }

    /// Where a token too long for its line may break: after these, so a URL or a pattern parts
    /// between its components (`app://search/` | `shoes?sort=` | `price`).
    static let tokenBreaks: Set<Character> = ["/", "?", "&", "=", "#", ".", ",", ">", ";"]

    /// `word` broken at a component boundary so that its tail, longer than a short token, fits in
    /// `room` columns (the shortest such tail); nil when no break does.
    static func tailBreak(_ word: String, room: Int) -> (String, String)? {
        var end = word.endIndex
        while let last = lastBreak(in: word, before: end, followedBy: nil) {
            let head = String(word[...last])
            let tail = String(word[word.index(after: last)...])
            let tailWidth = DisplayWidth.of(tail)
            if tailWidth > room { return nil }
            if tailWidth > shortTokenWidth, DisplayWidth.of(head) > shortTokenWidth { return (head, tail) }
            end = last
        }
        return nil
    }

    /// The last ``tokenBreaks`` character of `head` before `end`, `next` being the character after
    /// `head`; a `#` before a digit is not one (an entry's number, `#12`, stays whole).
    static func lastBreak(in head: String, before end: String.Index, followedBy next: Character?) -> String.Index? {
        var index = end
        while index > head.startIndex {
            index = head.index(before: index)
            guard tokenBreaks.contains(head[index]) else { continue }
            let after = head.index(after: index)
            let following = after < head.endIndex ? head[after] : next
            if head[index] == "#", following?.isNumber == true { continue }
            return index
        }
        return nil
    }

    /// `text` cut after at most `width` columns, after the last ``tokenBreaks`` character that
    /// fits when it lies past the first quarter of the line; otherwise as ``split(_:atWidth:)``.
    static func splitToken(_ text: String, atWidth width: Int) -> (String, String) {
        let (head, tail) = split(text, atWidth: width)
        guard !tail.isEmpty, let last = lastBreak(in: head, before: head.endIndex, followedBy: tail.first) else {
            return (head, tail)
        }
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

    /// ``elideURL(_:width:)``, keeping `needle` in sight when the plain elision would hide it (the text a
    /// filter matched, the literal a verdict names): the scheme and host, `…`, then the component that
    /// holds it onward, cut at the end when it does not fit.
    static func elideURL(_ text: String, width: Int, keeping needle: String?) -> String {
        let plain = elideURL(text, width: width)
        guard let needle, !needle.isEmpty, plain != text,
              plain.range(of: needle, options: .caseInsensitive) == nil,
              let match = text.range(of: needle, options: .caseInsensitive) else { return plain }
        let characters = Array(text)
        let afterScheme = text.range(of: "://").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
        let matchStart = text.distance(from: text.startIndex, to: match.lowerBound)
        let slashes = characters.indices.filter { $0 > afterScheme && characters[$0] == "/" }
        guard let hostEnd = slashes.first, matchStart > hostEnd,
              let from = slashes.last(where: { $0 < matchStart }) else { return plain }
        // No `…` where nothing is left out: the component right after the host follows it as it is.
        let head = String(characters[..<hostEnd]) + (from == hostEnd ? "" : "…")
        let rest = String(characters[from...])
        let room = width - DisplayWidth.of(head)
        guard room >= DisplayWidth.of(needle) + 2 else { return plain }
        var shown = rest
        if DisplayWidth.of(rest) > room {
            // Cut after the last whole component that fits with the ellipsis, else inside the component.
            let restCharacters = Array(rest)
            let cut = restCharacters.indices.last { index in
                index > 0 && restCharacters[index] == "/"
                    && DisplayWidth.of(String(restCharacters[...index])) + 1 <= room
            }
            shown = cut.map { String(restCharacters[...$0]) + "…" } ?? DisplayWidth.truncated(rest, toWidth: room)
        }
        return shown.range(of: needle, options: .caseInsensitive) == nil ? plain : head + shown
    }

    /// The display width of `text` as drawn (escaped).
    static func width(_ text: String) -> Int {
        // Printable ASCII (every pattern and target of most tables) is a column a byte, escaped as itself.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return DisplayWidth.of(Escaping.visible(text))
    }
}
