import Foundation
import Switchyard

/// Why a request builder could not make its URL.
public enum RequestBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern given to ``RouteRequestBuilder/init(pattern:defaultScheme:)`` is invalid.
    case invalidPattern(PatternError)
    /// The URL given to ``RouteRequestBuilder/init(url:)`` is invalid.
    case invalidURL(URLParseError)
    /// The pattern could not be filled (a missing path parameter, a value breaking a constraint…).
    case build(URLBuildError)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidPattern(let e): "invalid pattern: \(e)"
        case .invalidURL(let e): "invalid URL: \(e)"
        case .build(let e): e.description
        }
    }
}
