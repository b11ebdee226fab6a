import TerminalKit

extension AppView {
    /// The columns an item's label has on a phone screen `width` columns wide: after the indent and
    /// the `›` marker, one column kept from the right edge.
    static func labelWidth(screen width: Int) -> Int {
        max(1, width - 2) - 3
    }

    /// The line of item `index`: its title fitted to the width (``itemTitle(_:width:)``), with a lock
    /// when its URL asks for login.
    static func itemLine(_ item: ScreenItem, index: Int, width: Int, locked: Set<String>) -> ContentLine {
        let title = itemTitle(lockedTitle(item, locked: locked), width: labelWidth(screen: width))
        return ContentLine(text: title, style: itemStyle(item), indent: 2, item: index, label: nil)
    }

    /// Item `index` on two lines: its title wrapped, the second line cut when even two are too few.
    static func itemLines(_ item: ScreenItem, index: Int, width: Int, locked: Set<String>) -> [ContentLine] {
        let parts = detailLines(lockedTitle(item, locked: locked), width: labelWidth(screen: width), most: 2)
        return parts.enumerated().map { number, part in
            ContentLine(text: part, style: itemStyle(item), indent: 2, item: index, label: nil, continues: number > 0)
        }
    }

    /// An item's title, after a lock when its URL asks for login.
    static func lockedTitle(_ item: ScreenItem, locked: Set<String>) -> String {
        let isLocked = item.url.map(locked.contains) ?? false
        return (isLocked ? "🔒 " : "") + item.title
    }

    /// The style of an item: a link's colour, or bold for the login and discard buttons.
    static func itemStyle(_ item: ScreenItem) -> CellStyle {
        switch item {
        case .link:
            CellStyle(role: .link)
        case .logIn, .discardChanges:
            CellStyle(bold: true)
        }
    }

    /// A link's title in `width` columns. A generated index link (`PATTERN → TARGET`, perhaps with a
    /// note after the target) keeps ` → TARGET`, the useful part: the pattern is cut to the room left
    /// at its components (``AppViewText/elideURL(_:width:)``), and then the note at its end. When
    /// not even eight columns of the pattern would be left, and for any other title, the title is cut
    /// at its end (``AppViewText/fit(_:width:)``).
    static func itemTitle(_ title: String, width: Int) -> String {
        let visible = Escaping.visible(title)
        guard DisplayWidth.of(visible) > width else { return visible }
        guard let arrow = visible.range(of: " → "), visible[..<arrow.lowerBound].contains("://") else {
            return AppViewText.fit(visible, width: width)
        }
        let pattern = String(visible[..<arrow.lowerBound])
        let rest = String(visible[arrow.lowerBound...])
        // The target, without a note after it (` (never opens: …)`).
        let target = rest.range(of: " (").map { String(rest[..<$0.lowerBound]) } ?? rest
        let room = min(DisplayWidth.of(pattern), width - DisplayWidth.of(target))
        guard room >= min(8, DisplayWidth.of(pattern)) else { return AppViewText.fit(visible, width: width) }
        let kept = AppViewText.elideURL(pattern, width: room)
        return kept + AppViewText.fit(rest, width: width - DisplayWidth.of(kept))
    }

    /// A layer's lines when long item labels take two lines: the header, a blank line and the items,
    /// each label too long for one line on two, provided every line fits in `rows` (so nothing
    /// scrolls); when not all do, only the selected item's, if that fits. Nil when no label takes
    /// two lines. The items are built only when there can be room (`item` gives item `index`).
    static func wrappedLines(header: [ContentLine], itemCount: Int, rows: Int, width: Int, selection: Int?,
                             locked: Set<String>, item: (Int) -> ScreenItem?) -> [ContentLine]? {
        let total = header.count + (itemCount > 0 ? 1 : 0) + itemCount
        guard itemCount > 0, total < rows else { return nil }
        let items = (0..<itemCount).compactMap(item)
        let room = labelWidth(screen: width)
        let long = Set(items.indices.filter {
            DisplayWidth.of(Escaping.visible(lockedTitle(items[$0], locked: locked))) > room
        })
        let spare = rows - total
        let chosen: Set<Int> = long.count <= spare ? long : selection.map { long.contains($0) ? [$0] : [] } ?? []
        guard !chosen.isEmpty else { return nil }
        var lines = header + [ContentLine(text: "", style: .plain, indent: 1, item: nil, label: nil)]
        for (index, item) in items.enumerated() {
            lines += chosen.contains(index) ? itemLines(item, index: index, width: width, locked: locked)
                : [itemLine(item, index: index, width: width, locked: locked)]
        }
        return lines
    }
}
