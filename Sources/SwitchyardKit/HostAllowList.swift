import Foundation
import Switchyard

/// Decides which external URLs may be opened: https only, with a host that is on the list exactly or
/// is a subdomain of a listed host on a dot boundary (`shop.example.com` for `example.com`, never
/// `example.com.evil.com` or `evilexample.com`).
///
/// The URL is parsed with Switchyard's own parser first, so userinfo (`good.com@evil.com`), backslashes,
/// control characters and bad escapes are refused before the host is even looked at.
public struct HostAllowList: Sendable, Equatable {
    /// The allowed hosts, lowercased.
    public let hosts: [String]

    /// Creates a list; hosts are compared case-insensitively.
    public init(_ hosts: [String]) {
        self.hosts = hosts.map(\.asciiLowercased).filter { !$0.isEmpty }
    }

    /// Why a URL was refused.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL does not parse.
        case invalid(URLParseError)
        /// The scheme is not https.
        case notHTTPS(scheme: String?)
        /// The host is not on the list.
        case hostNotAllowed(String)

        /// A sentence for the status line and traces.
        public var description: String {
            switch self {
            case .invalid(let e): "invalid URL: \(e)"
            case .notHTTPS(let s): "only https URLs may open (got \(s.map { "'\($0)'" } ?? "no scheme"))"
            case .hostNotAllowed(let h): "host '\(h)' is not on the allow list"
            }
        }
    }

    /// Checks `url`; returns the parsed URL when it may open.
    public func check(_ url: String) -> Result<RouteURL, Refusal> {
        let parsed: RouteURL
        do throws(URLParseError) { parsed = try RouteURL(url) } catch { return .failure(.invalid(error)) }
        guard parsed.scheme == "https" else { return .failure(.notHTTPS(scheme: parsed.scheme)) }
        guard allows(host: parsed.host) else { return .failure(.hostNotAllowed(parsed.host)) }
        return .success(parsed)
    }

    /// True when `host` (already decoded) is listed or a subdomain of a listed host.
    public func allows(host: String) -> Bool {
        let h = host.asciiLowercased
        guard !h.isEmpty, !h.hasSuffix("."), !h.hasPrefix(".") else { return false }
        return hosts.contains { h == $0 || h.hasSuffix("." + $0) }
    }
}
