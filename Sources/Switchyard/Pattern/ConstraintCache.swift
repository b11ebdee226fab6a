/// Constraints compiled from pattern text, by source: a builder parses each distinct constraint of its
/// patterns once. A regex is kept only when its source is ASCII, where equal strings have equal bytes
/// (so a cached constraint is exactly what compiling the source again would give).
struct ConstraintCache: Sendable {
    var regexes: [String: SegmentConstraint] = [:]
    var types: [String: SegmentConstraint] = [:]
}
