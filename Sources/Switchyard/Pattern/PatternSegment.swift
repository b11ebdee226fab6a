/// One segment of a route pattern. Parses from text and prints back the same canonical text.
public enum PatternSegment: Sendable, Hashable, CustomStringConvertible {
    /// A literal segment, stored percent-decoded (`order`, `订单`).
    case literal(String)
    /// `:name`, `:name(regex)` or `:name<type>`: one segment, optionally constrained. The value is the
    /// whole decoded segment, a decoded `%2F` or `%5C` included; a segment that is or decodes to `.` or
    /// `..` is never a value. In the host, the value (and what a constraint checks) is the lowercased host.
    case parameter(name: String, constraint: SegmentConstraint?)
    /// `:name?`, `:name(regex)?` or `:name<type>?`: an optional last segment, with the same values as
    /// ``parameter(name:constraint:)``.
    case optional(name: String, constraint: SegmentConstraint?)
    /// `*name` (or `*`): one or more trailing segments. The value is the segments, each decoded, joined
    /// with `/`, so a decoded `%2F` reads like a real slash there (`a/b%2Fc` gives `a/b/c`).
    case catchAll(name: String?)

    /// The parameter name, if the segment captures one.
    public var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let n, _), .optional(let n, _): n
        case .catchAll(let n): n
        }
    }

    /// The ranking class used by the matcher: lower wins.
    /// 0 literal, 1 constrained parameter, 2 plain parameter, 3 optional, 4 catch-all.
    public var rank: Int {
        switch self {
        case .literal: 0
        case .parameter(_, let c): c == nil ? 2 : 1
        case .optional: 3
        case .catchAll: 4
        }
    }

    /// The canonical text of the segment.
    public var description: String {
        switch self {
        case .literal(let s):
            var text = PercentEncoding.encode(s, allowed: .patternLiteralSafe, keepNonASCII: true)
            if text.hasPrefix(":") { text = "%3A" + text.dropFirst() }
            if text.hasPrefix("*") { text = "%2A" + text.dropFirst() }
            return text
        case .parameter(let n, let c): return ":" + n + (c?.description ?? "")
        case .optional(let n, let c): return ":" + n + (c?.description ?? "") + "?"
        case .catchAll(let n): return "*" + (n ?? "")
        }
    }

    /// The constraint of a (possibly optional) parameter.
    var constraint: SegmentConstraint? {
        switch self {
        case .parameter(_, let c), .optional(_, let c): c
        case .literal, .catchAll: nil
        }
    }

    /// The segment with its parameter name erased: two patterns of the same shape would match the same URLs.
    package var shape: String {
        switch self {
        case .literal: description
        case .parameter(_, let c): ":" + (c?.description ?? "")
        case .optional(_, let c): ":" + (c?.description ?? "") + "?"
        case .catchAll: "*"
        }
    }
}
