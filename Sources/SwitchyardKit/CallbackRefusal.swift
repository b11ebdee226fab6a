import Foundation
import Switchyard

/// Why a callback URL was not opened.
public enum CallbackRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// An allow-list entry is not `scheme://host`.
    case invalidEntry(String)
    /// The callback URL does not parse.
    case invalidURL(URLParseError)
    /// The callback URL's scheme and host are not on the allow list (or it has user information).
    case notAllowed(url: String)
    /// The router has no callback allow list, so no callback opens.
    case noAllowList
    /// The callback URL leads back to the URL whose open named it (same scheme, host, port and path).
    case pointsToItself(url: String)
    /// The callback URL names a callback of its own under `key` (a chain the router does not follow).
    case namesACallback(url: String, key: String)

    /// The reason in words.
    public var description: String {
        switch self {
        case .invalidEntry(let text): "callback allow-list entry '\(String(text.prefix(80)))' is not scheme://host"
        case .invalidURL(let error): "invalid callback URL: \(error)"
        case .notAllowed(let url): "callback URL '\(String(url.prefix(80)))' is not on the callback allow list"
        case .noAllowList: Router.noCallbackPolicy
        case .pointsToItself(let url): "callback URL '\(String(url.prefix(80)))' leads back to the URL that named it"
        case .namesACallback(let url, let key):
            "callback URL '\(String(url.prefix(80)))' names a callback of its own ('\(key)'); callbacks are not chained"
        }
    }
}
