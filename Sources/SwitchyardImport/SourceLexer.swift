/// Marks an interpolation in a dynamic string's value: `"$BASE/x"` (Kotlin) and `"\(base)/x"` (Swift)
/// read as MARK `BASE` MARK `/x`, so a template over constants can be resolved (``SourceLexer/templateParts(_:)``).
let templateMark: Unicode.Scalar = "\u{0}"

/// A comment- and string-aware scanner. It never fails: unterminated comments and strings end at the end
/// of the file (strings that cannot span lines end at the line's end), so any input gives some tokens.
enum SourceLexer {
    /// A dynamic string's value as text and interpolated expressions, in order: `"$BASE/x"` gives
    /// `[.expression("BASE"), .text("/x")]`.
    static func templateParts(_ value: String) -> [(text: String, isExpression: Bool)] {
        var out: [(String, Bool)] = []
        var current = String.UnicodeScalarView()
        var inside = false
        for c in value.unicodeScalars {
            if c == templateMark {
                if !current.isEmpty || inside { out.append((String(current), inside)) }
                current = String.UnicodeScalarView()
                inside.toggle()
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { out.append((String(current), inside)) }
        return out
    }

    /// The tokens of `text`.
    static func tokens(_ text: String, language: SourceLanguage) -> [SourceToken] {
        var ignored: [SourceDefine]?
        var none: [SourceDirective]?
        return scan(text, language: language, defines: &ignored, directives: &none)
    }

    /// The tokens of `text` and, for Objective-C, its object-like `#define`s (function-like macros and
    /// other directives are skipped, as in ``tokens(_:language:)``).
    static func tokensAndDefines(_ text: String, language: SourceLanguage) -> ([SourceToken], [SourceDefine]) {
        var defines: [SourceDefine]? = []
        var none: [SourceDirective]?
        let tokens = scan(text, language: language, defines: &defines, directives: &none)
        return (tokens, defines ?? [])
    }

    /// The tokens, the object-like `#define`s and the conditional directives (`#if`, `#ifdef`, `#ifndef`,
    /// `#elif`, `#else`, `#endif`, and each `#define` as a marker for include guards) of an Objective-C
    /// file; for other languages the directives are empty (Swift's `#if` stays in the tokens).
    static func tokensDefinesAndDirectives(_ text: String,
        language: SourceLanguage) -> ([SourceToken], [SourceDefine], [SourceDirective]) {
        var defines: [SourceDefine]? = []
        var directives: [SourceDirective]? = []
        let tokens = scan(text, language: language, defines: &defines, directives: &directives)
        return (tokens, defines ?? [], directives ?? [])
    }

    /// A `#define NAME body` line (continuations joined) as a define; nil for anything else.
    private static func define(_ line: [Unicode.Scalar], at number: Int) -> SourceDefine? {
        var k = 1  // after `#`
        func skipSpaces() { while k < line.count && (line[k] == " " || line[k] == "\t") { k += 1 } }
        skipSpaces()
        let keyword = "define".unicodeScalars
        guard line.count >= k + keyword.count, Array(line[k..<k + keyword.count]) == Array(keyword) else { return nil }
        k += keyword.count
        guard k < line.count, line[k] == " " || line[k] == "\t" else { return nil }
        skipSpaces()
        var name = String.UnicodeScalarView()
        while k < line.count, line[k] == "_" || line[k].properties.isAlphabetic
            || ("0"..."9").contains(line[k]) { name.append(line[k]); k += 1 }
        // `#define F(x) …` is function-like: not a constant.
        guard !name.isEmpty, k >= line.count || line[k] != "(" else { return nil }
        var body = String.UnicodeScalarView()
        body.append(contentsOf: line[k...])
        var none: [SourceDefine]?
        var noDirectives: [SourceDirective]?
        let tokens = scan(String(body), language: .objectiveC,
            defines: &none, directives: &noDirectives).map { SourceToken(kind: $0.kind, line: number + $0.line - 1) }
        return SourceDefine(name: String(name), line: number, body: tokens)
    }

    private static func scan(_ text: String, language: SourceLanguage,
        defines: inout [SourceDefine]?, directives: inout [SourceDirective]?) -> [SourceToken] {
        let s = Array(text.unicodeScalars)
        var out: [SourceToken] = []
        var i = 0, line = 1
        let nestedComments = language == .swift || language == .kotlin

        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        // ASCII first: the Unicode property lookup is the lexer's main cost otherwise.
        func isIdentStart(_ c: Unicode.Scalar) -> Bool {
            if c.isASCII { return ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c == "$" }
            return c.properties.isAlphabetic
        }
        func isIdentPart(_ c: Unicode.Scalar) -> Bool { isIdentStart(c) || ("0"..."9").contains(c) }

        while i < s.count {
            let c = s[i]
            if c == "\n" { line += 1; i += 1; continue }
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            // Comments.
            if c == "/" && at(i + 1) == "/" {
                while i < s.count && s[i] != "\n" { i += 1 }
                continue
            }
            if c == "/" && at(i + 1) == "*" {
                var depth = 1
                i += 2
                while i < s.count && depth > 0 {
                    if s[i] == "\n" { line += 1 }
                    if s[i] == "*" && at(i + 1) == "/" { depth -= 1; i += 2; continue }
                    if nestedComments && s[i] == "/" && at(i + 1) == "*" { depth += 1; i += 2; continue }
                    i += 1
                }
                continue
            }
            // Objective-C preprocessor lines: skipped whole (with their continuation lines).
            if language == .objectiveC && c == "#" && (out.last.map { $0.line < line } ?? true) {
                let start = line
                var directive: [Unicode.Scalar] = []
                while i < s.count && s[i] != "\n" {
                    if s[i] == "\\" && at(i + 1) == "\n" {
                        line += 1
                        i += 2
                        directive.append(" ")
                        continue
                    }
                    if defines != nil || directives != nil && directive.count < 512 { directive.append(s[i]) }
                    i += 1
                }
                if defines != nil, let d = define(directive, at: start) { defines?.append(d) }
                if directives != nil, let d = SourceDirective(directive, line: start) { directives?.append(d) }
                continue
            }
            // Swift raw strings: #"…"#, ##"…"##, and their multi-line forms.
            if language == .swift && c == "#" {
                var hashes = 0
                while at(i + hashes) == "#" { hashes += 1 }
                if at(i + hashes) == "\"" {
                    let start = line
                    let (value, dynamic, next, lines) = readSwiftString(s, from: i + hashes, hashes: hashes)
                    out.append(SourceToken(kind: .string(value, dynamic: dynamic), line: start))
                    line += lines
                    i = next
                    continue
                }
            }
            if c == "\"" {
                let start = line
                if language == .swift {
                    let (value, dynamic, next, lines) = readSwiftString(s, from: i, hashes: 0)
                    out.append(SourceToken(kind: .string(value, dynamic: dynamic), line: start))
                    line += lines
                    i = next
                } else {
                    let (value, dynamic, next, lines) = readCString(s, from: i, language: language)
                    out.append(SourceToken(kind: .string(value, dynamic: dynamic), line: start))
                    line += lines
                    i = next
                }
                continue
            }
            // Character literals (not Swift): skipped, escapes included.
            if c == "'" && language != .swift {
                var k = i + 1
                while k < s.count && k < i + 12 && s[k] != "'" && s[k] != "\n" { k += s[k] == "\\" ? 2 : 1 }
                i = k < s.count && s[k] == "'" ? k + 1 : i + 1
                continue
            }
            if isIdentStart(c) || ("0"..."9").contains(c) {
                var k = i
                var word = String.UnicodeScalarView()
                while k < s.count && isIdentPart(s[k]) { word.append(s[k]); k += 1 }
                out.append(SourceToken(kind: .identifier(String(word)), line: line))
                i = k
                continue
            }
            out.append(SourceToken(kind: .punctuation(Character(c)), line: line))
            i += 1
        }
        return out
    }

    /// A Swift string starting at the quote at `from` (after `hashes` `#`s): single-line or `"""`
    /// multi-line. Returns the value, whether it interpolates, the index after it and the newlines crossed.
    private static func readSwiftString(_ s: [Unicode.Scalar], from: Int, hashes: Int) -> (String, Bool, Int, Int) {
        let multi = from + 2 < s.count && s[from + 1] == "\"" && s[from + 2] == "\""
        var i = from + (multi ? 3 : 1)
        var value = String.UnicodeScalarView()
        var dynamic = false, lines = 0
        func closes(_ k: Int) -> Bool {
            let quotes = multi ? 3 : 1
            for q in 0..<quotes where k + q >= s.count || s[k + q] != "\"" { return false }
            for h in 0..<hashes where k + quotes + h >= s.count || s[k + quotes + h] != "#" { return false }
            return true
        }
        while i < s.count {
            if closes(i) { return (String(value), dynamic, i + (multi ? 3 : 1) + hashes, lines) }
            let c = s[i]
            if c == "\n" {
                lines += 1
                if !multi { return (String(value), dynamic, i, lines - 1) }
            }
            if c == "\\" {
                var h = 0
                while h < hashes && i + 1 + h < s.count && s[i + 1 + h] == "#" { h += 1 }
                if h == hashes, i + 1 + h < s.count {
                    let e = s[i + 1 + h]
                    i += 2 + h
                    switch e {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "r": value.append("\r")
                    case "0": value.append("\0")
                    case "(":
                        dynamic = true
                        var depth = 1
                        var inner = String.UnicodeScalarView()
                        while i < s.count && depth > 0 {
                            if s[i] == "(" {
                                depth += 1 } else if s[i] == ")" { depth -= 1 } else if s[i] == "\n" { lines += 1
                            }
                            if depth > 0 && inner.count < 256 { inner.append(s[i]) }
                            i += 1
                        }
                        value.append(templateMark)
                        value.append(contentsOf: inner)
                        value.append(templateMark)
                    case "u":
                        if i < s.count && s[i] == "{" {
                            var hex = ""
                            i += 1
                            while i < s.count && s[i] != "}" && hex.count < 8 {
                                hex.unicodeScalars.append(s[i])
                                i += 1
                            }
                            i += 1
                            if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { value.append(u) }
                        }
                    case "\n": lines += 1  // a multi-line string's line continuation
                    default: value.append(e)
                    }
                    continue
                }
            }
            value.append(c)
            i += 1
        }
        return (String(value), dynamic, i, lines)
    }

    /// An Objective-C, Java or Kotlin string at `from` (Kotlin's `"""` raw strings included).
    private static func readCString(_ s: [Unicode.Scalar], from: Int, language: SourceLanguage) -> (String, Bool, Int,
        Int) {
        let raw = language == .kotlin && from + 2 < s.count && s[from + 1] == "\"" && s[from + 2] == "\""
        var i = from + (raw ? 3 : 1)
        var value = String.UnicodeScalarView()
        var dynamic = false, lines = 0
        while i < s.count {
            let c = s[i]
            if raw {
                if c == "\"" && i + 2 < s.count && s[i + 1] == "\""
                    && s[i + 2] == "\"" { return (String(value), dynamic, i + 3, lines) }
            } else if c == "\"" {
                return (String(value), dynamic, i + 1, lines)
            }
            if c == "\n" {
                if !raw { return (String(value), dynamic, i, lines) }
                lines += 1
            }
            if language == .kotlin && c == "$" && i + 1 < s.count
                && (s[i + 1] == "{" || s[i + 1].properties.isAlphabetic || s[i + 1] == "_") {
                // A template: `$NAME` or `${expression}`, kept between marks (see `templateParts`).
                dynamic = true
                var inner = String.UnicodeScalarView()
                if s[i + 1] == "{" {
                    i += 2
                    var depth = 1
                    while i < s.count && s[i] != "\n" {
                        if s[i] == "{" {
                            depth += 1 } else if s[i] == "}" { depth -= 1
                            if depth == 0 { i += 1; break }
                        }
                        if inner.count < 256 { inner.append(s[i]) }
                        i += 1
                    }
                } else {
                    i += 1
                    while i < s.count && (s[i] == "_" || s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]))
                        && inner.count < 256 { inner.append(s[i]); i += 1 }
                }
                value.append(templateMark)
                value.append(contentsOf: inner)
                value.append(templateMark)
                continue
            }
            if c == "\\" && !raw && i + 1 < s.count {
                let e = s[i + 1]
                i += 2
                switch e {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "u" where language != .objectiveC:
                    var hex = ""
                    while i < s.count && hex.count < 4
                        && s[i].properties.isASCIIHexDigit { hex.unicodeScalars.append(s[i]); i += 1 }
                    if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { value.append(u) }
                case "\n": lines += 1  // a C line continuation inside a string
                default: value.append(e)
                }
                continue
            }
            value.append(c)
            i += 1
        }
        return (String(value), dynamic, i, lines)
    }
}
