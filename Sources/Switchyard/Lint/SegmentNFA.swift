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
