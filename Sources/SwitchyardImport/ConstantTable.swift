/// String constants of one language across the scanned files, so `switchyard import` can follow a
/// pattern held in a constant: Objective-C `NSString *const k = @"…";` and `#define k @"…"`, Swift
/// `let` and `static let`, Kotlin `val` / `const val`, Java `static final String`. A constant counts when
/// its value is one string literal (Objective-C's adjacent literals joined, `"a" + "b"` elsewhere) or the
/// name of another constant; anything else is remembered as not followable, so the warning can say why.
struct ConstantTable {
    /// At most this many definitions are kept; hostile input cannot grow the table without bound.
    static let maxDefinitions = 200_000
    /// At most this many definitions are kept per name (per file, per name, and per `Type.name`), so
    /// resolving a reference costs at most this many comparisons; a name defined more often is ambiguous
    /// anyway.
    static let maxPerName = 32
    /// Aliases (`#define A B`) are followed at most this deep (and 256 steps in all); a cycle is reported.
    static let maxAliasDepth = 16

    /// One piece of a string expression: literal text, or a constant's name as written (`Paths.USER`).
    enum Part: Equatable {
        case text(String)
        case name(String)
    }

    /// What a constant's definition (or a registration's argument) holds.
    enum Value: Equatable {
        /// Literals and constant names joined: `"a" + "b"`, `BASE + "/x"`, `"$BASE/x"`, `"\(Base.x)/y"`,
        /// Objective-C's adjacent literals; a single name is an alias.
        case parts([Part])
        /// A string that interpolates something other than a name.
        case dynamic
        /// Anything else: a call, a concatenation with a non-string, a number.
        case other

        /// A literal with no names.
        static func literal(_ s: String) -> Value { .parts([.text(s)]) }
    }

    struct Definition {
        /// The name with its enclosing types: `Routes.user`.
        let qualifiedName: String
        let file: String
        let line: Int
        let value: Value

        var place: String { "\(file):\(line)" }
    }

    /// What a reference resolves to.
    enum Resolution: Equatable {
        case literal(String)
        /// Why not, as a phrase that starts with the name: `A (Routes.m:2) = B (Routes.m:3) = A, which
        /// leads back to itself`.
        case failed(String)
    }

    /// A failure inside the resolution: the names followed (with their places) and the reason.
    private enum Step {
        case literal(String)
        case failed(hops: [String], reason: String)
    }

    /// Definitions by their last name component.
    private var byName: [String: [Definition]] = [:]
    /// Definitions by file, then last name component.
    private var byFile: [String: [String: [Definition]]] = [:]
    /// Definitions by their last two name components (`Paths.BASE`), so a qualified reference finds its
    /// type's constant among many modules' constants of the same name.
    private var byLastTwo: [String: [Definition]] = [:]
    private var count = 0
    /// The files whose constants were collected.
    private(set) var files: Set<String> = []
    /// A helper that builds a pattern from one string parameter and a string template over it and the
    /// project's constants: Swift `func url(path: String) -> String { "\\(Scheme.app)://\\(path)" }`,
    /// Kotlin `fun url(path: String) = "$SCHEME://$path"`.
    struct StringFunction {
        let parameter: String
        /// The body's one string, as the lexer gives it (interpolations between template marks).
        let template: String
        let file: String
    }
    /// String helpers by name.
    private var functions: [String: [StringFunction]] = [:]

