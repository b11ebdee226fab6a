import TerminalKit

extension AppView {
    // MARK: Route table

    /// The focused route table's keys on its bottom edge, from column `x`, as many as fit whole.
    static func drawRouteKeys(_ model: AppModel, area: Rect, from x: Int, canvas: inout Canvas) {
        guard model.focus == .filter else { return }
        let keys = KeyBinding.hints(KeyBinding.routes, fitting: area.maxX - x - 5)
        guard !keys.isEmpty else { return }
        let edge = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        canvas.put(" " + keys + " ", x: x, y: edge.y, style: CellStyle(bold: true), clip: titleClip(edge))
    }

    /// The widths of the route table's pattern, target and flags columns in a list `width` columns wide.
    /// A row is `▸`, the pattern, a space, the reached mark, a space and the target, then two spaces and
    /// the flags. When every column fits whole, each is as wide as its widest cell. Otherwise the row's
    /// room is shared out by cutting the longest column first (``shareOut(_:room:)``), except that the
    /// pattern, which names the route, keeps three quarters of the room (or all it needs, when less); the
    /// row is then filled exactly, so no column is cut while the row has a spare column. Flags that
    /// would get fewer than five columns (`login` whole, `relo…`; `l…` says nothing) are left out and
    /// their room shared instead.
    /// No width exceeds its widest cell, and the row never exceeds `width` (the pattern keeps at
    /// least one column).
    static func routeColumns(width: Int, widestPattern: Int, widestTarget: Int, widestFlags: Int,
                             showsTarget: Bool) -> (pattern: Int, target: Int, flags: Int) {
        // `▸`, a space and the reached mark; a space before the target.
        let fixed = 3 + (showsTarget ? 1 : 0)
        let target = showsTarget ? widestTarget : 0
        func share(_ rest: [Int], room: Int) -> [Int] {
            let shares = shareOut([widestPattern] + rest, room: room)
            let least = min(widestPattern, max(1, room * 3 / 4))
            guard shares[0] < least else { return shares }
            return [least] + shareOut(rest, room: room - least)
        }
        if widestFlags > 0 {
            let shares = share([target, widestFlags], room: width - fixed - 2)
            if shares[2] >= min(5, widestFlags) {
                return (max(1, shares[0]), shares[1], shares[2])
            }
        }
        let shares = share([target], room: width - fixed)
        return (max(1, shares[0]), shares[1], 0)
    }

    /// `room` columns shared among columns that want `wants`: each whole when they all fit; otherwise
    /// the longest are cut first, to one width (a column wanting less keeps what it wants), and the
    /// columns left over go one each to the cut columns, the first first. The shares then add up to
    /// `room` exactly.
    static func shareOut(_ wants: [Int], room: Int) -> [Int] {
        let room = max(0, room)
        guard wants.reduce(0, +) > room else { return wants }
        // The widest cap whose capped widths fit.
        var low = 0, high = wants.max() ?? 0
        while low < high {
            let cap = (low + high + 1) / 2
            if wants.reduce(0, { $0 + min($1, cap) }) <= room { low = cap } else { high = cap - 1 }
        }
        var shares = wants.map { min($0, low) }
        var left = room - shares.reduce(0, +)
        for index in shares.indices where left > 0 && wants[index] > low {
            shares[index] += 1
            left -= 1
        }
        return shares
    }

    /// The columns a row's target gets: the target column, and when its target is longer, what the
    /// row's own flags leave of the flags column (all of it, with the two spaces before it, for a row
    /// without flags); the row's flags then end at the row's end. So a row's target is cut only when
    /// the row has no spare column.
    static func targetWidth(_ target: Int, flags: Int, table: RouteTableLayout) -> Int {
        guard target > table.target, table.flags > 0 else { return table.target }
        let spare = flags == 0 ? table.flags + 2 : max(0, table.flags - flags)
        return table.target + spare
    }

    /// A row's target in `width` columns: a rewrite's `⇒ URL` cut at the URL's components (its
    /// scheme and host and its last components stay), any other target cut at its end.
    static func fitTarget(_ target: String, width: Int) -> String {
        guard target.hasPrefix("⇒ "), width > 2 else { return AppViewText.fit(target, width: width) }
        return "⇒ " + AppViewText.elideURL(Escaping.visible(String(target.dropFirst(2))), width: width - 2)
    }

