import TerminalKit

/// One rendered frame of the app: the picture, and the clickable regions in it.
package struct AppFrame: Hashable, Sendable {
    /// The picture, the size of the terminal.
    package var canvas: Canvas
    /// The clickable regions, bottom layer first.
    package var hits: [HitRegion]

    /// Creates a frame.
    package init(canvas: Canvas, hits: [HitRegion] = []) {
        self.canvas = canvas
        self.hits = hits
    }

    /// The canvas as text rows (see ``Canvas/text(trimming:)``).
    package var text: [String] {
        canvas.text()
    }
}
