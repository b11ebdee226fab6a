import Switchyard
import SwitchyardNavigation
import TerminalKit

extension AppView {
    /// The rows of the tab bar: a rule and the tabs.
    static let tabBarHeight = 2
    /// The width of the parameter labels (`path`, `query`, `native`, `route`, `stack`): one more than the
    /// longest word of a generated route screen's body (`priority`), so that the body's `target   X`
    /// and `priority X` put their values in the labels' column.
    static let labelWidth = 9

    /// One line of a screen's content.
    struct ContentLine {
        var text: String
        var style: CellStyle
        var indent: Int
        var item: Int?
        var label: String?
        /// Whether the line is the second line of its item's label.
        var continues = false
    }

    /// The phone's screen for `model`, `width` × `height`, with its clickable regions relative to
    /// the screen's top-left corner: the selected tab's stack with its navigation bar, the tab bar,
    /// and every modal over them (a sheet as an inset box below the covered screen's navigation bar,
    /// which shows dimmed above it; a full-screen modal covering everything). Only the top layer (and the
    /// tab bar when nothing is presented) is clickable.
    package static func phoneScreen(_ model: AppModel, width: Int, height: Int) -> AppFrame {
        drawPhone(model, width: width, height: height, behindTopSheet: false)
    }

    /// What the phone shows behind its top sheet: every layer under it, dimmed, as ``phoneScreen(_:width:height:)``
    /// draws them. A sheet slides in and out over this, so the covered screen reads the same while the
    /// sheet opens, while it is up and while it closes. Nil when the top layer is not a sheet.
    package static func phoneBackdrop(_ model: AppModel, width: Int, height: Int) -> Canvas? {
        guard model.state.modals.last?.style == .sheet else { return nil }
        return drawPhone(model, width: width, height: height, behindTopSheet: true).canvas
    }

    /// Draws the phone's layers, bottom first; with `behindTopSheet`, stops after dimming what the
    /// top sheet covers.
    private static func drawPhone(_ model: AppModel, width: Int, height: Int, behindTopSheet: Bool) -> AppFrame {
        var canvas = Canvas(width: width, height: height)
        var hits: [HitRegion] = []
        let state = model.state
        let bars = min(tabBarHeight, max(0, height - 3))
        let stackArea = Rect(x: 0, y: 0, width: width, height: height - bars)
        let stackIsTop = state.modals.isEmpty
        if bars > 0 {
            drawTabBar(model, in: Rect(x: 0, y: height - bars, width: width, height: bars), interactive: stackIsTop,
                       canvas: &canvas, hits: &hits)
        }
        // The tab bar's rule, under the stack, says when there is more of the screen below.
        drawLayer(state.currentTab.stack, in: stackArea, isModal: false, isTop: stackIsTop,
                  belowRow: bars == tabBarHeight ? height - bars : nil, model: model, canvas: &canvas, hits: &hits)
        var sheets = 0
        for (index, modal) in state.modals.enumerated() {
            // The covered layers stay in sight, dimmed: the navigation bar of the screen a sheet was
            // presented from shows above it and names it, as the whole screen does while the sheet
            // slides.
            canvas.dim()
            let isTop = index == state.modals.count - 1
            let area: Rect
            var belowRow: Int?
            if modal.style == .fullScreen {
                area = canvas.bounds
                canvas.fill(area)
            } else {
                if isTop && behindTopSheet { break }
                let box = sheetBox(level: sheets, width: width, height: height)
                sheets += 1
                // Beside the sheet, a blank dimmed gutter: scraps of the covered lines there would
                // read as part of the sheet. The gutter moves with the sheet (``sheetBand(_:width:)``).
                canvas.fill(sheetBand(box, width: width), style: CellStyle(dim: true))
                canvas.fill(box)
                canvas.box(box)
                area = box.inset(by: 1)
                belowRow = box.maxY - 1
            }
            drawLayer(modal.stack, in: area, isModal: true, isTop: isTop,
                      belowRow: belowRow, model: model, canvas: &canvas, hits: &hits)
        }
        return AppFrame(canvas: canvas, hits: hits)
    }

