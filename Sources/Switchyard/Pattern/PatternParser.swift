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
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "*"), bytes[i + 1] == UInt8(ascii: "*") {
                throw fail(.invalidSuffix, start)
            }
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
                if path.contains(where: { Self.captureName($0) == name }) {
                    throw fail(.duplicateParameterName(name), start)
                }
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
                    guard let c = SegmentConstraint(typeName: typeName) else {
                        throw fail(.unknownType(typeName), nameStart)
                    }
                    constraints.types[typeName] = c
                    constraint = c
                }
            }
            var optional = false
            if i < bytes.count && bytes[i] == UInt8(ascii: "?") { optional = true; i += 1 }
            try expectSegmentEnd()
            return optional
                ? .optional(name: name, constraint: constraint) : .parameter(name: name, constraint: constraint)
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
            let isDigit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
            let ok = ByteClass.isAlpha(b) || b == UInt8(ascii: "_") || (i > start && isDigit)
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
                guard i + 2 < bytes.count, let hi = ByteClass.hexValue(bytes[i + 1]),
                      let lo = ByteClass.hexValue(bytes[i + 2]) else {
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
        if !text.isEmpty && text.count <= 2 && text.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            throw fail(.dotSegment, start)
        }
        return .literal(String(decoding: text, as: UTF8.self))
    }
}
