import Foundation
@testable import Switchyard

/// Reading the checked-in corpora of `Tests/SwitchyardTests/Corpus/` (paths relative to this file, so the
/// test target excludes the folder from its sources).
enum HostileCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The fixed route table of `hostile.tsv` (targets are the pattern texts).
    static let routes = [
        "app://user/:id<int>", "app://user/:name", "app://user/:id/posts/:post", "app://files/*path",
        "app://search/:query?", "app://item/:sku([A-Z0-9-]+)", "app://web/open", "https://example.com/:page",
        "share/:id", "app://:tenant/home", "app://doc/:slug<slug>", "app://café/menu",
    ]

    static func table(options: MatchOptions = MatchOptions()) throws -> RouteTable<String> {
        var b = RouteTableBuilder<String>(options: options)
        for p in routes { try b.add(p, target: p) }
        return b.build()
    }

    /// Why a matched parameter breaks the invariant, or nil. A parameter (plain, constrained or optional)
    /// holds exactly the decoded segment at its depth, the lowercased host at depth 0: a decoded `/` or
    /// `\` is part of the value and never splits it, and the value is never `.` or `..`. The explicit
    /// catch-all holds the decoded segments from its depth on, joined with `/`, dot segments included.
    static func invariantViolation<T>(_ m: RouteMatch<T>) -> String? {
        let url = m.routeURL
        let segments = [url.host] + url.pathSegments
        let parameters = m.parameters
        for (depth, segment) in m.pattern.segments.enumerated() {
            let name: String
            let expected: String
            let isCatchAll: Bool
            switch segment {
            case .literal: continue
            case .catchAll(let n):
                (name, isCatchAll) = (n ?? "*", true)
                expected = segments.dropFirst(depth).joined(separator: "/")
            case .parameter(let n, _), .optional(let n, _):
                (name, isCatchAll) = (n, false)
                expected = depth < segments.count ? segments[depth] : ""
            }
            guard let value = parameters[name] else {
                if case .optional = segment, depth == segments.count { continue }
                return "parameter '\(name)' of \(m.pattern) has no value"
            }
            if !isCatchAll && (value == "." || value == "..") {
                return "parameter '\(name)' of \(m.pattern) captured the dot segment \(JSONText.quote(value))"
            }
            if value != expected {
                return "parameter '\(name)' of \(m.pattern) captured \(JSONText.quote(value)), "
                    + "not its segment \(JSONText.quote(expected))"
            }
        }
        return nil
    }
}

/// A small JSON reader and writer for the corpora: strict enough for the files we check in, and
/// independent of Foundation's JSON (a lone surrogate escape becomes U+FFFD instead of failing the file).
enum JSONText {
    indirect enum Value: Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.string(let x), .string(let y)): x == y
            case (.number(let x), .number(let y)): x == y
            case (.bool(let x), .bool(let y)): x == y
            case (.null, .null): true
            case (.array(let x), .array(let y)): x == y
            case (.object(let x), .object(let y)):
                x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: false
            }
        }

        var string: String? { if case .string(let s) = self { s } else { nil } }
        var array: [Value]? { if case .array(let a) = self { a } else { nil } }
        subscript(_ key: String) -> Value? {
            if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
            return nil
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        let offset: Int
        let what: String
        var description: String { "JSON: \(what) at scalar \(offset)" }
    }

    static func parse(_ text: some StringProtocol) throws(ParseError) -> Value {
        var p = Parser(scalars: Array(text.unicodeScalars))
        let v = try p.value()
        p.skipSpace()
        guard p.i == p.scalars.count else { throw ParseError(offset: p.i, what: "trailing text") }
        return v
    }

    /// A JSON string literal for `s`, with every control, format, separator and non-ASCII space
    /// character escaped (the same escaping as the corpus files).
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let visible: Bool
                switch u.properties.generalCategory {
                case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
                    visible = false
                case .spaceSeparator: visible = u == " "
                default: visible = true
                }
                if visible {
                    out.unicodeScalars.append(u)
                } else {
                    for unit in String(u).utf16 {
                        let hex = String(unit, radix: 16, uppercase: true)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                }
            }
        }
        return out + "\""
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var i = 0

        mutating func skipSpace() {
            while i < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[i]) { i += 1 }
        }

        mutating func value() throws(ParseError) -> Value {
            skipSpace()
            guard i < scalars.count else { throw ParseError(offset: i, what: "unexpected end") }
            switch scalars[i] {
            case "\"": return .string(try string())
            case "[":
                i += 1
                var items: [Value] = []
                skipSpace()
                if i < scalars.count, scalars[i] == "]" { i += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skipSpace()
                    guard i < scalars.count else { throw ParseError(offset: i, what: "unterminated array") }
                    if scalars[i] == "]" { i += 1; return .array(items) }
                    guard scalars[i] == "," else { throw ParseError(offset: i, what: "expected ','") }
                    i += 1
                }
            case "{":
                i += 1
                var pairs: [(String, Value)] = []
                skipSpace()
                if i < scalars.count, scalars[i] == "}" { i += 1; return .object(pairs) }
                while true {
                    skipSpace()
                    guard i < scalars.count, scalars[i] == "\"" else {
                        throw ParseError(offset: i, what: "expected a key")
                    }
                    let key = try string()
                    skipSpace()
                    guard i < scalars.count, scalars[i] == ":" else {
                        throw ParseError(offset: i, what: "expected ':'")
                    }
                    i += 1
                    pairs.append((key, try value()))
                    skipSpace()
                    guard i < scalars.count else { throw ParseError(offset: i, what: "unterminated object") }
                    if scalars[i] == "}" { i += 1; return .object(pairs) }
                    guard scalars[i] == "," else { throw ParseError(offset: i, what: "expected ','") }
                    i += 1
                }
            case "t": return try word("true", .bool(true))
            case "f": return try word("false", .bool(false))
            case "n": return try word("null", .null)
            default:
                let start = i
                while i < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[i]) { i += 1 }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[start..<i])
                guard let d = Double(text) else { throw ParseError(offset: start, what: "bad value") }
                return .number(d)
            }
        }

        mutating func word(_ w: String, _ v: Value) throws(ParseError) -> Value {
            for u in w.unicodeScalars {
                guard i < scalars.count, scalars[i] == u else { throw ParseError(offset: i, what: "expected \(w)") }
                i += 1
            }
            return v
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard i + 4 <= scalars.count else { throw ParseError(offset: i, what: "short \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard scalars[i].isASCII, let d = UInt32(String(scalars[i]), radix: 16) else {
                    throw ParseError(offset: i, what: "bad \\u escape")
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }

        mutating func string() throws(ParseError) -> String {
            i += 1 // opening quote
            var out = String.UnicodeScalarView()
            while true {
                guard i < scalars.count else { throw ParseError(offset: i, what: "unterminated string") }
                let c = scalars[i]
                i += 1
                if c == "\"" { return String(out) }
                guard c == "\\" else { out.append(c); continue }
                guard i < scalars.count else { throw ParseError(offset: i, what: "unterminated escape") }
                let e = scalars[i]
                i += 1
                switch e {
                case "\"", "\\", "/": out.append(e)
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    let unit = try hex4()
                    if (0xD800..<0xDC00).contains(unit), i + 1 < scalars.count, scalars[i] == "\\",
                       scalars[i + 1] == "u" {
                        let save = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            out.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                            continue
                        }
                        i = save
                    }
                    out.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: throw ParseError(offset: i - 1, what: "bad escape")
                }
            }
        }
    }
}