    /// The area of the top layer's screen (navigation bar and content) on a `width` × `height`
    /// phone screen: above the tab bar, inside the top sheet, or the whole screen for a full-screen modal.
    package static func topLayerRect(_ model: AppModel, width: Int, height: Int) -> Rect {
        let modals = model.state.modals
        guard let top = modals.last else {
            return Rect(x: 0, y: 0, width: width, height: height - min(tabBarHeight, max(0, height - 3)))
        }
        if top.style == .fullScreen {
            return Rect(x: 0, y: 0, width: width, height: height)
        }
        let level = modals.filter { $0.style == .sheet }.count - 1
        return sheetBox(level: level, width: width, height: height).inset(by: 1)
    }

    /// The frame of the top sheet, border included, on a `width` × `height` phone screen; nil when
    /// the top layer is not a sheet.
    package static func topSheetBox(_ model: AppModel, width: Int, height: Int) -> Rect? {
        guard let top = model.state.modals.last, top.style == .sheet else { return nil }
        let level = model.state.modals.filter { $0.style == .sheet }.count - 1
        return sheetBox(level: level, width: width, height: height)
    }

    /// The frame of the `level`-th sheet (0 for the first): inset two columns, starting two rows
    /// down (one more per level), reaching the bottom.
    static func sheetBox(level: Int, width: Int, height: Int) -> Rect {
        let top = min(2 + level, max(0, height - 4))
        return Rect(x: 2, y: top, width: width - 4, height: height - top)
    }

    /// The rows a sheet with frame `box` takes on a phone screen `width` columns wide: the sheet and
    /// the blank gutters beside it. This band slides in and out as one, over the covered screen.
    package static func sheetBand(_ box: Rect, width: Int) -> Rect {
        Rect(x: 0, y: box.y, width: width, height: box.height)
    }

    // MARK: Layers