    /// The literal of the pattern a verdict names (`'x' is not 'live14'` → `live14`), if it names one.
    static func verdictLiteral(_ verdict: String) -> String? {
        guard let range = verdict.range(of: " is not '", options: .backwards) else { return nil }
        let rest = verdict[range.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let literal = String(rest[..<end])
        return literal.isEmpty ? nil : literal
    }

    /// The columns a row's flags (or verdict) get after the pattern and target columns in a list
    /// `width` columns wide (after the two spaces before them).
    static func flagsRoom(width: Int, pattern: Int, target: Int) -> Int {
        width - (1 + pattern) - (target > 0 ? 3 + target : 2) - 2
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

    /// The listing route table's title in `room` columns: `4 shown of 25 routes, 2 rewrites · 6 reached
    /// · F3`, dropping its least telling parts first while it is too long: the key (`F3`), then the
    /// reached count, the rewrites, and then the total (`4 shown`); cut only when not even that fits.
    static func listingTitle(shown: Int, of rows: [RouteRow], reached: Int?, room: Int) -> String {
        let routes = rows.count { $0.kind == .route }
        let plural = "\(routes) route\(routes == 1 ? "" : "s")"
        let filtered = shown != rows.count
        let total = (filtered ? "\(shown) shown of " : "") + plural
        let counts = routeCounts(shown: shown, of: rows)
        let reachedText = reached.map { " · \($0) reached" } ?? ""
        let candidates = [counts + reachedText + " · F3", counts + reachedText, counts, total,
                          filtered ? "\(shown) shown" : plural]
        let title = candidates.first { DisplayWidth.of($0) <= room } ?? candidates[candidates.count - 1]
        return AppViewText.fit(title, width: max(1, room))
    }

    /// The route table's title in `room` columns, and the line under its filter that says what the
    /// title could not. Listing: `12 shown of 38 routes, 2 rewrites · 3 reached · F3`. Testing a URL: `Test URL ·
    /// wins: PATTERN` when it fits; else `Test URL` with the outcome under the filter; else the URL
    /// cut at a component boundary (``AppViewText/elideURL(_:width:)``), and the line under the filter
    /// gives the whole URL before the outcome.
    static func routeTitle(_ panel: RoutePanel, rows: [RouteRow], room: Int) -> (title: String, summary: String?) {
        guard let test = panel.urlTest else {
            return (listingTitle(shown: panel.filtered.count, of: rows,
                                 reached: panel.coverage.isEmpty ? nil : panel.reachedCount, room: room), nil)
        }
        // The rewrites followed first: `via relocation`, `via redirect`, `via 3 rewrites`.
        let kinds = test.via.compactMap { $0.split(separator: " ").first.map(String.init) }
        let via = kinds.isEmpty ? "" : " · via " + (kinds.count == 1 ? kinds[0] : "\(kinds.count) rewrites")
        // A matching route that did not load is named: it is the one the URL was probably meant for.
        let unloaded = test.unloaded.isEmpty ? ""
            : " · " + test.unloaded.joined(separator: ", ") + " did not load (F2 log)"
        let outcome = (test.winner.map { "wins: \($0)" } ?? "no route wins") + via + unloaded
        let whole = "Test \(test.url) · \(outcome)"
        if AppViewText.width(whole) <= room {
            return (whole, nil)
        }
        let mark = test.winner == nil ? "✗ " : "✓ "
        let url = "Test \(test.url)"
        if AppViewText.width(url) <= room {
            return (url, mark + outcome)
        }
        // The whole URL, then the outcome on a line of its own (a line break between them), so the
        // outcome never starts in the middle of a wrapped URL.
        let cut = AppViewText.elideURL(Escaping.visible(test.url), width: max(1, room - 5))
        return ("Test " + cut, "\(test.url)\n" + mark + outcome)
    }

    /// Draws the route table panel: a filter line, then the routes, redirects and relocation rules
    /// the filter lets through, with their targets and notes. While a URL is tested every row's
    /// verdict is shown whole: beside its pattern when every verdict fits there, otherwise wrapped
    /// on the lines under its pattern.
    static func drawRoutes(_ model: AppModel, in area: Rect, layout: AppLayout, canvas: inout Canvas,
                           hits: inout [HitRegion]) {
        canvas.fill(area)
        let focused = model.focus == .filter
        let rows = model.routePanel.filtered
        let (title, summary) = routeTitle(model.routePanel, rows: model.routes, room: area.width - 7)
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
        var top = inner.y + 1
        if let summary {
            // What the title had no room for: the outcome, and the whole URL when the title cut it.
            let style = model.routePanel.urlTest?.winner == nil
                ? CellStyle(role: .statusError) : CellStyle(role: .link)
            // Each paragraph (the URL, the outcome) starts a line of its own, within one budget of lines.
            var budget = max(1, (inner.height - 2) / 3)
            for paragraph in summary.split(separator: "\n") where budget > 0 {
                let lines = detailLines(String(paragraph), width: inner.width - 2, most: budget)
                budget -= lines.count
                for part in lines {
                    canvas.put(part, x: inner.x + 1, y: top, style: style, clip: inner)
                    top += 1
                }
            }
        }
        // The selected route in full on the last rows, while the filter has the focus: its target and
        // notes wrapped over up to a third of the panel, so it is read whole. (A tested URL's verdicts
        // are whole in their rows.)
        let testing = model.routePanel.urlTest != nil
        let selection = rows.isEmpty ? 0 : min(max(0, model.routePanel.selection), rows.count - 1)
        var detail: [String] = []
        if focused && !testing && !rows.isEmpty && inner.maxY - top >= 5 {
            let route = rows[selection]
            // Under a rule and labelled, so it reads as the selected route's and not as a row of the table.
            detail = [String(repeating: "╌", count: max(0, inner.width - 2))]
                + detailLines((["target " + route.target] + route.notes).joined(separator: " · "),
                              width: inner.width - 2,
                              most: max(1, (inner.height - 1) / 3))
        }
        // The rows keep a blank column from each border.
        let list = Rect(x: inner.x + 1, y: top, width: max(0, inner.width - 2),
                        height: max(0, inner.maxY - top - detail.count))
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
        let table = routeTable(rows: rows, selection: selection, list: list, testing: testing)
        for (index, lines) in table.blocks {
            let route = rows[index]
            let isCursor = index == selection
            let selected = focused && isCursor
            func style(_ base: CellStyle) -> CellStyle {
                isCursor ? cursorStyle(base, focused: focused) : base
            }
            for (row, y) in lines.enumerated() {
                let line = Rect(x: list.x, y: y, width: list.width, height: 1)
                if selected {
                    canvas.fill(line, style: CellStyle(reverse: true))
                }
                hits.append(HitRegion(line, .route(index)))
                if row > 0 {
                    // A verdict wrapped under its pattern, indented past the selection mark.
                    let verdict = table.verdicts[index]?[row - 1] ?? ""
                    canvas.put(verdict, x: list.x + 3, y: y, style: style(CellStyle(role: .dim)), clip: line)
                    continue
                }
                // What the row is shown for stays in sight: the filter's text, or the literal a verdict names.
                let needle = model.routePanel.urlTest == nil ? model.routePanel.filter.text
                    : verdictLiteral(route.flags)
                let elided = AppViewText.elideURL(Escaping.visible(route.pattern), width: table.pattern,
                                                  keeping: needle)
                let pattern = DisplayWidth.padded(elided, toWidth: table.pattern)
                var x = canvas.put((isCursor ? "▸" : " ") + pattern, x: list.x, y: y,
                                   style: style(CellStyle(role: .link)), clip: line)
                // `●` between pattern and target marks a route this run of the app has reached.
                let mark = model.routePanel.isReached(route) ? "●" : " "
                let flags = table.verdicts[index] == nil && table.flags > 0 ? route.flags : ""
                if table.target > 0 {
                    let width = targetWidth(AppViewText.width(route.target), flags: DisplayWidth.of(flags),
                                            table: table)
                    let target = DisplayWidth.padded(fitTarget(route.target, width: width), toWidth: width)
                    x = canvas.put(" " + mark + " " + target, x: x, y: y, style: style(.plain), clip: line)
                } else {
                    x = canvas.put(" " + mark, x: x, y: y, style: style(.plain), clip: line)
                }
                if !flags.isEmpty {
                    // Listing, the flags end at the row's end (a row's target may take what its
                    // flags leave of their column); a tested URL's verdicts start at their column.
                    let text = AppViewText.fit(flags, width: max(1, line.maxX - x - 2))
                    let at = testing ? x : line.maxX - DisplayWidth.of(text) - 2
                    canvas.put("  " + text, x: at, y: y, style: style(CellStyle(role: .dim)), clip: line)
                }
            }
        }
        for (row, part) in detail.enumerated() {
            canvas.put(part, x: inner.x + 1, y: list.maxY + row, style: CellStyle(role: .dim), clip: inner)
        }
        // The bottom edge: how many rows are below, and, while focused, the panel's keys that fit.
        let edge = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        var x = area.x + 2
        let below = rows.count - table.end
        let more = " ▾ \(below) more "
        // The way out (`Esc done`) outranks the count of rows below, which the title carries too.
        let wayOut = DisplayWidth.of(KeyBinding.hints(KeyBinding.routes, essentialOnly: true)) + 2
        let roomForMore = !focused || DisplayWidth.of(more) + wayOut <= area.width - 5
        if below > 0, roomForMore {
            x = canvas.put(more, x: x, y: edge.y, style: CellStyle(role: .dim), clip: titleClip(edge))
        }
        drawRouteKeys(model, area: area, from: x, canvas: &canvas)
    }

    /// The route table's rows laid out in `list`: the pattern and target columns, each drawn row's
    /// lines (its index and the rows of the screen it takes), the verdict lines of rows whose verdict
    /// is wrapped under the pattern, and the index after the last row drawn whole.
    struct RouteTableLayout {
        var pattern: Int
        var target: Int
        var flags: Int
        var blocks: [(index: Int, lines: [Int])]
        var verdicts: [Int: [String]]
        var end: Int
    }

    /// Lays out `rows` in `list` with `selection` in sight. Listing, a row is one line and the
    /// columns are sized for the rows on screen. Testing a URL, the columns are sized for every
    /// candidate; when a verdict would be cut beside its pattern, every verdict goes under its
    /// pattern instead, wrapped whole (the pattern and target then share the line).
    static func routeTable(rows: RouteRowList, selection: Int, list: Rect, testing: Bool) -> RouteTableLayout {
        var columns: (pattern: Int, target: Int, flags: Int)
        var stacked = false
        if testing {
            // Tested candidates are those sharing the URL's scheme and host: few, measured whole.
            let widestPattern = rows.widestPattern
            let widestTarget = rows.widestTarget
            let widestFlags = rows.map { DisplayWidth.of($0.flags) }.max() ?? 0
            columns = routeColumns(width: list.width, widestPattern: widestPattern, widestTarget: widestTarget,
                                   widestFlags: widestFlags, showsTarget: true)
            if flagsRoom(width: list.width, pattern: columns.pattern, target: columns.target) < widestFlags {
                // Without the target, do the verdicts fit beside the pattern?
                let bare = routeColumns(width: list.width - 2 - widestFlags, widestPattern: widestPattern,
                                        widestTarget: widestTarget, widestFlags: 0, showsTarget: false)
                if bare.pattern >= widestPattern {
                    columns = bare
                } else {
                    stacked = true
                    columns = routeColumns(width: list.width, widestPattern: widestPattern,
                                           widestTarget: widestTarget, widestFlags: 0, showsTarget: true)
                }
            }
        } else {
            let offset = selection >= list.height ? selection - list.height + 1 : 0
            let visible = offset..<min(rows.count, offset + list.height)
            // The columns are sized for the rows on screen, not the widest pattern of the whole table.
            let widestPattern = visible.map { AppViewText.width(rows[$0].pattern) }.max() ?? 0
            let widestTarget = visible.map { AppViewText.width(rows[$0].target) }.max() ?? 0
            let widestFlags = visible.map { DisplayWidth.of(rows[$0].flags) }.max() ?? 0
            columns = routeColumns(width: list.width, widestPattern: widestPattern, widestTarget: widestTarget,
                                   widestFlags: widestFlags, showsTarget: true)
        }
        var verdicts: [Int: [String]] = [:]
        func height(_ index: Int) -> Int {
            guard stacked else { return 1 }
            if verdicts[index] == nil {
                verdicts[index] = AppViewText.wrap(rows[index].flags, width: max(1, list.width - 4))
            }
            return 1 + (verdicts[index]?.count ?? 0)
        }
        // The first row shown: as early as keeps the selected row whole on screen.
        var first = selection
        var used = height(selection)
        while first > 0, used + height(first - 1) <= list.height {
            first -= 1
            used += height(first)
        }
        var blocks: [(index: Int, lines: [Int])] = []
        var y = list.y
        var end = first
        for index in first..<rows.count where y < list.maxY {
            let count = height(index)
            let lines = Array(y..<min(list.maxY, y + count))
            blocks.append((index, lines))
            if lines.count == count { end = index + 1 }
            y += count
        }
        return RouteTableLayout(pattern: columns.pattern, target: columns.target, flags: columns.flags,
                                blocks: blocks,
                                verdicts: stacked ? verdicts : [:], end: end)
    }
}
