/// One literal edge in the trie-wide open-addressing table, keyed by its parent node and its key, with
/// what the walker needs of the child to go on: its lengths, and whether it has literal or other edges.
///
/// One table for every node (instead of a list or table per node) means a literal step reads one slot,
/// whose address depends only on the parent's key and the segment's bytes, not on the parent node's
/// fields. The key is the parent's index, or in a large table its path hash, which the walker computes from
/// the URL itself (see ``RouteTrie/prefetchesSlots``). The child's summary in the slot means a walk that goes
/// on by literals reads no node at all: a node is read only when its parameter, constraint, optional or
/// catch-all edges are tried. A child
/// without edges of its own (where most routes end) is not needed at all: its slot holds the child's end
/// terminal in place of the child and its lengths, so a hit that ends on a literal reads its route from the
/// slot (a walk that ends at another child reads its end terminal from the dense ``RouteTrie/ends``). Slots
/// of keys longer than 16 bytes always hold the child node, whose identity ties the slot to its key.
/// Keys of up to 16 bytes compare inside the slot. A slot is 32 bytes, two to a cache line.
struct EdgeSlot: Sendable {
    /// The key's bytes 0..<8 and 8..<16, little-endian, zero-padded.
    var prefix: UInt64
    var second: UInt64
    /// `-1` marks an empty slot.
    var parent: Int32
    /// The child node; for a child without edges (``childEdges`` has neither ``Walker/Edges/literals`` nor
    /// ``Walker/Edges/others``) under a key of up to 16 bytes, its end terminal's `route` (see ``end``).
    var child: Int32
    /// The child's ``TrieNode/lengths``; for a child without edges, its end terminal's `rank`.
    var childLengths: UInt32
    /// The child's ``Walker/Edges`` bits (bits 0...26), and in bits 27...31 the key's length, or
    /// ``longKey`` for keys longer than 16 bytes (whose bytes from 16 on are compared in `keyBytes`).
    var meta: UInt32

    /// The length code of keys longer than 16 bytes.
    static let longKey: UInt32 = 17
    /// The length code of a key or segment of `length` bytes, in place (bits 27...31).
    @inline(__always)
    static func lengthCode(_ length: Int) -> UInt32 { UInt32(min(length, Int(longKey))) << 27 }
    /// Bits 27...31 of ``meta``.
    static let lengthBits: UInt32 = 0xF800_0000

    /// The child's ``Walker/Edges`` bits.
    var childEdges: Int32 { Int32(bitPattern: meta & ~EdgeSlot.lengthBits) }
    /// The end terminal of a child without edges, held in `child` and `childLengths`.
    var end: TrieTerminal { TrieTerminal(route: child, rank: Int32(bitPattern: childLengths)) }

    static let empty = EdgeSlot(prefix: 0, second: 0, parent: -1, child: -1, childLengths: 0, meta: 0)

    /// The hash of a key under a parent whose key is `path` (its index, or its path hash, see
    /// ``RouteTrie/pathHashes(nodes:roots:literals:keyBytes:constrained:)``), from the key's first 16 bytes and
    /// its length: three independent products, then one more (a short dependency chain, since every literal step
    /// of a lookup waits for it). It picks the key's slot (``index(_:size:)``), and in a path-keyed table it is
    /// also the path hash of the edge's child, so the walker knows the next level's hash without the slot.
    @inline(__always)
    static func hash(path: UInt64, prefix: UInt64, second: UInt64, length: Int) -> UInt64 {
        let x = (prefix &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
            ^ (path &* 0x1656_67B1_9E37_79F9) ^ UInt64(truncatingIfNeeded: length)
        return x &* 0xFF51_AFD7_ED55_8CCD
    }

    /// The home slot of a key whose ``hash(path:prefix:second:length:)`` is `hash` in a table of `size` slots:
    /// its high bits scaled to `size` (which lets the table be exactly twice its edges instead of the next
    /// power of two).
    @inline(__always)
    static func index(_ hash: UInt64, size: Int) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(size)).high)
    }

    /// The path hash of a child reached from a node whose path hash is `path` by a parameter or constrained
    /// edge (all of a node's non-literal children have the same; slots still tell them apart by parent).
    @inline(__always)
    static func otherChild(_ path: UInt64) -> UInt64 { (path ^ 0x2545_F491_4F6C_DD1D) &* 0x9FB2_1C65_1E98_DF25 }

    /// The path hash of the root node `node` (a scheme's host-level node, or the any-scheme one).
    @inline(__always)
    static func root(_ node: Int32) -> UInt64 {
        (UInt64(UInt32(bitPattern: node)) &+ 0x632B_E59B_D9B4_E019) &* 0xD6E8_FEB8_6659_FD93
    }
}
