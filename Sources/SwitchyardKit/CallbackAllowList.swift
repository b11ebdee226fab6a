import Foundation
import Switchyard

/// Where a navigation may call its caller back: the callback URLs (WLRRoute's `callbackURL`, the
/// x-callback-url convention's `x-success`, `x-error` and `x-cancel`) that the router opens after an open
/// ends. Each entry is `scheme://host`: a callback URL must have exactly that scheme and that host (or a
/// subdomain of it on a dot boundary, for an entry written `scheme://*.host`). Anything else is refused.
public struct CallbackAllowList: Sendable, Equatable {
    /// One allowed scheme and host.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The scheme, lowercased.
        public let scheme: String
        /// The host, lowercased.
        public let host: String
        /// Whether subdomains of ``host`` are allowed too (`scheme://*.host`).
        public let includesSubdomains: Bool

        /// `scheme://host` or `scheme://*.host`.
        public var description: String { "\(scheme)://\(includesSubdomains ? "*." : "")\(host)" }
    }

    /// The entries.
    public let entries: [Entry]

    /// Creates a list from `scheme://host` texts.
    /// - Throws: ``CallbackRefusal/invalidEntry(_:)`` naming the first entry that is not `scheme://host`.
    public init(_ texts: [String]) throws(CallbackRefusal) {
        var entries: [Entry] = []
        for text in texts {
            let lowered = text.asciiLowercased
            guard let separator = lowered.range(of: "://") else { throw .invalidEntry(text) }
            let scheme = String(lowered[..<separator.lowerBound])
            var host = String(lowered[separator.upperBound...])
            let wildcard = host.hasPrefix("*.")
            if wildcard { host.removeFirst(2) }
            let schemeOK = !scheme.isEmpty && scheme.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
            let hostOK = !host.isEmpty && !host.hasPrefix(".") && !host.hasSuffix(".")
                && host.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }
            guard schemeOK, hostOK else { throw .invalidEntry(text) }
            entries.append(Entry(scheme: scheme, host: host, includesSubdomains: wildcard))
        }
        self.entries = entries
    }

    /// Checks a callback URL: it must parse under the URL contract, carry no user information, and have
    /// an allowed scheme and host.
    public func check(_ url: String) -> Result<RouteURL, CallbackRefusal> {
        let parsed: RouteURL
        do throws(URLParseError) { parsed = try RouteURL(url) } catch { return .failure(.invalidURL(error)) }
        guard let scheme = parsed.scheme else { return .failure(.notAllowed(url: url)) }
        // `user@host` is how a look-alike hides its real host: never allowed.
        if let authorityEnd = url.range(of: "://").map({ url[$0.upperBound...] }),
           authorityEnd.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains("@") {
            return .failure(.notAllowed(url: url))
        }
        let host = parsed.host
        let allowed = entries.contains { entry in
            entry.scheme == scheme && (host == entry.host || (entry.includesSubdomains && host.hasSuffix("." + entry.host)))
        }
        return allowed ? .success(parsed) : .failure(.notAllowed(url: url))
    }
}

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

    /// The reason in words.
    public var description: String {
        switch self {
        case .invalidEntry(let text): "callback allow-list entry '\(String(text.prefix(80)))' is not scheme://host"
        case .invalidURL(let error): "invalid callback URL: \(error)"
        case .notAllowed(let url): "callback URL '\(String(url.prefix(80)))' is not on the callback allow list"
        case .noAllowList: Router.noCallbackPolicy
        }
    }
}

extension Router {
    /// Sets where callback URLs may go (nil: nowhere). See ``CallbackAllowList``.
    ///
    /// After an open ends, the router opens the callback its URL names: `x-success` when it was handled,
    /// `x-cancel` when it was cancelled, `x-error` (with `errorCode` and `errorMessage`) when it failed,
    /// and WLRRoute's `callbackURL` (with `outcome=CODE`) when the matching `x-` parameter is absent.
    /// A callback is opened only when it passes the allow list; otherwise the trace's
    /// `RouteTrace.callback` records it as rejected by `CallbackAllowList`. A held open (waiting for
    /// login) calls back when it resumes. Callback opens do not call back in turn.
    public func setCallbackAllowList(_ list: CallbackAllowList?) {
        guard let list else { return setCallbackPolicy(nil) }
        setCallbackPolicy { url in
            switch list.check(url) {
            case .success: nil
            case .failure(let refusal): refusal.description
            }
        }
    }
}
