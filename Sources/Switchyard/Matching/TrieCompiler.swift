/// Turns a list of patterns into a flattened ``RouteTrie``.
enum TrieCompiler {
    /// A mutable node used only while compiling.
    /// (Its properties are only touched by one compilation at a time: they skip the run-time exclusivity check.)
    final class BuildNode {
        /// Each key is the ``LiteralKeys`` array of its id, so comparing two equal keys compares their storage only.
        @exclusivity(unchecked) var literalKeys: [[UInt8]] = []
        @exclusivity(unchecked) var literalChildren: [BuildNode] = []
        /// ``LiteralKeys`` id → index in `literalKeys`, made only once a node has more than `linearLookup`
        /// literal children (most nodes have a few: a scan of them is cheaper than hashing, and they
        /// allocate no table).
        @exclusivity(unchecked) var literalIndex: [Int32: Int]?
        static let linearLookup = 8
        @exclusivity(unchecked) var constrained: [(SegmentConstraint, BuildNode)] = []
        @exclusivity(unchecked) var param: BuildNode?
        @exclusivity(unchecked) var optionals: [(SegmentConstraint?, Int32)] = []
        @exclusivity(unchecked) var catchAll: Int32 = -1
        @exclusivity(unchecked) var exact: Int32 = -1
        @exclusivity(unchecked) var absent: [Int32] = []

        /// The child through the literal whose ``LiteralKeys`` id is `id` (made when new).
        func literal(_ id: Int32, in keys: LiteralKeys) -> BuildNode {
            let key = keys.bytes(id)
            if let literalIndex {
                if let i = literalIndex[id] { return literalChildren[i] }
            } else if let i = literalKeys.firstIndex(of: key) {
                return literalChildren[i]
            }
            let node = BuildNode()
            literalIndex?[id] = literalKeys.count
            literalKeys.append(key)
            literalChildren.append(node)
            if literalIndex == nil && literalKeys.count > BuildNode.linearLookup {
                var index: [Int32: Int] = [:]
                for (i, k) in literalKeys.enumerated() { index[keys.id(k)] = i }
                literalIndex = index
            }
            return node
        }

        func constrainedChild(_ c: SegmentConstraint) -> BuildNode {
            if let pair = constrained.first(where: { $0.0 == c }) { return pair.1 }
            let node = BuildNode()
            constrained.append((c, node))
            return node
        }

        func paramChild() -> BuildNode {
            if let param { return param }
            let node = BuildNode()
            param = node
            return node
        }
    }

    /// The distinct literal keys of one compilation, each stored once and numbered: a table of many
    /// routes repeats the same few words, so each node shares its keys' bytes instead of copying them,
    /// and finds a child by comparing two numbers. Keys are compared as bytes.
    struct LiteralKeys {
        private var keys: [[UInt8]] = []
        /// Open addressing over `keys`: each slot holds an id, or -1; the count is a power of two.
        private var slots: [Int32] = Array(repeating: -1, count: 64)

        /// The bytes of the key numbered `id`.
        func bytes(_ id: Int32) -> [UInt8] { keys[Int(id)] }

        /// The id of `text`'s UTF-8 bytes, ASCII-lowercased when `fold` (added when new).
        mutating func id(_ text: String, fold: Bool) -> Int32 {
            var text = fold ? text.asciiLowercased : text
            return text.withUTF8 { id($0) }
        }

        /// The id of a key already numbered.
        func id(_ key: [UInt8]) -> Int32 {
            let mask = slots.count - 1
            var slot = key.withUnsafeBufferPointer { Self.hash($0) } & mask
            while slots[slot] >= 0 && keys[Int(slots[slot])] != key { slot = (slot + 1) & mask }
            return slots[slot]
        }

        private mutating func id(_ key: UnsafeBufferPointer<UInt8>) -> Int32 {
            let mask = slots.count - 1
            var slot = Self.hash(key) & mask
            while true {
                let id = slots[slot]
                if id < 0 { break }
                if keys[Int(id)].elementsEqual(key) { return id }
                slot = (slot + 1) & mask
            }
            let id = Int32(keys.count)
            keys.append(Array(key))
            slots[slot] = id
            if keys.count * 2 > slots.count { grow() }
            return id
        }

        private mutating func grow() {
            slots = Array(repeating: -1, count: slots.count * 2)
            let mask = slots.count - 1
            for (id, key) in keys.enumerated() {
                var slot = key.withUnsafeBufferPointer { Self.hash($0) } & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(id)
            }
        }

