import Foundation

/// One registered route: a pattern, what it leads to, and how it ranks.
public struct Route<Target: Sendable>: Sendable {
    /// The compiled pattern.
    public let pattern: RoutePattern
    /// What the route leads to (a handler, a screen kind, a name…).
    public let target: Target
    /// Explicit priority: higher wins between patterns whose segment classes tie.
    public let priority: Int
    /// Registration order (0-based): earlier wins when priority also ties.
    public let order: Int
}
