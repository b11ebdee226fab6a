/// An axis-aligned rectangle of cells; `x`/`y` is the top-left corner.
///
/// Width or height of zero or less is an empty rectangle.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The first column to the right of the rectangle.
    public var maxX: Int {
        x + max(0, width)
    }

    /// The first row below the rectangle.
    public var maxY: Int {
        y + max(0, height)
    }

    /// Whether the rectangle covers no cell.
    public var isEmpty: Bool {
        width <= 0 || height <= 0
    }

    /// Whether the cell at column `px`, row `py` lies inside the rectangle.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The overlap of two rectangles (empty, with zero size, when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        if right <= left || bottom <= top {
            return Rect(x: left, y: top, width: 0, height: 0)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The rectangle written as `x,y widthxheight`.
    public var description: String {
        "\(x),\(y) \(width)x\(height)"
    }
}
