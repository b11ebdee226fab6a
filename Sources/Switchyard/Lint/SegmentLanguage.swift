/// Segment languages as automata, so that lint can decide how two patterns relate without trying
/// sample URLs: whether two segment languages intersect (with a witness string), and whether one is
/// contained in another (by determinising on the fly, with a cap on the states explored).
///
/// Everything here works over Unicode scalars: a decoded segment is valid UTF-8, typed constraints are
/// ASCII, and regex constraints are Thompson NFAs over scalars. Transitions carry ``ScalarSet``s; a
/// query first splits the scalars into the elementary intervals its sets induce, and then runs over
/// interval indices.

/// An epsilon-free NFA over Unicode scalars whose transitions are labelled with scalar sets.
package struct SegmentNFA: Sendable {
    /// Per state: (label, target) pairs.
    package var edges: [[Edge]]
    /// The start states.
    package var starts: [Int]
    /// Per state: whether it accepts.
    package var accepting: [Bool]

    package struct Edge: Sendable {
        var set: ScalarSet
        var to: Int
    }

    package var stateCount: Int { edges.count }

    /// The empty language.
    package static let nothing = SegmentNFA(edges: [[]], starts: [0], accepting: [false])

    /// Strings of one or more scalars from `set`.
    package static func plus(_ set: ScalarSet) -> SegmentNFA {
        SegmentNFA(edges: [[Edge(set: set, to: 1)], [Edge(set: set, to: 1)]], starts: [0], accepting: [false, true])
    }

    /// A sequence of single-scalar steps, each from its set.
    package static func chain(_ sets: [ScalarSet]) -> SegmentNFA {
        var edges: [[Edge]] = []
        for (i, s) in sets.enumerated() { edges.append([Edge(set: s, to: i + 1)]) }
        edges.append([])
        var accepting = [Bool](repeating: false, count: sets.count + 1)
        accepting[sets.count] = true
        return SegmentNFA(edges: edges, starts: [0], accepting: accepting)
    }

    /// Exactly `text`; with `foldCase`, ASCII letters match either case.
    package static func literal(_ text: String, foldCase: Bool) -> SegmentNFA {
        chain(text.unicodeScalars.map { u in
            let v = u.value
            guard foldCase, v < 128, (v | 0x20) >= 0x61, (v | 0x20) <= 0x7A else { return ScalarSet(scalar: v) }
            return ScalarSet([(v | 0x20)...(v | 0x20), (v & ~0x20)...(v & ~0x20)])
        })
    }

    /// The union of two languages.
    package static func union(_ a: SegmentNFA, _ b: SegmentNFA) -> SegmentNFA {
        let shift = a.stateCount
        let moved = b.edges.map { $0.map { Edge(set: $0.set, to: $0.to + shift) } }
        return SegmentNFA(edges: a.edges + moved, starts: a.starts + b.starts.map { $0 + shift },
                          accepting: a.accepting + b.accepting)
    }

    /// Strings of `a` followed by strings of `b`.
    package static func concat(_ a: SegmentNFA, _ b: SegmentNFA) -> SegmentNFA {
        let shift = a.stateCount
        var edges = a.edges + b.edges.map { $0.map { Edge(set: $0.set, to: $0.to + shift) } }
        let bStarts = b.starts.map { $0 + shift }
        let bEmpty = b.acceptsEmpty
        var accepting = a.accepting.map { $0 && bEmpty } + b.accepting
        // Every accepting state of `a` also continues as a start state of `b` does.
        for s in 0..<a.stateCount where a.accepting[s] {
            for t in bStarts { edges[s] += edges[t] }
        }
        let starts = a.acceptsEmpty ? a.starts + bStarts : a.starts
        if a.acceptsEmpty && bEmpty { for s in a.starts { accepting[s] = true } }
        return SegmentNFA(edges: edges, starts: starts, accepting: accepting)
    }

    package var acceptsEmpty: Bool { starts.contains { accepting[$0] } }

    /// The language with ASCII capitals replaced by small letters (what a host value looks like).
    package func lowercasedASCII() -> SegmentNFA {
        let upper = ScalarSet([0x41...0x5A])
        var copy = self
        for s in 0..<copy.edges.count {
            for k in 0..<copy.edges[s].count {
                let set = copy.edges[s][k].set
                guard set.intersects(upper) else { continue }
                let caps = set.ranges.compactMap { r -> ClosedRange<UInt32>? in
                    let lo = max(r.lowerBound, 0x41), hi = min(r.upperBound, 0x5A)
                    return lo <= hi ? (lo + 0x20)...(hi + 0x20) : nil
                }
                copy.edges[s][k].set = set.subtracting(upper).union(ScalarSet(caps))
            }
        }
        return copy
    }

    /// Whether the automaton accepts `text`.
    package func accepts(_ text: String) -> Bool {
        var current = Set(starts)
        for u in text.unicodeScalars {
            var next = Set<Int>()
            for s in current { for e in edges[s] where e.set.contains(u.value) { next.insert(e.to) } }
            if next.isEmpty { return false }
            current = next
        }
        return current.contains { accepting[$0] }
    }

    /// Every label used, for building an alphabet.
    package var labels: [ScalarSet] { edges.flatMap { $0.map(\.set) } }
}

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

