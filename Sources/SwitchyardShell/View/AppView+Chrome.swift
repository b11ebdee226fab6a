import TerminalKit

extension AppView {
    // MARK: Prompt

    /// Draws the prompt line: `:` and the URL being typed (with the cursor when focused), or a hint.
    static func drawPrompt(_ model: AppModel, layout: AppLayout, canvas: inout Canvas, hits: inout [HitRegion]) {
        let line = layout.prompt
        let field = layout.promptField
        let focused = model.focus == .prompt
        hits.append(HitRegion(line, .prompt))
        canvas.put(":", x: line.x, y: line.y, style: focused ? CellStyle(bold: true) : CellStyle(role: .dim),
                   clip: line)
        let window = model.prompt.window
        guard focused || !model.prompt.isEmpty else {
            canvas.put(AppViewText.fit(promptHint(model), width: field.width), x: field.x, y: field.y,
                       style: CellStyle(role: .dim), clip: line)
            return
        }
        let end = canvas.put(window.text, x: field.x, y: field.y, style: focused ? .plain : CellStyle(role: .dim),
                             clip: line)
        if focused, let columns = model.prompt.activePlaceholderColumns {
            // The placeholder being filled is drawn selected: the next character replaces it.
            let area = Rect(x: field.x + columns.lowerBound, y: field.y, width: columns.count, height: 1)
            canvas.restyle(area.intersection(field), style: CellStyle(role: .link, reverse: true))
        }
        if focused {
            canvas.cursor = Point(x: field.x + window.cursorColumn, y: field.y)
        }
        if focused, let index = model.prompt.completionIndex, model.prompt.completions.count > 1 {
            let counter = " \(index + 1)/\(model.prompt.completions.count)"
            let x = line.maxX - DisplayWidth.of(counter)
            if x > end {
                canvas.put(counter, x: x, y: line.y, style: CellStyle(role: .dim), clip: line)
            }
        }
    }

    /// The most candidates the completion menu lists at once.
    static let completionMenuRows = 8

