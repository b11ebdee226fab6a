import Foundation

/// Why cached routes were not registered.
public enum RouterCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No handler was given for the target of a cached route.
    case noHandler(target: String, pattern: String)
    /// A cached route conflicts with a route the router already has.
    case registration(RegistrationError)
    /// The snapshot was made with other match options than the router's.
    case optionsMismatch

    /// The reason in words.
    public var description: String {
        switch self {
        case .noHandler(let target, let pattern): "no handler for the cached route \(pattern) (target \(target))"
        case .registration(let error): "a cached route cannot be registered: \(error)"
        case .optionsMismatch: "the cached routes were compiled with other match options than the router's"
        }
    }
}