        /// FNV-1a, folded to an index.
        private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in key { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
            return Int(truncatingIfNeeded: h ^ (h >> 29))
        }
    }

    static func compile(_ patterns: [RoutePattern], priorities: [Int], orders: [Int], foldPath: Bool) -> RouteTrie {
        var terminals: [Terminal] = []
        terminals.reserveCapacity(patterns.count)
        var schemeRoots: [(String, BuildNode)] = []
        let anyRoot = BuildNode()
        var anyUsed = false
        var keys = LiteralKeys()
        // Ranking classes of the segments walked so far (scheme first): one buffer for every pattern.
        var ranks: [UInt8] = []
        ranks.reserveCapacity(RoutePattern.maxSegments + 3)

        for (index, pattern) in patterns.enumerated() {
            // Suffix patterns are not in the trie: they are tried after it, in their own order.
            if pattern.isSuffix { continue }
            var root = anyRoot
            var schemeRank: UInt8 = 1
            if let scheme = pattern.scheme {
                schemeRank = 0
                if let existing = schemeRoots.first(where: { $0.0 == scheme }) {
                    root = existing.1
                } else {
                    root = BuildNode()
                    schemeRoots.append((scheme, root))
                }
            } else {
                anyUsed = true
            }
            var node = root
            ranks.removeAll(keepingCapacity: true)
            ranks.append(schemeRank)
            let priority = priorities[index], order = orders[index]
            // The host, then the path segments (without making the array `segments` would).
            let path = pattern.path
            var last = pattern.host
            for depth in 0...path.count {
                let seg = depth == 0 ? pattern.host : path[depth - 1]
                let fold = depth == 0 || foldPath
                switch seg {
                case .literal(let text):
                    ranks.append(0)
                    node = node.literal(keys.id(text, fold: fold), in: keys)
                case .parameter(_, let c):
                    if let c {
                        ranks.append(1)
                        node = node.constrainedChild(c)
                    } else {
                        ranks.append(2)
                        node = node.paramChild()
                    }
                case .optional(_, let c):
                    ranks.append(3)
                    let rank = RankKey(ranks)
                    // Present variant: an edge straight to a terminal.
                    let present = Terminal(route: Int32(index), ranks: rank, priority: priority, order: order, isAbsentVariant: false)
                    node.optionals.append((c, Int32(terminals.count)))
                    terminals.append(present)
                    // Absent variant: ends at this node, ranked after an exact end.
                    let absent = Terminal(route: Int32(index), ranks: rank, priority: priority, order: order, isAbsentVariant: true)
                    node.absent.append(Int32(terminals.count))
                    terminals.append(absent)
                    node = BuildNode() // nothing may follow an optional
                case .catchAll:
                    ranks.append(4)
                    let t = Terminal(route: Int32(index), ranks: RankKey(ranks), priority: priority, order: order, isAbsentVariant: false)
                    ranks.removeLast()
                    if node.catchAll < 0 || t.beats(terminals[Int(node.catchAll)]) { node.catchAll = Int32(terminals.count) }
                    terminals.append(t)
                    node = BuildNode()
                }
                last = seg
            }
            if case .optional = last { continue }
            if case .catchAll = last { continue }
            let t = Terminal(route: Int32(index), ranks: RankKey(ranks), priority: priority, order: order, isAbsentVariant: false)
            if node.exact < 0 || t.beats(terminals[Int(node.exact)]) { node.exact = Int32(terminals.count) }
            terminals.append(t)
        }

        var flat = Flattener(terminals: terminals)
        var schemes: [([UInt8], Int32)] = []
        for (scheme, root) in schemeRoots { schemes.append((Array(scheme.utf8), flat.add(root))) }
        let anyIndex: Int32 = anyUsed ? flat.add(anyRoot) : -1
        let suffixes = suffixRoutes(patterns, priorities: priorities, orders: orders, foldPath: foldPath, flat: &flat)
        return RouteTrie(
            nodes: flat.nodes, literals: flat.literals, keyBytes: flat.keyBytes,
            constrained: flat.constrained, optionals: flat.optionals, constraints: flat.constraints,
            terminals: TrieTerminal.ranked(terminals),
            schemes: schemes, anyScheme: anyIndex, foldPath: foldPath, suffixes: suffixes)
    }

