import Foundation

/// Why a route could not be added.
public enum RegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern text is invalid.
    case invalidPattern(PatternError)
    /// The same pattern is already registered.
    case duplicate(pattern: String)
    /// A pattern of the same shape with other parameter names is registered (`search/:query` vs `search/:keyword`).
    case sameShape(pattern: String, existing: String)
    /// No route has this pattern (for removal).
    case notRegistered(pattern: String)
    /// A host definition holds a pattern of another host.
    case hostMismatch(pattern: String, host: String)

    /// A sentence naming the pattern(s).
    public var description: String {
        switch self {
        case .invalidPattern(let e): e.description
        case .duplicate(let p): "pattern '\(p)' is already registered"
        case .sameShape(let p, let existing):
            "pattern '\(p)' has the same shape as registered pattern '\(existing)' (only parameter names differ)"
        case .notRegistered(let p): "no route is registered for pattern '\(p)'"
        case .hostMismatch(let p, let h): "pattern '\(p)' is not on host '\(h)'"
        }
    }
}
