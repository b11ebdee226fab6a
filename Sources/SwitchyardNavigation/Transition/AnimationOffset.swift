/// An offset from a screen's place, as fractions of the area's width (`x`) and height (`y`).
public struct AnimationOffset: Hashable, Sendable {
    /// Columns, as a fraction of the width; positive moves right.
    public var x: Double
    /// Rows, as a fraction of the height; positive moves down.
    public var y: Double

    /// Creates an offset.
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }
}