    /// The suffix patterns in the order they are tried: specific scheme first, then the longer suffix,
    /// then segment classes (literal, constrained, plain), then priority, then registration order.
    static func suffixRoutes(_ patterns: [RoutePattern], priorities: [Int], orders: [Int], foldPath: Bool,
                             flat: inout Flattener) -> [SuffixRoute] {
        var ranked: [(ranks: [Int], index: Int)] = []
        for (index, p) in patterns.enumerated() where p.isSuffix {
            ranked.append(([p.scheme == nil ? 3 : 2, 64 - p.segments.count] + p.segments.map(\.rank), index))
        }
        ranked.sort { a, b in
            if a.ranks != b.ranks { return a.ranks.lexicographicallyPrecedes(b.ranks) }
            if priorities[a.index] != priorities[b.index] { return priorities[a.index] > priorities[b.index] }
            return orders[a.index] < orders[b.index]
        }
        return ranked.map { entry in
            let p = patterns[entry.index]
            let segments: [SuffixRoute.Segment] = p.segments.map { seg in
                switch seg {
                case .literal(let text): .literal(foldPath ? Array(text.asciiLowercased.utf8) : Array(text.utf8))
                case .parameter(_, let c?), .optional(_, let c?): .constrained(flat.constraintID(c))
                case .parameter, .optional, .catchAll: .parameter
                }
            }
            return SuffixRoute(route: Int32(entry.index), scheme: p.scheme.map { Array($0.utf8) }, segments: segments)
        }
    }

    /// Writes build nodes into flat arrays, depth first.
    struct Flattener {
        let terminals: [Terminal]
        var nodes: [TrieNode] = []
        var literals: [LiteralEdge] = []
        var keyBytes: [UInt8] = []
        var constrained: [ConstrainedEdge] = []
        var optionals: [OptionalEdge] = []
        var constraints: [SegmentConstraint] = []
        var constraintIndex: [SegmentConstraint: Int32] = [:]

        init(terminals: [Terminal]) { self.terminals = terminals }

        mutating func constraintID(_ c: SegmentConstraint) -> Int32 {
            if let id = constraintIndex[c] { return id }
            let id = Int32(constraints.count)
            constraints.append(c)
            constraintIndex[c] = id
            return id
        }

        mutating func add(_ b: BuildNode) -> Int32 {
            let index = Int32(nodes.count)
            nodes.append(TrieNode())
            var n = TrieNode()

            // Children first, so their indices are known.
            let litChildren = b.literalChildren.map { add($0) }
            let conChildren = b.constrained.map { ($0.0, add($0.1)) }
            if let p = b.param { n.param = add(p) }

            n.litStart = Int32(literals.count)
            n.litCount = Int32(b.literalKeys.count)
            for (key, child) in zip(b.literalKeys, litChildren) {
                literals.append(LiteralEdge(keyStart: Int32(keyBytes.count), keyLength: Int32(key.count), child: child))
                keyBytes.append(contentsOf: key)
            }

            n.conStart = Int32(constrained.count)
            n.conCount = Int32(conChildren.count)
            for (c, child) in conChildren { constrained.append(ConstrainedEdge(constraint: constraintID(c), child: child)) }

            // Optional edges: constrained before plain, then priority, then registration order.
            let sortedOptionals = b.optionals.sorted { x, y in
                if (x.0 == nil) != (y.0 == nil) { return x.0 != nil }
                return terminals[Int(x.1)].beats(terminals[Int(y.1)])
            }
            n.optStart = Int32(optionals.count)
            n.optCount = Int32(sortedOptionals.count)
            for (c, t) in sortedOptionals {
                optionals.append(OptionalEdge(constraint: c.map { constraintID($0) } ?? -1, terminal: t))
            }
            n.catchAll = b.catchAll
            n.exact = b.exact
            n.absent = b.absent.min { terminals[Int($0)].beats(terminals[Int($1)]) } ?? -1
            // Reachable remaining lengths: 0 to end here, 1 through an optional, 1+ through a catch-all,
            // and each child's lengths shifted by the segment its edge consumes.
            var lengths: UInt32 = 0
            if n.exact >= 0 || n.absent >= 0 { lengths |= 1 }
            if n.optCount > 0 { lengths |= 2 }
            if n.catchAll >= 0 { lengths |= TrieNode.oneOrMore }
            for child in litChildren { lengths |= TrieNode.shifted(nodes[Int(child)].lengths) }
            for (_, child) in conChildren { lengths |= TrieNode.shifted(nodes[Int(child)].lengths) }
            if n.param >= 0 { lengths |= TrieNode.shifted(nodes[Int(n.param)].lengths) }
            n.lengths = lengths
            nodes[Int(index)] = n
            return index
        }
    }
}