    /// Draws a navigation stack's top screen in `area`: navigation bar, rule, content. The content
    /// scrolls (``contentOffset(stored:selectedLine:total:rows:)``); the rule says how many lines are
    /// above (`▴ 3 more`), and `belowRow` (a rule or border under `area`) how many are below; without
    /// one, the content's last row says it when there are.
    static func drawLayer(
        _ stack: [Screen],
        in area: Rect,
        isModal: Bool,
        isTop: Bool,
        belowRow: Int? = nil,
        model: AppModel,
        canvas: inout Canvas,
        hits: inout [HitRegion]
    ) {
        guard let screen = stack.last, !area.isEmpty else {
            return
        }
        // Navigation bar.
        let bar = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let barStyle = CellStyle(role: .titleBar)
        canvas.fill(bar, style: barStyle)
        let button: String? = stack.count > 1 ? "‹ Back" : (isModal ? "✕ Close" : nil)
        var buttonWidth = 0
        if let button {
            buttonWidth = AppViewText.width(button)
            canvas.put(button, x: area.x + 1, y: area.y, style: CellStyle(role: .titleBar, bold: true), clip: bar)
            if isTop {
                hits.append(HitRegion(Rect(x: area.x, y: area.y, width: buttonWidth + 2, height: 1), .back))
            }
        }
        let margin = buttonWidth > 0 ? buttonWidth + 2 : 1
        // Centred when it fits between equal margins; else after the button, as much of it as the bar
        // holds (a title is cut only when the bar cannot hold it beside the button).
        var title = AppViewText.fit(screen.title, width: area.width - 2 * margin)
        var titleX = area.x + (area.width - DisplayWidth.of(title)) / 2
        if title != screen.title, buttonWidth > 0 {
            title = AppViewText.fit(screen.title, width: area.width - margin - 1)
            titleX = area.x + margin
        }
        canvas.put(title, x: titleX, y: area.y, style: CellStyle(role: .titleBar, bold: true), clip: bar)
        guard area.height > 1 else {
            return
        }
        canvas.fill(Rect(x: area.x, y: area.y + 1, width: area.width, height: 1), with: "─",
                    style: CellStyle(role: .dim))
        let content = Rect(x: area.x, y: area.y + 2, width: area.width, height: area.height - 2)
        guard !content.isEmpty else {
            return
        }
        let layer = layerContent(stack, isTop: isTop, model: model, width: content.width)
        let header = layer.header
        let itemStart = layer.itemStart
        let itemCount = layer.itemCount
        let total = layer.total
        let selection = isTop ? model.selection : nil
        let showsLogin = isTop && model.isShowingLogin
        func line(_ index: Int) -> ContentLine {
            if index < header.count { return header[index] }
            guard index >= itemStart, let item = AppModel.item(index - itemStart, of: screen,
                                                               isShowingLogin: showsLogin) else {
                return ContentLine(text: "", style: .plain, indent: 1, item: nil, label: nil)
            }
            return itemLine(item, index: index - itemStart, width: content.width, locked: model.lockedURLs)
        }
        let rows = contentRows(content.height, total: total, hasRowBelow: belowRow != nil)
        let offset = contentOffset(stored: model.phoneScroll[screen.id],
                                   selectedLine: selection.flatMap { itemCount > 0 ? itemStart + $0 : nil },
                                   total: total, rows: rows)
        // With rows to spare, long labels take a second line (then nothing scrolls).
        let wrapped = wrappedLines(header: header, itemCount: itemCount, rows: content.height, width: content.width,
                                   selection: selection, locked: model.lockedURLs) {
            AppModel.item($0, of: screen, isShowingLogin: showsLogin)
        }
        for row in 0..<max(0, wrapped?.count ?? min(rows, total - offset)) {
            let line = wrapped?[row] ?? line(row + offset)
            let y = content.y + row
            if let item = line.item {
                let selected = item == selection
                // The selection is the active highlight only while the phone has the keys (the prompt
                // is the phone's); with a panel focused it is underlined, as every panel's cursor is.
                let style = selected ? cursorStyle(line.style, focused: model.phoneHasFocus) : line.style
                if selected && model.phoneHasFocus {
                    canvas.fill(Rect(x: content.x + 1, y: y, width: content.width - 2, height: 1), style: style)
                }
                let marker = line.continues ? "  " : selected ? "▸ " : "› "
                canvas.put(marker + line.text, x: content.x + line.indent, y: y, style: style, clip: content)
                if isTop {
                    hits.append(HitRegion(Rect(x: content.x, y: y, width: content.width, height: 1), .item(item)))
                }
                continue
            }
            if let label = line.label {
                canvas.put(label, x: content.x + 1, y: y, style: CellStyle(role: .dim), clip: content)
            }
            canvas.put(line.text, x: content.x + line.indent, y: y, style: line.style, clip: content)
        }
        // How much is out of sight, on the rule above the content and on the row below it.
        if offset > 0 {
            let more = " ▴ \(offset) more "
            canvas.put(more, x: area.maxX - 1 - DisplayWidth.of(more), y: area.y + 1, style: CellStyle(role: .dim),
                       clip: Rect(x: area.x, y: area.y + 1, width: area.width, height: 1))
        }
        let below = total - offset - rows
        if below > 0 {
            let more = " ▾ \(below) more "
            let y = belowRow ?? content.y + rows
            canvas.put(more, x: area.maxX - 1 - DisplayWidth.of(more), y: y, style: CellStyle(role: .dim),
                       clip: Rect(x: area.x, y: y, width: area.width, height: 1))
        }
    }

    /// A layer's content for a screen `width` columns wide: the lines above its items in full (title,
    /// URL, parameters, body; an item's line is built only when it is on screen, as a generated index
    /// can list a hundred thousand links), how many items it has, the line of the first item and the
    /// number of lines in all.
    static func layerContent(_ stack: [Screen], isTop: Bool, model: AppModel,
                             width: Int) -> (header: [ContentLine], itemCount: Int, itemStart: Int, total: Int) {
        guard let screen = stack.last else { return ([], 0, 0, 0) }
        let showsLogin = isTop && model.isShowingLogin
        let itemCount = AppModel.itemCount(of: screen, isShowingLogin: showsLogin)
        var shown = screen
        // A generated screen (an index, the stand-in login screen) is named in words; its internal
        // URL stays internal.
        if let app = model.app,
           app.generatedIndexName(for: screen.url) != nil || app.isGeneratedScreen(screen.pattern ?? "") {
            shown.url = model.shown(screen.url)
            shown.pattern = nil
        }
        if isTop && model.isShowingLogin {
            // The login screen speaks of a held navigation only while one is held: the line is read
            // from the hold itself, so it changes the moment the hold ends (it is not stored in the
            // screen).
            if let held = model.held {
                shown.body.append("Waiting to open: \(held.url) (open\u{00A0}#\(held.openID)); logging in resumes it.")
            } else {
                shown.body.append("No navigation is held: logging in opens nothing else.")
            }
        }
        if let line = guardLine(screen, app: model.app) {
            shown.body.append(line)
        }
        let header = contentLines(shown, stack: stack.map(\.title), items: [], width: width)
        let itemStart = header.count + (itemCount > 0 ? 1 : 0)
        return (header, itemCount, itemStart, itemStart + itemCount)
    }

