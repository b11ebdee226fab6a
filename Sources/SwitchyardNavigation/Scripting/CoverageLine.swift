import Switchyard

/// One route of a coverage report: reached (with a count) or not.
public struct CoverageLine: Sendable, Equatable {
    /// The route's pattern.
    public var pattern: String
    /// The route's target.
    public var target: String
    /// How many times the route was reached (0 for an untested route).
    public var count: Int
    /// Whether the route requires login.
    public var gated: Bool

    /// Creates a line.
    public init(pattern: String, target: String, count: Int, gated: Bool) {
        self.pattern = pattern
        self.target = target
        self.count = count
        self.gated = gated
    }
}