    /// Adds the constants of one file.
    mutating func collect(file: String, tokens: [SourceToken], defines: [SourceDefine], language: SourceLanguage) {
        files.insert(file)
        for d in defines {
            add(Definition(qualifiedName: d.name, file: file, line: d.line,
                value: Self.value(of: d.body[...], language: .objectiveC)))
        }
        var types: [(name: String, depth: Int)] = []
        var pendingType: String?
        var interfaces: Set<String> = []
        var depth = 0
        func token(_ k: Int) -> SourceToken? { k >= 0 && k < tokens.count ? tokens[k] : nil }
        for i in tokens.indices {
            let t = tokens[i]
            if t.isPunctuation("{") {
                depth += 1
                if let p = pendingType { types.append((p, depth)); pendingType = nil }
                continue
            }
            if t.isPunctuation("}") {
                if types.last?.depth == depth { types.removeLast() }
                depth = max(0, depth - 1)
                continue
            }
            if t.isPunctuation(";") { pendingType = nil; continue }
            guard let name = t.identifier else { continue }
            if (name == "func" && language == .swift) || (name == "fun" && language == .kotlin) {
                collectFunction(at: i, tokens: tokens, file: file)
                continue
            }
            if ["class", "struct", "enum", "extension", "object", "interface"].contains(name) {
                if token(i - 1)?.isPunctuation(".") == true
                    || token(i - 1)?.isPunctuation(":") == true { continue }  // `X.class`, `X::class`
                if let n = token(i + 1)?.identifier {
                    pendingType = n
                    if name == "interface" && language == .java { interfaces.insert(n) }
                }
                continue
            }
            let inInterface = types.last.map { interfaces.contains($0.name) } ?? false
            guard Self.declares(tokens, at: i, language: language, inInterface: inInterface) else { continue }
            // `name = value` or `name: Type = value` (Swift, Kotlin).
            var k = i + 1
            if language == .swift || language == .kotlin, token(k)?.isPunctuation(":") == true {
                k += 1
                while k < tokens.count && k < i + 8
                    && (tokens[k].identifier != nil || tokens[k].isPunctuation(".")
                    || tokens[k].isPunctuation("?")) { k += 1 }
            }
            guard token(k)?.isPunctuation("=") == true, token(k + 1)?.isPunctuation("=") != true else { continue }
            let start = k + 1
            // The value runs to `;`, `,`, a closing bracket, or (Swift, Kotlin) the end of its line.
            var end = start
            var nesting = 0
            while end < tokens.count && end < start + 64 {
                let v = tokens[end]
                if v.isPunctuation("(") || v.isPunctuation("[") || v.isPunctuation("{") { nesting += 1 }
                if v.isPunctuation(")") || v.isPunctuation("]") || v.isPunctuation("}") {
                    if nesting == 0 { break }
                    nesting -= 1
                }
                if nesting == 0 && (v.isPunctuation(";") || v.isPunctuation(",")) { break }
                if (language == .swift || language == .kotlin) && end > start && v.line > tokens[end - 1].line
                    && !(v.isPunctuation("+") || v.isPunctuation(".") || tokens[end - 1].isPunctuation("+")
                        || tokens[end - 1].isPunctuation("="))
                {
                    break
                }
                end += 1
            }
            let qualified = (types.map(\.name) + [name]).joined(separator: ".")
            add(Definition(qualifiedName: qualified, file: file, line: t.line,
                value: Self.value(of: tokens[start..<end], language: language)))
        }
    }

    /// `func NAME([LABEL] PARAM: String) -> String { [return] "TEMPLATE" }` at `i` (Swift), or Kotlin's
    /// `fun NAME(PARAM: String): String = "TEMPLATE"` / `{ return "TEMPLATE" }`: kept as a string helper.
    private mutating func collectFunction(at i: Int, tokens: [SourceToken], file: String) {
        func token(_ k: Int) -> SourceToken? { k >= 0 && k < tokens.count ? tokens[k] : nil }
        guard let name = token(i + 1)?.identifier, token(i + 2)?.isPunctuation("(") == true else { return }
        var k = i + 3
        // An argument label before the parameter's name (Swift).
        if token(k)?.identifier != nil, token(k + 1)?.identifier != nil { k += 1 }
        guard let parameter = token(k)?.identifier, token(k + 1)?.isPunctuation(":") == true,
            token(k + 2)?.identifier == "String", token(k + 3)?.isPunctuation(")") == true
        else { return }
        k += 4
        // `-> String` (Swift) or `: String` (Kotlin), optional in Kotlin's `= "…"` form.
        if token(k)?.isPunctuation("-") == true, token(k + 1)?.isPunctuation(">") == true { k += 2 }
        if token(k)?.isPunctuation(":") == true { k += 1 }
        if token(k)?.identifier == "String" { k += 1 }
        let braced = token(k)?.isPunctuation("{") == true
        guard braced || token(k)?.isPunctuation("=") == true else { return }
        k += 1
        if braced && token(k)?.identifier == "return" { k += 1 }
        guard case .string(let template, _)? = token(k)?.kind else { return }
        if braced { guard token(k + 1)?.isPunctuation("}") == true else { return } }
        guard functions[name, default: []].count < 8 else { return }
        functions[name, default: []].append(StringFunction(parameter: parameter, template: template, file: file))
    }