    /// Draws the completion menu above the prompt while Tab cycles through more than one
    /// candidate: a window of the candidates around the shown one, which is highlighted; each row
    /// is clickable.
    static func drawCompletionMenu(_ model: AppModel, layout: AppLayout, canvas: inout Canvas,
                                   hits: inout [HitRegion]) {
        let candidates = model.prompt.completions
        guard model.focus == .prompt, candidates.count > 1, !model.showsHelp else {
            return
        }
        let field = layout.promptField
        let rows = min(candidates.count, completionMenuRows, max(0, layout.prompt.y - 2))
        guard rows > 0 else {
            return
        }
        let selected = model.prompt.completionIndex
        let first = min(max(0, (selected ?? 0) - rows + 1), candidates.count - rows)
        let widest = candidates.map { DisplayWidth.of(Escaping.visible($0)) }.max() ?? 0
        let title = selected.map { " \($0 + 1)/\(candidates.count) · Tab ↓ next · ↑ back · type to narrow " }
            ?? " \(candidates.count) matches · Tab picks one · type to narrow "
        // As wide as the widest of its titles, so the box keeps its width from one Tab to the next.
        let titleWidth = DisplayWidth.of(" \(candidates.count) matches · Tab picks one · type to narrow ")
        let width = min(max(widest + 4, titleWidth + 4), layout.width - field.x + 1)
        let box = Rect(x: max(0, field.x - 1), y: layout.prompt.y - rows - 2, width: width, height: rows + 2)
        canvas.fill(box)
        canvas.box(box, style: CellStyle(bold: true))
        canvas.put(title, x: box.x + 2, y: box.y, style: CellStyle(role: .dim), clip: titleClip(box))
        let inner = box.inset(by: 1)
        for row in 0..<rows {
            let index = first + row
            let line = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
            let isSelected = index == selected
            if isSelected {
                canvas.fill(line, style: CellStyle(reverse: true))
            }
            let text = DisplayWidth.elidedMiddle(Escaping.visible(candidates[index]), toWidth: max(1, inner.width - 2))
            let textStyle = isSelected ? CellStyle(bold: true, reverse: true) : CellStyle(role: .link)
            canvas.put(" " + text, x: line.x, y: line.y, style: textStyle, clip: line)
            hits.append(HitRegion(line, .completion(index)))
        }
        if first + rows < candidates.count {
            let edge = Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1)
            canvas.put(" ▾ \(candidates.count - first - rows) more ", x: box.x + 2, y: box.maxY - 1,
                       style: CellStyle(role: .dim), clip: titleClip(edge))
        }
    }

    /// The prompt line's hint while it is empty and not focused: what Enter would do with the
    /// selected item, and how to type a URL; while the route table's filter has the keys (F3), what
    /// typing and Enter do there.
    static func promptHint(_ model: AppModel) -> String {
        switch model.replaying {
        case .stepwise: return "replaying: any key plays the next step · F2 log · m messages · q quits"
        case .lastStep: return "replaying: that was the last step · any key ends the replay · q quits"
        case .timed: return "replaying: any key skips the wait · F2 log · m messages · q quits"
        case nil: break
        }
        if model.focus == .log {
            return "the log has the keys: ↑↓ move · Enter fold/unfold · / search · y copy · Tab next · Esc done"
        }
        if model.focus == .filter {
            // What Enter brings is what it will bring: the tested URL, or the selected route's pattern.
            return model.routePanel.urlTest != nil
                ? "a URL is being tested · Enter brings it to the prompt"
                    : "typing filters the routes; a URL tests them · Enter brings the pattern here"
        }
        guard model.focus == .phone, let selected = model.item(at: model.selection) else {
            return "type : or / then a URL · Tab completes · ↑ recalls · Enter opens"
        }
        switch selected {
        case .link(_, let link):
            return "Enter opens \(link.url) · : or / types a URL"
        case .logIn where model.snapshot.isShowingLoginDetour:
            return model.held == nil ? "Enter logs in · Esc goes back"
                : "Enter logs in and resumes the held navigation · Esc back to the login screen"
        case .logIn:
            return model.held == nil ? "Enter logs in · Esc closes the login screen"
                : "Enter logs in and resumes the held navigation · Esc cancels"
        case .discardChanges:
            return "Enter discards the changes, so the form can be left"
        }
    }

    // MARK: Status

    /// The key bindings of the focused panel (the route table's filter, the log); nil for the phone
    /// and the prompt, whose short hints are their own.
    static func panelBindings(_ focus: AppModel.Focus) -> [KeyBinding]? {
        switch focus {
        case .filter: return KeyBinding.routes
        case .log: return KeyBinding.log
        case .phone, .prompt: return nil
        }
    }

    /// The key hints for the status line's right end, by focus: the full and the short form.
    static func hints(_ focus: AppModel.Focus) -> (full: String, short: String) {
        let bindings: [KeyBinding]
        switch focus {
        case .phone: bindings = KeyBinding.phoneHints
        case .prompt: bindings = KeyBinding.promptHints
        case .filter: bindings = KeyBinding.routes
        case .log: bindings = KeyBinding.log
        }
        let short = KeyBinding.hints(bindings, essentialOnly: true)
        // The phone's short form reads help first; the panels', their way out.
        return (KeyBinding.hints(bindings), focus == .phone ? "m messages  ? help" : short)
    }

    /// The status message in `width` columns: whole when it fits, else cut with `… (m)`, which says
    /// that it was cut and where it is read whole.
    static func statusText(_ message: String, width: Int) -> String {
        let mark = " (m)"
        guard AppViewText.width(message) > width, width > DisplayWidth.of(mark) + 8 else {
            return AppViewText.fit(message, width: width)
        }
        let cut = AppViewText.fit(message, width: width - DisplayWidth.of(mark))
        return (cut.hasSuffix("…") ? cut : cut + "…") + mark
    }

    /// A status message too long for the `room` its line leaves, split in two: the head for the
    /// prompt's line (as wide as the terminal, broken at a word or URL component), the tail for the
    /// status line, indented under the head's text (after the message's marker). Nil when
    /// the message fits, or the prompt line is in use (focused, holding text, or not right above).
    static func twoLineStatus(_ message: String, model: AppModel, layout: AppLayout,
                              room: Int) -> (head: String, tail: String)? {
        guard AppViewText.width(message) > room, model.focus != .prompt, model.prompt.isEmpty,
            layout.prompt.y + 1 == layout.status.y, layout.prompt.width > 20 else {
            return nil
        }
        let visible = Escaping.visible(message)
        // Both lines as wide as the status line's room when that holds it all (the break then falls
        // where the eye expects it); else the prompt's line takes as much as it can.
        var lines = AppViewText.wrap(visible, width: max(room, 20))
        if lines.count > 2 { lines = AppViewText.wrap(visible, width: layout.prompt.width) }
        guard lines.count > 1, let head = lines.first, visible.hasPrefix(head) else {
            return nil
        }
        // A status message always starts with its marker (`✗ `, `• `, `✓ `): the tail lines up after it.
        return (head, "  " + visible.dropFirst(head.count).drop { $0 == " " })
    }

    /// Draws the status line: the last step's message on the left (errors in the error colour),
    /// key hints on the right in the room the message leaves.
    static func drawStatus(_ model: AppModel, layout: AppLayout, canvas: inout Canvas) {
        let line = layout.status
        var message = ""
        var style = CellStyle.plain
        if let status = model.status {
            message = status.marked(status.text)
            switch status.kind {
            case .error: style = CellStyle(role: .statusError, bold: true)
            case .note: style = CellStyle(bold: true)
            case .info: style = CellStyle(role: .dim)
            }
        }
        let messageWidth = AppViewText.width(message)
        var (full, short): (String, String)
        switch model.replaying {
        case nil: (full, short) = hints(model.focus)
        case .lastStep: (full, short) = ("any key ends  q quit", "q quit")
        case .stepwise, .timed: (full, short) = ("any key next  q quit", "q quit")
        }
        if model.recording != nil {
            // Recording is never silent: the marker leads both forms of the hints.
            full = "● REC  " + full
            short = "● REC  " + short
        }
        // The full hints when they fit beside the message, else the short ones, which a long
        // message never pushes away: it is cut instead (`m` shows it whole). Only a line too narrow
        // to leave the message half of it drops the hints.
        var hint = ""
        if messageWidth + 2 + DisplayWidth.of(full) <= line.width {
            hint = full
        } else if line.width - 2 - DisplayWidth.of(short) >= line.width / 2 {
            hint = short
            // A panel's keys: as many as fit beside the message, its way out always among them.
            if model.replaying == nil, model.recording == nil, let bindings = panelBindings(model.focus) {
                let fitted = KeyBinding.hints(bindings, fitting: max(0, line.width - messageWidth - 2),
                                              separator: "  ")
                if DisplayWidth.of(fitted) > DisplayWidth.of(short) { hint = fitted }
            }
        }
        let hintWidth = DisplayWidth.of(hint)
        if !message.isEmpty {
            let room = hint.isEmpty ? line.width : line.width - hintWidth - 2
            if let (head, tail) = twoLineStatus(message, model: model, layout: layout, room: room) {
                // Too long for its line: it takes the prompt's hint line above as well (the prompt is
                // idle), and only what two lines cannot hold is cut.
                canvas.fill(layout.prompt)
                canvas.put(head, x: layout.prompt.x, y: layout.prompt.y, style: style, clip: layout.prompt)
                canvas.put(statusText(tail, width: room), x: line.x, y: line.y, style: style, clip: line)
            } else {
                canvas.put(statusText(message, width: room), x: line.x, y: line.y, style: style, clip: line)
            }
        }
        if !hint.isEmpty {
            canvas.put(hint, x: line.maxX - hintWidth, y: line.y, style: CellStyle(role: .dim), clip: line)
        }
    }

    // MARK: Help

    /// The help's lines at the width it gets in `model`'s terminal: section titles, then each key
    /// with its action wrapped in the action column (never cut); and the box's width.
    static func helpLines(_ model: AppModel) -> (lines: [(keys: String, action: String, isTitle: Bool)], width: Int,
                                                 keyWidth: Int) {
        let sections = KeyBinding.sections(for: model.focus)
        let keyWidth = sections.flatMap(\.bindings).map { DisplayWidth.of($0.keys) }.max() ?? 0
        let actionWidth = sections.flatMap(\.bindings).map { DisplayWidth.of($0.action) }.max() ?? 0
        // A box that would leave a column or two at the sides takes the whole width instead, so no
        // border of the panels behind shows beside its own.
        let wanted = keyWidth + actionWidth + 7
        let width = max(10, wanted >= model.width - 4 ? model.width : wanted)
        let room = max(8, width - keyWidth - 7)
        var lines: [(keys: String, action: String, isTitle: Bool)] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append(("", "", false)) }
            lines.append((section.title, "", true))
            for binding in section.bindings {
                for (part, text) in AppViewText.wrap(binding.action, width: room).enumerated() {
                    lines.append((part == 0 ? binding.keys : "", text, false))
                }
            }
        }
        return (lines, width, keyWidth)
    }

    /// How many help lines fit in a terminal `height` rows high (the box stays above the prompt row,
    /// with its border and footer).
    static func helpRows(height: Int) -> Int {
        max(1, height - 2 - 4)
    }

    /// Draws the help overlay: the focused panel's keys first, then the others, scrolled by
    /// ``AppModel/helpScroll`` lines when they do not fit; it never covers the prompt and status rows.
    static func drawHelp(_ model: AppModel, layout: AppLayout, canvas: inout Canvas) {
        let (lines, width, keyWidth) = helpLines(model)
        let rows = min(lines.count, helpRows(height: layout.height))
        let height = rows + 4
        let box = Rect(x: (layout.width - width) / 2, y: max(0, (layout.height - 2 - height) / 2), width: width,
                       height: height)
        canvas.dim()
        // A blank column on each side of the box as well: what the app shows behind it (the log's text)
        // never runs up to the box's border, and no cut letter of it reads as part of the help.
        canvas.fill(Rect(x: box.x - 1, y: box.y, width: box.width + 2, height: box.height).intersection(canvas.bounds))
        let more = lines.count > rows
        let first = min(max(0, model.helpScroll), max(0, lines.count - rows))
        canvas.box(box, style: CellStyle(bold: true),
                   title: more ? "Help · \(first + 1)–\(first + rows) of \(lines.count)" : "Help")
        let inner = box.inset(by: 1)
        for (index, row) in lines[first..<(first + rows)].enumerated() {
            let y = inner.y + index
            // A line too long for a narrow terminal is cut with an ellipsis at a word boundary.
            if row.isTitle {
                canvas.put(AppViewText.fit(row.keys, width: inner.width - 2), x: inner.x + 1, y: y,
                           style: CellStyle(role: .link, bold: true), clip: inner)
                continue
            }
            canvas.put(row.keys, x: inner.x + 1, y: y, style: CellStyle(bold: true), clip: inner)
            canvas.put(AppViewText.fit(row.action, width: inner.width - keyWidth - 4), x: inner.x + keyWidth + 3, y: y,
                       clip: inner)
        }
        let footer = more ? "↑↓ PgUp PgDn g G scroll · any other key closes" : "press any key to close"
        let shownFooter = AppViewText.fit(footer, width: inner.width - 2)
        canvas.put(shownFooter, x: inner.x + max(0, (inner.width - DisplayWidth.of(shownFooter)) / 2),
                   y: inner.maxY - 1, style: CellStyle(role: .dim), clip: inner)
    }
}
