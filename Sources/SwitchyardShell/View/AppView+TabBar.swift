import TerminalKit

extension AppView {
    // MARK: Tab bar

    /// Draws the tab bar: a rule, then one cell per tab with its number and title; the selected
    /// tab is highlighted. A tab that would ask for login carries a 🔒 between its number and its
    /// title, with a space on either side; once logged in, a 🔓 in its place (the same width, so the
    /// bar does not move at login). The labels keep a column clear of the frame on each side.
    /// When every label fits whole, the cells share the width
    /// evenly; otherwise ``tabSlots(labels:selected:width:)`` packs them a space apart, the selected
    /// one whole, and never cuts a title below a readable word.
    static func drawTabBar(_ model: AppModel, in area: Rect, interactive: Bool, canvas: inout Canvas,
                           hits: inout [HitRegion]) {
        let tabs = model.state.tabs
        guard !tabs.isEmpty, !area.isEmpty else {
            return
        }
        if area.height > 1 {
            canvas.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: "─",
                        style: CellStyle(role: .dim))
        }
        let y = area.maxY - 1
        // The labels keep a column clear of the phone's frame on either side.
        let full = area
        let area = Rect(x: full.x + 1, y: full.y, width: max(0, full.width - 2), height: full.height)
        let labels = tabs.enumerated().map { index, tab in
            let locked = model.lockedURLs.contains(tab.rootURL)
            return tabLabel(number: index, title: tab.title, locked: locked,
                            unlocked: !locked && model.snapshot.gatedTabRoots.contains(tab.rootURL))
        }
        let widths = labels.map { AppViewText.width($0.prefix + $0.title) }
        if widths.reduce(0, +) + widths.count <= area.width {
            for (index, cell) in tabCells(labelWidths: widths, in: area).enumerated() {
                let selected = index == model.state.selectedTab
                let style = selected ? CellStyle(role: .tabSelected, bold: true) : .plain
                if selected {
                    canvas.fill(cell, style: style)
                }
                let label = Escaping.visible(labels[index].prefix + labels[index].title)
                let x = cell.x + (cell.width - DisplayWidth.of(label)) / 2
                canvas.put(label, x: x, y: y, style: style, clip: cell)
                if interactive {
                    hits.append(HitRegion(cell, .tab(index)))
                }
            }
            return
        }
        let packed = tabSlots(labels: labels, selected: model.state.selectedTab, width: area.width)
        for slot in packed.slots {
            let cell = Rect(x: area.x + slot.x, y: y, width: DisplayWidth.of(slot.text), height: 1)
            let style = slot.index == model.state.selectedTab ? CellStyle(role: .tabSelected, bold: true) : .plain
            canvas.put(slot.text, x: cell.x, y: y, style: style, clip: area)
            if interactive {
                hits.append(HitRegion(cell, .tab(slot.index)))
            }
        }
        // Tabs left out on either side are said to be there (their number keys still select them).
        if let before = packed.before {
            canvas.put("‹", x: area.x + before, y: y, style: CellStyle(role: .dim), clip: area)
        }
        if let after = packed.after {
            canvas.put("›", x: area.x + after, y: y, style: CellStyle(role: .dim), clip: area)
        }
    }

    /// A tab's label as packed in a tab bar too narrow for every label whole.
    struct TabSlot: Equatable {
        /// The tab's index.
        var index: Int
        /// The label as drawn (escaped).
        var text: String
        /// Its column, from the bar's left edge.
        var x: Int
    }

    /// The widest a title cut in the tab bar is left (five letters and `…`): shorter, a cut title no
    /// longer reads as a word.
    static let shortestCutTitle = 6

    /// Packs tab labels a space apart in `width` columns: the selected tab's label whole; every other
    /// label whole where room allows, else its title cut to ``shortestCutTitle`` columns at least
    /// (titles that short are never cut). When even so not every tab fits, the tabs nearest the
    /// selected one are shown and `‹` / `›` (their columns returned) mark the sides with tabs left
    /// out. What room is left is shared on both sides.
    static func tabSlots(labels: [(prefix: String, title: String)], selected: Int,
                         width: Int) -> (slots: [TabSlot], before: Int?, after: Int?) {
        guard labels.indices.contains(selected) else { return ([], nil, nil) }
        let full = labels.map { Escaping.visible($0.prefix + $0.title) }
        func short(_ index: Int) -> String {
            let title = Escaping.visible(labels[index].title)
            guard DisplayWidth.of(title) > shortestCutTitle else { return full[index] }
            return Escaping.visible(labels[index].prefix) + AppViewText.fit(title, width: shortestCutTitle)
        }
        var texts = [Int: String]()
        texts[selected] = full[selected]
        var low = selected
        var high = selected
        func used() -> Int {
            (low...high).reduce(0) { $0 + DisplayWidth.of(texts[$1] ?? "") } + (high - low)
                + (low > 0 ? 2 : 0) + (high < labels.count - 1 ? 2 : 0)
        }
        guard used() <= width else {
            // Not even the selected label whole: it alone, cut.
            return ([TabSlot(index: selected, text: AppViewText.fit(full[selected], width: width), x: 0)], nil, nil)
        }
        // Neighbours join, right then left, while they fit in their short forms.
        var grew = true
        while grew {
            grew = false
            for side in [1, -1] {
                let next = side > 0 ? high + 1 : low - 1
                guard labels.indices.contains(next) else { continue }
                texts[next] = short(next)
                if side > 0 { high = next } else { low = next }
                if used() <= width {
                    grew = true
                } else {
                    texts[next] = nil
                    if side > 0 { high -= 1 } else { low += 1 }
                }
            }
        }
        // The room left lengthens cut labels, nearest the selected tab first.
        var spare = width - used()
        for index in (low...high).sorted(by: { abs($0 - selected) < abs($1 - selected) }) where spare > 0 {
            guard let text = texts[index], text != full[index] else { continue }
            let wanted = DisplayWidth.of(full[index]) - DisplayWidth.of(text)
            if wanted <= spare {
                texts[index] = full[index]
                spare -= wanted
            } else {
                let prefix = Escaping.visible(labels[index].prefix)
                let room = DisplayWidth.of(text) + spare - DisplayWidth.of(prefix)
                texts[index] = prefix + AppViewText.fit(Escaping.visible(labels[index].title), width: room)
                spare = width - used()
            }
        }
        var x = spare / 2
        let before = low > 0 ? x : nil
        if before != nil { x += 2 }
        var slots: [TabSlot] = []
        for index in low...high {
            let text = texts[index] ?? ""
            slots.append(TabSlot(index: index, text: text, x: x))
            x += DisplayWidth.of(text) + 1
        }
        let after = high < labels.count - 1 ? x : nil
        return (slots, before, after)
    }

    /// A tab's label in two parts: the prefix (its key, 1–9, then 🔒 when it would ask for login, or
    /// 🔓 when its root requires login and the user is logged in, each followed by a space) and its title.
    /// The two marks are as wide, so logging in or out moves no tab.
    static func tabLabel(number index: Int, title: String, locked: Bool,
                         unlocked: Bool = false) -> (prefix: String, title: String) {
        let key = index < 9 ? "\(index + 1) " : ""
        return (key + (locked ? "🔒 " : unlocked ? "🔓 " : ""), title)
    }

    /// The tab bar's cells for labels of these widths (in columns) across `area`. When every label
    /// fits with a column to spare, the space left is shared out evenly, so the gaps between the
    /// centred labels are equal whatever their lengths; otherwise the cells are
    /// even shares and the labels are cut.
    static func tabCells(labelWidths: [Int], in area: Rect) -> [Rect] {
        let count = labelWidths.count
        guard count > 0 else {
            return []
        }
        let y = area.maxY - 1
        let needed = labelWidths.reduce(0) { $0 + $1 + 1 }
        guard needed <= area.width else {
            return (0..<count).map { index in
                let left = area.x + index * area.width / count
                let right = area.x + (index + 1) * area.width / count
                return Rect(x: left, y: y, width: right - left, height: 1)
            }
        }
        let spare = area.width - labelWidths.reduce(0, +)
        let gap = spare / count
        // The columns an even share leaves over go to the outer edges, half each side.
        var x = area.x + (spare % count) / 2
        var cells: [Rect] = []
        // Every cell is its label plus the same gap, the last one too (widening it would move its
        // centred label and make the last gap the odd one out).
        for width in labelWidths {
            cells.append(Rect(x: x, y: y, width: width + gap, height: 1))
            x += width + gap
        }
        return cells
    }
}
