/// Segment languages as automata, so that lint can decide how two patterns relate without trying
/// sample URLs: whether two segment languages intersect (with a witness string), and whether one is
/// contained in another (by determinising on the fly, with a cap on the states explored).
///
/// Everything here works over Unicode scalars: a decoded segment is valid UTF-8, typed constraints are
/// ASCII, and regex constraints are Thompson NFAs over scalars. Transitions carry ``ScalarSet``s; a
/// query first splits the scalars into the elementary intervals its sets induce, and then runs over
/// interval indices.

extension ScalarSet {
    /// The members of `self` that are not in `other`.
    package func subtracting(_ other: ScalarSet) -> ScalarSet {
        var out: [ClosedRange<UInt32>] = []
        let holes = other.ranges
        for r in ranges {
            var lo = r.lowerBound
            var done = false
            for h in holes where h.upperBound >= lo && h.lowerBound <= r.upperBound {
                if h.lowerBound > lo { out.append(lo...(h.lowerBound - 1)) }
                if h.upperBound >= r.upperBound { done = true; break }
                lo = h.upperBound + 1
            }
            if !done { out.append(lo...r.upperBound) }
        }
        return ScalarSet(out)
    }
}

/// The set of decoded segment values a pattern position accepts: the intersection of its parts
/// (for a parameter: its constraint, and "not empty, not a dot segment" over the characters a URL can
/// hold there).
package struct SegmentLanguage: Sendable {
    /// The automata given; empty for a language made by ``init(literal:)``.
    private var storedParts: [SegmentNFA]
    /// Set when the language is exactly this one string (a literal compared by bytes).
    package var literal: String?
    /// The language is the intersection of these. A literal's automaton is built when it is read: most
    /// literals are only ever compared as text.
    package var parts: [SegmentNFA] {
        get {
            if storedParts.isEmpty, let literal { return [.literal(literal, foldCase: false)] }
            return storedParts
        }
        set { storedParts = newValue }
    }
    /// What the language was made from, when that alone decides it (a parameter's constraint and place,
    /// a case-folded literal, a catch-all): ``PatternAnalyzer`` keeps the answers of its searches on such
    /// languages under this key, so that a table of many routes runs each search once per kind of segment.
    package var key: SegmentKey?

    /// The intersection of `parts`; `literal` when the language is exactly that string.
    package init(parts: [SegmentNFA], literal: String? = nil, key: SegmentKey? = nil) {
        storedParts = parts
        self.literal = literal
        self.key = key
    }

    /// The language of exactly `literal`, compared by bytes.
    package init(literal: String) {
        storedParts = []
        self.literal = literal
        key = nil
    }

    /// Whether `text` is in the language.
    package func accepts(_ text: String) -> Bool {
        if let literal { return literal == text }
        return parts.allSatisfy { $0.accepts(text) }
    }

    /// A string in both languages, none, or undecided.
    package func intersection(_ other: SegmentLanguage, cap: Int = ProductSearch.defaultCap) -> LanguageAnswer {
        if let literal { return other.accepts(literal) ? .witness(literal) : .none }
        if let literal = other.literal { return accepts(literal) ? .witness(literal) : .none }
        return ProductSearch.run(accept: parts + other.parts, reject: [], cap: cap)
    }

    /// A string in `self` but not in `other` (so `none` means `self` ⊆ `other`), or undecided.
    package func difference(_ other: SegmentLanguage, cap: Int = ProductSearch.defaultCap) -> LanguageAnswer {
        if let literal { return other.accepts(literal) ? .none : .witness(literal) }
        for p in other.parts {
            let answer = ProductSearch.run(accept: parts, reject: [p], cap: cap)
            if answer != .none { return answer }
        }
        return .none
    }

    /// A member, none (the language is empty), or undecided.
    package func example(cap: Int = ProductSearch.defaultCap) -> LanguageAnswer {
        if let literal { return .witness(literal) }
        return ProductSearch.run(accept: parts, reject: [], cap: cap)
    }
}

extension SegmentConstraint {
    /// The constraint as an automaton over scalars; nil only if its source no longer parses.
    package var automaton: SegmentNFA? {
        switch program {
        case .typed(let name): return name.automaton
        case .bytes, .nfa:
            let root: ConstraintNode
            do throws(ConstraintError) { root = try ConstraintParser.parse(source) } catch { return nil }
            return NFAProgram(root).epsilonFree
        }
    }
}

