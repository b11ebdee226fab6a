/// A node of the flattened trie. Indices point into `RouteTrie`'s arrays; `-1` means none.
struct TrieNode: Sendable {
    var litStart: Int32 = 0
    var litCount: Int32 = 0
    var conStart: Int32 = 0
    var conCount: Int32 = 0
    var param: Int32 = -1
    var optStart: Int32 = 0
    var optCount: Int32 = 0
    var catchAll: Int32 = -1
    var exact: Int32 = -1
    var absent: Int32 = -1
    /// Bit `r` is set when some terminal can be reached from this node by consuming exactly `r` more
    /// segments (bit 31: 31 or more). The walker knows how many segments the URL has left, so it skips
    /// any subtree that cannot end a match with that many, which cuts almost all backtracking.
    var lengths: UInt32 = 0
    /// The parameter child's `lengths` and ``Walker/Edges`` bits, filled in when the trie is made
    /// (``RouteTrie/summarize(_:literals:keyBytes:terminals:)``), so that a step through the parameter edge
    /// reads no other node unless the child's own edges must be tried (its end terminal is in
    /// ``RouteTrie/ends``). When the child has no edges (where many routes end), its end terminal is kept
    /// here instead: `paramEdges` is `(route + 1) << 2` (no edge bits, not 0) and `paramLengths` its rank,
    /// so a hit that ends on a parameter reads no other line for its route (see ``paramEnd``).
    var paramLengths: UInt32 = 0
    var paramEdges: Int32 = 0

    /// Routes below this are kept inline in `paramEdges` (the shifted value must stay positive).
    static let inlineRouteLimit: Int32 = 1 << 29 - 1
    /// The parameter child's end terminal when `paramEdges` holds it (no edge bits, not 0), else nil.
    @inline(__always)
    var paramEnd: TrieTerminal? {
        guard paramEdges & (Walker.Edges.literals | Walker.Edges.others) == 0 && paramEdges != 0 else { return nil }
        return TrieTerminal(route: (paramEdges >> 2) - 1, rank: Int32(bitPattern: paramLengths))
    }

    /// The terminal that ends a match here: `exact`, else `absent` (-1 for none).
    var end: Int32 { exact >= 0 ? exact : absent }

    /// `lengths` of a parent reached through one edge to a node whose mask is `m` (saturating at 31: a set
    /// bit 31 stands for every length from 31 on, so the mask only ever widens).
    @inline(__always)
    static func shifted(_ m: UInt32) -> UInt32 { m << 1 | (m & (1 << 31)) }
    /// Bits 1 through 31: a catch-all consumes one segment or more.
    static let oneOrMore: UInt32 = ~UInt32(1)
    /// The bit of `lengths` that stands for `left` more segments.
    @inline(__always)
    static func lengthBit(_ left: Int) -> UInt32 { 1 << UInt32(min(left, 31)) }
}
