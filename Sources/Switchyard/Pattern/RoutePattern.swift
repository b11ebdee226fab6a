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
            var text = PercentEncoding.encode(s, allowed: .segmentSafe, keepNonASCII: true)
            if text.hasPrefix(":") { text = "%3A" + text.dropFirst() }
            if text.hasPrefix("*") { text = "%2A" + text.dropFirst() }
            return text
        case .parameter(let n, let c): return ":" + n + (c?.description ?? "")
        case .optional(let n, let c): return ":" + n + (c?.description ?? "") + "?"
        case .catchAll(let n): return "*" + (n ?? "")
        }
    }

    /// The segment with its parameter name erased: two patterns of the same shape would match the same URLs.
    var shape: String {
        switch self {
        case .literal: description
        case .parameter(_, let c): ":" + (c?.description ?? "")
        case .optional(_, let c): ":" + (c?.description ?? "") + "?"
        case .catchAll: "*"
        }
    }
}

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
        var parser = PatternParser(text: text)
        (scheme, host, path) = try parser.parse()
        isSuffix = parser.isSuffix
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
        func intern(_ c: SegmentConstraint?) -> SegmentConstraint? {
            guard let c else { return nil }
            if let shared = pool[c] { return shared }
            pool[c] = c
            return c
        }
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
        (scheme.map { $0 + "://" } ?? "") + suffixMark + segments.map(\.description).joined(separator: "/")
    }

    /// The pattern with parameter names erased.
    var shape: String {
        (scheme.map { $0 + "://" } ?? "") + suffixMark + segments.map(\.shape).joined(separator: "/")
    }

    /// The pattern with parameter names erased (and path literals ASCII-lowercased with `foldPaths`), as
    /// a value: two patterns conflict when their keys are equal. Hashing it builds no text, unlike
    /// ``shape``.
    func shapeKey(foldPaths: Bool) -> RoutePattern {
        func erase(_ seg: PatternSegment, path: Bool) -> PatternSegment {
            switch seg {
            case .literal(let text): .literal(path && foldPaths ? text.asciiLowercased : text)
            case .parameter(_, let c): .parameter(name: "", constraint: c)
            case .optional(_, let c): .optional(name: "", constraint: c)
            case .catchAll: .catchAll(name: nil)
            }
        }
        return RoutePattern(scheme: scheme, host: erase(host, path: isSuffix), path: path.map { erase($0, path: true) }, isSuffix: isSuffix)
    }
}

/// Why a pattern was refused.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem.
    public enum Reason: Sendable, Equatable {
        /// The pattern is empty.
        case empty
        /// The scheme is not letters, digits, `+ - .` starting with a letter.
        case invalidScheme
        /// There is no host after `://`.
        case missingHost
        /// The host cannot be optional or a catch-all.
        case invalidHost
        /// `:` or `*` is followed by an invalid name (names are `[A-Za-z_][A-Za-z0-9_]*`).
        case invalidParameterName
        /// The same parameter name is used twice.
        case duplicateParameterName(String)
        /// An optional segment that is not the last one.
        case optionalNotLast
        /// A catch-all that is not the last segment.
        case catchAllNotLast
        /// A `(` or `<` constraint that is not closed.
        case unterminatedConstraint
        /// `<type>` names an unknown type.
        case unknownType(String)
        /// The regex constraint was refused.
        case constraint(ConstraintError)
        /// Text after a parameter that is not part of it (`:id-x`).
        case unexpectedCharacter(Character)
        /// A `%` not followed by two hex digits, or an escape decoding to invalid UTF-8.
        case badPercentEscape
        /// `.` or `..` as a literal segment.
        case dotSegment
        /// A query (`?`) or fragment (`#`) in the pattern.
        case queryNotAllowed
        /// More than ``RoutePattern/maxSegments`` path segments.
        case tooManySegments
        /// A space or control character.
        case forbiddenCharacter
        /// More than ``RoutePattern/maxParameters`` parameters.
        case tooManyParameters
        /// A suffix pattern (`**/…`) holds an optional segment or a catch-all, or nothing after `**/`.
        case invalidSuffix
    }

    /// What was wrong.
    public let reason: Reason
    /// Byte offset in the pattern text.
    public let offset: Int
    /// The pattern text.
    public let pattern: String

    /// A sentence naming the problem, the pattern and the position.
    public var description: String {
        let what: String
        switch reason {
        case .empty: what = "the pattern is empty"
        case .invalidScheme: what = "invalid scheme"
        case .missingHost: what = "missing host"
        case .invalidHost: what = "the host must be a literal or a parameter"
        case .invalidParameterName: what = "invalid parameter name"
        case .duplicateParameterName(let n): what = "parameter name '\(n)' is used twice"
        case .optionalNotLast: what = "an optional segment must be the last"
        case .catchAllNotLast: what = "a catch-all must be the last segment"
        case .unterminatedConstraint: what = "unterminated constraint"
        case .unknownType(let t): what = "unknown type '\(t)' (known: \(SegmentConstraint.typeNames.joined(separator: ", ")))"
        case .constraint(let e): what = e.description
        case .unexpectedCharacter(let c): what = "unexpected '\(c)'"
        case .badPercentEscape: what = "bad percent escape"
        case .dotSegment: what = "'.' and '..' are not allowed as segments"
        case .queryNotAllowed: what = "a pattern cannot have a query or fragment"
        case .tooManySegments: what = "more than \(RoutePattern.maxSegments) segments"
        case .forbiddenCharacter: what = "space or control character"
        case .tooManyParameters: what = "more than \(RoutePattern.maxParameters) parameters"
        case .invalidSuffix: what = "'**/' may only start a pattern (after its scheme), and be followed by at least one literal or parameter segment (no optional segment or catch-all)"
        }
        return "\(what) at byte \(offset) in pattern '\(pattern)'"
    }
}

