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
        let lines = logLines(model.log, width: inner.width, dropped: model.logPanel.dropped,
                             expanded: model.logPanel.isExpanded)
        guard !lines.isEmpty else {
            drawFooter(reserve: 0)
            let hint = AppViewText.wrap("No opens yet. Press : and type a URL, or pick a link.", width: inner.width - 1)
            for (index, line) in hint.prefix(inner.height).enumerated() {
                canvas.put(line, x: inner.x + 1, y: inner.y + index, style: CellStyle(role: .dim), clip: inner)
            }
            return
        }
        let scroll = min(max(0, model.logPanel.scroll), max(0, lines.count - inner.height))
        let end = lines.count - scroll
        let start = max(0, end - inner.height)
        let cursor = focused ? model.logPanel.selectedEntry?.sequence : nil
        for (row, line) in lines[start..<end].enumerated() {
            var style = line.style
            if let cursor, line.sequence == cursor {
                // The entry under the cursor, all of its lines, reversed as a selection.
                style.reverse = true
                canvas.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1),
                            style: CellStyle(reverse: true))
            }
            canvas.put(line.text, x: inner.x, y: inner.y + row, style: style, clip: inner)
            if let entry = line.entry {
                hits.append(HitRegion(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1),
                                      .logEntry(entry)))
            }
        }
        if start > 0 {
            let more = " ▴ \(start) more "
            canvas.put(more, x: area.maxX - 2 - DisplayWidth.of(more), y: area.y, style: CellStyle(role: .dim),
                       clip: titleClip(area))
        }
        let wayOut = DisplayWidth.of(KeyBinding.hints(KeyBinding.log, essentialOnly: true)) + 2
        if scroll > 0, !focused || DisplayWidth.of(" ▾ \(scroll) newer ") + 1 + wayOut <= area.width - 7 {
            // On the right when the panel has the focus, so the keys and the search on the left stay readable.
            let newer = " ▾ \(scroll) newer "
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

    /// The log's bottom edge while a search is active (after Enter, until Esc gives the phone the
    /// keys): the term, where the cursor is among its matches and the keys that move between them
    /// (`/share · match 2/5 · n older · N newer · Esc`), shortened to fit `width`; nil without one.
    static func activeSearchFooter(_ panel: LogPanel, width: Int) -> String? {
        guard let query = panel.lastSearch, !query.isEmpty else { return nil }
        let position = panel.matchPosition.map { "match \($0.index)/\($0.count)" }
            ?? "\(panel.matches.count) matches"
        let term = "/" + AppViewText.fit(query, width: max(4, width / 3))
        for keys in [" · n older · N newer · Esc done", " · n N · Esc", " · Esc"] {
            let text = " " + term + " · " + position + keys + " "
            if DisplayWidth.of(text) <= width { return text }
        }
        return " " + term + " · Esc "
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

    /// The top edge of a panel between its corners, where its title goes.
    static func titleClip(_ area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 1)
    }

    /// The focused route table's keys on its bottom edge, from column `x`, as many as fit whole.
    static func drawRouteKeys(_ model: AppModel, area: Rect, from x: Int, canvas: inout Canvas) {
        guard model.focus == .filter else { return }
        let keys = KeyBinding.hints(KeyBinding.routes, fitting: area.maxX - x - 5)
        guard !keys.isEmpty else { return }
        let edge = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        canvas.put(" " + keys + " ", x: x, y: edge.y, style: CellStyle(bold: true), clip: titleClip(edge))
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
        func add(_ text: String, _ style: CellStyle, indent: Int) {
            let pad = String(repeating: " ", count: max(0, indent))
            let hang = String(repeating: " ", count: max(0, indent + 2))
            // Times are joined to their unit by a no-break space so the two never part.
            let parts = AppViewText.wrap(text, width: max(1, width - indent - 2))
            for (index, part) in parts.enumerated() {
                let shown = String(part.map { $0 == noBreak ? " " : $0 })
                lines.append(LogLine(text: (index == 0 ? pad : hang) + shown, style: style, entry: current,
                                     sequence: owner))
            }
        }
        func time(_ seconds: Double) -> String {
            String(RouteLogEntry.format(seconds).map { $0 == " " ? noBreak : $0 })
        }
        if dropped > 0 {
            // What the log no longer holds is still said, so its first line is not taken for the first open.
            add("… \(dropped) older entr\(dropped == 1 ? "y" : "ies") dropped", CellStyle(role: .dim), indent: 1)
        }
        for entry in entries {
            owner = entry.sequence
            let stamp = entry.time.map { RouteLogEntry.clock($0) + " " } ?? ""
            if let event = entry.event {
                current = nil
                let failed = event.contains("✗") || event.hasPrefix("cancel")
                add(stamp + "• " + event, failed ? CellStyle(role: .statusError, bold: true) : CellStyle(bold: true),
                    indent: 1)
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
                    add(stamp + "▸ #\(entry.id) \(url)\(resumes)  \(fate)", fateStyle, indent: 1)
                } else {
                    let why = entry.nearest.map { " · nearest \($0)" } ?? ""
                    add(stamp + "▸ #\(entry.id) \(url)\(resumes)  \(mark) \(entry.outcome)\(why) "
                            + "·\(noBreak)\(time(entry.seconds))",
                        outcomeStyle, indent: 1)
                }
                continue
            }
            add(stamp + "▾ #\(entry.id) open \(url)\(resumes)", CellStyle(bold: true), indent: 1)
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
                    let text = step.detail.hasPrefix("→")
                        ? "matched \(step.name) \(step.detail)"
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

    // MARK: Route table

    /// The widths of the route table's pattern and target columns in a list `width` columns wide;
    /// the flags take what is left (none when too little is). A row is `▸`, the pattern, a space, the
    /// reached mark, a space and the target, then two spaces and the flags. The columns share the
    /// room in that order: the pattern is whole unless that would leave the target fewer than 6
    /// columns (a sixth of a list wider than 36); the target is whole unless that would leave the
    /// flags fewer than 10 (`relocation`); the flags get the rest. No column is wider than its widest
    /// cell, and the row never exceeds `width`.
    static func routeColumns(width: Int, widestPattern: Int, widestTarget: Int, widestFlags: Int,
                             showsTarget: Bool) -> (pattern: Int, target: Int) {
        // `▸`, and the reached mark after a space.
        let fixed = 3
        // The target's least share: 6 columns, a sixth of a wider list.
        let targetLeast = min(widestTarget, max(6, width / 6))
        let pattern = max(1, min(widestPattern, width - fixed - (showsTarget ? 1 + targetLeast : 0)))
        guard showsTarget else { return (pattern, 0) }
        let room = width - fixed - pattern - 1
        let flagsWanted = widestFlags == 0 ? 0 : 2 + min(widestFlags, 10)
        let target = max(0, min(widestTarget, room, max(targetLeast, room - flagsWanted)))
        // Flags cut below four columns are not shown: the target takes that room.
        if widestFlags > 0, room - target - 2 < min(4, widestFlags) { return (pattern, min(widestTarget, room)) }
        return (pattern, target)
    }

    /// `text` wrapped to `width` columns in at most `most` lines; when it needs more, the last line
    /// holds the rest cut with an ellipsis.
    static func detailLines(_ text: String, width: Int, most: Int) -> [String] {
        let wrapped = AppViewText.wrap(text, width: max(1, width))
        guard wrapped.count > most else { return wrapped }
        let last = AppViewText.split(wrapped[most - 1], atWidth: max(1, width - 1)).0
        return Array(wrapped.prefix(most - 1)) + [last + "…"]
    }

    /// What the route table's title counts: `13 routes, 2 rewrites` (the routes, as `coverage` counts
    /// them, then the redirect and relocation rows), after `4 shown of ` when a filter hides rows.
    package static func routeCounts(shown: Int, of rows: [RouteRow]) -> String {
        let routes = rows.count { $0.kind == .route }, rewrites = rows.count - routes
        return (shown == rows.count ? "" : "\(shown) shown of ") + "\(routes) route\(routes == 1 ? "" : "s")"
            + (rewrites == 0 ? "" : ", \(rewrites) rewrite\(rewrites == 1 ? "" : "s")")
    }

    /// Draws the route table panel: a filter line, then the routes, redirects and relocation rules
    /// the filter lets through, with their targets and notes.
    static func drawRoutes(_ model: AppModel, in area: Rect, layout: AppLayout, canvas: inout Canvas,
                           hits: inout [HitRegion]) {
        canvas.fill(area)
        let focused = model.focus == .filter
        let rows = model.routePanel.filtered
        let title = model.routePanel.urlTest.map { test in
            // The rewrites followed first: `via relocation`, `via redirect`, `via 3 rewrites`.
            let kinds = test.via.compactMap { $0.split(separator: " ").first.map(String.init) }
            let via = kinds.isEmpty ? "" : " · via " + (kinds.count == 1 ? kinds[0] : "\(kinds.count) rewrites")
            return "Test \(test.url) · " + (test.winner.map { "wins: \($0)" } ?? "no route wins") + via
        } ?? routeCounts(shown: rows.count, of: model.routes)
            + (model.routePanel.coverage.isEmpty ? "" : " · \(model.routePanel.reachedCount) reached") + " · F3"
        canvas.box(area, style: focused ? CellStyle(bold: true) : CellStyle(role: .dim))
        canvas.put(edgeText(title, in: area), x: area.x + 2, y: area.y, style: CellStyle(bold: true),
                   clip: titleClip(area))
        hits.append(HitRegion(area, .routes))
        let inner = area.inset(by: 1)
        guard !inner.isEmpty, let field = layout.filterField else {
            return
        }
        // The filter line.
        canvas.put("Filter:", x: inner.x + 1, y: inner.y,
                   style: focused ? CellStyle(bold: true) : CellStyle(role: .dim), clip: inner)
        let window = model.filter.window
        if model.filter.isEmpty && !focused {
            canvas.put("type to filter", x: field.x, y: field.y, style: CellStyle(role: .dim), clip: inner)
        } else {
            canvas.put(window.text, x: field.x, y: field.y, clip: inner)
        }
        if focused {
            canvas.cursor = Point(x: field.x + window.cursorColumn, y: field.y)
        }
        hits.append(HitRegion(Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), .filter))
        // The selected route in full on the last rows, while the filter has the focus: its verdict
        // (or its target and notes) wrapped over up to a third of the panel, so it is read whole.
        let testing = model.routePanel.urlTest != nil
        let selection = rows.isEmpty ? 0 : min(max(0, model.routePanel.selection), rows.count - 1)
        var detail: [String] = []
        if focused && !rows.isEmpty && inner.height >= 5 {
            let route = rows[selection]
            let text = route.verdict.map { (route.wins ? "✓ " : "✗ ") + $0 }
                ?? ([route.target] + route.notes).joined(separator: " · ")
            detail = detailLines(text, width: inner.width - 2, most: max(1, (inner.height - 1) / 3))
        }
        let list = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1 - detail.count)
        guard !list.isEmpty else {
            return
        }
        guard !rows.isEmpty else {
            let test = model.routePanel.urlTest
            let text = test?.problem
                ?? (test != nil ? "No route shares this URL's scheme and host." : "No route matches the filter.")
            for (row, part) in AppViewText.wrap(text, width: max(1, list.width - 2)).prefix(list.height).enumerated() {
                let style = test?.problem != nil ? CellStyle(role: .statusError) : CellStyle(role: .dim)
                canvas.put(part, x: list.x + 1, y: list.y + row, style: style, clip: list)
            }
            drawRouteKeys(model, area: area, from: area.x + 2, canvas: &canvas)
            return
        }
        let offset = selection >= list.height ? selection - list.height + 1 : 0
        let visible = offset..<min(rows.count, offset + list.height)
        // The columns are sized for the rows on screen, not the widest pattern of the whole table.
        let widestPattern = visible.map { AppViewText.width(rows[$0].pattern) }.max() ?? 0
        let widestTarget = visible.map { AppViewText.width(rows[$0].target) }.max() ?? 0
        let widestFlags = visible.map { DisplayWidth.of(rows[$0].flags) }.max() ?? 0
        var columns = routeColumns(width: list.width, widestPattern: widestPattern, widestTarget: widestTarget,
                                   widestFlags: widestFlags, showsTarget: true)
        // While a URL is tested, its verdicts matter more: the target is left out when it would leave
        // them fewer than 24 columns, and the pattern leaves the verdicts at least a quarter of the row
        // (or all they need), so every row keeps its ✓ or ✗.
        let verdictRoom = list.width - 3 - columns.pattern - 1 - columns.target - 2
        if testing, verdictRoom < min(24, widestFlags) {
            let verdictLeast = min(widestFlags, max(8, list.width / 4))
            columns = routeColumns(width: list.width - 2 - verdictLeast, widestPattern: widestPattern,
                                   widestTarget: widestTarget, widestFlags: 0, showsTarget: false)
        }
        let patternWidth = columns.pattern
        let targetWidth = columns.target
        for row in 0..<min(list.height, rows.count - offset) {
            let index = row + offset
            let route = rows[index]
            let y = list.y + row
            let selected = focused && index == selection
            let line = Rect(x: list.x, y: y, width: list.width, height: 1)
            if selected {
                canvas.fill(line, style: CellStyle(reverse: true))
            }
            func style(_ base: CellStyle) -> CellStyle {
                selected ? CellStyle(bold: true, reverse: true) : base
            }
            let elided = AppViewText.elideURL(Escaping.visible(route.pattern), width: patternWidth)
            let pattern = DisplayWidth.padded(elided, toWidth: patternWidth)
            var x = canvas.put((selected ? "▸" : " ") + pattern, x: list.x, y: y,
                               style: style(CellStyle(role: .link)), clip: line)
            // `●` between pattern and target marks a route this run of the app has reached.
            let mark = model.routePanel.isReached(route) ? "●" : " "
            if targetWidth > 0 {
                let target = DisplayWidth.padded(AppViewText.fit(route.target, width: targetWidth),
                                                 toWidth: targetWidth)
                x = canvas.put(" " + mark + " " + target, x: x, y: y, style: style(.plain), clip: line)
            } else {
                x = canvas.put(" " + mark, x: x, y: y, style: style(.plain), clip: line)
            }
            let flags = route.flags
            if !flags.isEmpty {
                // Flags cut to a letter or two say nothing: they show from four columns (or whole); a
                // verdict keeps at least its mark.
                let room = line.maxX - x - 2
                let text = room >= min(4, DisplayWidth.of(flags)) ? AppViewText.fit(flags, width: room)
                    : (route.verdict != nil && room >= 1 ? String(flags.prefix(1)) : "")
                canvas.put("  " + text, x: x, y: y, style: style(CellStyle(role: .dim)), clip: line)
            }
            hits.append(HitRegion(line, .route(index)))
        }
        for (row, part) in detail.enumerated() {
            canvas.put(part, x: inner.x + 1, y: list.maxY + row, style: CellStyle(role: .dim), clip: inner)
        }
        // The bottom edge: how many rows are below, and, while focused, the panel's keys that fit.
        let edge = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        var x = area.x + 2
        let more = " ▾ \(rows.count - offset - list.height) more "
        // The way out (`Esc done`) outranks the count of rows below, which the title carries too.
        let wayOut = DisplayWidth.of(KeyBinding.hints(KeyBinding.routes, essentialOnly: true)) + 2
        let roomForMore = !focused || DisplayWidth.of(more) + wayOut <= area.width - 5
        if offset + list.height < rows.count, roomForMore {
            x = canvas.put(more, x: x, y: edge.y,
                           style: CellStyle(role: .dim), clip: titleClip(edge))
        }
        drawRouteKeys(model, area: area, from: x, canvas: &canvas)
    }
}
