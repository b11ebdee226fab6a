extension RouteTrie {
    /// Each node's ``Walker/Edges`` bits with the filter of its literal keys, and, written into every node
    /// with a parameter child, that child's summary (`paramLengths`, `paramEdges`; for a child without edges,
    /// its end terminal, see ``TrieNode/paramEdges``). The nodes' indices, key ranges and terminal indices
    /// must be valid (a snapshot's were checked before this runs).
    static func summarize(_ nodes: UnsafeMutableBufferPointer<TrieNode>,
                          literals: UnsafeMutableBufferPointer<LiteralEdge>,
                          keyBytes: UnsafeMutableBufferPointer<UInt8>,
                          terminals: UnsafeMutableBufferPointer<TrieTerminal>) -> [Int32] {
        var kinds = [Int32](repeating: 0, count: nodes.count)
        for (index, n) in nodes.enumerated() {
            var bits = Walker.edges(of: n) & ~Walker.Edges.filterBits
            for k in Int(n.litStart)..<Int(n.litStart) + Int(n.litCount) {
                let edge = literals[k]
                guard let base = keyBytes.baseAddress else { break }
                bits |= Walker.filterBit(base + Int(edge.keyStart), Int(edge.keyLength), fold: false)
            }
            kinds[index] = bits
        }
        for index in nodes.indices where nodes[index].param >= 0 {
            let child = nodes[Int(nodes[index].param)]
            let childKinds = kinds[Int(nodes[index].param)]
            let end = child.end >= 0 ? terminals[Int(child.end)] : TrieTerminal.none
            if childKinds & (Walker.Edges.literals | Walker.Edges.others) == 0 && end.isFound && end.route >= 0
                && end.route < TrieNode.inlineRouteLimit {
                nodes[index].paramLengths = UInt32(bitPattern: end.rank)
                nodes[index].paramEdges = (end.route + 1) << 2
            } else {
                nodes[index].paramLengths = child.lengths
                nodes[index].paramEdges = childKinds
            }
        }
        return kinds
    }

    /// Each node's path hash: a root's from its index (``EdgeSlot/root(_:)``), a literal child's the hash of its
    /// key under its parent's path hash, any other child's ``EdgeSlot/otherChild(_:)`` of its parent's. The walker
    /// computes the same from the URL as it goes, so the slot of a literal step's next level is known from the
    /// URL and the step taken, without waiting for this level's slot. Nodes no root reaches get 0 (a snapshot's
    /// nodes form a tree, checked before this runs; the compiler's always do).
    static func pathHashes(nodes: UnsafeMutableBufferPointer<TrieNode>, roots: [Int32],
                           literals: UnsafeMutableBufferPointer<LiteralEdge>,
                           keyBytes: UnsafeMutableBufferPointer<UInt8>,
                           constrained: UnsafeMutableBufferPointer<ConstrainedEdge>) -> [UInt64] {
        var paths = [UInt64](repeating: 0, count: nodes.count)
        var seen = [Bool](repeating: false, count: nodes.count)
        var work: [Int32] = []
        for root in roots where root >= 0 && Int(root) < nodes.count && !seen[Int(root)] {
            seen[Int(root)] = true
            paths[Int(root)] = EdgeSlot.root(root)
            work.append(root)
        }
        func reach(_ child: Int32, _ path: UInt64) {
            guard child >= 0, Int(child) < nodes.count, !seen[Int(child)] else { return }
            seen[Int(child)] = true
            paths[Int(child)] = path
            work.append(child)
        }
        while let index = work.popLast() {
            let n = nodes[Int(index)]
            let path = paths[Int(index)]
            for k in Int(n.litStart)..<Int(n.litStart) + Int(n.litCount) {
                let edge = literals[k]
                guard let key = keyBytes.baseAddress.map({ $0 + Int(edge.keyStart) }) else { continue }
                let length = Int(edge.keyLength)
                let prefix = LiteralEdge.pack(key, length, fold: false)
                let second = length > 8 ? LiteralEdge.pack(key + 8, length - 8, fold: false) : 0
                reach(edge.child, EdgeSlot.hash(path: path, prefix: prefix, second: second, length: length))
            }
            let other = EdgeSlot.otherChild(path)
            for k in Int(n.conStart)..<Int(n.conStart) + Int(n.conCount) { reach(constrained[k].child, other) }
            reach(n.param, other)
        }
        return paths
    }

    /// The trie-wide literal table: every node's literal edges (each node's `litStart`/`litCount` range,
    /// whose keys are in `keyBytes`; a snapshot's were checked before this runs), in a table of twice as many
    /// slots (at least 2), so that every probe ends, each filed under its parent's key in `paths` (the node's
    /// index, or its path hash, see ``prefetchesSlots``). An edge to a node without edges holds that node's end
    /// terminal (from `ends`) instead of the node (see ``EdgeSlot``).
    static func edgeTable(nodes: UnsafeMutableBufferPointer<TrieNode>, kinds: [Int32], paths: [UInt64],
                          ends: UnsafeMutableBufferPointer<TrieTerminal>,
                          literals: UnsafeMutableBufferPointer<LiteralEdge>,
                          keyBytes: UnsafeMutableBufferPointer<UInt8>) -> UnsafeMutableBufferPointer<EdgeSlot> {
        var count = 0
        for n in nodes { count += Int(n.litCount) }
        let size = max(count * 2, 2)
        let table: UnsafeMutableBufferPointer<EdgeSlot> = trieBuffer(count: size)
        table.initialize(repeating: .empty)
        for (index, n) in nodes.enumerated() where n.litCount > 0 {
            for k in Int(n.litStart)..<Int(n.litStart) + Int(n.litCount) {
                let edge = literals[k]
                let start = Int(edge.keyStart)
                let length = Int(edge.keyLength)
                guard let key = keyBytes.baseAddress.map({ $0 + start }) else { continue }
                let prefix = LiteralEdge.pack(key, length, fold: false)
                let second = length > 8 ? LiteralEdge.pack(key + 8, length - 8, fold: false) : 0
                let parent = Int32(index)
                let hash = EdgeSlot.hash(path: paths[index], prefix: prefix, second: second, length: length)
                var slot = EdgeSlot.index(hash, size: size)
                while table[slot].parent >= 0 { slot = slot &+ 1 == size ? 0 : slot &+ 1 }
                let childKinds = kinds[Int(edge.child)]
                let meta = UInt32(bitPattern: childKinds) | EdgeSlot.lengthCode(length)
                if childKinds & (Walker.Edges.literals | Walker.Edges.others) == 0 && length <= 16 {
                    let end = ends[Int(edge.child)]
                    table[slot] = EdgeSlot(prefix: prefix, second: second, parent: parent, child: end.route,
                                           childLengths: UInt32(bitPattern: end.rank), meta: meta)
                } else {
                    table[slot] = EdgeSlot(prefix: prefix, second: second, parent: parent, child: edge.child,
                                           childLengths: nodes[Int(edge.child)].lengths, meta: meta)
                }
            }
        }
        return table
    }
}
