/// The cells that changed between two frames, as runs of adjacent cells on one row.
///
/// Runs never split a wide grapheme: a changed continuation cell brings its grapheme cell into the
/// run, and a changed wide grapheme brings its continuation. When there is no previous frame, or
/// its size differs, every cell is a change.
public struct FrameDiff: Hashable, Sendable {
    /// Adjacent changed cells of one row.
    public struct Run: Hashable, Sendable {
        /// The row.
        public var y: Int
        /// The first column.
        public var x: Int
        /// The new cells, starting at `x`.
        public var cells: [Cell]
    }

    /// The runs to write, top to bottom, left to right.
    public private(set) var runs: [Run] = []
    /// The number of cells that differ between the two frames.
    public private(set) var changedCells = 0
    /// Whether the whole frame must be redrawn (no previous frame, or a new size).
    public let isFullRedraw: Bool

    /// Compares `new` with `old`.
    public init(from old: Canvas?, to new: Canvas) {
        var previous: Canvas?
        if let old, old.width == new.width, old.height == new.height {
            previous = old
        }
        isFullRedraw = previous == nil
        var marked = [Bool](repeating: false, count: new.width)
        for y in 0..<new.height {
            let newRow = Array(new.row(y))
            let oldRow = previous.map { Array($0.row(y)) }
            var any = false
            for x in 0..<new.width {
                marked[x] = oldRow.map { $0[x] != newRow[x] } ?? true
                if marked[x] {
                    changedCells += 1
                    any = true
                }
            }
            guard any else {
                continue
            }
            for x in 0..<new.width where marked[x] {
                if newRow[x].isContinuation, x > 0 {
                    marked[x - 1] = true
                }
            }
            for x in stride(from: new.width - 1, through: 0, by: -1) where marked[x] {
                if newRow[x].isWide, x + 1 < new.width {
                    marked[x + 1] = true
                }
            }
            var x = 0
            while x < new.width {
                guard marked[x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < new.width, marked[x] {
                    x += 1
                }
                runs.append(Run(y: y, x: start, cells: Array(newRow[start..<x])))
            }
        }
    }
}
