import Foundation

/// A strict RFC 8259 reader that checks syntax and indexes values, without building them (the standard
/// decoders do that afterwards). It refuses what `JSONDecoder` lets through — trailing commas and
/// duplicate keys — and gives every error a line and column, which `JSONDecoder` does not.
package struct JSONSyntax {
    /// The deepest nesting accepted.
    package static let maxDepth = 100

    private let bytes: [UInt8]
    /// Where the text starts: 3 after a byte order mark, else 0.
    private var origin = 0
    private var i = 0
    private var values: [String: SchemaValue] = [:]
    /// Whether every value is indexed, or only numbers and arrays (see ``check(_:everyValue:)``).
    private let everyValue: Bool
    /// The paths whose start ``positions(of:in:)`` asks for; empty otherwise.
    private var wanted: Set<String> = []
    /// Where each wanted value starts (byte offset).
    private var offsets: [String: Int] = [:]

    private init(_ data: Data, everyValue: Bool) {
        bytes = Array(data)
        self.everyValue = everyValue
    }

    /// Checks `data` and returns the index of its values, or the first syntax error.
    ///
    /// With `everyValue` false, only numbers (whose text a decoder keeps as written) and arrays (which
    /// a decoder may ask about before reading) are indexed: what decoding a valid document reads. The
    /// rest of the index serves error messages, so a reader that fails checks again with every value.
    package static func check(_ data: Data, everyValue: Bool = true) throws(JSONSyntaxError) -> SchemaIndex {
        var reader = JSONSyntax(data, everyValue: everyValue)
        try reader.document()
        return SchemaIndex(values: reader.values, propertyList: false)
    }

    /// Appended to a path given to ``positions(of:in:)``, asks for the position of the member's key (its
    /// opening quote) rather than of its value: for a finding about a key, such as a misspelt one.
    package static let keyMark = "\u{0}key"

    /// The 1-based line and column (in characters) where the value at each of `paths` (rendered as
    /// ``SchemaPath`` renders them: `routes[3].pattern`) starts. A path the document does not hold is
    /// absent; a document with a syntax error gives the paths read before the error. A path ending in
    /// ``keyMark`` gives the position of the member's key.
    package static func positions(of paths: Set<String>, in data: Data) -> [String: (line: Int, column: Int)] {
        guard !paths.isEmpty else { return [:] }
        var reader = JSONSyntax(data, everyValue: false)
        reader.wanted = paths
        do throws(JSONSyntaxError) { try reader.document() } catch {}
        // One pass over the bytes, in offset order, for every position.
        let sorted = reader.offsets.sorted { $0.value < $1.value }
        var out: [String: (line: Int, column: Int)] = [:]
        var line = 1, column = 1, j = reader.origin
        for (path, offset) in sorted {
            while j < offset && j < reader.bytes.count {
                let b = reader.bytes[j]
                if b == 0x0A {
                    line += 1
                    column = 1
                } else if b & 0xC0 != 0x80 {
                    column += 1
                }
                j += 1
            }
            out[path] = (line, column)
        }
        return out
    }

    // MARK: Grammar

    private mutating func document() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            origin = 3
            i = 3
        }
        skipSpace()
        if i >= bytes.count { throw JSONSyntaxError(path: "", message: "the file is empty", line: nil, column: nil) }
        try value("", depth: 0)
        skipSpace()
        if i < bytes.count { throw fail("", "unexpected \(found()) after the end of the JSON value") }
    }

    private mutating func value(_ path: String, depth: Int) throws(JSONSyntaxError) {
        guard i < bytes.count else { throw fail(path, "unexpected end of file: expected a value") }
        if !wanted.isEmpty, wanted.contains(path) { offsets[path] = i }
        switch bytes[i] {
        case UInt8(ascii: "{"): try object(path, depth: depth + 1)
        case UInt8(ascii: "["): try array(path, depth: depth + 1)
        case UInt8(ascii: "\""):
            _ = try string(path)
            if everyValue { values[path] = SchemaValue(kind: .string, text: nil, keys: []) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let text = try number(path)
            values[path] = SchemaValue(kind: .number, text: SchemaText.echo(text), keys: [])
        default:
            let word = bareWord()
            switch word {
            case "true", "false": if everyValue { values[path] = SchemaValue(kind: .boolean, text: word, keys: []) }
            case "null": if everyValue { values[path] = SchemaValue(kind: .null, text: nil, keys: []) }
            default:
                i -= word.utf8.count
                throw fail(path, "expected a value, found \(word.isEmpty ? found() : SchemaText.quoted(word))")
            }
        }
    }

    private mutating func object(_ path: String, depth: Int) throws(JSONSyntaxError) {
        if depth > Self.maxDepth { throw fail(path, "nested more than \(Self.maxDepth) levels deep") }
        i += 1
        var keys: [String] = []
        var seen: [String: Int] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            if everyValue { values[path] = SchemaValue(kind: .object, text: nil, keys: keys) }
            return
        }
        while true {
            guard i < bytes.count else { throw fail(path, "unexpected end of file: missing '}'") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                let hint = atLetter() ? " (keys take double quotes)" : ""
                throw fail(path, "expected a key in double quotes, found \(found())\(hint)")
            }
            let keyStart = i
            let key = try string(path)
            let child = SchemaPath.appending(path, key: key)
            if let first = seen[key] {
                let (line, column) = position(of: first)
                i = keyStart
                throw fail(child, "duplicate key (first at line \(line), column \(column))")
            }
            seen[key] = keyStart
            if !wanted.isEmpty, wanted.contains(child + Self.keyMark) { offsets[child + Self.keyMark] = keyStart }
            if everyValue { keys.append(key) }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw fail(child, i < bytes.count
                           ? "expected ':' after the key, found \(found())" : "unexpected end of file: expected ':'")
            }
            i += 1
            skipSpace()
            try value(child, depth: depth)
            skipSpace()
            guard i < bytes.count else { throw fail(path, "unexpected end of file: missing '}'") }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            guard bytes[i] == UInt8(ascii: ",") else {
                throw fail(path, "expected ',' or '}' after a member, found \(found())")
            }
            let comma = i
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i = comma
                throw fail(path, "trailing comma before '}'")
            }
        }
        if everyValue { values[path] = SchemaValue(kind: .object, text: nil, keys: keys) }
    }

    private mutating func array(_ path: String, depth: Int) throws(JSONSyntaxError) {
        if depth > Self.maxDepth { throw fail(path, "nested more than \(Self.maxDepth) levels deep") }
        i += 1
        values[path] = SchemaValue(kind: .array, text: nil, keys: [])
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return }
        var index = 0
        while true {
            try value(SchemaPath.appending(path, index: index), depth: depth)
            index += 1
            skipSpace()
            guard i < bytes.count else { throw fail(path, "unexpected end of file: missing ']'") }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return }
            guard bytes[i] == UInt8(ascii: ",") else {
                throw fail(path, "expected ',' or ']' after an element, found \(found())")
            }
            let comma = i
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i = comma
                throw fail(path, "trailing comma before ']'")
            }
        }
    }

    /// Reads a string starting at its opening quote and returns its value.
    private mutating func string(_ path: String) throws(JSONSyntaxError) -> String {
        i += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard i < bytes.count else { throw fail(path, "unexpected end of file: unterminated string") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try escapeSequence(path, into: &scalars)
            case 0x00..<0x20:
                let character = SchemaText.escape(Unicode.Scalar(b))
                throw fail(path, "raw control character \(character) in a string (write it as \\u\(hex4(UInt32(b))))")
            case 0x00..<0x80:
                scalars.append(Unicode.Scalar(b))
                i += 1
            default:
                guard let (scalar, length) = utf8Scalar(at: i) else { throw fail(path, "invalid UTF-8 in a string") }
                scalars.append(scalar)
                i += length
            }
        }
    }

    private mutating func escapeSequence(_ path: String,
                                         into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
        guard i + 1 < bytes.count else { throw fail(path, "unexpected end of file: unterminated string") }
        let c = bytes[i + 1]
        let simple: [UInt8: Unicode.Scalar] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
            UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        if let s = simple[c] {
            scalars.append(s)
            i += 2
            return
        }
        guard c == UInt8(ascii: "u") else {
            let shown = c < 0x80 ? SchemaText.echo(String(Unicode.Scalar(c))) : "…"
            throw fail(path, "invalid escape '\\\(shown)' in a string")
        }
        guard let high = hexValue(at: i + 2) else {
            throw fail(path, "'\\u' must be followed by four hexadecimal digits")
        }
        if (0xDC00...0xDFFF).contains(high) { throw fail(path, "unpaired surrogate \\u\(hex4(high)) in a string") }
        if (0xD800...0xDBFF).contains(high) {
            guard i + 11 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                  let low = hexValue(at: i + 8), (0xDC00...0xDFFF).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw fail(path, "unpaired surrogate \\u\(hex4(high)) in a string")
            }
            scalars.append(scalar)
            i += 12
            return
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail(path, "invalid escape in a string") }
        scalars.append(scalar)
        i += 6
    }

    /// Reads a number and returns its text.
    private mutating func number(_ path: String) throws(JSONSyntaxError) -> String {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let n = digits()
        if n == 0 { i = start; throw fail(path, "malformed number: expected a digit after '-'") }
        if n > 1, bytes[intStart] == UInt8(ascii: "0") {
            i = start
            throw fail(path, "malformed number: leading zeros are not allowed")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { i = start; throw fail(path, "malformed number: expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { i = start; throw fail(path, "malformed number: expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            i = start
            throw fail(path, "number \(SchemaText.echo(text)) is out of range")
        }
        return text
    }

    // MARK: Helpers

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// Letters, digits and `_`, `+`, `.` from `i` (a misspelled literal such as `tru` or `NaN`), consumed.
    private mutating func bareWord() -> String {
        let start = i
        while i < bytes.count, i - start < 40 {
            let b = bytes[i]
            let isWord = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
                || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
            guard isWord else { break }
            i += 1
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// The character at `i` as a message shows it: `'x'`, `'\u{1B}'`, `"'"` or `end of file`, with a hint
    /// for the usual non-JSON habits (comments, single quotes).
    private func found() -> String {
        guard i < bytes.count else { return "end of file" }
        switch bytes[i] {
        case UInt8(ascii: "'"): return "\"'\" (strings and keys take double quotes)"
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            return "\(SchemaText.quoted(String(Unicode.Scalar(bytes[i])))) (comments are not allowed in JSON)"
        case 0..<0x80: return SchemaText.quoted(String(Unicode.Scalar(bytes[i])))
        default:
            guard let (scalar, _) = utf8Scalar(at: i) else { return "a byte that is not UTF-8" }
            return SchemaText.quoted(String(scalar))
        }
    }

    /// Whether the character at `i` starts a bare word (an unquoted key).
    private func atLetter() -> Bool {
        guard i < bytes.count else { return false }
        let b = bytes[i]
        return (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    private func hexValue(at k: Int) -> UInt32? {
        guard k + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for b in bytes[k..<k + 4] {
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    private func hex4(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    /// The scalar of a well-formed UTF-8 sequence at `k` and its length; nil for ill-formed bytes.
    private func utf8Scalar(at k: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[k]
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard k + length <= bytes.count else { return nil }
        for b in bytes[k + 1..<k + length] {
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The 1-based line and column (in characters) of byte `k`.
    private func position(of k: Int) -> (Int, Int) {
        var line = 1
        var lineStart = origin
        var j = origin
        while j < k && j < bytes.count {
            if bytes[j] == 0x0A { line += 1; lineStart = j + 1 }
            j += 1
        }
        var column = 1
        var m = lineStart
        while m < k && m < bytes.count {
            if bytes[m] & 0xC0 != 0x80 { column += 1 }
            m += 1
        }
        return (line, column)
    }

    private func fail(_ path: String, _ message: String) -> JSONSyntaxError {
        let (line, column) = position(of: i)
        return JSONSyntaxError(path: path, message: message, line: line, column: column)
    }
}