    /// The rows a layer's content of `total` lines shows in `height` rows: all of them, but one when
    /// the content does not fit and no rule or border below it can say so (the last row does).
    static func contentRows(_ height: Int, total: Int, hasRowBelow: Bool) -> Int {
        total > height && !hasRowBelow ? max(1, height - 1) : height
    }

    /// How many lines a layer's content of `total` lines is scrolled in `rows` rows: as the user left
    /// it (`stored`, by scrolling or moving the selection), within bounds; for a screen not scrolled
    /// yet, at its top unless the selected line needs otherwise (``scrollOffset(selectedLine:total:rows:)``).
    static func contentOffset(stored: Int?, selectedLine: Int?, total: Int, rows: Int) -> Int {
        guard total > rows, rows > 0 else { return 0 }
        guard let stored else { return scrollOffset(selectedLine: selectedLine, total: total, rows: rows) }
        return min(max(0, stored), total - rows)
    }

    /// The offset that brings `line` into `rows` rows scrolled by `offset`, moving as little as shows it
    /// with a line of context; a selection moving `upward` onto a line that fits under the title takes
    /// the screen back to its top, so the title is in sight again.
    static func offset(showing line: Int, from offset: Int, total: Int, rows: Int, upward: Bool = false) -> Int {
        guard total > rows, rows > 0 else { return 0 }
        var offset = offset
        if upward, line < rows {
            offset = 0
        } else if line < offset {
            offset = line - 1
        } else if line >= offset + rows {
            offset = line - rows + 2
        }
        return min(max(0, offset), total - rows)
    }

    /// The top layer's content as scrolled now, on the phone of `model`'s layout: the rows it shows,
    /// its lines, the line of its first item and the offset; nil while there is no room for content.
    package static func topLayerScroll(_ model: AppModel) -> (rows: Int, total: Int, itemStart: Int, offset: Int)? {
        let phone = model.layout.screen
        let area = topLayerRect(model, width: phone.width, height: phone.height)
        guard area.height > 2, area.width > 0 else { return nil }
        let stack = model.state.modals.last?.stack ?? model.state.currentTab.stack
        let layer = layerContent(stack, isTop: true, model: model, width: area.width)
        let hasRowBelow = model.state.modals.last.map { $0.style == .sheet }
            ?? (min(tabBarHeight, max(0, phone.height - 3)) == tabBarHeight)
        let rows = contentRows(area.height - 2, total: layer.total, hasRowBelow: hasRowBelow)
        let selected = layer.itemCount > 0 ? layer.itemStart + model.selection : nil
        let offset = contentOffset(stored: model.phoneScroll[model.state.top.id], selectedLine: selected,
                                   total: layer.total, rows: rows)
        return (rows, layer.total, layer.itemStart, offset)
    }

    /// The style of a panel's cursor line drawn over `base`: reversed (the active highlight) in the
    /// panel that has the keys, only underlined in any other, so one cursor at a time reads as active.
    static func cursorStyle(_ base: CellStyle, focused: Bool) -> CellStyle {
        guard focused else {
            var style = base
            style.underline = true
            return style
        }
        return CellStyle(bold: true, reverse: true)
    }

