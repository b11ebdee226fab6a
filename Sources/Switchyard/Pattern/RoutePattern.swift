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

/// A pattern's shape: the pattern with its parameter names erased (and path literals ASCII-lowercased with
/// `foldPaths`). Two patterns conflict when their shapes are equal. Compared and hashed in place, so that
/// checking a pattern copies nothing and builds no text (unlike ``RoutePattern/shape``).
enum PatternShape {
    /// The hash of a pattern's shape: equal shapes hash alike.
    static func hash(_ pattern: RoutePattern, foldPaths: Bool) -> Int {
        var hasher = Hasher()
        hasher.combine(pattern.scheme)
        hasher.combine(pattern.isSuffix)
        hasher.combine(pattern.path.count)
        Self.combine(pattern.host, folded: pattern.isSuffix && foldPaths, into: &hasher)
        for seg in pattern.path { Self.combine(seg, folded: foldPaths, into: &hasher) }
        return hasher.finalize()
    }

    private static func combine(_ seg: PatternSegment, folded: Bool, into hasher: inout Hasher) {
        switch seg {
        case .literal(let text):
            hasher.combine(0 as UInt8)
            hasher.combine(folded ? text.asciiLowercased : text)
        case .parameter(_, let c):
            hasher.combine(1 as UInt8)
            hasher.combine(c)
        case .optional(_, let c):
            hasher.combine(2 as UInt8)
            hasher.combine(c)
        case .catchAll:
            hasher.combine(3 as UInt8)
        }
    }

    /// True when `p` and `q` have the same shape: same scheme, kind and length, and segment by segment the
    /// same literal (path literals folded alike with `foldPaths`) or the same kind of capture with an equal
    /// constraint. Equal shapes have equal ``hash(_:foldPaths:)``.
    static func same(_ p: RoutePattern, _ q: RoutePattern, foldPaths: Bool) -> Bool {
        guard p.isSuffix == q.isSuffix, p.path.count == q.path.count, p.scheme == q.scheme,
              sameShape(p.host, q.host, folded: p.isSuffix && foldPaths) else { return false }
        for (x, y) in zip(p.path, q.path) where !sameShape(x, y, folded: foldPaths) { return false }
        return true
    }

    private static func sameShape(_ x: PatternSegment, _ y: PatternSegment, folded: Bool) -> Bool {
        switch (x, y) {
        case (.literal(let s), .literal(let t)): folded ? s.asciiLowercased == t.asciiLowercased : s == t
        case (.parameter(_, let c), .parameter(_, let d)), (.optional(_, let c), .optional(_, let d)): c == d
        case (.catchAll, .catchAll): true
        default: false
        }
    }
}

/// Registered routes by shape, for the builder's conflict check: an open-addressing table of (shape hash,
/// route index) that compares candidates through the routes' own patterns, so that it stores no pattern
/// (a dictionary keyed by the patterns copied and retained each one, and hashed each key again).
struct ShapeIndex {
    /// `(hash, index)` per slot; index -1 marks an empty slot. The count is a power of two, at most half full.
    private var slots: [(hash: Int, index: Int32)] = Array(repeating: (0, -1), count: 16)
    private var count = 0

    /// The index of the registered route whose shape hash is `hash` and for which `isSame` is true.
    func find(_ hash: Int, where isSame: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Self.home(hash, mask)
        while slots[slot].index >= 0 {
            if slots[slot].hash == hash && isSame(Int(slots[slot].index)) { return Int(slots[slot].index) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records route `index` under `hash` (the caller checked that no route of that shape is registered).
    mutating func insert(_ hash: Int, _ index: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        place(hash, Int32(index))
        count += 1
    }

    private mutating func place(_ hash: Int, _ index: Int32) {
        let mask = slots.count - 1
        var slot = Self.home(hash, mask)
        while slots[slot].index >= 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash, index)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, -1), count: old.count * 2)
        for entry in old where entry.index >= 0 { place(entry.hash, entry.index) }
    }

    private static func home(_ hash: Int, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: hash)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
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

/// Constraints compiled from pattern text, by source: a builder parses each distinct constraint of its
/// patterns once. A regex is kept only when its source is ASCII, where equal strings have equal bytes
/// (so a cached constraint is exactly what compiling the source again would give).
struct ConstraintCache: Sendable {
    var regexes: [String: SegmentConstraint] = [:]
    var types: [String: SegmentConstraint] = [:]
}

/// A hand-written scanner for the pattern grammar, over the UTF-8 bytes of `text` (valid only while
/// they are: see ``RoutePattern/init(_:)``).
struct PatternParser {
    let text: String
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// Set when the pattern starts (after its scheme) with `**/`.
    var isSuffix = false
    var constraints = ConstraintCache()