/// The scalars split into the elementary intervals that a group of scalar sets induces: each set is a
/// union of whole intervals, so one representative scalar stands for its interval.
package struct Alphabet {
    /// The intervals that some set touches, in order.
    package let intervals: [ClosedRange<UInt32>]
    /// A readable member of each interval, used to spell witnesses.
    package let representatives: [UInt32]

    package init(_ sets: [ScalarSet]) {
        var cuts = Set<UInt32>()
        for set in sets {
            for r in set.ranges {
                cuts.insert(r.lowerBound)
                cuts.insert(r.upperBound + 1)
            }
        }
        let sorted = cuts.sorted()
        var intervals: [ClosedRange<UInt32>] = []
        for k in 0..<max(sorted.count - 1, 0) {
            let piece = sorted[k]...(sorted[k + 1] - 1)
            if sets.contains(where: { $0.contains(piece.lowerBound) }) { intervals.append(piece) }
        }
        self.intervals = intervals
        representatives = intervals.map(Alphabet.representative)
    }

    /// Letters first, then digits (1 before 0), then other printable ASCII, then the interval's start.
    package static func representative(_ r: ClosedRange<UInt32>) -> UInt32 {
        let preferred = Array("abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ-_~".unicodeScalars).map(\.value)
        if let p = preferred.first(where: { r.contains($0) }) { return p }
        if let p = (0x21...0x7E).first(where: { r.contains(UInt32($0)) }) { return UInt32(p) }
        return r.lowerBound
    }

    /// Lower is plainer: small letters, digits (1 first), capitals, `-_~`, other ASCII, the rest.
    package static func readability(_ v: UInt32) -> Int {
        switch v {
        case 0x61...0x7A: Int(v - 0x61)
        case 0x31...0x39: 26 + Int(v - 0x31)
        case 0x30: 35
        case 0x41...0x5A: 36 + Int(v - 0x41)
        case 0x2D, 0x5F, 0x7E: 62
        case 0x21...0x7E: 63
        default: 64
        }
    }

    /// The indices of the intervals inside `set`.
    package func symbols(of set: ScalarSet) -> [Int] {
        var out: [Int] = []
        for r in set.ranges {
            // First interval whose start is at or after r.lowerBound.
            var lo = 0, hi = intervals.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if intervals[mid].lowerBound < r.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            var k = lo
            while k < intervals.count && intervals[k].lowerBound <= r.upperBound {
                out.append(k)
                k += 1
            }
        }
        return out
    }
}

/// The answer to a question about languages: a witness string, none, or undecided (a cap was hit).
package enum LanguageAnswer: Sendable, Equatable {
    /// A string with the property asked about.
    case witness(String)
    /// No string has it.
    case none
    /// The search stopped at its state cap.
    case undecided
}

