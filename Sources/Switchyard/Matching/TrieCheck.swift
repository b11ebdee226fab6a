import Foundation

/// Checks that a trie read from a snapshot can be walked safely: every index inside its array, every
/// Int32 sum the walker computes free of overflow, every literal key inside the key bytes (the trie
/// builds its literal hash table from them), and the nodes a tree whose children come after their parent
/// (so a walk ends, and visits a node at most once per path).
struct TrieCheck {
    let nodes: (items: UnsafeMutableBufferPointer<TrieNode>, start: Int)
    let literals: (items: UnsafeMutableBufferPointer<LiteralEdge>, start: Int)
    let keyCount: Int
    let constrained: (items: UnsafeMutableBufferPointer<ConstrainedEdge>, start: Int)
    let optionals: (items: UnsafeMutableBufferPointer<OptionalEdge>, start: Int)
    let constraintCount: Int
    let terminals: (items: UnsafeMutableBufferPointer<TrieTerminal>, start: Int)
    let routeCount: Int

    func check(roots: [(node: Int32, at: Int)]) throws(SnapshotError) {
        let nodeStride = MemoryLayout<TrieNode>.stride
        var hasParent = [Bool](repeating: false, count: nodes.items.count)
        func claim(_ child: Int32, after parent: Int, _ what: String, at: Int) throws(SnapshotError) {
            guard Int(child) > parent, Int(child) < nodes.items.count else {
                throw .corrupt("\(what) points at node \(child) (from node \(parent), of \(nodes.items.count))",
                               offset: at)
            }
            guard !hasParent[Int(child)] else {
                throw .corrupt("node \(child) is reached twice (the trie must be a tree)", offset: at)
            }
            hasParent[Int(child)] = true
        }
        func terminal(_ t: Int32, _ what: String, at: Int) throws(SnapshotError) {
            guard t == -1 || (t >= 0 && Int(t) < terminals.items.count) else {
                throw .corrupt("\(what) is terminal \(t) of \(terminals.items.count)", offset: at)
            }
        }
        func range(_ start: Int32, _ count: Int32, within total: Int, _ what: String, at: Int) throws(SnapshotError) {
            guard start >= 0, count >= 0, Int(start) + Int(count) <= total else {
                throw .corrupt("\(what) \(start)..<\(Int(start) + Int(count)) outside 0..<\(total)", offset: at)
            }
        }
        func key(_ edge: LiteralEdge, at: Int) throws(SnapshotError) {
            try range(edge.keyStart, edge.keyLength, within: keyCount, "literal key", at: at)
        }

        for (i, root) in roots.enumerated() {
            try claim(root.node, after: -1, "scheme root \(i)", at: root.at)
        }
        for (i, t) in terminals.items.enumerated() where t.routeIndex >= routeCount {
            throw .corrupt("terminal \(i) names route \(t.routeIndex) of \(routeCount)",
                           offset: terminals.start + i * MemoryLayout<TrieTerminal>.stride)
        }
        let edgeStride = MemoryLayout<LiteralEdge>.stride
        for (k, edge) in literals.items.enumerated() { try key(edge, at: literals.start + k * edgeStride) }

        for (i, n) in nodes.items.enumerated() {
            let at = nodes.start + i * nodeStride
            try range(n.litStart, n.litCount, within: literals.items.count, "literal edges", at: at)
            for k in Int(n.litStart)..<Int(n.litStart + n.litCount) {
                try claim(literals.items[k].child, after: i, "literal edge", at: literals.start + k * edgeStride)
            }
            try range(n.conStart, n.conCount, within: constrained.items.count, "constrained edges", at: at)
            for k in Int(n.conStart)..<Int(n.conStart + n.conCount) {
                let edge = constrained.items[k]
                let edgeAt = constrained.start + k * MemoryLayout<ConstrainedEdge>.stride
                guard edge.constraint >= 0, Int(edge.constraint) < constraintCount else {
                    throw .corrupt("constraint index \(edge.constraint) of \(constraintCount)", offset: edgeAt)
                }
                try claim(edge.child, after: i, "constrained edge", at: edgeAt)
            }
            if n.param != -1 { try claim(n.param, after: i, "parameter edge", at: at) }
            try range(n.optStart, n.optCount, within: optionals.items.count, "optional edges", at: at)
            for k in Int(n.optStart)..<Int(n.optStart + n.optCount) {
                let edge = optionals.items[k]
                let edgeAt = optionals.start + k * MemoryLayout<OptionalEdge>.stride
                guard edge.constraint >= -1, Int(edge.constraint) < constraintCount else {
                    throw .corrupt("constraint index \(edge.constraint) of \(constraintCount)", offset: edgeAt)
                }
                guard edge.terminal >= 0 else {
                    throw .corrupt("optional edge to terminal \(edge.terminal)", offset: edgeAt)
                }
                try terminal(edge.terminal, "optional edge", at: edgeAt)
            }
            try terminal(n.catchAll, "catch-all", at: at)
            try terminal(n.exact, "exact end", at: at)
            try terminal(n.absent, "absent optional end", at: at)
        }
    }
}
