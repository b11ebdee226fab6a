import Foundation

/// A direct reader for the common shape of a route file: a top level with only `routes`, each route
/// an object of `pattern`, `target`, `priority`, `metadata` and `interceptors` holding plain values.
///
/// It reads the bytes once, without the standard decoder's intermediate values, and gives up
/// (returns nil) at anything outside that shape or anything the strict reader would refuse or read
/// differently: a syntax it does not expect, a duplicate key, a null, a number with a fraction or an
/// exponent, a surrogate escape, invalid UTF-8, an invalid pattern, an empty target, a byte order mark.
/// The caller then reads the file the standard way (``RouteSchema/decode(_:json:file:)``), which
/// reports the refusal. So a file it reads is one the standard way reads to the same value.
package struct RouteFileFastReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var constraints = ConstraintCache()
    /// Each route's pattern as parsed to check it, in file order.
    private var parsed: [RoutePattern] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The route file in `data`, or nil when the standard reader must decide.
    package static func read(_ data: Data) -> RouteFile? {
        readParsed(data)?.file
    }

    /// ``read(_:)`` with each route's pattern as it was parsed to check it (one per route, in file order),
    /// so that a caller need not parse the patterns again.
    package static func readParsed(_ data: Data) -> (file: RouteFile, patterns: [RoutePattern])? {
        data.withUnsafeBytes { raw -> (file: RouteFile, patterns: [RoutePattern])? in
            var reader = RouteFileFastReader(raw.bindMemory(to: UInt8.self))
            guard let file = reader.file() else { return nil }
            return (file, reader.parsed)
        }
    }

    private mutating func file() -> RouteFile? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        guard let key = string(), key == "routes" else { return nil }
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        guard let routes = routeList() else { return nil }
        skipSpace()
        guard take(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard i == bytes.count else { return nil }
        return RouteFile(routes: routes)
    }

    private mutating func routeList() -> [RouteDefinition]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var routes: [RouteDefinition] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return routes }
        while true {
            skipSpace()
            guard let route = route() else { return nil }
            routes.append(route)
            skipSpace()
            if take(UInt8(ascii: "]")) { return routes }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private mutating func route() -> RouteDefinition? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var pattern: String?, target: String?, priority: Int?, metadata: [String: String]?, interceptors = false
        skipSpace()
        if take(UInt8(ascii: "}")) { return nil }
        while true {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            switch key {
            case "pattern":
                guard pattern == nil, let text = string() else { return nil }
                do throws(PatternError) {
                    parsed.append(try RoutePattern(text, constraints: &constraints))
                } catch {
                    return nil
                }
                pattern = text
            case "target":
                guard target == nil, let text = string(), !text.isEmpty else { return nil }
                target = text
            case "priority":
                guard priority == nil, let n = integer() else { return nil }
                priority = n
            case "metadata":
                guard metadata == nil, let m = metadataObject() else { return nil }
                metadata = m
            case "interceptors":
                guard !interceptors, stringList() else { return nil }
                interceptors = true
            default:
                return nil
            }
            skipSpace()
            if take(UInt8(ascii: "}")) { break }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
        guard let pattern, let target else { return nil }
        return RouteDefinition(pattern: pattern, target: target, priority: priority ?? 0, metadata: metadata ?? [:])
    }

    /// An object whose values are strings, booleans or integers, read as text.
    private mutating func metadataObject() -> [String: String]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var out: [String: String] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return out }
        while true {
            skipSpace()
            guard let key = string(), out[key] == nil else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                guard let s = string() else { return nil }
                out[key] = s
            case UInt8(ascii: "t"):
                guard word("true") else { return nil }
                out[key] = "true"
            case UInt8(ascii: "f"):
                guard word("false") else { return nil }
                out[key] = "false"
            default:
                guard let n = integer() else { return nil }
                out[key] = String(n)
            }
            skipSpace()
            if take(UInt8(ascii: "}")) { return out }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// An array of strings (the values are not kept); false for anything else.
    private mutating func stringList() -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "]")) { return true }
        while true {
            skipSpace()
            guard string() != nil else { return false }
            skipSpace()
            if take(UInt8(ascii: "]")) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
        }
    }

    /// `-?(0|[1-9][0-9]*)` of at most 18 digits, followed by a delimiter.
    private mutating func integer() -> Int? {
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        let start = i
        var value = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            // More than 18 digits may not fit: left to the standard reader (checked below), never summed.
            if i - start < 18 { value = value * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
            i += 1
        }
        let digits = i - start
        guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        let delimiters = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
        guard i < bytes.count, delimiters.contains(bytes[i]) else {
            return nil
        }
        // `-0` is left to the standard reader.
        if negative, value == 0 { return nil }
        return negative ? -value : value
    }

    /// A string: ASCII and valid UTF-8 as it is, the simple escapes and `\u` outside the surrogates.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        var plain = true
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { return nil }
            if b == UInt8(ascii: "\\") {
                plain = false
                i += 2
            } else {
                i += 1
            }
        }
        guard i < bytes.count else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[start..<i])
        i += 1
        if plain { return String(validating: body, as: UTF8.self) }
        return Self.unescape(body)
    }

    private static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var k = 0
        while k < body.count {
            let b = body[k]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                k += 1
                continue
            }
            guard k + 1 < body.count else { return nil }
            switch body[k + 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard k + 5 < body.count else { return nil }
                var value: UInt32 = 0
                for d in body[(k + 2)...(k + 5)] {
                    guard let h = hexDigit(d) else { return nil }
                    value = value << 4 | h
                }
                guard !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value) else { return nil }
                out.append(contentsOf: String(Character(scalar)).utf8)
                k += 6
                continue
            default:
                return nil
            }
            k += 2
        }
        return out.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
    }

    private static func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Reads `text` if it is next and followed by a delimiter.
    private mutating func word(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard i + n < bytes.count else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: n)
        guard bytes[i..<(i + n)].elementsEqual(expected) else { return false }
        let delimiters = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
        guard delimiters.contains(bytes[i + n]) else { return false }
        i += n
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }
}
