/// A width × height grid of ``Cell``s that screens are drawn into before a ``Terminal`` shows them.
///
/// All drawing clips to the canvas and to an optional clip rectangle, and keeps wide graphemes
/// whole: a wide grapheme always has its continuation cell to its right, and overwriting either
/// half turns the other half into a space. A wide grapheme cut by a clip edge is drawn as a space.
public struct Canvas: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row by row.
    private var cells: [Cell]
    /// Where the terminal should show its cursor after presenting this frame; nil hides it.
    public var cursor: Point?

    /// Creates a canvas filled with `background` (a narrow cell; a wide one is replaced by a space).
    /// Negative sizes are treated as zero.
    public init(width: Int, height: Int, background: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        let fillCell = background.width == 1 ? background : Cell.space(background.style)
        self.cells = Array(repeating: fillCell, count: self.width * self.height)
    }

    /// The rectangle covering the whole canvas.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: width, height: height)
    }

    /// The cell at column `x`, row `y`; a blank cell outside the canvas.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, x < width, y >= 0, y < height else {
            return .blank
        }
        return cells[y * width + x]
    }

    /// The cells of row `y` (empty outside the canvas).
    public func row(_ y: Int) -> ArraySlice<Cell> {
        guard y >= 0, y < height else {
            return []
        }
        return cells[(y * width)..<((y + 1) * width)]
    }

    // MARK: Drawing

    /// Draws `text` on row `y` starting at column `x`, clipped to `clip` (and the canvas), and
    /// returns the column after the text (as if nothing had been clipped).
    ///
    /// The text is first passed through ``Escaping/visible(_:)``, so control and bidirectional
    /// characters show as escapes. Each grapheme takes ``DisplayWidth`` columns; a wide grapheme
    /// cut by a clip edge is replaced by a space; a zero-width grapheme joins the cell before it.
    @discardableResult
    public mutating func put(
        _ text: String,
        x: Int,
        y: Int,
        style: CellStyle = .plain,
        clip: Rect? = nil
    ) -> Int {
        let area = clipArea(clip)
        var column = x
        var lastLead: Int?
        guard y >= area.y, y < area.maxY else {
            return x + DisplayWidth.of(Escaping.visible(text))
        }
        for character in Escaping.visible(text) {
            let measured = DisplayWidth.of(character)
            if measured == 0 {
                if let index = lastLead {
                    cells[index].text.append(character)
                }
                continue
            }
            let cell = Cell(text: String(character), style: style, width: measured)
            lastLead = place(cell, x: column, y: y, area: area)
            column += measured
        }
        return column
    }

    /// Sets one cell (a grapheme cell, not a continuation), clipped to `clip` and the canvas.
    public mutating func set(_ cell: Cell, x: Int, y: Int, clip: Rect? = nil) {
        guard !cell.isContinuation else {
            return
        }
        place(cell, x: x, y: y, area: clipArea(clip))
    }

    /// Fills `rect` (clipped to `clip` and the canvas) with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: CellStyle = .plain,
                              clip: Rect? = nil) {
        let area = clipArea(clip).intersection(rect)
        guard !area.isEmpty else {
            return
        }
        let cell = Cell(character, style: style)
        for row in area.y..<area.maxY {
            var column = rect.x
            while column < area.maxX {
                place(cell, x: column, y: row, area: area)
                column += cell.width
            }
        }
    }

    /// Draws a box outline along the edges of `rect` with Unicode box-drawing characters
    /// (`┌─┐│└┘`), with an optional `title` in the top edge; clipped to `clip` and the canvas.
    /// A rectangle narrower or lower than 2 cells draws nothing.
    public mutating func box(_ rect: Rect, style: CellStyle = .plain, title: String? = nil, clip: Rect? = nil) {
        guard rect.width >= 2, rect.height >= 2 else {
            return
        }
        let area = clipArea(clip)
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for column in (rect.x + 1)..<right {
            place(Cell("─", style: style), x: column, y: rect.y, area: area)
            place(Cell("─", style: style), x: column, y: bottom, area: area)
        }
        for row in (rect.y + 1)..<bottom {
            place(Cell("│", style: style), x: rect.x, y: row, area: area)
            place(Cell("│", style: style), x: right, y: row, area: area)
        }
        place(Cell("┌", style: style), x: rect.x, y: rect.y, area: area)
        place(Cell("┐", style: style), x: right, y: rect.y, area: area)
        place(Cell("└", style: style), x: rect.x, y: bottom, area: area)
        place(Cell("┘", style: style), x: right, y: bottom, area: area)
        if let title, rect.width > 4 {
            // One `─` always stays before the right corner: a title never runs into it.
            let titleArea = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 3, height: 1)
            put(" " + title + " ", x: rect.x + 2, y: rect.y, style: style, clip: area.intersection(titleArea))
        }
    }

    /// Copies `source` onto this canvas with its top-left corner at `offset` (which may be
    /// negative), clipped to `clip` and the canvas. Wide graphemes cut by an edge become spaces.
    public mutating func blit(_ source: Canvas, at offset: Point, clip: Rect? = nil) {
        let area = clipArea(clip)
        let visible = area.intersection(Rect(x: offset.x, y: offset.y, width: source.width, height: source.height))
        guard !visible.isEmpty else {
            return
        }
        for row in visible.y..<visible.maxY {
            let sourceRow = row - offset.y
            for column in visible.x..<visible.maxX {
                let sourceColumn = column - offset.x
                guard sourceColumn >= 0, sourceColumn < source.width else {
                    continue
                }
                let cell = source[sourceColumn, sourceRow]
                if cell.isContinuation {
                    if column == area.x {
                        // The left half lies outside the clip: show the visible half as a space.
                        place(Cell.space(cell.style), x: column, y: row, area: area)
                    }
                    continue
                }
                place(cell, x: column, y: row, area: area)
            }
        }
    }

    /// Sets the ``CellStyle/dim`` attribute of every cell in `rect` (the whole canvas when nil),
    /// for the background behind a modal.
    public mutating func dim(_ rect: Rect? = nil) {
        let area = (rect ?? bounds).intersection(bounds)
        guard !area.isEmpty else {
            return
        }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                cells[row * width + column].style.dim = true
            }
        }
    }

    /// Gives every cell in `rect` (clipped to the canvas) `style`, keeping the characters: for
    /// marking a selection inside text already drawn.
    public mutating func restyle(_ rect: Rect, style: CellStyle) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else {
            return
        }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                cells[row * width + column].style = style
            }
        }
    }

    /// A copy of the canvas with every cell dimmed.
    public func dimmed() -> Canvas {
        var copy = self
        copy.dim()
        return copy
    }

    // MARK: Reading

    /// The canvas as plain text, one string per row (continuation cells omitted); trailing spaces
    /// are removed unless `trimming` is false. Styles are not shown.
    public func text(trimming: Bool = true) -> [String] {
        (0..<height).map { row in
            var line = ""
            for cell in self.row(row) where !cell.isContinuation {
                line += cell.text
            }
            if trimming {
                while line.last == " " {
                    line.removeLast()
                }
            }
            return line
        }
    }

    /// The trimmed ``text(trimming:)`` rows joined with newlines.
    public var description: String {
        text().joined(separator: "\n")
    }

    // MARK: Internals

    /// `clip` intersected with the canvas bounds.
    private func clipArea(_ clip: Rect?) -> Rect {
        guard let clip else {
            return bounds
        }
        return clip.intersection(bounds)
    }

    /// Draws a grapheme cell at `x`, `y` if it lies in `area` (already inside the bounds); a wide
    /// cell cut by the area's edge becomes a space on the visible side. Returns the index of the
    /// stored grapheme cell when the grapheme itself was stored.
    @discardableResult
    private mutating func place(_ cell: Cell, x: Int, y: Int, area: Rect) -> Int? {
        guard y >= area.y, y < area.maxY else {
            return nil
        }
        let leadInside = x >= area.x && x < area.maxX
        guard cell.isWide else {
            guard leadInside else {
                return nil
            }
            store(cell, at: y * width + x)
            return y * width + x
        }
        let tailInside = x + 1 >= area.x && x + 1 < area.maxX
        switch (leadInside, tailInside) {
        case (true, true):
            store(cell, at: y * width + x)
            store(.continuation(cell.style), at: y * width + x + 1)
            return y * width + x
        case (true, false):
            store(.space(cell.style), at: y * width + x)
        case (false, true):
            store(.space(cell.style), at: y * width + x + 1)
        case (false, false):
            break
        }
        return nil
    }

    /// Stores `cell` at `index`, turning the orphaned half of a wide grapheme it overwrites into
    /// a space.
    private mutating func store(_ cell: Cell, at index: Int) {
        let old = cells[index]
        let column = index % width
        if old.isContinuation, !cell.isContinuation, column > 0, cells[index - 1].isWide {
            cells[index - 1] = .space(cells[index - 1].style)
        }
        if old.isWide, column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = .space(cells[index + 1].style)
        }
        cells[index] = cell
    }
}
