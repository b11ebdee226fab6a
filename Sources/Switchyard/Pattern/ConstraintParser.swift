/// Recursive-descent parser for the supported subset, followed by the safety and size checks.
struct ConstraintParser {
    static let maxStates = 256
    static let maxDepth = 32
    static let maxLength = 1024
    static let maxCount = 1000

    private let s: [Unicode.Scalar]
    private let source: String
    private var i = 0
    private var end: Int
    private var depth = 0

    private init(_ source: String) {
        self.source = source
        s = Array(source.unicodeScalars)
        end = s.count
    }

    private func fail(_ reason: ConstraintError.Reason, _ at: Int) -> ConstraintError {
        ConstraintError(reason, at: at, in: source)
    }

    /// Parses, validates and size-checks a constraint; returns the tree for the compilers.
    static func parse(_ source: String) throws(ConstraintError) -> ConstraintNode {
        var p = ConstraintParser(source)
        guard p.end <= maxLength else { throw p.fail(.tooComplex, maxLength) }
        if p.s.first == "^" { p.i = 1 }
        if p.end > p.i, p.s[p.end - 1] == "$" {
            // Strip a trailing `$` unless it is escaped by an odd number of backslashes.
            var k = p.end - 2, slashes = 0
            while k >= p.i, p.s[k] == "\\" { slashes += 1; k -= 1 }
            if slashes % 2 == 0 { p.end -= 1 }
        }
        guard p.i < p.end else { throw p.fail(.empty, 0) }
        let root = try p.parseAlternation()
        if p.i < p.end { throw p.fail(.unbalanced, p.i) }  // only a stray `)` stops the top level
        try p.validate(root, strict: false)
        guard try p.cost(root) + 1 <= maxStates else { throw p.fail(.tooComplex, 0) }
        return root
    }

    // MARK: Grammar

