import TerminalKit

/// A clickable rectangle of a rendered frame and what clicking it means; ``AppView`` returns them
/// with each frame so mouse clicks map through the same layout that drew the frame.
package struct HitRegion: Hashable, Sendable {
    /// What a click on the region does.
    package enum Target: Hashable, Sendable {
        /// The navigation bar's `‹ Back` (or a modal's `✕ Close`).
        case back
        /// Tab `index` (0-based) of the tab bar.
        case tab(Int)
        /// Item `index` of the top screen (a link or button).
        case item(Int)
        /// The prompt line.
        case prompt
        /// The route log panel (the wheel scrolls it).
        case log
        /// A line of the route log entry with this timeline number (a click shows or hides its detail).
        case logEntry(Int)
        /// The filter line of the route table.
        case filter
        /// Row `index` of the filtered route table.
        case route(Int)
        /// The route table panel outside its rows.
        case routes
        /// Candidate `index` of the prompt's completion menu.
        case completion(Int)
        /// The help overlay.
        case help
    }

    /// The rectangle, in terminal cells.
    package var rect: Rect
    /// What clicking it does.
    package var target: Target

    /// Creates a region.
    package init(_ rect: Rect, _ target: Target) {
        self.rect = rect
        self.target = target
    }

    /// The region moved by `offset`.
    func offset(by offset: Point) -> HitRegion {
        HitRegion(Rect(x: rect.x + offset.x, y: rect.y + offset.y, width: rect.width, height: rect.height), target)
    }

    /// The target of the topmost region containing column `x`, row `y` (regions drawn later lie on top).
    package static func target(at x: Int, _ y: Int, in regions: [HitRegion]) -> Target? {
        regions.last { $0.rect.contains(x: x, y: y) }?.target
    }
}
