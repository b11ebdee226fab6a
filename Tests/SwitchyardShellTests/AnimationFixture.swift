import TerminalKit

/// The two 8×4 screens the animation tests slide, fade and key-frame: rows read `O0......` (old) and
/// `N0------` (new), so every frame shows which screen each cell came from.
enum AnimationFixture {
    static let old = screen("O", ".")
    static let new = screen("N", "-")

    static func screen(_ letter: String, _ filler: String) -> Canvas {
        var canvas = Canvas(width: 8, height: 4)
        for row in 0..<4 {
            canvas.put(letter + String(row) + String(repeating: filler, count: 6), x: 0, y: row)
        }
        return canvas
    }
}
