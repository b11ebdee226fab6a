/// How animation progress maps to motion.
public enum Easing: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Fast start, gentle stop: `1 - (1 - t)²`.
    case easeOut

    /// The eased progress for `t`, which is clamped to 0...1 (NaN counts as finished).
    public func apply(_ t: Double) -> Double {
        let clamped = t.isNaN ? 1 : min(max(t, 0), 1)
        switch self {
        case .linear:
            return clamped
        case .easeOut:
            let remaining = 1 - clamped
            return 1 - remaining * remaining
        }
    }
}