    /// How many lines a screen's content is scrolled for `rows` rows of `total` lines with the line
    /// `selectedLine` selected (nil: none). A screen opens at its top, its title on the first row: it
    /// scrolls only when the selected line would fall off the bottom otherwise, and then as little
    /// as shows it with one line of context below (never past the end). So the title stays in
    /// sight whenever it and the selected line fit together.
    static func scrollOffset(selectedLine: Int?, total: Int, rows: Int) -> Int {
        guard total > rows, rows > 0, let selectedLine, selectedLine >= rows else {
            return 0
        }
        return max(0, min(selectedLine - rows + 2, total - rows))
    }

    /// The line that tells a form's state: while its leave guard stands, that leaving is vetoed until
    /// the changes are discarded; once they are, that they were and the form can be left. Read from
    /// the screen itself, so it changes the moment the guard does (a route's body text cannot).
    /// Nil for a screen whose route has no leave guard.
    static func guardLine(_ screen: Screen, app: AppDescription?) -> String? {
        if let standing = screen.leaveGuard {
            return "\(standing.reason): leaving is refused until you discard the changes (D)."
        }
        let declared = app?.routes.contains { $0.kind == screen.kind && $0.leaveGuard != nil } ?? false
        return declared ? "Changes discarded: nothing holds this form any more; Esc leaves it." : nil
    }

    /// The content of `screen` as lines `width` columns wide: title, URL, back stack, route and
    /// parameters, body, then the items as buttons.
    static func contentLines(_ screen: Screen, stack: [String] = [], items: [ScreenItem], width: Int,
                             locked: Set<String> = []) -> [ContentLine] {
        var lines: [ContentLine] = []
        func add(_ text: String, _ style: CellStyle = .plain, indent: Int = 1, label: String? = nil) {
            for (index, part) in AppViewText.wrap(text, width: max(1, width - 1 - indent)).enumerated() {
                lines.append(ContentLine(text: part, style: style, indent: indent, item: nil,
                                         label: index == 0 ? label : nil))
            }
        }
        add(screen.title, CellStyle(bold: true))
        add(screen.url, CellStyle(role: .link))
        var rows = parameterRows(screen)
        if stack.count > 1 {
            rows.insert(("stack", stack.joined(separator: " › ")), at: 0)
        }
        if !rows.isEmpty {
            lines.append(ContentLine(text: "", style: .plain, indent: 1, item: nil, label: nil))
            var previous: String?
            for row in rows {
                add(row.text, .plain, indent: 1 + labelWidth, label: row.label == previous ? nil : row.label)
                previous = row.label
            }
        }
        if !screen.body.isEmpty {
            lines.append(ContentLine(text: "", style: .plain, indent: 1, item: nil, label: nil))
            for paragraph in screen.body {
                add(paragraph)
            }
        }
        if !items.isEmpty {
            lines.append(ContentLine(text: "", style: .plain, indent: 1, item: nil, label: nil))
            for (index, item) in items.enumerated() {
                lines.append(itemLine(item, index: index, width: width, locked: locked))
            }
        }
        return lines
    }

    /// The screen's route and parameters, labelled by where each parameter came from: `path`
    /// (a parameter of the matched pattern), `query` (in the URL's query) or `native` (passed by
    /// the app, such as `openedFrom`).
    static func parameterRows(_ screen: Screen) -> [(label: String, text: String)] {
        var rows: [(label: String, text: String)] = []
        if let pattern = screen.pattern {
            rows.append(("route", pattern))
        }
        let pathNames = screen.pattern.flatMap { try? RoutePattern($0) }?.parameterNames ?? []
        let query = (try? RouteURL(screen.url))?.query
        let queryNames = query?.names ?? []
        var shown: Set<String> = []
        for name in pathNames where shown.insert(name).inserted {
            if let value = screen.parameters[name] {
                rows.append(("path", "\(name) = \(value)"))
            }
        }
        for name in queryNames where shown.insert(name).inserted {
            // A name given more than once (`?tag=a&tag=b`) shows every value, in URL order.
            let values = query?.values(for: name) ?? []
            if values.count > 1 {
                rows += values.map { ("query", "\(name) = \($0)") }
            } else if let value = screen.parameters[name] {
                rows.append(("query", "\(name) = \(value)"))
            }
        }
        for name in screen.parameters.keys.sorted() where shown.insert(name).inserted {
            rows.append(("native", "\(name) = \(screen.parameters[name] ?? "")"))
        }
        return rows
    }
}