/// A hand-written scanner for the pattern grammar, over UTF-8 bytes.
struct PatternParser {
    let text: String
    let bytes: [UInt8]
    var i = 0
    /// Set when the pattern starts (after its scheme) with `**/`.
    var isSuffix = false

    init(text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    func fail(_ r: PatternError.Reason, _ at: Int? = nil) -> PatternError {
        PatternError(reason: r, offset: at ?? i, pattern: text)
    }

    mutating func parse() throws(PatternError) -> (String?, PatternSegment, [PatternSegment]) {
        if bytes.isEmpty { throw fail(.empty, 0) }
        var scheme: String?
        if let sep = findSchemeSeparator() {
            guard sep > 0, ByteClass.isAlpha(bytes[0]) else { throw fail(.invalidScheme, 0) }
            for k in 1..<sep where !ByteClass.isSchemeByte(bytes[k]) { throw fail(.invalidScheme, k) }
            scheme = String(decoding: bytes[0..<sep], as: UTF8.self).asciiLowercased
            i = sep + 3
        }
        while i < bytes.count && bytes[i] == UInt8(ascii: "/") { i += 1 }
        if i >= bytes.count { throw fail(.missingHost) }
        if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "*"), bytes[i + 1] == UInt8(ascii: "*") {
            let mark = i
            i += 2
            guard i < bytes.count, bytes[i] == UInt8(ascii: "/") else { throw fail(.invalidSuffix, mark) }
            while i < bytes.count && bytes[i] == UInt8(ascii: "/") { i += 1 }
            if i >= bytes.count { throw fail(.invalidSuffix, mark) }
            isSuffix = true
        }

        var segments: [PatternSegment] = []
        var names = Set<String>()
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/") { i += 1; continue }
            let start = i
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "*"), bytes[i + 1] == UInt8(ascii: "*") { throw fail(.invalidSuffix, start) }
            var segment = try parseSegment()
            if isSuffix {
                // A suffix segment is a path segment: no case folding, and it cannot be optional or a
                // catch-all (the pattern's length is what places it at the end of the path).
                switch segment {
                case .literal, .parameter: break
                case .optional, .catchAll: throw fail(.invalidSuffix, start)
                }
            } else if segments.isEmpty {
                // The host: case-insensitive literal or a parameter.
                switch segment {
                case .literal(let s): segment = .literal(s.asciiLowercased)
                case .parameter: break
                case .optional, .catchAll: throw fail(.invalidHost, start)
                }
            }
            if let name = segment.parameterName {
                if !names.insert(name).inserted { throw fail(.duplicateParameterName(name), start) }
            }
            if case .catchAll(nil) = segment, !names.insert("*").inserted { throw fail(.duplicateParameterName("*"), start) }
            if names.count > RoutePattern.maxParameters { throw fail(.tooManyParameters, start) }
            if let last = segments.last, segments.count > 0 {
                if case .optional = last { throw fail(.optionalNotLast, start) }
                if case .catchAll = last { throw fail(.catchAllNotLast, start) }
            }
            segments.append(segment)
            if segments.count > RoutePattern.maxSegments + 1 { throw fail(.tooManySegments, start) }
        }
        guard let host = segments.first else { throw fail(.missingHost) }
        return (scheme, host, Array(segments.dropFirst()))
    }

    /// The offset of `://` when it follows a run of scheme characters at the start.
    func findSchemeSeparator() -> Int? {
        var k = 0
        while k + 2 < bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: ":") {
                return bytes[k + 1] == UInt8(ascii: "/") && bytes[k + 2] == UInt8(ascii: "/") ? k : nil
            }
            if b == UInt8(ascii: "/") || b == UInt8(ascii: "(") || b == UInt8(ascii: "<") { return nil }
            k += 1
        }
        return nil
    }

    mutating func parseSegment() throws(PatternError) -> PatternSegment {
        let b = bytes[i]
        if b == UInt8(ascii: ":") {
            i += 1
            let name = try parseName()
            var constraint: SegmentConstraint?
            if i < bytes.count && bytes[i] == UInt8(ascii: "(") {
                let open = i
                let regex = try parseBalancedRegex()
                do throws(ConstraintError) {
                    constraint = try SegmentConstraint(regex: regex)
                } catch {
                    // The constraint reports Unicode scalars; convert to a byte offset in the pattern.
                    let scalars = regex.unicodeScalars.prefix(error.offset)
                    let bytes = scalars.reduce(0) { $0 + String($1).utf8.count }
                    throw fail(.constraint(error), open + 1 + bytes)
                }
            } else if i < bytes.count && bytes[i] == UInt8(ascii: "<") {
                let open = i
                i += 1
                let nameStart = i
                while i < bytes.count && bytes[i] != UInt8(ascii: ">") && bytes[i] != UInt8(ascii: "/") { i += 1 }
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail(.unterminatedConstraint, open) }
                let typeName = String(decoding: bytes[nameStart..<i], as: UTF8.self)
                i += 1
                guard let c = SegmentConstraint(typeName: typeName) else { throw fail(.unknownType(typeName), nameStart) }
                constraint = c
            }
            var optional = false
            if i < bytes.count && bytes[i] == UInt8(ascii: "?") { optional = true; i += 1 }
            try expectSegmentEnd()
            return optional ? .optional(name: name, constraint: constraint) : .parameter(name: name, constraint: constraint)
        }
        if b == UInt8(ascii: "*") {
            i += 1
            var name: String?
            if i < bytes.count && bytes[i] != UInt8(ascii: "/") { name = try parseName() }
            try expectSegmentEnd()
            return .catchAll(name: name)
        }
        return try parseLiteral()
    }

    mutating func expectSegmentEnd() throws(PatternError) {
        guard i < bytes.count else { return }
        let b = bytes[i]
        if b == UInt8(ascii: "/") { return }
        if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { throw fail(.queryNotAllowed) }
        let ch = String(decoding: bytes[i..<min(i + 4, bytes.count)], as: UTF8.self).first ?? "?"
        throw fail(.unexpectedCharacter(ch))
    }

    mutating func parseName() throws(PatternError) -> String {
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            let ok = ByteClass.isAlpha(b) || b == UInt8(ascii: "_") || (i > start && b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            if !ok { break }
            i += 1
        }
        if i == start { throw fail(.invalidParameterName, start) }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Reads `( … )`, honouring nesting, escapes and `[...]` classes, and returns the inside.
    mutating func parseBalancedRegex() throws(PatternError) -> String {
        let open = i
        i += 1
        let start = i
        var depth = 1
        var inClass = false
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") { i += 2; continue }
            if inClass {
                if b == UInt8(ascii: "]") { inClass = false }
            } else if b == UInt8(ascii: "[") {
                inClass = true
                // A ']' right after '[' or '[^' is literal.
                if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "^") { i += 1 }
                if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "]") { i += 1 }
            } else if b == UInt8(ascii: "(") {
                depth += 1
            } else if b == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    let inside = String(decoding: bytes[start..<i], as: UTF8.self)
                    i += 1
                    return inside
                }
            }
            i += 1
        }
        throw fail(.unterminatedConstraint, open)
    }

    mutating func parseLiteral() throws(PatternError) -> PatternSegment {
        let start = i
        var out: [UInt8] = []
        while i < bytes.count && bytes[i] != UInt8(ascii: "/") {
            let b = bytes[i]
            if b <= 0x20 || b == 0x7F { throw fail(.forbiddenCharacter) }
            if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { throw fail(.queryNotAllowed) }
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) else {
                    throw fail(.badPercentEscape)
                }
                out.append(hi << 4 | lo)
                i += 3
                continue
            }
            out.append(b)
            i += 1
        }
        var v = UTF8Validator()
        for b in out where !v.feed(b) { throw fail(.badPercentEscape, start) }
        if !v.isComplete { throw fail(.badPercentEscape, start) }
        if out.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw fail(.forbiddenCharacter, start) }
        let s = String(decoding: out, as: UTF8.self)
        if s == "." || s == ".." { throw fail(.dotSegment, start) }
        return .literal(s)
    }
}

extension String {
    /// The string with ASCII letters lowercased and every other character unchanged, as URL hosts compare.
    package var asciiLowercased: String {
        guard utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return self }
        return String(decoding: utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