    private mutating func parseAlternation() throws(ConstraintError) -> ConstraintNode {
        let start = i
        var branches = [try parseSequence()]
        while i < end, s[i] == "|" {
            i += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : ConstraintNode(alt: branches, at: start)
    }

    private mutating func parseSequence() throws(ConstraintError) -> ConstraintNode {
        let start = i
        var items: [ConstraintNode] = []
        while i < end, s[i] != "|", s[i] != ")" {
            let item = try parseQuantifier(after: try parseAtom())
            if case .concat(let inner) = item.kind { items += inner } else { items.append(item) }
        }
        guard let only = items.first else { throw fail(.empty, start) }
        return items.count == 1 ? only : ConstraintNode(concat: items, at: start)
    }

    private mutating func parseAtom() throws(ConstraintError) -> ConstraintNode {
        let start = i
        let c = s[i]
        i += 1
        switch c {
        case "(": return try parseGroup(at: start)
        case "[": return ConstraintNode(atom: try parseClass(at: start), at: start)
        case ".": return ConstraintNode(atom: .any, at: start)
        case "\\":
            if let set = try parseEscape(inClass: false) { return ConstraintNode(atom: set, at: start) }
            return ConstraintNode(atom: ScalarSet(scalar: s[i - 1].value), at: start)
        case "*", "+", "?", "{": throw fail(.badQuantifier, start)
        case "]", "}": throw fail(.unbalanced, start)
        case "^": throw fail(.unsupportedSyntax("anchor '^' not at start"), start)
        case "$": throw fail(.unsupportedSyntax("anchor '$' not at end"), start)
        default: return ConstraintNode(atom: ScalarSet(scalar: c.value), at: start)
        }
    }

    private mutating func parseGroup(at start: Int) throws(ConstraintError) -> ConstraintNode {
        depth += 1
        guard depth <= Self.maxDepth else { throw fail(.tooComplex, start) }
        if i < end, s[i] == "?" {
            let rest = String(String.UnicodeScalarView(s[(i + 1)..<min(i + 4, end)]))
            if rest.hasPrefix(":") {
                i += 2
            } else if rest.hasPrefix("=") || rest.hasPrefix("!") || rest.hasPrefix("<=") || rest.hasPrefix("<!") {
                throw fail(.lookaround, start)
            } else if rest.hasPrefix("P=") {
                throw fail(.backreference, start)
            } else if rest.hasPrefix("<") || rest.hasPrefix("P<") || rest.hasPrefix("'") {
                throw fail(.unsupportedSyntax("named group"), start)
            } else if rest.hasPrefix(">") {
                throw fail(.unsupportedSyntax("atomic group"), start)
            } else if rest.hasPrefix("#") {
                throw fail(.unsupportedSyntax("comment group"), start)
            } else if rest.hasPrefix("|") {
                throw fail(.unsupportedSyntax("branch reset group"), start)
            } else if let f = rest.unicodeScalars.first, f == "-" || f.properties.isAlphabetic {
                throw fail(.unsupportedSyntax("inline flags"), start)
            } else {
                throw fail(.unsupportedSyntax("group syntax '(?\(rest.prefix(1))'"), start)
            }
        }
        let body = try parseAlternation()
        guard i < end, s[i] == ")" else { throw fail(.unbalanced, start) }
        i += 1
        depth -= 1
        return body
    }

    /// Parses after a backslash (already consumed). Returns a class for `\d \D \w \W \s \S`, or nil
    /// for an escaped literal, which is then `s[i - 1]`.
    private mutating func parseEscape(inClass: Bool) throws(ConstraintError) -> ScalarSet? {
        let at = i - 1
        guard i < end else { throw fail(.unsupportedSyntax("trailing backslash"), at) }
        let c = s[i]
        i += 1
        switch c {
        case "d": return .digit
        case "D": return ScalarSet.digit.inverted()
        case "w": return .word
        case "W": return ScalarSet.word.inverted()
        case "s": return .space
        case "S": return ScalarSet.space.inverted()
        case "1"..."9" where !inClass: throw fail(.backreference, at)
        case "k" where !inClass && i < end && (s[i] == "<" || s[i] == "{" || s[i] == "'"):
            throw fail(.backreference, at)
        default:
            // Escaped ASCII punctuation is a literal; escaped letters, digits and others are not supported.
            let v = c.value
            let punctuation = v >= 0x20 && v < 0x7F && !c.properties.isAlphabetic && !("0"..."9").contains(c)
            guard punctuation else { throw fail(.unsupportedSyntax("\\\(c)"), at) }
            return nil
        }
    }

    private mutating func parseClass(at start: Int) throws(ConstraintError) -> ScalarSet {
        var negated = false
        if i < end, s[i] == "^" { negated = true; i += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        var count = 0
        while true {
            guard i < end else { throw fail(.unbalanced, start) }
            let at = i
            let c = s[i]
            i += 1
            var lo = c.value
            switch c {
            case "]":
                guard count > 0 else { throw fail(.unsupportedSyntax("empty character class"), start) }
                let set = ScalarSet(ranges)
                return negated ? set.inverted() : set
            case "[": throw fail(.unsupportedSyntax("nested character class"), at)
            case "&" where i < end && s[i] == "&": throw fail(.unsupportedSyntax("class intersection '&&'"), at)
            case "\\":
                if let set = try parseEscape(inClass: true) {
                    ranges += set.ranges
                    count += 1
                    continue
                }
                lo = s[i - 1].value
            default: break
            }
            count += 1
            // A range needs `-` followed by something other than the closing `]`.
            guard i + 1 < end, s[i] == "-", s[i + 1] != "]" else {
                ranges.append(lo...lo)
                continue
            }
            let dash = i
            i += 1
            var hi = s[i].value
            i += 1
            if hi == 0x5C {  // backslash
                if try parseEscape(inClass: true) != nil {
                    throw fail(.unsupportedSyntax("class escape in range"), dash)
                }
                hi = s[i - 1].value
            } else if hi == 0x5B {
                throw fail(.unsupportedSyntax("nested character class"), i - 1)
            }
            guard lo <= hi else { throw fail(.unsupportedSyntax("reversed range"), at) }
            ranges.append(lo...hi)
        }
    }

    private mutating func parseQuantifier(after atom: ConstraintNode) throws(ConstraintError) -> ConstraintNode {
        guard i < end else { return atom }
        let at = i
        let min: Int, max: Int?
        switch s[i] {
        case "*": (min, max) = (0, nil)
        case "+": (min, max) = (1, nil)
        case "?": (min, max) = (0, 1)
        case "{":
            i += 1
            let n = try parseCount(at: at)
            var m: Int? = n
            if i < end, s[i] == "," {
                i += 1
                m = (i < end && s[i] == "}") ? nil : try parseCount(at: at)
            }
            guard i < end, s[i] == "}" else { throw fail(.badQuantifier, at) }
            if let m, m < n { throw fail(.badQuantifier, at) }
            (min, max) = (n, m)
        default: return atom
        }
        i += 1
        if i < end, s[i] == "?" {
            i += 1  // lazy: same meaning for a whole-segment match
        } else if i < end, s[i] == "+" {
            throw fail(.unsupportedSyntax("possessive quantifier"), i)
        }
        if i < end, "*+?{".unicodeScalars.contains(s[i]) { throw fail(.badQuantifier, i) }
        if min == 1 && max == 1 { return atom }
        return ConstraintNode(rep: atom, min: min, max: max, at: at)
    }

    private mutating func parseCount(at: Int) throws(ConstraintError) -> Int {
        var value = 0, digits = 0
        while i < end, ("0"..."9").contains(s[i]) {
            value = value * 10 + Int(s[i].value - 48)
            digits += 1
            i += 1
            if value > Self.maxCount { throw fail(.badQuantifier, at) }
        }
        guard digits > 0 else { throw fail(.badQuantifier, at) }
        return value
    }

    // MARK: Safety rules (documented on ConstraintError.Reason)

    private func validate(_ node: ConstraintNode, strict: Bool) throws(ConstraintError) {
        switch node.kind {
        case .atom:
            return
        case .concat(let items):
            for item in items { try validate(item, strict: strict) }
            // Rule 3: flagged items with only nullable items between them must not overlap.
            let flagged: (ConstraintNode) -> Bool = { strict ? $0.variable : $0.unbounded }
            for (j, b) in items.enumerated() where flagged(b) {
                var k = j - 1
                while k >= 0 {
                    let a = items[k]
                    if flagged(a), a.chars.intersects(b.first), a.last.intersects(b.chars) {
                        throw fail(.adjacentOverlappingQuantifiers, b.start)
                    }
                    if !a.nullable { break }
                    k -= 1
                }
            }
        case .alt(let branches):
            if strict {  // Rule 2
                for (j, b) in branches.enumerated() {
                    for a in branches[..<j] where a.first.intersects(b.first) || (a.nullable && b.nullable) {
                        throw fail(.overlappingAlternation, b.start)
                    }
                }
            }
            for b in branches { try validate(b, strict: strict) }
        case .rep(let body, _, let max, let q):
            guard (max ?? 2) >= 2 else { return try validate(body, strict: strict) }
            // Rule 1.
            if body.nullable || (body.variable && !Self.hasDelimiter(body)) {
                throw fail(.nestedQuantifier, q)
            }
            try validate(body, strict: true)
        }
    }

    /// The body starts or ends with a required single-character item whose characters appear
    /// nowhere else in the body.
    private static func hasDelimiter(_ body: ConstraintNode) -> Bool {
        guard case .concat(let items) = body.kind, let head = items.first, let tail = items.last else { return false }
        func isDelimiter(_ d: ConstraintNode, _ rest: ArraySlice<ConstraintNode>) -> Bool {
            guard case .atom(let set) = d.kind else { return false }
            return !rest.contains { $0.chars.intersects(set) }
        }
        return isDelimiter(head, items.dropFirst()) || isDelimiter(tail, items.dropLast())
    }

    /// NFA instruction count (as built by NFAProgram); throws as soon as it exceeds the limit.
    private func cost(_ node: ConstraintNode) throws(ConstraintError) -> Int {
        var total: Int
        switch node.kind {
        case .atom:
            total = 1
        case .concat(let items):
            total = 0
            for item in items { total += try cost(item) }
        case .alt(let branches):
            total = branches.count - 1
            for b in branches { total += try cost(b) }
        case .rep(let body, let min, let max, let q):
            let b = try cost(body)
            if let max {
                total = b * max + (max - min)
            } else {
                total = b * Swift.max(min, 1) + 1
            }
            if total > Self.maxStates { throw fail(.tooComplex, q) }
        }
        if total > Self.maxStates { throw fail(.tooComplex, node.start) }
        return total
    }
}
