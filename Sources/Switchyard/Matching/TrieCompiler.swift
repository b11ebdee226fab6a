/// Turns a list of patterns into a flattened ``RouteTrie``.
enum TrieCompiler {
    /// The trie while it is compiled: nodes and edges in arrays, linked by index (one allocation per array
    /// instead of an object and several arrays per node, and nothing to release node by node).
    struct BuildTrie {
        /// The first and last link of a singly linked list in insertion order (-1 for none).
        struct List {
            var first: Int32 = -1
            var last: Int32 = -1
        }
        /// A link of an edge list.
        protocol Link { var next: Int32 { get set } }
        struct Node {
            /// Literal, constrained and optional edges.
            var literals = List(), constrained = List(), optionals = List()
            var param: Int32 = -1
            var catchAll: Int32 = -1
            var exact: Int32 = -1
            /// The best "optional absent" terminal ending here.
            var absent: Int32 = -1
        }
        struct LiteralLink: Link { var key: Int32; var child: Int32; var next: Int32 = -1 }
        struct ConstrainedLink: Link { var constraint: SegmentConstraint; var child: Int32; var next: Int32 = -1 }
        struct OptionalLink: Link { var constraint: SegmentConstraint?; var terminal: Int32; var next: Int32 = -1 }

        /// Appends `link` to `links` and to the end of the list `list`.
        private static func append<L: Link>(_ link: L, to links: inout [L], list: inout List) {
            let index = Int32(links.count)
            links.append(link)
            if list.last >= 0 { links[Int(list.last)].next = index } else { list.first = index }
            list.last = index
        }

        var nodes: [Node] = []
        var literals: [LiteralLink] = []
        var constrained: [ConstrainedLink] = []
        var optionals: [OptionalLink] = []
        /// (parent, key id) → child, for every literal edge: open addressing, a power of two at most half full.
        private var literalSlots: [(key: UInt64, child: Int32)] = Array(repeating: (0, -1), count: 1024)

        mutating func node() -> Int32 {
            nodes.append(Node())
            return Int32(nodes.count - 1)
        }

