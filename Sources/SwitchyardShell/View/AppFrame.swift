import TerminalKit

/// One rendered frame of the app: the picture, and the clickable regions in it.
public struct AppFrame: Hashable, Sendable {
    /// The picture, the size of the terminal.
    public var canvas: Canvas
    /// The clickable regions, bottom layer first.
    public var hits: [HitRegion]

    /// Creates a frame.
    public init(canvas: Canvas, hits: [HitRegion] = []) {
        self.canvas = canvas
        self.hits = hits
    }

    /// The canvas as text rows (see ``Canvas/text(trimming:)``).
    public var text: [String] {
        canvas.text()
    }
}
