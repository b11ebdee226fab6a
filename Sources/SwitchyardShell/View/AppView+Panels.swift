import TerminalKit

extension AppView {
    /// One line of the route log.
    struct LogLine: Equatable {
        var text: String
        var style: CellStyle
        /// The timeline number of the open this line belongs to (a click shows or hides its detail).
        var entry: Int?
        /// The ``RouteLogEntry/sequence`` of the entry this line belongs to, open or event (nil for
        /// the "dropped" line).
        var sequence: Int?
        /// Whether the line is part of its entry's head (its time, marker and URL, however many lines
        /// they wrap to), not one of its steps.
        var isHead = false
    }

    // MARK: Route log

    /// Draws the route log panel, a timeline: each open as one summary line (the newest, and any the
    /// user expanded, with the matched pattern, the steps with their times and the outcome), and
    /// the hold, resume, cancel and command events between them; the newest at the bottom unless
    /// scrolled.
    static func drawLog(_ model: AppModel, in area: Rect, canvas: inout Canvas, hits: inout [HitRegion]) {
        canvas.fill(area)
        let focused = model.focus == .log
        let title = "Route log · F2"
        canvas.box(area, style: focused ? CellStyle(bold: true) : CellStyle(role: .dim), title: nil)
        canvas.put(edgeText(title, in: area), x: area.x + 2, y: area.y, style: CellStyle(bold: true),
                   clip: titleClip(area))
        hits.append(HitRegion(area, .log))
        let inner = area.inset(by: 1)
        guard !inner.isEmpty else {
            return
        }
        // The focused panel's keys on its bottom edge (or the search being typed), leaving `reserve`
        // columns on the right for the "▾ N newer" mark, so the two never overlap.
        func drawFooter(reserve: Int) {
            guard focused else { return }
            let footer = model.logPanel.search.map { searchFooter($0.text, width: area.width - 7) }
                ?? activeSearchFooter(model.logPanel, width: area.width - 7 - reserve)
                ?? " " + KeyBinding.hints(KeyBinding.log, fitting: area.width - 7 - reserve) + " "
            canvas.put(footer, x: area.x + 2, y: area.maxY - 1, style: CellStyle(bold: true),
                       clip: titleClip(Rect(x: area.x, y: area.maxY - 1, width: area.width - reserve, height: 1)))
        }
        // The text keeps a blank column from each border.
        let text = textArea(area)
        let lines = logLines(model.log, width: max(1, text.width), dropped: model.logPanel.dropped,
                             expanded: model.logPanel.isExpanded)
        guard !lines.isEmpty else {
            drawFooter(reserve: 0)
            let hint = AppViewText.wrap("No opens yet. Press : and type a URL, or pick a link.",
                                        width: max(1, text.width))
            for (index, line) in hint.prefix(inner.height).enumerated() {
                canvas.put(line, x: text.x, y: inner.y + index, style: CellStyle(role: .dim), clip: text)
            }
            return
        }
        let scroll = min(max(0, model.logPanel.scroll), max(0, lines.count - inner.height))
        let end = lines.count - scroll
        let start = max(0, end - inner.height)
        // Unfocused, the log shows a cursor the user placed (underlined), never the active highlight.
        let cursor = focused ? model.logPanel.selectedEntry?.sequence : model.logPanel.cursor
        var shown = Array(lines[start..<end])
        // An entry cut by the top edge shows its head (its time, number and URL, every line of it) in
        // place of the first lines in sight, so the log never starts on an orphan line; the line under
        // the head says how many of its lines are out of view, so its head never reads as joined to its
        // tail. A panel too short for that shows the head's first line, marked `…`.
        var cutEntry: Int?
        if start > 0, let first = shown.first, let sequence = first.sequence, lines[start - 1].sequence == sequence,
           let head = lines.firstIndex(where: { $0.sequence == sequence }) {
            cutEntry = sequence
            let headLines = lines[head...].prefix { $0.sequence == sequence && $0.isHead }
            // The head, then the marker, then at least one line of the entry's tail.
            let kept = headLines.count
            if kept >= 1, shown.count >= kept + 2, shown[kept].sequence == sequence {
                for (offset, line) in headLines.enumerated() { shown[offset] = line }
                let hidden = start + kept + 1 - head - kept
                shown[kept] = LogLine(text: "    ⋮ \(hidden) line\(hidden == 1 ? "" : "s") out of view",
                                      style: CellStyle(role: .dim), entry: lines[head].entry, sequence: sequence)
            } else {
                var line = lines[head]
                let room = max(1, text.width - 2)
                // One mark that the entry goes on out of view: a line cut to fit has its `…` already.
                let fitted = AppViewText.fit(AppViewText.trimmedEnd(line.text), width: room)
                line.text = fitted.hasSuffix("…") ? fitted : fitted + " …"
                shown[0] = line
            }
        }
        for (row, line) in shown.enumerated() {
            var style = line.style
            if let cursor, line.sequence == cursor {
                // The entry under the cursor, all of its lines, reversed as a selection.
                if focused {
                    style.reverse = true
                    canvas.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1),
                                style: CellStyle(reverse: true))
                } else {
                    style = cursorStyle(style, focused: false)
                }
            }
            canvas.put(line.text, x: text.x, y: inner.y + row, style: style, clip: text)
            if let entry = line.entry {
                hits.append(HitRegion(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1),
                                      .logEntry(entry)))
            }
        }
        // The marks count entries, not wrapped lines: an entry cut by the edge counts as one out of sight.
        func entries(_ part: ArraySlice<LogLine>) -> Int {
            Set(part.enumerated().map { $0.element.sequence ?? -1 - $0.offset }).count
        }
        let olderCount = entries(lines[..<start]) - (cutEntry == nil ? 0 : 1)
        if olderCount > 0 {
            let more = " ▴ \(olderCount) older "
            canvas.put(more, x: area.maxX - 2 - DisplayWidth.of(more), y: area.y, style: CellStyle(role: .dim),
                       clip: titleClip(area))
        }
        let wayOut = DisplayWidth.of(KeyBinding.hints(KeyBinding.log, essentialOnly: true)) + 2
        let newerCount = entries(lines[end...])
        if scroll > 0, !focused || DisplayWidth.of(" ▾ \(newerCount) newer ") + 1 + wayOut <= area.width - 7 {
            // On the right when the panel has the focus, so the keys and the search on the left stay readable.
            let newer = " ▾ \(newerCount) newer "
            let x = focused ? area.maxX - 2 - DisplayWidth.of(newer) : area.x + 2
            let edge = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
            canvas.put(newer, x: x, y: area.maxY - 1, style: CellStyle(role: .dim), clip: titleClip(edge))
            drawFooter(reserve: DisplayWidth.of(newer) + 1)
        } else {
            drawFooter(reserve: 0)
        }
    }

    /// The log's bottom edge while a search is typed, in `width` columns: the search's end (its
    /// start cut first), then `Enter find · Esc cancel`, or only `Esc cancel` when short of room; the
    /// way out is never cut.
    static func searchFooter(_ text: String, width: Int) -> String {
        let visible = Escaping.visible(text)
        for keys in ["▏ Enter find · Esc cancel", "▏ Esc cancel"] {
            let room = width - DisplayWidth.of(keys) - 1
            if room >= min(6, DisplayWidth.of(visible) + 1) {
                let shown = DisplayWidth.of(visible) + 1 <= room
                    ? visible : "…" + tail(of: visible, width: room - 2)
                return " /" + shown + keys + " "
            }
        }
        return " Esc cancel "
    }

    /// The log's bottom edge while a search is active (after Enter, until Esc ends it): the term, where the
    /// cursor is among its matches and the keys that move between them
    /// (`/share · match 2/5 · n older · N newer · Esc`), shortened to fit `width`; nil without one.
    static func activeSearchFooter(_ panel: LogPanel, width: Int) -> String? {
        guard let query = panel.lastSearch, !query.isEmpty else { return nil }
        let position = panel.matchPosition.map { "match \($0.index)/\($0.count)" }
            ?? "\(panel.matches.count) matches"
        let term = "/" + AppViewText.fit(query, width: max(4, width / 3))
        for keys in [" · n older · N newer · Esc ends it", " · n N · Esc", " · Esc"] {
            let text = " " + term + " · " + position + keys + " "
            if DisplayWidth.of(text) <= width { return text }
        }
        // Short of room, the place among the matches stays (`/login · 2/5 · Esc`); only then it goes.
        let place = panel.matchPosition.map { "\($0.index)/\($0.count)" } ?? "\(panel.matches.count)"
        let short = " " + term + " · " + place + " · Esc "
        return DisplayWidth.of(short) <= width ? short : " " + term + " · Esc "
    }

    /// The end of `text` that fits in `width` columns.
    static func tail(of text: String, width: Int) -> String {
        var out = ""
        var used = 0
        for character in text.reversed() {
            used += DisplayWidth.of(character)
            if used > width { break }
            out.insert(character, at: out.startIndex)
        }
        return out
    }

    /// The top edge of a panel between its corners, where its title goes: one `─` stays before the
    /// right corner, so a title never runs into it.
    static func titleClip(_ area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y, width: max(0, area.width - 3), height: 1)
    }

    /// Where a panel's text goes inside its border: its rows, with a blank column kept on each side,
    /// so no text touches a border.
    static func textArea(_ area: Rect) -> Rect {
        Rect(x: area.x + 2, y: area.y + 1, width: max(0, area.width - 4), height: max(0, area.height - 2))
    }

    /// `text` as a title or footer on a box's edge starting two columns in: padded with a space on
    /// each side and cut with an ellipsis so that at least one line of the edge stays before the corner.
    static func edgeText(_ text: String, in area: Rect) -> String {
        " " + DisplayWidth.truncated(Escaping.visible(text), toWidth: max(1, area.width - 7)) + " "
    }

    /// The most columns of a URL the route log shows.
    static let maximumLoggedURLWidth = 200

    /// The log's lines for a panel `width` columns wide (wrapped lines indented under their first);
    /// `expanded` says which opens show their detail rather than one summary line.
    static func logLines(_ entries: [RouteLogEntry], width: Int, dropped: Int = 0,
                         expanded: (RouteLogEntry) -> Bool = { _ in true }) -> [LogLine] {
        let noBreak: Character = "\u{00A0}"
        var lines: [LogLine] = []
        var current: Int?
        var owner: Int?
        // `lead` (an entry's time and marker) goes before the first line, and the lines wrapped after it
        // hang under the text that follows it, so a wrapped head never reads as one of the entry's steps;
        // without a lead, or when that would leave fewer than 20 columns, wrapped lines hang two columns in.
        func add(_ text: String, _ style: CellStyle, indent: Int, lead: String = "") {
            var text = text, lead = lead
            if !lead.isEmpty, width - indent - DisplayWidth.of(lead) < 20 {
                text = lead + text
                lead = ""
            }
            let pad = String(repeating: " ", count: max(0, indent))
            let leadWidth = DisplayWidth.of(lead)
            let hang = String(repeating: " ", count: max(0, indent + (lead.isEmpty ? 2 : leadWidth)))
            // Times are joined to their unit by a no-break space so the two never part.
            let room = lead.isEmpty ? width - indent - 2 : width - indent - leadWidth
            let parts = AppViewText.wrap(text, width: max(1, room))
            for (index, part) in parts.enumerated() {
                let shown = String(((index == 0 ? lead : "") + part).map { $0 == noBreak ? " " : $0 })
                lines.append(LogLine(text: (index == 0 ? pad : hang) + shown, style: style, entry: current,
                                     sequence: owner, isHead: indent == 1))
            }
        }
        // An entry's number is joined to the text it numbers (`▸ #3 app://…`, `resume #1 app://…`) by
        // no-break spaces, so a line never ends on the number alone.
        func numbered(_ text: String) -> String {
            var out = ""
            var afterNumber = false
            for character in text {
                if character == " ", afterNumber {
                    out.append(noBreak)
                } else {
                    out.append(character)
                }
                afterNumber = character.isNumber && (afterNumber || out.dropLast().last == "#")
            }
            return out
        }
        func time(_ seconds: Double) -> String {
            String(RouteLogEntry.format(seconds).map { $0 == " " ? noBreak : $0 })
        }
        if dropped > 0 {
            // What the log no longer holds is still said, so its first line is not taken for the first open.
            add("… \(dropped) older entr\(dropped == 1 ? "y" : "ies") dropped", CellStyle(role: .dim), indent: 1)
        }
        // The time column is as wide as the widest time in the log, its times right-aligned (`  9.5s`,
        // ` 10.9s`), so every entry's marker starts in the same column; an entry without a time gets
        // blanks there. No-break spaces pad it and join it to the marker (and the marker to the words
        // after it), so no wrap leaves a time alone on a line or moves a marker off its column.
        let stampWidth = entries.lazy.compactMap(\.time).map { RouteLogEntry.clock($0).count }.max() ?? 0
        func stamp(_ time: Double?) -> String {
            guard stampWidth > 0 else { return "" }
            let clock = time.map(RouteLogEntry.clock) ?? ""
            return String(repeating: noBreak, count: max(0, stampWidth - clock.count)) + clock + String(noBreak)
        }
        for entry in entries {
            owner = entry.sequence
            let stamp = stamp(entry.time)
            if let event = entry.event {
                current = nil
                let failed = event.contains("✗") || event.hasPrefix("cancel")
                add(numbered(event), failed ? CellStyle(role: .statusError, bold: true) : CellStyle(bold: true),
                    indent: 1, lead: stamp + "•\(noBreak)")
                continue
            }
            current = entry.sequence
            let mark = entry.isHandled ? "✓" : "✗"
            let outcomeStyle = entry.isHandled
                ? CellStyle(role: .link, bold: true) : CellStyle(role: .statusError, bold: true)
            let fateStyle = entry.fateIsFailure ? CellStyle(role: .statusError, bold: true) : CellStyle(bold: true)
            let resumes = entry.resumes.map { " (resumes #\($0))" } ?? ""
            // A URL of thousands of characters would fill the panel: its middle is cut.
            let url = DisplayWidth.of(entry.url) <= maximumLoggedURLWidth
                ? entry.url
                : DisplayWidth.elidedMiddle(entry.url, toWidth: maximumLoggedURLWidth)
                    + " (\(entry.url.utf8.count) bytes)"
            guard expanded(entry) else {
                if let fate = entry.fate {
                    // A held open: how its hold ended says more than the redirect to the login screen.
                    add("#\(entry.id)\(noBreak)\(url)\(resumes)  \(fate)", fateStyle, indent: 1,
                        lead: stamp + "▸\(noBreak)")
                } else {
                    let why = entry.nearest.map { " · nearest \($0)" } ?? ""
                    add("#\(entry.id)\(noBreak)\(url)\(resumes)  \(mark) \(entry.outcome)\(why) "
                            + "·\(noBreak)\(time(entry.seconds))",
                        outcomeStyle, indent: 1, lead: stamp + "▸\(noBreak)")
                }
                continue
            }
            add("#\(entry.id)\(noBreak)open\(noBreak)\(url)\(resumes)", CellStyle(bold: true), indent: 1,
                lead: stamp + "▾\(noBreak)")
            if let normalized = entry.normalized {
                add("normalised \(normalized)", CellStyle(role: .dim), indent: 3)
            }
            // The candidates are the last URL's: shown just before its match, after the redirects and
            // interceptors that led to it.
            let candidatesAt = entry.steps.lastIndex { $0.kind == "match" }
            if entry.candidates.count > 1, candidatesAt == nil {
                add("candidates \(entry.candidates.joined(separator: ", "))", CellStyle(role: .dim), indent: 3)
            }
            if entry.steps.isEmpty, let pattern = entry.matchedPattern {
                add("matched \(pattern)" + (entry.target.map { " → \($0)" } ?? ""), CellStyle(role: .link), indent: 3)
            }
            for (index, step) in entry.steps.enumerated() {
                if index == candidatesAt, entry.candidates.count > 1 {
                    add("candidates \(entry.candidates.joined(separator: ", "))", CellStyle(role: .dim), indent: 3)
                }
                if step.kind == "match" {
                    // "no route matches" names the URL only when it is not the entry's own (after a redirect).
                    // A stand-in screen's match is its words alone (``RouteLogEntry/showing(_:standIn:)``).
                    let text = step.detail.isEmpty ? "matched \(step.name)"
                        : step.detail.hasPrefix("→") ? "matched \(step.name) \(step.detail)"
                        : step.name == entry.url ? step.detail : "\(step.detail): \(step.name)"
                    add(text, CellStyle(role: .link), indent: 3)
                    continue
                }
                // `redirect app://profile/:id → app://user/alice`: an arrow needs no colon before it.
                let joint = step.detail.hasPrefix("→") ? " " : ": "
                add("\(step.kind) \(step.name)\(joint)\(step.detail) ·\(noBreak)\(time(step.seconds))", .plain,
                    indent: 3)
            }
            if let nearest = entry.nearest {
                add("nearest \(nearest)", CellStyle(role: .dim), indent: 3)
            }
            add("\(mark) \(entry.outcome) ·\(noBreak)\(time(entry.seconds))\(noBreak)total", outcomeStyle, indent: 3)
            if let fate = entry.fate {
                add(fate, fateStyle, indent: 3)
            }
        }
        return lines
    }
}