        private static func home(_ key: UInt64, _ mask: Int) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 29) & mask
        }

        /// The child of `parent` through the literal whose ``LiteralKeys`` id is `id` (made when new).
        mutating func literal(_ parent: Int32, _ id: Int32) -> Int32 {
            let key = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: id))
            var mask = literalSlots.count - 1
            var slot = Self.home(key, mask)
            while literalSlots[slot].child >= 0 {
                if literalSlots[slot].key == key { return literalSlots[slot].child }
                slot = (slot + 1) & mask
            }
            let child = node()
            Self.append(LiteralLink(key: id, child: child), to: &literals, list: &nodes[Int(parent)].literals)
            literalSlots[slot] = (key, child)
            if literals.count * 2 > literalSlots.count {
                let old = literalSlots
                literalSlots = Array(repeating: (0, -1), count: old.count * 2)
                mask = literalSlots.count - 1
                for entry in old where entry.child >= 0 {
                    var s = Self.home(entry.key, mask)
                    while literalSlots[s].child >= 0 { s = (s + 1) & mask }
                    literalSlots[s] = entry
                }
            }
            return child
        }

        /// The child of `parent` through constraint `c` (made when new).
        mutating func constrainedChild(_ parent: Int32, _ c: SegmentConstraint) -> Int32 {
            var k = nodes[Int(parent)].constrained.first
            while k >= 0 {
                if constrained[Int(k)].constraint == c { return constrained[Int(k)].child }
                k = constrained[Int(k)].next
            }
            let child = node()
            Self.append(ConstrainedLink(constraint: c, child: child), to: &constrained,
                        list: &nodes[Int(parent)].constrained)
            return child
        }

        /// The plain parameter child of `parent` (made when new).
        mutating func paramChild(_ parent: Int32) -> Int32 {
            if nodes[Int(parent)].param >= 0 { return nodes[Int(parent)].param }
            let child = node()
            nodes[Int(parent)].param = child
            return child
        }

        /// Adds an optional edge from `parent` to terminal `t`.
        mutating func addOptional(_ parent: Int32, _ c: SegmentConstraint?, _ t: Int32) {
            Self.append(OptionalLink(constraint: c, terminal: t), to: &optionals, list: &nodes[Int(parent)].optionals)
        }
    }

    /// The distinct literal keys of one compilation, each stored once and numbered: a table of many
    /// routes repeats the same few words, so each node shares its keys' bytes instead of copying them,
    /// and finds a child by comparing two numbers. Keys are compared as bytes.
    struct LiteralKeys {
        /// Every key's bytes, one after another; key `id` is `bytes[starts[id]..<starts[id + 1]]`.
        private(set) var bytes: [UInt8] = []
        private var starts: [Int] = [0]
        private var index = InternIndex()

        /// Where the bytes of the key numbered `id` are in ``bytes``.
        func range(_ id: Int32) -> Range<Int> { starts[Int(id)]..<starts[Int(id) + 1] }

        /// The id of `text`'s UTF-8 bytes, ASCII-lowercased when `fold` (added when new).
        mutating func id(_ text: String, fold: Bool) -> Int32 {
            var text = fold ? text.asciiLowercased : text
            return text.withUTF8 { key in
                let (id, isNew) = index.id(hash: InternIndex.hash(key)) { k in
                    bytes[starts[Int(k)]..<starts[Int(k) + 1]].elementsEqual(key)
                }
                if isNew {
                    bytes.append(contentsOf: key)
                    starts.append(bytes.count)
                }
                return id
            }
        }
    }

    static func compile(_ patterns: [RoutePattern], priorities: [Int], orders: [Int], foldPath: Bool) -> RouteTrie {
        var terminals: [Terminal] = []
        terminals.reserveCapacity(patterns.count)
        var trie = BuildTrie()
        var schemeRoots: [(String, Int32)] = []
        let anyRoot = trie.node()
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
                    root = trie.node()
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
                    node = trie.literal(node, keys.id(text, fold: fold))
                case .parameter(_, let c):
                    if let c {
                        ranks.append(1)
                        node = trie.constrainedChild(node, c)
                    } else {
                        ranks.append(2)
                        node = trie.paramChild(node)
                    }
                case .optional(_, let c):
                    ranks.append(3)
                    let rank = RankKey(ranks)
                    // Present variant: an edge straight to a terminal.
                    let present = Terminal(route: Int32(index), ranks: rank, priority: priority, order: order,
                                           isAbsentVariant: false)
                    trie.addOptional(node, c, Int32(terminals.count))
                    terminals.append(present)
                    // Absent variant: ends at this node, ranked after an exact end.
                    let absent = Terminal(route: Int32(index), ranks: rank, priority: priority, order: order,
                                          isAbsentVariant: true)
                    let best = trie.nodes[Int(node)].absent
                    if best < 0 || absent.beats(terminals[Int(best)]) {
                        trie.nodes[Int(node)].absent = Int32(terminals.count)
                    }
                    terminals.append(absent)
                case .catchAll:
                    ranks.append(4)
                    let t = Terminal(route: Int32(index), ranks: RankKey(ranks), priority: priority, order: order,
                                     isAbsentVariant: false)
                    ranks.removeLast()
                    let best = trie.nodes[Int(node)].catchAll
                    if best < 0 || t.beats(terminals[Int(best)]) {
                        trie.nodes[Int(node)].catchAll = Int32(terminals.count)
                    }
                    terminals.append(t)
                }
                last = seg
            }
            if case .optional = last { continue }
            if case .catchAll = last { continue }
            let t = Terminal(route: Int32(index), ranks: RankKey(ranks), priority: priority, order: order,
                             isAbsentVariant: false)
            let best = trie.nodes[Int(node)].exact
            if best < 0 || t.beats(terminals[Int(best)]) { trie.nodes[Int(node)].exact = Int32(terminals.count) }
            terminals.append(t)
        }

        var flat = Flattener(terminals: terminals)
        var schemes: [([UInt8], Int32)] = []
        for (scheme, root) in schemeRoots { schemes.append((Array(scheme.utf8), flat.add(root, of: trie, keys: keys))) }
        let anyIndex: Int32 = anyUsed ? flat.add(anyRoot, of: trie, keys: keys) : -1
        let suffixes = suffixRoutes(patterns.enumerated().filter(\.element.isSuffix).map { ($0.offset, $0.element) },
                                    priorities: priorities, orders: orders, foldPath: foldPath, flat: &flat)
        return RouteTrie(
            nodes: flat.nodes, literals: flat.literals, keyBytes: flat.keyBytes,
            constrained: flat.constrained, optionals: flat.optionals, constraints: flat.constraints,
            terminals: TrieTerminal.ranked(terminals),
            schemes: schemes, anyScheme: anyIndex, foldPath: foldPath, suffixes: suffixes)
    }

    /// The suffix patterns (each with its route's index) in the order they are tried: specific scheme
    /// first, then the longer suffix, then segment classes (literal, constrained, plain), then priority,
    /// then registration order.
    static func suffixRoutes(_ suffixes: [(index: Int, pattern: RoutePattern)], priorities: [Int], orders: [Int],
                             foldPath: Bool, flat: inout Flattener) -> [SuffixRoute] {
        var ranked: [(ranks: [Int], index: Int, pattern: RoutePattern)] = []
        for (index, p) in suffixes {
            ranked.append(([p.scheme == nil ? 3 : 2, 64 - p.segments.count] + p.segments.map(\.rank), index, p))
        }
        ranked.sort { a, b in
            if a.ranks != b.ranks { return a.ranks.lexicographicallyPrecedes(b.ranks) }
            if priorities[a.index] != priorities[b.index] { return priorities[a.index] > priorities[b.index] }
            return orders[a.index] < orders[b.index]
        }
        return ranked.map { entry in
            let p = entry.pattern
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
        /// The children of the nodes being written, innermost last: each `add` pushes its own after what
        /// its callers pushed and takes them off before it returns (one buffer, not an array per node).
        private var pendingLiterals: [(key: Int32, child: Int32)] = []
        private var pendingConstrained: [(SegmentConstraint, Int32)] = []
        private var pendingOptionals: [(SegmentConstraint?, Int32)] = []

        init(terminals: [Terminal]) { self.terminals = terminals }

        mutating func constraintID(_ c: SegmentConstraint) -> Int32 {
            if let id = constraintIndex[c] { return id }
            let id = Int32(constraints.count)
            constraints.append(c)
            constraintIndex[c] = id
            return id
        }

        /// Writes node `b` of `trie` and everything below it; returns its index (children get higher ones).
        mutating func add(_ b: Int32, of trie: BuildTrie, keys: LiteralKeys) -> Int32 {
            let index = Int32(nodes.count)
            nodes.append(TrieNode())
            var n = TrieNode()
            let node = trie.nodes[Int(b)]

            // Children first, so their indices are known. Each list is this node's part of the pending
            // buffer, from its base to the end (the children's own parts are gone when they return).
            var lengths: UInt32 = 0
            let litBase = pendingLiterals.count
            var k = node.literals.first
            while k >= 0 {
                let link = trie.literals[Int(k)]
                let child = add(link.child, of: trie, keys: keys)
                pendingLiterals.append((link.key, child))
                k = link.next
            }
            let conBase = pendingConstrained.count
            k = node.constrained.first
            while k >= 0 {
                let link = trie.constrained[Int(k)]
                let child = add(link.child, of: trie, keys: keys)
                pendingConstrained.append((link.constraint, child))
                k = link.next
            }
            if node.param >= 0 { n.param = add(node.param, of: trie, keys: keys) }

            n.litStart = Int32(literals.count)
            n.litCount = Int32(pendingLiterals.count - litBase)
            for (id, child) in pendingLiterals[litBase...] {
                let key = keys.range(id)
                literals.append(LiteralEdge(keyStart: Int32(keyBytes.count), keyLength: Int32(key.count), child: child))
                keyBytes.append(contentsOf: keys.bytes[key])
                lengths |= TrieNode.shifted(nodes[Int(child)].lengths)
            }
            pendingLiterals.removeSubrange(litBase...)

            n.conStart = Int32(constrained.count)
            n.conCount = Int32(pendingConstrained.count - conBase)
            for (c, child) in pendingConstrained[conBase...] {
                constrained.append(ConstrainedEdge(constraint: constraintID(c), child: child))
                lengths |= TrieNode.shifted(nodes[Int(child)].lengths)
            }
            pendingConstrained.removeSubrange(conBase...)

            // Optional edges in ranking order: every optional segment is one class, so priority, then
            // registration order (a constraint does not rank; it only decides whether the edge is taken).
            // The walk takes the first edge whose constraint accepts the segment: the best-ranked one.
            // (A node's optional edges are read after its children are written: no child's are pending.)
            k = node.optionals.first
            while k >= 0 {
                let link = trie.optionals[Int(k)]
                pendingOptionals.append((link.constraint, link.terminal))
                k = link.next
            }
            if pendingOptionals.count > 1 {
                pendingOptionals.sort { x, y in terminals[Int(x.1)].beats(terminals[Int(y.1)]) }
            }
            n.optStart = Int32(optionals.count)
            n.optCount = Int32(pendingOptionals.count)
            for (c, t) in pendingOptionals {
                optionals.append(OptionalEdge(constraint: c.map { constraintID($0) } ?? -1, terminal: t))
            }
            pendingOptionals.removeAll(keepingCapacity: true)
            n.catchAll = node.catchAll
            n.exact = node.exact
            n.absent = node.absent
            // Reachable remaining lengths: 0 to end here, 1 through an optional, 1+ through a catch-all,
            // and each child's lengths shifted by the segment its edge consumes (the edges' children above).
            if n.exact >= 0 || n.absent >= 0 { lengths |= 1 }
            if n.optCount > 0 { lengths |= 2 }
            if n.catchAll >= 0 { lengths |= TrieNode.oneOrMore }
            if n.param >= 0 { lengths |= TrieNode.shifted(nodes[Int(n.param)].lengths) }
            n.lengths = lengths
            nodes[Int(index)] = n
            return index
        }
    }
}
