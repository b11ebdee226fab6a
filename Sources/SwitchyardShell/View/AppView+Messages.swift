import TerminalKit

extension AppView {
    /// The lines of the messages view: every status message kept, oldest first, each wrapped to
    /// `width` with its marker, after a line that says how many older ones were dropped.
    static func messageLines(_ panel: MessagesPanel, width: Int) -> [(text: String, style: CellStyle)] {
        var lines: [(String, CellStyle)] = []
        if panel.dropped > 0 {
            lines.append(("… \(panel.dropped) older message\(panel.dropped == 1 ? "" : "s") dropped",
                          CellStyle(role: .dim)))
        }
        for status in panel.entries {
            let style: CellStyle
            switch status.kind {
            case .error: style = CellStyle(role: .statusError, bold: true)
            case .note: style = CellStyle(bold: true)
            case .info: style = .plain
            }
            // The whole message, once: when the status line had a shorter form, the whole form stands
            // in for it (the view is where a message is read whole; both forms read as a repeat).
            let parts = AppViewText.wrap(status.marked(status.detail ?? status.text), width: max(1, width - 4))
            for (index, part) in parts.enumerated() {
                lines.append(((index == 0 ? "" : "  ") + part, style))
            }
        }
        return lines
    }

    /// Draws the messages view (`m`): a box over the app with the whole of every status message
    /// kept, newest at the bottom, scrolled by ``MessagesPanel/scroll`` lines.
    static func drawMessages(_ model: AppModel, layout: AppLayout, canvas: inout Canvas) {
        // Above the prompt and status rows, which stay visible.
        // The whole width, so no border of the panels behind shows beside the box's own.
        let width = max(10, layout.width)
        let height = max(5, layout.height - 2)
        let box = Rect(x: 0, y: 0, width: width, height: height)
        canvas.dim()
        canvas.fill(box)
        canvas.box(box, style: CellStyle(bold: true), title: "Messages · \(model.messagesPanel.entries.count)")
        let inner = box.inset(by: 1)
        let lines = messageLines(model.messagesPanel, width: inner.width)
        let rows = max(0, inner.height - 1)
        let scroll = min(max(0, model.messagesPanel.scroll), max(0, lines.count - rows))
        let first = max(0, lines.count - rows - scroll)
        for (row, line) in lines[first..<min(lines.count, first + rows)].enumerated() {
            canvas.put(line.text, x: inner.x + 1, y: inner.y + row, style: line.style, clip: inner)
        }
        // How many lines are above and below the rows shown, on the box's edges as the phone says it.
        if first > 0 {
            let more = " ▴ \(first) more "
            canvas.put(more, x: box.maxX - 2 - DisplayWidth.of(more), y: box.y, style: CellStyle(role: .dim),
                       clip: titleClip(box))
        }
        let below = lines.count - min(lines.count, first + rows)
        if below > 0 {
            let more = " ▾ \(below) more "
            canvas.put(more, x: box.maxX - 2 - DisplayWidth.of(more), y: box.maxY - 1, style: CellStyle(role: .dim),
                       clip: titleClip(Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1)))
        }
        if lines.isEmpty {
            canvas.put("No messages yet.", x: inner.x + 1, y: inner.y, style: CellStyle(role: .dim), clip: inner)
        }
        let footer = "↑↓ PgUp PgDn g G scroll · Esc m close"
        canvas.put(footer, x: inner.x + max(0, (inner.width - DisplayWidth.of(footer)) / 2), y: inner.maxY - 1,
                   style: CellStyle(role: .dim), clip: inner)
    }
}
