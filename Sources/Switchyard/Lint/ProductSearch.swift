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
        let order = (0..<symbolCount).sorted {
            Alphabet.readability(alphabet.representatives[$0]) < Alphabet.readability(alphabet.representatives[$1])
        }
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
