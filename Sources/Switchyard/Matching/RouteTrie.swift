/// The immutable, flattened segment trie behind a ``RouteTable``.
///
/// Per segment the matcher tries: the literal child (hash lookup), then constrained parameters (all
/// of them, keeping the best), then the plain parameter, then optional segments, then a catch-all,
/// backtracking when a branch dead-ends.
@usableFromInline
final class RouteTrie: @unchecked Sendable {
    // @unchecked: every stored property is written once in `init` and only read afterwards; the
    // buffers hold trivial values and are freed in `deinit`.
    let nodes: UnsafeMutableBufferPointer<TrieNode>
    let literals: UnsafeMutableBufferPointer<LiteralEdge>
    /// Every literal edge, keyed by (parent, key): a table exactly half full (built from
    /// `literals` when the trie is made, so snapshots do not store it).
    let edges: UnsafeMutableBufferPointer<EdgeSlot>
    /// Per node, the terminal that ends a match there (``TrieNode/end``, copied, or ``TrieTerminal/none``):
    /// read when a walk reaches its last segment. A copy rather than an index, so that a hit reads one line
    /// for its route instead of two dependent ones (the walk works in terminals, not indices).
    let ends: UnsafeMutableBufferPointer<TrieTerminal>
    let keyBytes: UnsafeMutableBufferPointer<UInt8>
    let constrained: UnsafeMutableBufferPointer<ConstrainedEdge>
    let optionals: UnsafeMutableBufferPointer<OptionalEdge>
    let constraints: [SegmentConstraint]
    /// Per constraint: its allocation- and retain-free form (see ``FastConstraint``).
    let fastConstraints: UnsafeMutableBufferPointer<FastConstraint>
    /// Held in a buffer so that the walker reads it without retaining an array. A hit reads its terminal's
    /// route; the captured depths come from the walk itself (``Captured``).
    let terminals: UnsafeMutableBufferPointer<TrieTerminal>
    /// Scheme subtrees: lowercased scheme → host-level node. Tried before `anyScheme`.
    let schemes: [([UInt8], Int32)]
    /// `schemes` flattened for the walker: all lowercased scheme bytes, and per scheme its
    /// (start, length, node). Comparing against these touches no reference-counted array.
    let schemeBytes: UnsafeMutableBufferPointer<UInt8>
    let schemeEntries: UnsafeMutableBufferPointer<(start: Int32, length: Int32, node: Int32)>
    let anyScheme: Int32
    let foldPath: Bool
    /// True when the literal table is larger than ``prefetchThreshold`` bytes. Its edges are then filed by their
    /// parent's path hash instead of its index (``pathHashes(nodes:roots:literals:keyBytes:constrained:)``), so
    /// that a walk knows the next level's slot from the URL and the edge it takes, and starts loading it while
    /// it compares this level's (``Walker/prefetchNext(_:_:depth:)``): a hit then waits for about one line a
    /// level less. A smaller table stays in the caches between lookups, where the extra hashing would cost more
    /// than it saves, and keeps the index keys.
    let prefetchesSlots: Bool
    /// 256 KiB: about the largest literal table that stays cached beside the rest of the trie.
    static let prefetchThreshold = 256 * 1024
    /// The scanner's byte classes (``ByteClass/pointer``), read through the trie so that a lookup does not
    /// check a lazy global.
    let byteClasses: UnsafePointer<UInt8>
    /// Suffix patterns (`**/login/:phone`), in the order they are tried once the trie found nothing.
    let suffixes: [SuffixRoute]
    /// The most segments a suffix pattern has.
    let maxSuffixLength: Int

    convenience init(nodes: [TrieNode], literals: [LiteralEdge], keyBytes: [UInt8],
                     constrained: [ConstrainedEdge], optionals: [OptionalEdge], constraints: [SegmentConstraint],
                     terminals: [TrieTerminal], schemes: [([UInt8], Int32)], anyScheme: Int32, foldPath: Bool,
                     suffixes: [SuffixRoute] = []) {
        self.init(buffers: TrieBuffers(nodes: frozen(nodes), literals: frozen(literals), keyBytes: frozen(keyBytes),
                                       constrained: frozen(constrained), optionals: frozen(optionals),
                                       terminals: frozen(terminals)),
                  constraints: constraints, schemes: schemes, anyScheme: anyScheme, foldPath: foldPath,
                  suffixes: suffixes)
    }

    /// A trie that takes ownership of `buffers` (from `trieBuffer(count:)`, freed in `deinit`).
    /// A snapshot's arrays are read straight into such buffers.
    init(buffers: TrieBuffers, constraints: [SegmentConstraint],
         schemes: [([UInt8], Int32)], anyScheme: Int32, foldPath: Bool, suffixes: [SuffixRoute]) {
        self.suffixes = suffixes
        maxSuffixLength = suffixes.map(\.segments.count).max() ?? 0
        let kinds = RouteTrie.summarize(buffers.nodes, literals: buffers.literals, keyBytes: buffers.keyBytes,
                                        terminals: buffers.terminals)
        nodes = buffers.nodes
        literals = buffers.literals
        keyBytes = buffers.keyBytes
        let terminals = buffers.terminals
        ends = frozen(buffers.nodes.map { $0.end >= 0 ? terminals[Int($0.end)] : .none })
        var literalCount = 0
        for n in buffers.nodes { literalCount += Int(n.litCount) }
        let pathKeyed = 2 * literalCount * MemoryLayout<EdgeSlot>.stride > RouteTrie.prefetchThreshold
        let paths = pathKeyed
            ? RouteTrie.pathHashes(nodes: buffers.nodes, roots: schemes.map(\.1) + [anyScheme],
                                   literals: buffers.literals, keyBytes: buffers.keyBytes,
                                   constrained: buffers.constrained)
            : buffers.nodes.indices.map { Walker.indexKey(Int32($0)) }
        edges = RouteTrie.edgeTable(nodes: buffers.nodes, kinds: kinds, paths: paths, ends: ends,
                                    literals: buffers.literals, keyBytes: buffers.keyBytes)
        prefetchesSlots = pathKeyed
        constrained = buffers.constrained
        optionals = buffers.optionals
        self.constraints = constraints
        fastConstraints = frozen(constraints.map(FastConstraint.init))
        self.terminals = terminals
        byteClasses = ByteClass.pointer
        self.schemes = schemes
        schemeBytes = frozen(schemes.flatMap(\.0))
        var entries: [(start: Int32, length: Int32, node: Int32)] = []
        var offset: Int32 = 0
        for (scheme, node) in schemes {
            entries.append((offset, Int32(scheme.count), node))
            offset += Int32(scheme.count)
        }
        schemeEntries = frozen(entries)
        self.anyScheme = anyScheme
        self.foldPath = foldPath
    }

    deinit {
        release(nodes)
        release(literals)
        release(edges)
        release(ends)
        release(keyBytes)
        release(constrained)
        release(optionals)
        release(fastConstraints)
        release(terminals)
        release(schemeBytes)
        release(schemeEntries)
    }
}
