import Foundation

/// A URL split and decoded according to Switchyard's normalisation contract.
///
/// - The scheme (if any) and the host compare case-insensitively and are stored lowercased.
/// - The path is split on `/` first, then each segment is percent-decoded exactly once, so a decoded
///   `%2F` stays inside its segment. Empty segments (from `//` or a trailing `/`) are dropped.
/// - `+` means a space only in the query. Repeated query keys keep every value, in order.
/// - The fragment is kept apart and never takes part in matching.
///
/// ```swift
/// let url = try RouteURL("app://Shop/item/a%2Fb?tag=x&tag=y")
/// url.host          // "shop"
/// url.pathSegments  // ["item", "a/b"]
/// url.query.values(for: "tag")  // ["x", "y"]
/// ```
public struct RouteURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given.
    public let original: String
    /// The lowercased scheme, or nil for a URL written without one (`user/5`).
    public let scheme: String?
    /// The lowercased, decoded host (for an IPv6 literal, the address without brackets).
    public let host: String
    /// The port, when one was written.
    public let port: Int?
    /// The decoded, non-empty path segments.
    public let pathSegments: [String]
    /// The decoded query items, in order.
    public let query: QueryParameters
    /// The decoded fragment, when one was written.
    public let fragment: String?

    /// Parses `string`, checking `limits` first.
    public init(_ string: String, limits: URLLimits = URLLimits()) throws(URLParseError) {
        var copy = string
        let result: Result<RouteURL, URLParseError> = copy.withUTF8 { buf in
            do throws(URLParseError) {
                let layout = try URLScanner.scan(buf, limits: limits)
                return .success(RouteURL(original: string, buf: buf, layout: layout))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Parses a Foundation `URL` through its absolute string.
    public init(_ url: URL, limits: URLLimits = URLLimits()) throws(URLParseError) {
        try self.init(url.absoluteString, limits: limits)
    }

    init(original: String, buf: UnsafeBufferPointer<UInt8>, layout: URLLayout) {
        self.original = original
        scheme = layout.hasScheme ? PercentDecoder.decode(buf, 0, layout.schemeEnd, lowercase: true) : nil
        host = PercentDecoder.decode(buf, layout.hostStart, layout.hostEnd, lowercase: true)
        port = layout.port >= 0 ? Int(layout.port) : nil
        var segments: [String] = []
        segments.reserveCapacity(layout.segmentCount)
        var p = layout.pathStart
        while let (s, e) = SegmentCursor.next(buf, &p, layout.pathEnd) {
            segments.append(PercentDecoder.decode(buf, s, e))
        }
        pathSegments = segments
        query = layout.queryStart >= 0
            ? QueryParameters(parsing: buf, layout.queryStart, layout.queryEnd)
            : QueryParameters()
        fragment = layout.fragmentStart >= 0 ? PercentDecoder.decode(buf, layout.fragmentStart, buf.count) : nil
    }

    /// The decoded path, segments joined with `/` and starting with `/` (or `/` alone).
    public var path: String { "/" + pathSegments.joined(separator: "/") }

    /// The canonical text of this URL: lowercased scheme and host, each component percent-encoded
    /// minimally. Parsing the canonical text gives back an equal ``RouteURL`` (but for `original`).
    public var normalized: String {
        // A URL without a scheme keeps a leading `//`, so that a port or an IPv6 host reads back as one.
        var s = scheme.map { $0 + "://" } ?? "//"
        if host.contains(":") { s += "[" + host + "]" } else { s += PercentEncoding.encode(host, allowed: .hostSafe) }
        if let port { s += ":\(port)" }
        for seg in pathSegments { s += "/" + PercentEncoding.encode(seg, allowed: .segmentSafe) }
        if !query.isEmpty {
            s += "?" + query.items.map {
                PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "="
                    + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
            }.joined(separator: "&")
        }
        if let fragment { s += "#" + PercentEncoding.encode(fragment, allowed: .fragmentSafe) }
        return s
    }

    /// The normalised form (see ``normalized``).
    public var description: String { normalized }

    /// Equality ignores `original`: two spellings of the same URL are equal.
    public static func == (a: RouteURL, b: RouteURL) -> Bool {
        a.scheme == b.scheme && a.host == b.host && a.port == b.port && a.pathSegments == b.pathSegments
            && a.query == b.query && a.fragment == b.fragment
    }

    /// Hashes the same fields as `==`.
    public func hash(into h: inout Hasher) {
        h.combine(scheme)
        h.combine(host)
        h.combine(port)
        h.combine(pathSegments)
        h.combine(query)
        h.combine(fragment)
    }
}