    init(text: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.text = text
        self.bytes = bytes
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

        // The first segment is the host; the names already captured are found in `host` and `path`.
        var host: PatternSegment?
        var path: [PatternSegment] = []
        // Room for every segment the slashes left could start (most patterns have a few).
        var slashes = 0
        for k in i..<bytes.count where bytes[k] == UInt8(ascii: "/") { slashes += 1 }
        path.reserveCapacity(min(slashes, RoutePattern.maxSegments + 1))
        var captures = 0
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
            } else if host == nil {
                // The host: case-insensitive literal or a parameter.
                switch segment {
                case .literal(let s): segment = .literal(s.asciiLowercased)
                case .parameter: break
                case .optional, .catchAll: throw fail(.invalidHost, start)
                }
            }
            if let name = Self.captureName(segment) {
                if let host, Self.captureName(host) == name { throw fail(.duplicateParameterName(name), start) }
                if path.contains(where: { Self.captureName($0) == name }) { throw fail(.duplicateParameterName(name), start) }
                captures += 1
            }
            if captures > RoutePattern.maxParameters { throw fail(.tooManyParameters, start) }
            if let last = path.last ?? host {
                if case .optional = last { throw fail(.optionalNotLast, start) }
                if case .catchAll = last { throw fail(.catchAllNotLast, start) }
            }
            if host == nil {
                host = segment
            } else {
                path.append(segment)
                if path.count > RoutePattern.maxSegments { throw fail(.tooManySegments, start) }
            }
        }
        guard let host else { throw fail(.missingHost) }
        return (scheme, host, path)
    }

    /// The name a segment captures under: its parameter name, or `*` for an unnamed catch-all.
    static func captureName(_ segment: PatternSegment) -> String? {
        if case .catchAll(nil) = segment { return "*" }
        return segment.parameterName
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
                let cacheable = regex.utf8.allSatisfy { $0 < 0x80 }
                do throws(ConstraintError) {
                    if cacheable, let cached = constraints.regexes[regex] {
                        constraint = cached
                    } else {
                        let compiled = try SegmentConstraint(regex: regex)
                        if cacheable { constraints.regexes[regex] = compiled }
                        constraint = compiled
                    }
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
                if let cached = constraints.types[typeName] {
                    constraint = cached
                } else {
                    guard let c = SegmentConstraint(typeName: typeName) else { throw fail(.unknownType(typeName), nameStart) }
                    constraints.types[typeName] = c
                    constraint = c
                }
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
        // The decoded bytes, made at the first `%`; without one, the literal is its own bytes (a slice of a
        // string cut at `/`s, so valid UTF-8).
        var decoded: [UInt8]?
        while i < bytes.count && bytes[i] != UInt8(ascii: "/") {
            let b = bytes[i]
            if b <= 0x20 || b == 0x7F { throw fail(.forbiddenCharacter) }
            if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { throw fail(.queryNotAllowed) }
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) else {
                    throw fail(.badPercentEscape)
                }
                if decoded == nil { decoded = Array(bytes[start..<i]) }
                decoded?.append(hi << 4 | lo)
                i += 3
                continue
            }
            decoded?.append(b)
            i += 1
        }
        guard let decoded else { return try literal(bytes[start..<i], at: start) }
        var v = UTF8Validator()
        for b in decoded where !v.feed(b) { throw fail(.badPercentEscape, start) }
        if !v.isComplete { throw fail(.badPercentEscape, start) }
        if decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw fail(.forbiddenCharacter, start) }
        return try literal(decoded, at: start)
    }

    /// The literal whose valid UTF-8 bytes are `text` (starting at offset `start`), refusing `.` and `..`
    /// (text is one of them exactly when its bytes are).
    func literal<C: Collection<UInt8>>(_ text: C, at start: Int) throws(PatternError) -> PatternSegment {
        if !text.isEmpty && text.count <= 2 && text.allSatisfy({ $0 == UInt8(ascii: ".") }) { throw fail(.dotSegment, start) }
        return .literal(String(decoding: text, as: UTF8.self))
    }
}

extension String {
    /// The string with ASCII letters lowercased and every other character unchanged, as URL hosts compare.
    package var asciiLowercased: String {
        guard utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return self }
        return String(decoding: utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
