import Foundation
import Switchyard

/// Why a service call could not be dispatched.
public enum ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No method is registered under this service name.
    case unknownService(String)
    /// The service exists, but has no method of this name: `(service, method)`.
    case unknownMethod(String, String)

    /// A sentence naming the service (and method).
    public var description: String {
        switch self {
        case .unknownService(let s): "unknown service '\(s)'"
        case .unknownMethod(let s, let m): "service '\(s)' has no method '\(m)'"
        }
    }
}
