import Foundation
import Switchyard

/// Where a navigation may call its caller back: the callback URLs (WLRRoute's `callBack` or
/// `callbackURL`, the x-callback-url convention's `x-success`, `x-error` and `x-cancel`) that the router
/// opens after an open ends. Each entry is `scheme://host`: a callback URL must have exactly that scheme
/// and that host (or a subdomain of it on a dot boundary, for an entry written `scheme://*.host`; or any
/// host, for an entry written `scheme://*`, which is how an app allows its own scheme). Anything else is
/// refused, and so is a callback that leads back to the URL that named it or names a callback itself.
public struct CallbackAllowList: Sendable, Equatable {
    /// One allowed scheme and host.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The scheme, lowercased.
        public let scheme: String
        /// The host, lowercased; empty for an entry that allows any host (`scheme://*`).
        public let host: String
        /// Whether subdomains of ``host`` are allowed too (`scheme://*.host`).
        public let includesSubdomains: Bool

        /// Whether the entry allows every host of its scheme (`scheme://*`).
        public var allowsAnyHost: Bool { host.isEmpty }

        /// `scheme://host`, `scheme://*.host` or `scheme://*`.
        public var description: String {
            allowsAnyHost ? "\(scheme)://*" : "\(scheme)://\(includesSubdomains ? "*." : "")\(host)"
        }

        func allows(scheme: String, host: String) -> Bool {
            guard self.scheme == scheme, !host.isEmpty else { return false }
            return allowsAnyHost || host == self.host || (includesSubdomains && host.hasSuffix("." + self.host))
        }
    }

    /// The entries.
    public let entries: [Entry]

    /// Creates a list from `scheme://host`, `scheme://*.host` or `scheme://*` texts.
    /// - Throws: ``CallbackRefusal/invalidEntry(_:)`` naming the first entry that is none of these.
    public init(_ texts: [String]) throws(CallbackRefusal) {
        var entries: [Entry] = []
        for text in texts {
            let lowered = text.asciiLowercased
            guard let separator = lowered.range(of: "://") else { throw .invalidEntry(text) }
            let scheme = String(lowered[..<separator.lowerBound])
            var host = String(lowered[separator.upperBound...])
            let schemeOK = !scheme.isEmpty && scheme.utf8.allSatisfy(Self.isSchemeByte)
            guard schemeOK else { throw .invalidEntry(text) }
            if host == "*" {
                entries.append(Entry(scheme: scheme, host: "", includesSubdomains: true))
                continue
            }
            let wildcard = host.hasPrefix("*.")
            if wildcard { host.removeFirst(2) }
            let hostOK = !host.isEmpty && !host.hasPrefix(".") && !host.hasSuffix(".")
                && host.utf8.allSatisfy(Self.isHostByte)
            guard hostOK else { throw .invalidEntry(text) }
            entries.append(Entry(scheme: scheme, host: host, includesSubdomains: wildcard))
        }
        self.entries = entries
    }

    private static func isSchemeByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E
    }

    private static func isHostByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
    }

    /// Checks a callback URL: it must parse under the URL contract, carry no user information, and have
    /// an allowed scheme and host. When `origin` (the URL whose open named the callback) is given, the
    /// callback must also lead somewhere else (not the same scheme, host, port and path) and must not
    /// name a callback of its own: the router never follows a callback's callback, so such a URL is a
    /// loop or a mistake, and it is refused by name rather than opened.
    public func check(_ url: String, from origin: String? = nil) -> Result<RouteURL, CallbackRefusal> {
        let parsed: RouteURL
        do throws(URLParseError) { parsed = try RouteURL(url) } catch { return .failure(.invalidURL(error)) }
        guard let scheme = parsed.scheme else { return .failure(.notAllowed(url: url)) }
        // `user@host` is how a look-alike hides its real host: never allowed.
        if let authorityEnd = url.range(of: "://").map({ url[$0.upperBound...] }),
           authorityEnd.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains("@") {
            return .failure(.notAllowed(url: url))
        }
        guard entries.contains(where: { $0.allows(scheme: scheme, host: parsed.host) }) else {
            return .failure(.notAllowed(url: url))
        }
        if let key = Router.allCallbackKeys.first(where: { parsed.query.last($0) != nil }) {
            return .failure(.namesACallback(url: url, key: key))
        }
        if let origin, let from = try? RouteURL(origin), from.scheme == parsed.scheme, from.host == parsed.host,
           from.port == parsed.port, from.pathSegments == parsed.pathSegments {
            return .failure(.pointsToItself(url: url))
        }
        return .success(parsed)
    }
}

extension Router {
    /// Sets where callback URLs may go (nil: nowhere). See ``CallbackAllowList``.
    ///
    /// After an open ends, the router opens the callback its URL names: `x-success` when it was handled,
    /// `x-cancel` when it was cancelled, `x-error` (with `errorCode` and `errorMessage`) when it failed,
    /// and WLRRoute's callback (the `callBack` key, or `callbackURL`; with `outcome=CODE` added) when the
    /// matching `x-` parameter is absent. A callback is opened only when it passes
    /// ``CallbackAllowList/check(_:from:)``; otherwise the trace's `RouteTrace.callback` records it as
    /// rejected by `CallbackAllowList`, with the ``CallbackRefusal``'s words. A held open (waiting for
    /// login) calls back when it resumes. Callback opens do not call back in turn.
    public func setCallbackAllowList(_ list: CallbackAllowList?) {
        guard let list else { return setCallbackPolicy(nil) }
        setCallbackPolicy { url, origin in
            switch list.check(url, from: origin) {
            case .success: nil
            case .failure(let refusal): refusal.description
            }
        }
    }
}
