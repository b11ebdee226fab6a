/// What ``NavigationState/apply(_:overridingGuards:)`` did: applied with a transition, or rejected.
public enum NavigationResult: Hashable, Sendable, CustomStringConvertible {
    /// The action was applied; the renderer should play the transition.
    case applied(Transition)
    /// The action was rejected and the state is unchanged.
    case rejected(NavigationError)

    /// Whether the action was applied.
    public var isApplied: Bool {
        if case .applied = self { true } else { false }
    }

    /// The error, when the action was rejected.
    public var error: NavigationError? {
        if case .rejected(let error) = self { error } else { nil }
    }

    /// The transition, or the error thrown.
    public func get() throws(NavigationError) -> Transition {
        switch self {
        case .applied(let transition): return transition
        case .rejected(let error): throw error
        }
    }

    /// `applied: <transition>` or `rejected: <error>`.
    public var description: String {
        switch self {
        case .applied(let transition): "applied: \(transition)"
        case .rejected(let error): "rejected: \(error)"
        }
    }
}
