/// A compiled route pattern such as `app://user/login/:phone([0-9]+)`.
///
/// Grammar (see README, "Pattern grammar"):
/// ```
/// pattern   = [ scheme "://" ] host *( "/" segment ) [ "/" ]
/// host      = literal | ":" name [ constraint ]
/// segment   = literal | ":" name [ constraint ] [ "?" ] | "*" [ name ]
/// constraint = "(" regex ")" | "<" type ">"        type = int | uint | uuid | hex | alpha | alnum | slug
/// ```
/// A pattern without a scheme matches any scheme. The host is always the first segment.
/// An optional segment or a catch-all may only come last.
///
/// A *suffix pattern* starts with `**/` (after an optional scheme): `**/login/:phone([0-9]+)` matches any
/// URL whose path ends with `login/<digits>`, whatever its host and leading segments
/// (`app://user/login/13800000000`, `app://a/b/login/1`). It is WLRRoute's unanchored expression. Its
/// segments are literals and (constrained) parameters only; it ranks below every anchored pattern.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The lowercased scheme, or nil for "any scheme".
    public let scheme: String?
    /// The host segment: a lowercased literal or a parameter.
    public let host: PatternSegment
    /// The path segments after the host.
    public let path: [PatternSegment]
    /// True for a suffix pattern (`**/login/:phone`): then ``segments`` are the path segments a URL must
    /// end with, and ``host`` is only the first of them.
    public let isSuffix: Bool

    /// The most path segments a pattern may have.
    public static let maxSegments = 32
    /// The most parameters (host included) a pattern may capture.
    public static let maxParameters = 8

    /// Parses pattern text.
    public init(_ text: String) throws(PatternError) {
        var constraints = ConstraintCache()
        try self.init(text, constraints: &constraints)
    }

    /// Parses pattern text, taking constraints already compiled from `constraints` and adding the new ones.
    init(_ text: String, constraints: inout ConstraintCache) throws(PatternError) {
        // The parser reads the string's own UTF-8 storage (no copy of the bytes).
        var storage = text
        let parsed = storage.withUTF8 { bytes in
            var parser = PatternParser(text: text, bytes: bytes)
            swap(&parser.constraints, &constraints)
            defer { swap(&parser.constraints, &constraints) }
            return Result { () throws(PatternError) in
                let (scheme, host, path) = try parser.parse()
                return RoutePattern(scheme: scheme, host: host, path: path, isSuffix: parser.isSuffix)
            }
        }
        self = try parsed.get()
    }

    /// Creates a pattern from parts already known to be valid.
    init(scheme: String?, host: PatternSegment, path: [PatternSegment], isSuffix: Bool = false) {
        self.scheme = scheme
        self.host = host
        self.path = path
        self.isSuffix = isSuffix
    }

    /// The same pattern with each constraint replaced by an equal one from `pool` (added when new), so
    /// that many routes share one compiled constraint.
    func interning(_ pool: inout [SegmentConstraint: SegmentConstraint]) -> RoutePattern {
        // Most patterns hold no constraint, or only ones already shared: they are kept as they are.
        var shared = true
        func intern(_ c: SegmentConstraint?) -> SegmentConstraint? {
            guard let c else { return nil }
            if let existing = pool[c] {
                if existing.storage !== c.storage { shared = false }
                return existing
            }
            pool[c] = c
            return c
        }
        _ = intern(host.constraint)
        for seg in path where seg.constraint != nil { _ = intern(seg.constraint) }
        if shared { return self }
        func map(_ seg: PatternSegment) -> PatternSegment {
            switch seg {
            case .parameter(let n, let c): .parameter(name: n, constraint: intern(c))
            case .optional(let n, let c): .optional(name: n, constraint: intern(c))
            default: seg
            }
        }
        return RoutePattern(scheme: scheme, host: map(host), path: path.map(map), isSuffix: isSuffix)
    }

    /// The host followed by the path segments (for a suffix pattern: the segments a path ends with).
    public var segments: [PatternSegment] { [host] + path }

    /// `**/` for a suffix pattern, else nothing.
    private var suffixMark: String { isSuffix ? "**/" : "" }

    /// Names of the captured parameters, host first.
    public var parameterNames: [String] { segments.compactMap(\.parameterName) }

    /// The canonical pattern text.
    public var description: String {
        var text = scheme.map { $0 + "://" } ?? ""
        text += suffixMark
        text += host.description
        for segment in path {
            text += "/"
            text += segment.description
        }
        return text
    }

    /// The pattern with parameter names erased.
    package var shape: String {
        (scheme.map { $0 + "://" } ?? "") + suffixMark + segments.map(\.shape).joined(separator: "/")
    }
}

extension String {
    /// The string with ASCII letters lowercased and every other character unchanged, as URL hosts compare.
    package var asciiLowercased: String {
        guard utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return self }
        return String(decoding: utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
