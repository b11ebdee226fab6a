/// A pattern with what ranks it: the README's ranking classes, then priority, then registration order.
package struct RankedPattern: Sendable {
    /// The pattern.
    package let pattern: RoutePattern
    /// Higher wins between equal classes.
    package let priority: Int
    /// Earlier wins when priority also ties.
    package let order: Int

    /// Creates a ranked pattern.
    package init(pattern: RoutePattern, priority: Int, order: Int) {
        self.pattern = pattern
        self.priority = priority
        self.order = order
    }

    /// Scheme class (0 specific, 1 any), then each segment's class; lower wins, a prefix first. A suffix
    /// pattern ranks below them all: 2 or 3, then `64 - count` (a longer suffix first), then its classes.
    package var ranks: [Int] {
        if pattern.isSuffix {
            return [pattern.scheme == nil ? 3 : 2, 64 - pattern.segments.count] + pattern.segments.map(\.rank)
        }
        return [pattern.scheme == nil ? 1 : 0] + pattern.segments.map(\.rank)
    }

    /// True when `self` wins over `other` for a URL both match.
    package func beats(_ other: RankedPattern) -> Bool {
        let a = ranks, b = other.ranks
        if a != b { return a.lexicographicallyPrecedes(b) }
        if priority != other.priority { return priority > other.priority }
        return order < other.order
    }
}