extension NFAProgram {
    /// The same language without epsilon moves: one state per instruction, `accept` (0) accepting.
    package var epsilonFree: SegmentNFA {
        func closure(_ from: Int) -> [Int] {
            var seen = Set<Int>()
            var stack = [from]
            var out: [Int] = []
            while let s = stack.popLast() {
                guard seen.insert(s).inserted else { continue }
                if case .split(let a, let b) = insts[s] { stack.append(b); stack.append(a) } else { out.append(s) }
            }
            return out
        }
        var edges = [[SegmentNFA.Edge]](repeating: [], count: insts.count)
        for (i, inst) in insts.enumerated() {
            if case .scalar(let set, let next) = inst {
                edges[i] = closure(next).map { SegmentNFA.Edge(set: sets[set], to: $0) }
            }
        }
        var accepting = [Bool](repeating: false, count: insts.count)
        accepting[0] = true
        return SegmentNFA(edges: edges, starts: closure(start), accepting: accepting)
    }
}

extension SegmentConstraint.TypeName {
    private static let digits = ScalarSet([0x30...0x39])
    private static let hexDigits = ScalarSet([0x30...0x39, 0x41...0x46, 0x61...0x66])
    private static let letters = ScalarSet([0x41...0x5A, 0x61...0x7A])

    /// The type's language, exactly (the integer types include their range limits).
    package var automaton: SegmentNFA {
        switch self {
        case .int:
            let negative = SegmentNFA.concat(.chain([ScalarSet(scalar: 0x2D)]), Self.decimal("9223372036854775808"))
            return .union(Self.decimal("9223372036854775807"), negative)
        case .uint: return Self.decimal("18446744073709551615")
        case .uuid:
            return .chain((0..<36).map { [8, 13, 18, 23].contains($0) ? ScalarSet(scalar: 0x2D) : Self.hexDigits })
        case .hex: return .plus(Self.hexDigits)
        case .alpha: return .plus(Self.letters)
        case .alnum: return .plus(Self.letters.union(Self.digits))
        case .slug: return .plus(ScalarSet([0x30...0x39, 0x61...0x7A, 0x2D...0x2D]))
        }
    }

    /// 1 to `limit.count` digits; with exactly `limit.count`, not above `limit` (compared as text).
    private static func decimal(_ limit: String) -> SegmentNFA {
        let l = Array(limit.unicodeScalars).map(\.value)
        let n = l.count
        // States: free f0...f(n-1) (shorter strings), tight t0...tn, loose l1...ln (full-length strings).
        // Numbering: f_k = k; t_k = n + k; loose_k = 2n + k.
        var edges = [[SegmentNFA.Edge]](repeating: [], count: 3 * n + 1)
        var accepting = [Bool](repeating: false, count: 3 * n + 1)
        for k in 0..<(n - 1) { edges[k].append(.init(set: digits, to: k + 1)) }
        for k in 1..<n { accepting[k] = true }
        for k in 0..<n {
            let d = l[k]
            edges[n + k].append(.init(set: ScalarSet(scalar: d), to: n + k + 1))
            if d > 0x30 { edges[n + k].append(.init(set: ScalarSet([0x30...(d - 1)]), to: 2 * n + k + 1)) }
            if k > 0 { edges[2 * n + k].append(.init(set: digits, to: 2 * n + k + 1)) }
        }
        accepting[2 * n] = true
        accepting[3 * n] = true
        return SegmentNFA(edges: edges, starts: [0, n], accepting: accepting)
    }
}

extension SegmentConstraint {
    /// A value the constraint accepts, found on its automaton (for example `AAA` for `[A-Z]{3}`), or
    /// nil when it accepts nothing or the search hits its cap. For example URLs of patterns whose
    /// constraints no stock example value satisfies.
    package func exampleValue() -> String? {
        guard let automaton else { return nil }
        let search = ProductSearch.run(accept: [automaton], reject: [], cap: ProductSearch.defaultCap)
        if case .witness(let value) = search {
            return value.isEmpty || value == "." || value == ".." ? nil : value
        }
        return nil
    }
}
