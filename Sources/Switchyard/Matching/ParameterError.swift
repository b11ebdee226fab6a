import Foundation

/// Why a parameter could not be read.
public enum ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No parameter of this name.
    case missing(key: String, expected: String)
    /// The text is not a valid value of the expected type.
    case invalid(key: String, value: String, expected: String)

    /// A sentence naming the key and the expected type.
    public var description: String {
        switch self {
        case .missing(let k, let t): "missing parameter '\(k)' (expected \(t))"
        case .invalid(let k, let v, let t): "parameter '\(k)' is '\(v)', not a valid \(t)"
        }
    }
}