/// Searches the product of several automata, each determinised on the fly, for the shortest string
/// that every `accept` component accepts and every `reject` component rejects.
package struct ProductSearch {
    /// The most product states explored before the answer is "undecided".
    package static let defaultCap = 20_000

    package static func run(accept: [SegmentNFA], reject: [SegmentNFA], cap: Int = defaultCap) -> LanguageAnswer {
        let components = accept + reject
        let alphabet = Alphabet(components.flatMap(\.labels))
        let symbolCount = alphabet.intervals.count
        // Per component, per state, per symbol: targets.
        var tables: [[[Int32]]] = []
        for c in components {
            var table = [[Int32]](repeating: [], count: c.stateCount * max(symbolCount, 1))
            for (s, list) in c.edges.enumerated() {
                for e in list {
                    for sym in alphabet.symbols(of: e.set) { table[s * symbolCount + sym].append(Int32(e.to)) }
                }
            }
            tables.append(table)
        }
        let positive = accept.count
        func goal(_ state: [[Int32]]) -> Bool {
            for (i, set) in state.enumerated() {
                let accepts = set.contains { components[i].accepting[Int($0)] }
                if accepts != (i < positive) { return false }
            }
            return true
        }
        let start: [[Int32]] = components.map { Array(Set($0.starts.map { Int32($0) })).sorted() }
        if start[..<positive].contains(where: \.isEmpty) { return .none }
        var index: [[[Int32]]: Int] = [start: 0]
        var states = [start]
        var parent: [(Int, Int)] = [(-1, -1)]
        var head = 0
        func spell(_ at: Int) -> String {
            var scalars: [Unicode.Scalar] = []
            var k = at
            while parent[k].0 >= 0 {
                if let u = Unicode.Scalar(alphabet.representatives[parent[k].1]) { scalars.append(u) }
                k = parent[k].0
            }
            var s = ""
            s.unicodeScalars.append(contentsOf: scalars.reversed())
            return s
        }
        if goal(start) { return .witness("") }
        // Try readable symbols first, so that among the shortest witnesses the plainest is found.
        let order = (0..<symbolCount).sorted { Alphabet.readability(alphabet.representatives[$0]) < Alphabet.readability(alphabet.representatives[$1]) }
        var marks = components.map { [Bool](repeating: false, count: $0.stateCount) }
        while head < states.count {
            let current = states[head]
            let from = head
            head += 1
            symbols: for sym in order {
                var next: [[Int32]] = []
                next.reserveCapacity(components.count)
                for (i, set) in current.enumerated() {
                    var out: [Int32] = []
                    for s in set {
                        for t in tables[i][Int(s) * symbolCount + sym] where !marks[i][Int(t)] {
                            marks[i][Int(t)] = true
                            out.append(t)
                        }
                    }
                    for t in out { marks[i][Int(t)] = false }
                    if i < positive && out.isEmpty { continue symbols }
                    out.sort()
                    next.append(out)
                }
                guard index[next] == nil else { continue }
                index[next] = states.count
                states.append(next)
                parent.append((from, sym))
                if goal(next) { return .witness(spell(states.count - 1)) }
                if states.count > cap { return .undecided }
            }
        }
        return .none
    }
}

/// What a ``SegmentLanguage`` made by ``PatternAnalyzer`` is built from, when that alone decides the
/// language: equal keys are equal languages (for one analyzer's options).
package enum SegmentKey: Hashable, Sendable {
    /// A parameter (required or optional) with this constraint, in the host or in the path.
    case parameter(host: Bool, constraint: SegmentConstraint?)
    /// A path literal compared without regard to ASCII case.
    case foldedLiteral(String)
    /// Any non-empty path segment (a catch-all's).
    case anyPath
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
            let root: Node
            do throws(ConstraintError) { root = try Parser.parse(source) } catch { return nil }
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
        if case .witness(let value) = ProductSearch.run(accept: [automaton], reject: [], cap: ProductSearch.defaultCap) {
            return value.isEmpty || value == "." || value == ".." ? nil : value
        }
        return nil
    }
}
