import Foundation

/// The result of a successful lookup: the route, and the URL's parameters decoded on demand.
///
/// Creating a match allocates nothing; reading a parameter as a `String` decodes it then.
public struct RouteMatch<Target: Sendable>: Sendable {
    @usableFromInline let storage: RouteStorage<Target>
    @usableFromInline let raw: RawMatch
    /// The URL as given.
    public let url: String

    @inlinable
    init(storage: RouteStorage<Target>, url: String, raw: RawMatch) {
        self.storage = storage
        self.url = url
        self.raw = raw
    }

    /// The winning route, put together from the table's compact storage when read (see
    /// ``RouteTable/routes``); ``target`` reads the target alone.
    public var route: Route<Target> { storage.route(Int(raw.route)) }
    /// The winning route's target.
    @inlinable
    public var target: Target { storage.targets[Int(raw.route)] }
    /// The winning route's pattern, put together when read.
    public var pattern: RoutePattern { storage.patterns.pattern(at: Int(raw.route)) }
    /// The winning route's place in the table (registration order): ``RouteTable/route(at:)``'s index.
    package var routeIndex: Int { Int(raw.route) }
    /// The URL's layout, read again (the lookup kept only the capture ranges). The URL was valid when it
    /// matched, so scanning it again cannot fail; the empty layout is never returned in practice.
    var layout: URLLayout {
        var text = url
        return text.withUTF8 { buf in
            (try? URLScanner.scan(buf, limits: URLLimits(maxLength: .max, maxSegments: .max, maxQueryItems: .max,
                                                         maxComponentLength: .max))) ?? URLLayout()
        }
    }
    var optionalAbsent: Bool { raw.optionalAbsent }

    /// The decoded path parameters (host parameter included), in pattern order.
    ///
    /// A parameter's value is its whole decoded segment (`app://search/AC%2FDC` gives `AC/DC` for
    /// `app://search/:q`); a host parameter's is lowercased. A catch-all's value is its segments, each
    /// decoded, joined with `/`: over `a/b%2Fc` it is `a/b/c` (``routeURL``'s `pathSegments` keep the
    /// two apart).
    public var parameters: PathParameters {
        var names: [String] = []
        var values: [String] = []
        var text = url
        text.withUTF8 { buf in
            for (index, cap) in storage.patterns.captures(at: Int(raw.route)).enumerated() {
                if cap.isOptional && optionalAbsent { continue }
                let (s, e) = raw.captures[index]
                names.append(cap.name)
                if cap.isCatchAll {
                    // Rest of the path: decoded segment by segment, rejoined with single slashes.
                    var p = s
                    var parts: [String] = []
                    while let (a, b) = SegmentCursor.next(buf, &p, e) { parts.append(PercentDecoder.decode(buf, a, b)) }
                    values.append(parts.joined(separator: "/"))
                } else {
                    values.append(PercentDecoder.decode(buf, s, e, lowercase: cap.depth == 0))
                }
            }
        }
        return PathParameters(names: names, values: values)
    }

    /// One path parameter by name, decoded.
    public func parameter(_ name: String) -> String? { parameters[name] }

    /// The decoded query items (parsed when read).
    public var query: QueryParameters {
        guard layout.queryStart >= 0 else { return QueryParameters() }
        var text = url
        return text.withUTF8 { QueryParameters(parsing: $0, layout.queryStart, layout.queryEnd) }
    }

    /// The whole URL, split and decoded.
    public var routeURL: RouteURL {
        var text = url
        return text.withUTF8 { RouteURL(original: url, buf: $0, layout: layout) }
    }
}