    /// `NAME("argument")` over the string helper `NAME`: nil when the project defines no such helper.
    func call(_ name: String, argument: String, in file: String) -> Resolution? {
        guard let all = functions[name], !all.isEmpty else { return nil }
        let own = all.filter { $0.file == file }
        guard let f = own.first ?? (all.count == 1 ? all.first : nil) else {
            return .failed("a call of \(name)(…), a helper defined in several files")
        }
        var out = ""
        for (text, isExpression) in SourceLexer.templateParts(f.template) {
            if !isExpression {
                out += text
            } else if text.trimmingWhitespace == f.parameter {
                out += argument
            } else {
                switch resolve(text.trimmingWhitespace, in: f.file) {
                case .literal(let v)?: out += v
                case .failed(let why)?: return .failed("a call of \(name)(…), whose \(why)")
                case nil:
                    return .failed("a call of \(name)(…), whose template uses \(text.trimmingWhitespace), "
                        + "not a string constant of the scanned files")
                }
            }
        }
        return .literal(out)
    }

    /// Whether the identifier at `i` is the name in a constant declaration of `language`.
    /// In a Java interface, every field is implicitly `static final`: `String APP = "/app";` is a constant.
    private static func declares(_ tokens: [SourceToken], at i: Int, language: SourceLanguage,
        inInterface: Bool) -> Bool {
        guard i > 0 else { return false }
        let before = tokens[i - 1].identifier
        switch language {
        // A `static var` with a literal is read as its initial value (TheRouter's API types).
        case .swift: return before == "let" || before == "var" && i >= 2 && tokens[i - 2].identifier == "static"
        case .kotlin: return before == "val"
        case .java:
            guard before == "String" else { return false }
            if inInterface { return true }
            var j = i - 2
            while j >= 0 && j > i - 8, let w = tokens[j].identifier {
                if w == "final" { return true }
                j -= 1
            }
            return false
        case .objectiveC:
            // `NSString *const k`, `static NSString * const k`, `NSString const *k` is not constant.
            guard before == "const", i >= 3 else { return false }
            return tokens[i - 2].isPunctuation("*") && tokens[i - 3].identifier == "NSString"
        }
    }

