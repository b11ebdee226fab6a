/// String constants of one language across the scanned files, so `switchyard import` can follow a
/// pattern held in a constant: Objective-C `NSString *const k = @"…";` and `#define k @"…"`, Swift
/// `let` and `static let`, Kotlin `val` / `const val`, Java `static final String`. A constant counts when
/// its value is one string literal (Objective-C's adjacent literals joined, `"a" + "b"` elsewhere) or the
/// name of another constant; anything else is remembered as not followable, so the warning can say why.
struct ConstantTable {
    /// At most this many definitions are kept; hostile input cannot grow the table without bound.
    static let maxDefinitions = 200_000
    /// At most this many definitions are kept per name; a name defined more often is ambiguous anyway.
    static let maxPerName = 32
    /// Aliases (`#define A B`) are followed at most this deep (and 256 steps in all); a cycle is reported.
    static let maxAliasDepth = 16

    /// What a constant's definition holds.
    enum Value: Equatable {
        case literal(String)
        /// Another constant's name, as written (`Paths.USER`).
        case alias(String)
        /// A string that interpolates a value.
        case dynamic
        /// Anything else: a call, a concatenation with a non-literal, a number.
        case other
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
    private var count = 0
    /// The files whose constants were collected.
    private(set) var files: Set<String> = []

    /// Adds the constants of one file.
    mutating func collect(file: String, tokens: [SourceToken], defines: [SourceDefine], language: SourceLanguage) {
        files.insert(file)
        for d in defines { add(Definition(qualifiedName: d.name, file: file, line: d.line, value: Self.value(of: d.body[...], language: .objectiveC))) }
        var types: [(name: String, depth: Int)] = []
        var pendingType: String?
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
            if ["class", "struct", "enum", "extension", "object", "interface"].contains(name) {
                if let n = token(i + 1)?.identifier { pendingType = n }
                continue
            }
            guard Self.declares(tokens, at: i, language: language) else { continue }
            // `name = value` or `name: Type = value` (Swift, Kotlin).
            var k = i + 1
            if language == .swift || language == .kotlin, token(k)?.isPunctuation(":") == true {
                k += 1
                while k < tokens.count && k < i + 8 && (tokens[k].identifier != nil || tokens[k].isPunctuation(".") || tokens[k].isPunctuation("?")) { k += 1 }
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
                    && !(v.isPunctuation("+") || v.isPunctuation(".") || tokens[end - 1].isPunctuation("+") || tokens[end - 1].isPunctuation("="))
                {
                    break
                }
                end += 1
            }
            let qualified = (types.map(\.name) + [name]).joined(separator: ".")
            add(Definition(qualifiedName: qualified, file: file, line: t.line, value: Self.value(of: tokens[start..<end], language: language)))
        }
    }

    /// Whether the identifier at `i` is the name in a constant declaration of `language`.
    private static func declares(_ tokens: [SourceToken], at i: Int, language: SourceLanguage) -> Bool {
        guard i > 0 else { return false }
        let before = tokens[i - 1].identifier
        switch language {
        case .swift: return before == "let"
        case .kotlin: return before == "val"
        case .java:
            guard before == "String" else { return false }
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

    /// A value: string literals only (adjacent in Objective-C, joined with `+` elsewhere), one name, or
    /// something this table does not follow. One pair of parentheses around it is allowed.
    static func value(of slice: ArraySlice<SourceToken>, language: SourceLanguage) -> Value {
        var v = slice
        if v.count >= 2, v.first?.isPunctuation("(") == true, v.last?.isPunctuation(")") == true { v = v.dropFirst().dropLast() }
        guard let first = v.first else { return .other }
        if first.identifier != nil {
            // `A` or `A.B.C`.
            var parts: [String] = []
            var expectName = true
            for t in v {
                if expectName, let w = t.identifier { parts.append(w) } else if !expectName && t.isPunctuation(".") {} else { return .other }
                expectName.toggle()
            }
            guard !expectName, let f = parts.first?.unicodeScalars.first, !("0"..."9").contains(f) else { return .other }
            return .alias(parts.joined(separator: "."))
        }
        var text = ""
        var expectString = true
        var dynamic = false
        for t in v {
            if language == .objectiveC && t.isPunctuation("@") && expectString { continue }
            if expectString, case .string(let s, let d) = t.kind {
                text += s
                dynamic = dynamic || d
                // Objective-C joins adjacent literals; elsewhere `+` joins them.
                expectString = language == .objectiveC
                continue
            }
            if !expectString && language != .objectiveC && t.isPunctuation("+") { expectString = true; continue }
            return .other
        }
        if expectString && language != .objectiveC { return .other }
        if text.isEmpty && !v.contains(where: \.isString) { return .other }
        return dynamic ? .dynamic : .literal(text)
    }

    private mutating func add(_ d: Definition) {
        guard count < Self.maxDefinitions else { return }
        let last = d.qualifiedName.split(separator: ".").last.map(String.init) ?? d.qualifiedName
        guard byName[last, default: []].count < Self.maxPerName else { return }
        byName[last, default: []].append(d)
        count += 1
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
        guard let last = parts.last, let all = byName[last] else { return nil }
        let matching = all.filter { d in
            let q = d.qualifiedName.split(separator: ".").map(String.init)
            return q.count >= parts.count ? Array(q.suffix(parts.count)) == parts : Array(parts.suffix(q.count)) == q
        }
        guard !matching.isEmpty else { return nil }
        let local = matching.filter { $0.file == file }
        let candidates = local.isEmpty ? matching : local
        // Definitions that disagree make the name ambiguous; equal ones (a header and its twin) are one.
        guard let d = candidates.first else { return nil }
        if candidates.contains(where: { $0.value != d.value }) {
            let places = candidates.prefix(4).map(\.place).joined(separator: ", ")
            return .failed(hops: [reference], reason: ", which names \(candidates.count) different constants (\(places)\(candidates.count > 4 ? ", …" : ""))")
        }
        let hop = "\(reference) (\(d.place))"
        switch d.value {
        case .literal(let s): return .literal(s)
        case .dynamic: return .failed(hops: [hop], reason: ", which interpolates a value")
        case .other: return .failed(hops: [hop], reason: ", whose value is not a string literal")
        case .alias(let next):
            let key = "\(d.place)#\(d.qualifiedName)"
            if seen.contains(key) { return .failed(hops: [reference], reason: ", which leads back to itself") }
            budget -= 1
            if seen.count >= Self.maxAliasDepth || budget <= 0 {
                return .failed(hops: [hop], reason: ", one of too many constants naming each other")
            }
            seen.insert(key)
            defer { seen.remove(key) }
            switch resolve(next, in: d.file, seen: &seen, budget: &budget) {
            case .literal(let s)?: return .literal(s)
            case .failed(let hops, let reason)?: return .failed(hops: [hop] + hops, reason: reason)
            case nil: return .failed(hops: [hop, next], reason: ", a name not defined as a string constant in the scanned files")
            }
        }
    }
}
