/// Turns a list of patterns into a flattened ``RouteTrie``.
enum TrieCompiler {
    /// A mutable node used only while compiling.
    final class BuildNode {
        var literalKeys: [[UInt8]] = []
        var literalChildren: [BuildNode] = []
        /// Key → index in `literalKeys`, made only once a node has more than `linearLookup` literal children
        /// (most nodes have a few: a scan of them is cheaper than hashing, and they allocate no table).
        var literalIndex: [[UInt8]: Int]?
        static let linearLookup = 8
        var constrained: [(SegmentConstraint, BuildNode)] = []
        var param: BuildNode?
        var optionals: [(SegmentConstraint?, Int32)] = []
        var catchAll: Int32 = -1
        var exact: Int32 = -1
        var absent: [Int32] = []

        func literal(_ key: [UInt8]) -> BuildNode {
            if let literalIndex {
                if let i = literalIndex[key] { return literalChildren[i] }
            } else if let i = literalKeys.firstIndex(of: key) {
                return literalChildren[i]
            }
            let node = BuildNode()
            literalIndex?[key] = literalKeys.count
            literalKeys.append(key)
            literalChildren.append(node)
            if literalIndex == nil && literalKeys.count > BuildNode.linearLookup {
                var index: [[UInt8]: Int] = [:]
                for (i, k) in literalKeys.enumerated() { index[k] = i }
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

    static func compile(_ patterns: [RoutePattern], priorities: [Int], orders: [Int], foldPath: Bool) -> RouteTrie {
        var terminals: [Terminal] = []
        var schemeRoots: [(String, BuildNode)] = []
        let anyRoot = BuildNode()
        var anyUsed = false

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
            var ranks: [UInt8] = [schemeRank]
            let segments = pattern.segments
            for (depth, seg) in segments.enumerated() {
                let fold = depth == 0 || foldPath
                switch seg {
                case .literal(let text):
                    ranks.append(0)
                    node = node.literal(fold ? Array(text.asciiLowercased.utf8) : Array(text.utf8))
                case .parameter(_, let c):
                    if let c {
                        ranks.append(1)
                        node = node.constrainedChild(c)
                    } else {
                        ranks.append(2)
                        node = node.paramChild()
                    }
                case .optional(_, let c):
                    // Present variant: an edge straight to a terminal.
                    let present = Terminal(route: Int32(index), ranks: RankKey(ranks + [3]), priority: priorities[index],
                                           order: orders[index], isAbsentVariant: false)
                    node.optionals.append((c, Int32(terminals.count)))
                    terminals.append(present)
                    // Absent variant: ends at this node, ranked after an exact end.
                    let absent = Terminal(route: Int32(index), ranks: RankKey(ranks + [3]), priority: priorities[index],
                                          order: orders[index], isAbsentVariant: true)
                    node.absent.append(Int32(terminals.count))
                    terminals.append(absent)
                    ranks.append(3)
                    node = BuildNode() // nothing may follow an optional
                case .catchAll:
                    let t = Terminal(route: Int32(index), ranks: RankKey(ranks + [4]), priority: priorities[index],
                                     order: orders[index], isAbsentVariant: false)
                    if node.catchAll < 0 || t.beats(terminals[Int(node.catchAll)]) { node.catchAll = Int32(terminals.count) }
                    terminals.append(t)
                    node = BuildNode()
                }
            }
            if case .optional = segments.last { continue }
            if case .catchAll = segments.last { continue }
            let t = Terminal(route: Int32(index), ranks: RankKey(ranks), priority: priorities[index], order: orders[index],
                             isAbsentVariant: false)
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