    /// A value: string literals and constant names joined with `+` (adjacent literals in Objective-C),
    /// where a literal may interpolate names (`"$BASE/x"`, `"\(Paths.base)/x"`); anything else is `.other`.
    /// One pair of parentheses around it is allowed.
    static func value(of slice: ArraySlice<SourceToken>, language: SourceLanguage) -> Value {
        var v = slice
        if v.count >= 2, v.first?.isPunctuation("(") == true, v.last?.isPunctuation(")") == true {
            v = v.dropFirst().dropLast()
        }
        guard !v.isEmpty else { return .other }
        var parts: [Part] = []
        var expectTerm = true
        var dynamic = false
        var k = v.startIndex
        while k < v.endIndex {
            let t = v[k]
            if language == .objectiveC && t.isPunctuation("@") && expectTerm { k += 1; continue }
            if expectTerm, case .string(let s, let d) = t.kind {
                if d {
                    for (text, isExpression) in SourceLexer.templateParts(s) {
                        if !isExpression {
                            parts.append(.text(text))
                        } else if let name = dottedName(text) {
                            parts.append(.name(name))
                        } else {
                            dynamic = true
                        }
                    }
                } else {
                    parts.append(.text(s))
                }
                // Objective-C joins adjacent literals; elsewhere `+` joins them.
                expectTerm = language == .objectiveC
                k += 1
                continue
            }
            if expectTerm, t.identifier != nil {
                // `A` or `A.B.C` (Kotlin's `A.INSTANCE.B` and `Companion` are the same constant).
                var names: [String] = []
                while k < v.endIndex, let w = v[k].identifier {
                    if w != "INSTANCE" && w != "Companion" { names.append(w) }
                    if k + 1 < v.endIndex, v[k + 1].isPunctuation(".") { k += 2 } else { k += 1; break }
                }
                guard let f = names.first?.unicodeScalars.first, !("0"..."9").contains(f) else { return .other }
                parts.append(.name(names.joined(separator: ".")))
                expectTerm = false
                continue
            }
            if !expectTerm && language != .objectiveC && t.isPunctuation("+") { expectTerm = true; k += 1; continue }
            return .other
        }
        if expectTerm && language != .objectiveC { return .other }
        if parts.isEmpty { return .other }
        if dynamic { return .dynamic }
        return .parts(parts)
    }

    /// `a.b.c` when `text` is a dotted name (spaces around it allowed), else nil.
    private static func dottedName(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        let names = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard !names.isEmpty, names.count <= 8 else { return nil }
        for n in names {
            guard let f = n.unicodeScalars.first, f == "_" || f.properties.isAlphabetic,
                n.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            else { return nil }
        }
        return names.filter { $0 != "INSTANCE" && $0 != "Companion" }.joined(separator: ".")
    }

    private mutating func add(_ d: Definition) {
        guard count < Self.maxDefinitions else { return }
        let last = d.qualifiedName.split(separator: ".").last.map(String.init) ?? d.qualifiedName
        var added = false
        if byFile[d.file, default: [:]][last, default: []].count < Self.maxPerName {
            byFile[d.file, default: [:]][last, default: []].append(d)
            added = true
        }
        if byName[last, default: []].count < Self.maxPerName {
            byName[last, default: []].append(d)
            added = true
        }
        let components = d.qualifiedName.split(separator: ".")
        if components.count >= 2 {
            let key = components.suffix(2).joined(separator: ".")
            if byLastTwo[key, default: []].count < Self.maxPerName {
                byLastTwo[key, default: []].append(d)
                added = true
            }
        }
        if added { count += 1 }
    }

    /// Resolves the name `reference` (`kUserRoute`, `Routes.user`) used in `file`. Candidates are the
    /// definitions whose qualified name and the reference agree on their last components; those in `file`
    /// come first. Nil when no constant of that name was seen.
    func resolve(_ reference: String, in file: String) -> Resolution? {
        var seen: Set<String> = []
        var budget = 256
        switch resolve(reference, in: file, seen: &seen, budget: &budget) {
        case .literal(let s)?: return .literal(s)
        case .failed(let hops, let reason)?:
            let shown = hops.count > 4 ? Array(hops.prefix(2)) + ["…"] + Array(hops.suffix(1)) : hops
            return .failed(shown.joined(separator: " = ") + reason)
        case nil: return nil
        }
    }

    private func resolve(_ reference: String, in file: String, seen: inout Set<String>, budget: inout Int) -> Step? {
        let parts = reference.split(separator: ".").map(String.init)
        guard let last = parts.last else { return nil }
        func agrees(_ d: Definition) -> Bool {
            let q = d.qualifiedName.split(separator: ".").map(String.init)
            return q.count >= parts.count ? Array(q.suffix(parts.count)) == parts : Array(parts.suffix(q.count)) == q
        }
        // The nearest definitions win: the same file, else those sharing the longest directory prefix
        // with it (one app's `Routes` over another app's in the same tree).
        let local = (byFile[file]?[last] ?? []).filter(agrees)
        let candidates: [Definition]
        if !local.isEmpty {
            candidates = local
        } else {
            let pool = parts.count >= 2 ? (byLastTwo[parts.suffix(2).joined(separator: ".")] ?? []) + (byName[last]
                ?? []) : (byName[last] ?? [])
            var seenPlaces: Set<String> = []
            let matching = pool.filter { agrees($0) && seenPlaces.insert("\($0.place)#\($0.qualifiedName)").inserted }
            guard !matching.isEmpty else { return nil }
            candidates = Self.nearest(matching, to: file)
        }
        // Definitions that disagree make the name ambiguous; equal ones (a header and its twin) are one.
        guard let d = candidates.first else { return nil }
        if candidates.contains(where: { $0.value != d.value }) {
            let places = candidates.prefix(4).map(\.place).joined(separator: ", ")
            let more = candidates.count > 4 ? ", …" : ""
            return .failed(hops: [reference],
                reason: ", which names \(candidates.count) different constants (\(places)\(more))")
        }
        let hop = "\(reference) (\(d.place))"
        switch d.value {
        case .dynamic: return .failed(hops: [hop], reason: ", which interpolates a value that is not a constant")
        case .other: return .failed(hops: [hop],
            reason: ", whose value is not a string expression of literals and constants")
        case .parts(let pieces):
            let key = "\(d.place)#\(d.qualifiedName)"
            if seen.contains(key) { return .failed(hops: [reference], reason: ", which leads back to itself") }
            budget -= 1
            if seen.count >= Self.maxAliasDepth || budget <= 0 {
                return .failed(hops: [hop], reason: ", one of too many constants naming each other")
            }
            seen.insert(key)
            defer { seen.remove(key) }
            switch join(pieces, in: d.file, seen: &seen, budget: &budget) {
            case .literal(let s): return .literal(s)
            case .failed(let hops, let reason): return .failed(hops: [hop] + hops, reason: reason)
            }
        }
    }

    /// The text of `pieces`, each name resolved from `file`.
    private func join(_ pieces: [Part], in file: String, seen: inout Set<String>, budget: inout Int) -> Step {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let t): text += t
            case .name(let n):
                switch resolve(n, in: file, seen: &seen, budget: &budget) {
                case .literal(let s)?: text += s
                case .failed(let hops, let reason)?: return .failed(hops: hops, reason: reason)
                case nil: return .failed(hops: [n],
                    reason: ", a name not defined as a string constant in the scanned files")
                }
            }
            if text.utf8.count > 1 << 16 { return .failed(hops: [], reason: "a value longer than 64 KiB") }
        }
        return .literal(text)
    }

    /// The definitions whose file shares the most leading path components with `file`.
    private static func nearest(_ ds: [Definition], to file: String) -> [Definition] {
        let here = file.split(separator: "/")
        func shared(_ d: Definition) -> Int {
            if d.file == file { return Int.max }
            var n = 0
            for (a, b) in zip(here, d.file.split(separator: "/")) { if a == b { n += 1 } else { break } }
            return n
        }
        let best = ds.map(shared).max() ?? 0
        return ds.filter { shared($0) == best }
    }

    /// Evaluates a registration's argument (`BASE + "/detail"`, `"$BASE/detail"`, a name) used in `file`.
    /// Nil when the argument is one name defined nowhere (the caller may treat it as not a pattern).
    func evaluate(_ value: Value, in file: String) -> Resolution? {
        switch value {
        case .dynamic: return .failed("a string that interpolates a value that is not a constant")
        case .other: return .failed("an expression other than literals and constants joined")
        case .parts(let pieces):
            if pieces.count == 1, case .name(let n) = pieces[0] { return resolve(n, in: file) }
            var seen: Set<String> = []
            var budget = 256
            switch join(pieces, in: file, seen: &seen, budget: &budget) {
            case .literal(let s): return .literal(s)
            case .failed(let hops, let reason):
                let shown = hops.count > 4 ? Array(hops.prefix(2)) + ["…"] + Array(hops.suffix(1)) : hops
                return .failed("an expression over " + shown.joined(separator: " = ") + reason)
            }
        }
    }
}
