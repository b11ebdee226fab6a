/// What the trie found for a URL: the route, whether an optional segment was absent, and byte ranges.
/// (The URL's layout is not kept: a match reads it again when its query or ``RouteURL`` is asked for,
/// which keeps the value a lookup returns small.)
@usableFromInline
struct RawMatch: Sendable {
    @usableFromInline let route: Int32
    let optionalAbsent: Bool
    /// The raw byte range of each captured parameter, in the pattern's parameter order.
    let captures: CaptureRanges
}

/// What a walk captured: bit `d` of `mask` for depth `d` (0 = host), and the depth of the catch-all that
/// ended it (-1 for none). A step that matched its segment by a parameter, constraint, optional or
/// catch-all sets its bit on the way back from a walk that succeeded, so a failed branch leaves nothing
/// behind (trials of several constraints save and restore it). Passed `inout` through the walk, so that
/// the walker itself stays immutable (a mutating walker was copied whole for each non-mutating call).
struct Captured {
    var mask: UInt64 = 0
    var catchAllDepth = -1
}

/// What a walk found: the terminal (``TrieTerminal/none`` for none) and what it captured.
struct WalkResult {
    var terminal = TrieTerminal.none
    var captured = Captured()
}

/// Up to ``RoutePattern/maxParameters`` byte ranges, stored inline.
struct CaptureRanges: Sendable {
    var storage: InlineArray<8, UInt64> = .init(repeating: 0)

    subscript(index: Int) -> (start: Int, end: Int) {
        let v = storage[index]
        return (Int(v >> 32), Int(v & 0xFFFF_FFFF))
    }
}

/// Ranking classes (0 literal … 4 catch-all, scheme first) packed 3 bits each, most significant first,
/// each stored as class + 1 so that a shorter vector (0 bits after it) sorts before its extensions:
/// comparing keys as numbers compares the vectors lexicographically. Holds up to 42 classes.
struct RankKey: Sendable, Hashable, Comparable {
    var hi: UInt64 = 0
    var lo: UInt64 = 0

    init(_ ranks: [UInt8]) {
        // Slot i holds bits (125 - 3i)...(127 - 3i) of a 128-bit number split into hi and lo.
        for (i, r) in ranks.prefix(42).enumerated() {
            let value = UInt64(r &+ 1) & 7
            let low = 125 - 3 * i
            if low >= 64 {
                hi |= value << UInt64(low - 64)
            } else if low + 2 < 64 {
                lo |= value << UInt64(low)
            } else {
                hi |= value >> UInt64(64 - low)
                lo |= value << UInt64(low)
            }
        }
    }

    static func < (a: RankKey, b: RankKey) -> Bool { a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo }
}

/// One way a route can end a match, as the build ranks it: the route itself, or the "optional segment
/// absent" variant. The trie keeps only its route and place in the ranking (``TrieTerminal``).
struct Terminal: Sendable {
    var route: Int32
    /// Per-depth ranking classes (scheme first), packed for lexicographic comparison (see ``RankKey``);
    /// lower wins.
    var ranks: RankKey
    var priority: Int
    var order: Int
    /// True for the variant of an optional-segment route that ends before the optional segment.
    var isAbsentVariant: Bool

    /// True when `self` ranks before `other`: segment classes, then higher priority, then earlier registration.
    func beats(_ other: Terminal) -> Bool {
        if ranks != other.ranks { return ranks < other.ranks }
        if priority != other.priority { return priority > other.priority }
        return order < other.order
    }
}

/// A terminal as the trie keeps it: its route, with bit 31 set for the optional-absent variant, and its
/// place in the ranking of every terminal of the trie (lower wins; equal for terminals that tie), which is
/// all a lookup compares when several constrained siblings all match (8 bytes; the build's ``Terminal``,
/// with the rank vector, priority and order it was ranked by, is not kept).
struct TrieTerminal: Sendable {
    var route: Int32
    var rank: Int32

    /// No terminal (what a walk that found nothing returns).
    static let none = TrieTerminal(route: 0, rank: -1)
    /// False for ``none``.
    var isFound: Bool { rank >= 0 }
    /// The route's index.
    var routeIndex: Int { Int(route & 0x7FFF_FFFF) }
    /// True for the variant of an optional-segment route that ends before the optional segment.
    var isAbsentVariant: Bool { route < 0 }

    /// The trie's terminals for the build's, each ranked among all of them by ``Terminal/beats(_:)``.
    static func ranked(_ terminals: [Terminal]) -> [TrieTerminal] {
        let order = terminals.indices.sorted { terminals[$0].beats(terminals[$1]) }
        var ranks = [Int32](repeating: 0, count: terminals.count)
        var rank: Int32 = 0
        for (k, t) in order.enumerated() {
            if k > 0 && terminals[order[k - 1]].beats(terminals[t]) { rank += 1 }
            ranks[t] = rank
        }
        return zip(terminals, ranks).map { t, r in
            TrieTerminal(route: t.route | (t.isAbsentVariant ? Int32(bitPattern: 0x8000_0000) : 0), rank: r)
        }
    }
}

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

/// A literal edge as the node lists it (`litStart`, `litCount`): the canonical copy, which snapshots store
/// and diagnostics read. Lookups go through ``EdgeSlot``s instead.
struct LiteralEdge: Sendable {
    var keyStart: Int32
    var keyLength: Int32
    var child: Int32

    /// Up to 8 bytes packed little-endian, optionally ASCII-folded (the words ``EdgeSlot`` compares).
    @inline(__always)
    static func pack(_ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt64 {
        var v: UInt64 = 0
        var k = min(count, 8)
        while k > 0 {
            k -= 1
            var b = p[k]
            if fold && b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            v = v << 8 | UInt64(b)
        }
        return v
    }
}

/// A constraint in the form the walker tests without touching the reference-counted
/// ``SegmentConstraint``: a byte class with length bounds, a typed name, or (kind 0) the general program.
struct FastConstraint: Sendable {
    /// 0: call ``SegmentConstraint/matches(_:)``; 1: byte class (`low`/`high`, lengths); 2: `typeName`.
    var kind: UInt8 = 0
    var typeName: SegmentConstraint.TypeName = .int
    var low: UInt64 = 0
    var high: UInt64 = 0
    var minLength = 0
    /// `Int.max` when unbounded.
    var maxLength = Int.max

    init(_ c: SegmentConstraint) {
        switch c.program {
        case .typed(let name):
            kind = 2
            typeName = name
        case .bytes(let program):
            if let u = program.uniformClass {
                kind = 1
                low = u.low
                high = u.high
                minLength = u.minLength
                maxLength = u.maxLength ?? Int.max
            }
        case .nfa: break
        }
    }
}

/// A suffix pattern as the matcher tries it: its route, its scheme (lowercased; nil for any) and its
/// segments, matched against the last segments of a URL's path.
struct SuffixRoute: Sendable {
    enum Segment: Sendable {
        /// Key bytes, ASCII-lowercased when paths ignore case.
        case literal([UInt8])
        case parameter
        /// A constrained parameter: the constraint's index in the trie.
        case constrained(Int32)
    }

    var route: Int32
    var scheme: [UInt8]?
    var segments: [Segment]
}

/// One literal edge in the trie-wide open-addressing table, keyed by its parent node and its key, with
/// what the walker needs of the child to go on: its lengths, and whether it has literal or other edges.
///
/// One table for every node (instead of a list or table per node) means a literal step reads one slot,
/// whose address depends only on the parent's index and the segment's bytes, not on the parent node's
/// fields. The child's summary in the slot means a walk that goes on by literals reads no node at all:
/// a node is read only when its parameter, constraint, optional or catch-all edges are tried. A child
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

    /// The home slot of a key under `parent` in a table of `size` slots, from the key's first 16 bytes and
    /// its length: three independent products, then one more, whose high bits scaled to `size` pick the slot
    /// (a short dependency chain, since every literal step of a lookup waits for it; the scaling lets the
    /// table be exactly twice its edges instead of the next power of two).
    @inline(__always)
    static func home(parent: Int32, prefix: UInt64, second: UInt64, length: Int, size: Int) -> Int {
        let x = (prefix &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
            ^ (UInt64(UInt32(bitPattern: parent)) &* 0x1656_67B1_9E37_79F9) ^ UInt64(truncatingIfNeeded: length)
        return Int(truncatingIfNeeded: (x &* 0xFF51_AFD7_ED55_8CCD).multipliedFullWidth(by: UInt64(size)).high)
    }
}

struct ConstrainedEdge: Sendable {
    var constraint: Int32
    var child: Int32
}

struct OptionalEdge: Sendable {
    /// `-1` for an unconstrained optional.
    var constraint: Int32
    var terminal: Int32
}

/// The immutable, flattened segment trie behind a ``RouteTable``.
///
/// Per segment the matcher tries: the literal child (hash lookup), then constrained parameters (all
/// of them, keeping the best), then the plain parameter, then optional segments, then a catch-all,
/// backtracking when a branch dead-ends.
/// An uninitialised buffer of `count` elements that lives as long as its owner, starting on a cache line
/// (so that each 64-byte ``TrieNode`` is one line). At least one element is allocated; the buffer is viewed
/// as `count`. Freed with `release(_:)`.
func trieBuffer<T>(count: Int) -> UnsafeMutableBufferPointer<T> {
    let capacity = max(count, 1)
    let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<T>.stride,
                                               alignment: max(MemoryLayout<T>.alignment, 64))
    let buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: capacity), count: capacity)
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
}

/// Copies an array into a manually managed buffer from `trieBuffer(count:)`. Freed with `release(_:)`.
private func frozen<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let buffer: UnsafeMutableBufferPointer<T> = trieBuffer(count: array.count)
    _ = buffer.initialize(from: array)
    return buffer
}

/// Frees a buffer made by `frozen(_:)` or `trieBuffer(count:)` (its elements are trivial values).
func release<T>(_ buffer: UnsafeMutableBufferPointer<T>) {
    buffer.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
}

/// The trie's arrays of trivial values, in buffers from `trieBuffer(count:)`, which a ``RouteTrie``
/// frees when it is deallocated.
struct TrieBuffers {
    var nodes: UnsafeMutableBufferPointer<TrieNode>
    var literals: UnsafeMutableBufferPointer<LiteralEdge>
    var keyBytes: UnsafeMutableBufferPointer<UInt8>
    var constrained: UnsafeMutableBufferPointer<ConstrainedEdge>
    var optionals: UnsafeMutableBufferPointer<OptionalEdge>
    var terminals: UnsafeMutableBufferPointer<TrieTerminal>

    /// Frees the buffers (only for a set that no trie took).
    func deallocate() {
        release(nodes)
        release(literals)
        release(keyBytes)
        release(constrained)
        release(optionals)
        release(terminals)
    }
}

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
                                       constrained: frozen(constrained), optionals: frozen(optionals), terminals: frozen(terminals)),
                  constraints: constraints, schemes: schemes, anyScheme: anyScheme, foldPath: foldPath, suffixes: suffixes)
    }

    /// A trie that takes ownership of `buffers` (from `trieBuffer(count:)`, freed in `deinit`).
    /// A snapshot's arrays are read straight into such buffers.
    init(buffers: TrieBuffers, constraints: [SegmentConstraint],
         schemes: [([UInt8], Int32)], anyScheme: Int32, foldPath: Bool, suffixes: [SuffixRoute]) {
        self.suffixes = suffixes
        maxSuffixLength = suffixes.map(\.segments.count).max() ?? 0
        let kinds = RouteTrie.summarize(buffers.nodes, literals: buffers.literals, keyBytes: buffers.keyBytes, terminals: buffers.terminals)
        nodes = buffers.nodes
        literals = buffers.literals
        keyBytes = buffers.keyBytes
        let terminals = buffers.terminals
        ends = frozen(buffers.nodes.map { $0.end >= 0 ? terminals[Int($0.end)] : .none })
        edges = RouteTrie.edgeTable(nodes: buffers.nodes, kinds: kinds, ends: ends, literals: buffers.literals, keyBytes: buffers.keyBytes)
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

    /// Each node's ``Walker/Edges`` bits with the filter of its literal keys, and, written into every node
    /// with a parameter child, that child's summary (`paramLengths`, `paramEdges`; for a child without edges,
    /// its end terminal, see ``TrieNode/paramEdges``). The nodes' indices, key ranges and terminal indices
    /// must be valid (a snapshot's were checked before this runs).
    static func summarize(_ nodes: UnsafeMutableBufferPointer<TrieNode>, literals: UnsafeMutableBufferPointer<LiteralEdge>,
                          keyBytes: UnsafeMutableBufferPointer<UInt8>, terminals: UnsafeMutableBufferPointer<TrieTerminal>) -> [Int32] {
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

    /// The trie-wide literal table: every node's literal edges (each node's `litStart`/`litCount` range,
    /// whose keys are in `keyBytes`; a snapshot's were checked before this runs), in a table of twice as many
    /// slots (at least 2), so that every probe ends. An edge to a node without edges holds that node's end
    /// terminal (from `ends`) instead of the node (see ``EdgeSlot``).
    static func edgeTable(nodes: UnsafeMutableBufferPointer<TrieNode>, kinds: [Int32], ends: UnsafeMutableBufferPointer<TrieTerminal>,
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
                var slot = EdgeSlot.home(parent: parent, prefix: prefix, second: second, length: length, size: size)
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

    /// Scans and matches `url`: nil when no route matches, a typed error when the URL is invalid.
    @usableFromInline
    func lookup(_ url: String, limits: URLLimits) throws(URLParseError) -> RawMatch? {
        var failure: URLParseError?
        // The match is written in place through `result` rather than returned through the closure, which
        // would copy the ~180-byte value (wrapped in two optionals) on its way out.
        var result: RawMatch?
        // Native strings expose their bytes directly; others are copied once.
        let direct: Void? = url.utf8.withContiguousStorageIfAvailable { buf in
            lookup(buf, limits: limits, failure: &failure, into: &result)
        }
        if direct == nil {
            var text = url
            text.withUTF8 { buf in lookup(buf, limits: limits, failure: &failure, into: &result) }
        }
        if let failure { throw failure }
        return result
    }

    private func lookup(_ buf: UnsafeBufferPointer<UInt8>, limits: URLLimits, failure: inout URLParseError?,
                        into result: inout RawMatch?) {
        // The path segments' raw ranges, recorded by the scanner (or split after a full scan), on the stack.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: URLScanner.recordedSegments) { segmentBuffer in
            guard let segments = segmentBuffer.baseAddress else { return }
            let layout: URLLayout
            if let common = URLScanner.scanCommon(buf, limits: limits, classes: byteClasses, segments: segments) {
                layout = common
            } else {
                do throws(URLParseError) { layout = try URLScanner.scan(buf, limits: limits) } catch {
                    failure = error
                    return
                }
                URLScanner.splitSegments(buf, layout, into: segments)
            }
            var found = WalkResult()
            // The scratch buffer receives decoded segments and the lowercased host.
            if layout.needsDecode || layout.hostHasUpper {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buf.count, 1)) { scratch in
                    match(buf, layout, UnsafePointer(segments), scratch.baseAddress, &found)
                }
            } else {
                match(buf, layout, UnsafePointer(segments), nil, &found)
            }
            let t = found.terminal
            guard t.isFound else {
                if !suffixes.isEmpty { result = suffixMatch(buf, layout) }
                return
            }
            let packed = t.route
            // The captured depths, lowest first, are the pattern's parameters in order (an absent optional,
            // always last, has none).
            var captures = CaptureRanges()
            var mask = found.captured.mask
            var i = 0
            while mask != 0 && i < RoutePattern.maxParameters {
                let depth = mask.trailingZeroBitCount
                mask &= mask &- 1
                if depth == 0 {
                    captures.storage[i] = UInt64(layout.hostStart) << 32 | UInt64(layout.hostEnd)
                } else {
                    let range = segments[depth - 1]
                    // A catch-all's value runs from its first segment to the end of the path.
                    captures.storage[i] = depth == found.captured.catchAllDepth ? range & ~0xFFFF_FFFF | UInt64(layout.pathEnd) : range
                }
                i += 1
            }
            result = RawMatch(route: packed & 0x7FFF_FFFF, optionalAbsent: packed < 0, captures: captures)
        }
    }

    /// The first suffix pattern (in ranking order) that the end of the URL's path matches. Runs only when
    /// the trie found nothing, so an anchored pattern always wins over a suffix pattern.
    func suffixMatch(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout) -> RawMatch? {
        // The last `maxSuffixLength` path segments, split as the walker splits them (empty ones skipped).
        var ends: [(start: Int, end: Int)] = []
        var e = layout.pathEnd
        while e > layout.pathStart && ends.count < maxSuffixLength {
            while e > layout.pathStart && buf[e - 1] == UInt8(ascii: "/") { e -= 1 }
            if e == layout.pathStart { break }
            var s = e
            while s > layout.pathStart && buf[s - 1] != UInt8(ascii: "/") { s -= 1 }
            ends.append((s, e))
            e = s
        }
        if ends.isEmpty { return nil }
        let segments = Array(ends.reversed())
        let scheme = layout.hasScheme ? Array(buf[0..<layout.schemeEnd]).map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 } : nil
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buf.count, 1)) { scratch -> RawMatch? in
            guard let base = buf.baseAddress else { return nil }
            let walker = Walker(trie: self, base: base, count: buf.count, scratch: layout.needsDecode ? scratch.baseAddress : nil,
                                segments: nil, pathEnd: layout.pathEnd, foldPath: foldPath, segmentCount: layout.segmentCount)
            routes: for route in suffixes {
                if let s = route.scheme, s != scheme { continue }
                let k = route.segments.count
                guard k <= segments.count else { continue }
                let first = segments.count - k
                var captures = CaptureRanges()
                var captured = 0
                for (i, seg) in route.segments.enumerated() {
                    let (start, end) = segments[first + i]
                    let (vp, vlen) = walker.value(start, end)
                    switch seg {
                    case .literal(let key):
                        guard key.count == vlen else { continue routes }
                        for j in 0..<vlen {
                            var b = vp[j]
                            if foldPath && b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
                            if b != key[j] { continue routes }
                        }
                    case .parameter, .constrained:
                        if Walker.isDotSegment(vp, vlen) { continue routes }
                        if case .constrained(let id) = seg, !walker.constraintMatches(id, vp, vlen) { continue routes }
                        captures.storage[captured] = UInt64(start) << 32 | UInt64(end)
                        captured += 1
                    }
                }
                return RawMatch(route: route.route, optionalAbsent: false, captures: captures)
            }
            return nil
        }
    }

    /// Finds the best terminal for the URL in `buf` described by `layout`, whose path segments' raw ranges
    /// are in `segments` (see ``URLScanner/splitSegments(_:_:into:)``), into `found` (``TrieTerminal/none``
    /// for none).
    /// `scratch` must have room for `buf.count` bytes; it receives decoded segments and the lowercased
    /// host. It may be nil only when the layout needs neither (`needsDecode` and `hostHasUpper` false).
    func match(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ segments: UnsafePointer<UInt64>,
               _ scratch: UnsafeMutablePointer<UInt8>?, _ found: inout WalkResult) {
        guard let base = buf.baseAddress else { return }
        let walker = Walker(trie: self, base: base, count: buf.count, scratch: scratch, segments: segments, pathEnd: layout.pathEnd,
                            foldPath: foldPath, segmentCount: layout.segmentCount)
        let host = walker.hostValue(layout)
        if layout.hasScheme {
            for entry in schemeEntries where Int(entry.length) == layout.schemeEnd && equalFolded(base, entry) {
                found.terminal = walker.step(entry.node, Walker.edges(of: nodes[Int(entry.node)]), host.0, host.1, fold: true, depth: 0,
                                             &found.captured)
                if found.terminal.isFound { return }
            }
        }
        if anyScheme >= 0 {
            found.terminal = walker.step(anyScheme, Walker.edges(of: nodes[Int(anyScheme)]), host.0, host.1, fold: true, depth: 0,
                                         &found.captured)
        }
    }

    /// True when the URL's first `entry.length` bytes, ASCII-lowercased, are the entry's scheme.
    /// The caller checked that the URL's scheme is exactly `entry.length` bytes long.
    @inline(__always)
    func equalFolded(_ p: UnsafePointer<UInt8>, _ entry: (start: Int32, length: Int32, node: Int32)) -> Bool {
        let start = Int(entry.start)
        for k in 0..<Int(entry.length) {
            var b = p[k]
            if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            if b != schemeBytes[start + k] { return false }
        }
        return true
    }
}

/// The per-lookup state of a trie walk, holding raw pointers for the duration of one match.
struct Walker {
    unowned(unsafe) let trie: RouteTrie
    let nodes: UnsafeMutableBufferPointer<TrieNode>
    let edges: UnsafeMutableBufferPointer<EdgeSlot>
    /// `edges.count`.
    let edgeCount: Int
    let ends: UnsafeMutableBufferPointer<TrieTerminal>
    let literals: UnsafeMutableBufferPointer<LiteralEdge>
    let keys: UnsafeMutableBufferPointer<UInt8>
    // The walker reads the trie through these buffers: a method call or array read through the
    // `unowned(unsafe)` reference costs a retain and a release (measured with callgrind).
    let constrained: UnsafeMutableBufferPointer<ConstrainedEdge>
    let optionals: UnsafeMutableBufferPointer<OptionalEdge>
    let fast: UnsafeMutableBufferPointer<FastConstraint>
    let terminals: UnsafeMutableBufferPointer<TrieTerminal>
    let base: UnsafePointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>?
    /// The raw range of each path segment, `start << 32 | end` (nil when the walker only decodes values).
    let segments: UnsafePointer<UInt64>?
    /// One past the last byte of the URL buffer.
    let baseLimit: UnsafePointer<UInt8>
    let pathEnd: Int
    let foldPath: Bool
    /// The number of non-empty path segments of the URL (the scanner's count, split the same way).
    let segmentCount: Int

    init(trie: RouteTrie, base: UnsafePointer<UInt8>, count: Int, scratch: UnsafeMutablePointer<UInt8>?,
         segments: UnsafePointer<UInt64>?, pathEnd: Int, foldPath: Bool, segmentCount: Int) {
        self.segmentCount = segmentCount
        self.segments = segments
        baseLimit = base + count
        self.trie = trie
        nodes = trie.nodes
        edges = trie.edges
        edgeCount = trie.edges.count
        ends = trie.ends
        literals = trie.literals
        keys = trie.keyBytes
        constrained = trie.constrained
        optionals = trie.optionals
        fast = trie.fastConstraints
        terminals = trie.terminals
        self.base = base
        self.scratch = scratch
        self.pathEnd = pathEnd
        self.foldPath = foldPath
    }

    /// The host as every kind of host segment sees it: decoded, then ASCII-lowercased, the same text as
    /// ``RouteURL/host`` and the captured value. Literals, constraints (typed or regex) and plain
    /// parameters are therefore all checked against the lowercased host.
    func hostValue(_ layout: URLLayout) -> (UnsafePointer<UInt8>, Int) {
        let (p, len) = value(layout.hostStart, layout.hostEnd)
        // No scratch buffer: the scanner found neither an escape nor a capital in the host.
        guard let scratch else { return (p, len) }
        let out = scratch + layout.hostStart
        for k in 0..<len {
            var b = p[k]
            if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            out[k] = b
        }
        return (UnsafePointer(out), len)
    }

    /// The decoded bytes of a raw segment: the raw bytes themselves when there is no escape.
    @inline(__always)
    func value(_ start: Int, _ end: Int) -> (UnsafePointer<UInt8>, Int) {
        // Without a scratch buffer the scanner found no escape in the host or path.
        guard let scratch else { return (base + start, end - start) }
        var k = start
        while k < end {
            if base[k] == UInt8(ascii: "%") { break }
            k += 1
        }
        if k == end { return (base + start, end - start) }
        // Decode into the scratch mirror at the same offset: decoded text is never longer.
        var out = start
        k = start
        while k < end {
            let b = base[k]
            if b == UInt8(ascii: "%"), k + 2 < end,
               let hi = ByteClass.hexValue(base[k + 1]), let lo = ByteClass.hexValue(base[k + 2]) {
                scratch[out] = hi << 4 | lo
                k += 3
            } else {
                scratch[out] = b
                k += 1
            }
            out += 1
        }
        return (UnsafePointer(scratch + start), out - start)
    }

    /// True for `.` and `..` (given decoded bytes, so `%2e%2e` and `%2E.` count too).
    @inline(__always)
    static func isDotSegment(_ p: UnsafePointer<UInt8>, _ len: Int) -> Bool {
        (len == 1 && p[0] == UInt8(ascii: ".")) || (len == 2 && p[0] == UInt8(ascii: ".") && p[1] == UInt8(ascii: "."))
    }

    /// Which kinds of edge a node has, as ``EdgeSlot/childEdges`` records them, and a filter of its literal
    /// keys: a segment whose ``filterBit(_:_:fold:)`` is not set matches none of them, so the literal table
    /// is not probed (a segment that is a parameter's value then costs no slot read).
    enum Edges {
        static let literals: Int32 = 1
        /// Constrained, parameter, optional or catch-all edges: the node itself must be read to try them.
        static let others: Int32 = 2
        /// Bits 2...26: one per class of key (by length, first and last byte). (Bits 27...31 of a slot's
        /// ``EdgeSlot/meta`` hold its key's length.)
        static let filterBits = Int32(bitPattern: 0x07FF_FFFC)
    }

    /// A node's kinds of edge with every filter bit set (no filtering), for nodes reached without a summary.
    static func edges(of n: TrieNode) -> Int32 {
        (n.litCount > 0 ? Edges.literals | Edges.filterBits : 0)
            | (n.conCount > 0 || n.param >= 0 || n.optCount > 0 || n.catchAll >= 0 ? Edges.others : 0)
    }

    /// The filter bit (one of bits 2...26) of the key or segment `(p, count)`, optionally ASCII-folded.
    @inline(__always)
    static func filterBit(_ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> Int32 {
        var first: UInt32 = 0
        var last: UInt32 = 0
        if count > 0 {
            var a = p[0]
            var b = p[count - 1]
            if fold {
                if a &- UInt8(ascii: "A") < 26 { a |= 0x20 }
                if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            }
            first = UInt32(a)
            last = UInt32(b)
        }
        let h = (first &* 0x9E37_79B1) ^ (last &* 0x85EB_CA77) ^ (UInt32(truncatingIfNeeded: count) &* 0xC2B2_AE3D)
        let top = h >> 27
        // 0...31 folded onto the 25 filter bits (25...31 share bits with 0...6).
        let index = top >= 25 ? top &- 25 : top
        return Int32(bitPattern: UInt32(4) << index)
    }

    /// Continues at `node`, which is at `depth` (0 = host): `depth` path segments are consumed.
    func descend(_ node: Int32, depth: Int, _ c: inout Captured) -> TrieTerminal {
        let n = nodes[Int(node)]
        // Prune: no terminal below `node` ends after exactly the number of segments left.
        if n.lengths & TrieNode.lengthBit(segmentCount &- depth) == 0 { return .none }
        if depth == segmentCount { return ends[Int(node)] }
        // Deeper than any pattern: only a catch-all can take it.
        if depth + 1 >= URLScanner.recordedSegments { return catchAll(n.catchAll, depth: depth + 1, &c) }
        guard let segments else { return .none }
        let range = segments[depth]
        let (vp, vlen) = value(Int(range >> 32), Int(range & 0xFFFF_FFFF))
        return step(node, Walker.edges(of: n), vp, vlen, fold: foldPath, depth: depth + 1, &c)
    }

    /// ``descend(_:depth:)`` into `child` from its summary (a literal slot's, or a node's for its parameter
    /// child): the child node is read only if its own non-literal edges must be tried.
    @inline(__always)
    func descend(_ child: Int32, lengths: UInt32, kinds: Int32, depth: Int, _ c: inout Captured) -> TrieTerminal {
        if lengths & TrieNode.lengthBit(segmentCount &- depth) == 0 { return .none }
        if depth == segmentCount { return ends[Int(child)] }
        if depth + 1 >= URLScanner.recordedSegments { return catchAll(nodes[Int(child)].catchAll, depth: depth + 1, &c) }
        guard let segments else { return .none }
        let range = segments[depth]
        let (vp, vlen) = value(Int(range >> 32), Int(range & 0xFFFF_FFFF))
        return step(child, kinds, vp, vlen, fold: foldPath, depth: depth + 1, &c)
    }

    /// Tries every edge of `node` (whose kinds of edge are `kinds`, see ``Edges``) for the segment value
    /// `(vp, vlen)` at `depth` (0 = host).
    func step(_ node: Int32, _ kinds: Int32, _ vp: UnsafePointer<UInt8>, _ vlen: Int, fold: Bool, depth: Int, _ c: inout Captured) -> TrieTerminal {
        // 1. Literal.
        if kinds & Edges.literals != 0 && kinds & Walker.filterBit(vp, vlen, fold: fold) != 0 {
            let slot = literalSlot(node, vp, vlen, fold: fold)
            if slot >= 0 {
                let edge = edges[slot]
                let childKinds = edge.childEdges
                if childKinds & (Edges.literals | Edges.others) != 0 || vlen > 16 {
                    let t = descend(edge.child, lengths: edge.childLengths, kinds: childKinds, depth: depth, &c)
                    if t.isFound { return t }
                } else if depth == segmentCount {
                    // The child has no edges: the slot holds its end terminal (none when it has no end either).
                    let t = edge.end
                    if t.isFound { return t }
                }
            }
        }
        if kinds & Edges.others == 0 { return .none }
        let n = nodes[Int(node)]
        // A parameter takes the decoded segment whole, a decoded '/' or '\' included (the segment was
        // split before decoding, so it never spans two segments); only a dot segment is refused.
        let safe = !Walker.isDotSegment(vp, vlen)
        // 2. Constrained parameters: every sibling, keeping the best.
        if n.conCount == 1 && safe {
            // One constrained sibling (the usual case): no need to compare trials.
            let edge = constrained[Int(n.conStart)]
            if constraintMatches(edge.constraint, vp, vlen) {
                let t = descend(edge.child, depth: depth, &c)
                if t.isFound { return capture(t, depth: depth, &c) }
            }
        } else if n.conCount > 1 && safe {
            // Every trial starts from the same captures; the winner's are kept.
            let before = c
            var best = TrieTerminal.none
            var bestCaptured = before
            for k in Int(n.conStart)..<Int(n.conStart + n.conCount) {
                let edge = constrained[k]
                guard constraintMatches(edge.constraint, vp, vlen) else { continue }
                c = before
                let t = descend(edge.child, depth: depth, &c)
                if t.isFound && (!best.isFound || t.rank < best.rank) {
                    best = t
                    bestCaptured = c
                }
            }
            c = bestCaptured
            if best.isFound { return capture(best, depth: depth, &c) }
        }
        // 3. Plain parameter.
        if n.param >= 0 && safe {
            if let end = n.paramEnd {
                if depth == segmentCount { return capture(end, depth: depth, &c) }
            } else {
                let t = descend(n.param, lengths: n.paramLengths, kinds: n.paramEdges, depth: depth, &c)
                if t.isFound { return capture(t, depth: depth, &c) }
            }
        }
        // 4. Optional last segment: only when nothing follows.
        if n.optCount > 0 && safe && depth == segmentCount {
            for k in Int(n.optStart)..<Int(n.optStart + n.optCount) {
                let edge = optionals[k]
                if edge.constraint < 0 || constraintMatches(edge.constraint, vp, vlen) { return capture(terminals[Int(edge.terminal)], depth: depth, &c) }
            }
        }
        // 5. Catch-all: this segment and everything after it.
        return catchAll(n.catchAll, depth: depth, &c)
    }

    /// Records that the successful walk `t` captured the segment at `depth`; returns `t`.
    @inline(__always)
    func capture(_ t: TrieTerminal, depth: Int, _ c: inout Captured) -> TrieTerminal {
        c.mask |= 1 << UInt64(depth)
        return t
    }

    /// The catch-all terminal numbered `t` (or none for -1) taking the segments from `depth` on.
    @inline(__always)
    func catchAll(_ t: Int32, depth: Int, _ c: inout Captured) -> TrieTerminal {
        guard t >= 0 else { return .none }
        c.mask |= 1 << UInt64(depth)
        c.catchAllDepth = depth
        return terminals[Int(t)]
    }

    /// True when constraint `id` accepts the decoded segment `(p, count)`.
    @inline(__always)
    func constraintMatches(_ id: Int32, _ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let f = fast[Int(id)]
        switch f.kind {
        case 1:
            guard count >= f.minLength && count <= f.maxLength else { return false }
            for k in 0..<count {
                let b = p[k]
                let word = b < 64 ? f.low : (b < 128 ? f.high : 0)
                if (word >> UInt64(b & 63)) & 1 == 0 { return false }
            }
            return true
        case 2:
            return f.typeName.matches(UnsafeBufferPointer(start: p, count: count))
        default:
            return trie.constraints[Int(id)].matches(UnsafeBufferPointer(start: p, count: count))
        }
    }

    /// ``LiteralEdge/pack(_:_:fold:)`` with one 8-byte load instead of a byte loop.
    ///
    /// Bounds: `count` bytes from `p` are readable (a raw segment in the URL buffer, or a decoded one in
    /// the scratch buffer). The 8-byte load is done only when 8 bytes from `p` are readable too: when
    /// `count >= 8`, or when `p` is in the URL buffer and `p + 8` is not past its end. Otherwise (short
    /// keys near the end of the URL, and decoded segments, whose scratch bytes beyond them are not
    /// initialised) the byte loop runs.
    @inline(__always)
    func packed(_ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt64 {
        guard count >= 8 || (p >= base && p + 8 <= baseLimit) else { return LiteralEdge.pack(p, count, fold: fold) }
        var v = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        if count < 8 { v &= (1 << UInt64(8 * count)) &- 1 }
        guard fold else { return v }
        // ASCII lowercase of all 8 bytes at once: a byte gets 0x20 when it is in 'A'...'Z'.
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = v & ~high
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F // high bit set when the byte's low 7 bits are >= 0x41
        let aboveZ = low7 &+ 0x2525_2525_2525_2525 // high bit set when they are >= 0x5B
        let upper = atLeastA & ~aboveZ & ~v & high
        return v | (upper >> 2)
    }

    /// The slot of the literal edge of `node` whose key is the segment `(vp, vlen)`, or -1.
    @inline(__always)
    func literalSlot(_ node: Int32, _ vp: UnsafePointer<UInt8>, _ vlen: Int, fold: Bool) -> Int {
        let prefix = packed(vp, vlen, fold: fold)
        let second: UInt64 = vlen > 8 ? packed(vp + 8, min(vlen - 8, 8), fold: fold) : 0
        let code = EdgeSlot.lengthCode(vlen)
        var slot = EdgeSlot.home(parent: node, prefix: prefix, second: second, length: vlen, size: edgeCount)
        while true {
            let edge = edges[slot]
            if edge.parent == node && edge.prefix == prefix && edge.second == second && edge.meta & EdgeSlot.lengthBits == code
                && (vlen <= 16 || equalTail(node, edge.child, vp, vlen, fold: fold)) {
                return slot
            }
            if edge.parent < 0 { return -1 }
            slot = slot &+ 1 == edgeCount ? 0 : slot &+ 1
        }
    }

    /// True when the segment, longer than 16 bytes, is the whole key of the literal edge from `parent` to
    /// `child` (whose first 16 bytes the slot compared): the key is found in the parent's list of edges.
    /// Runs only for keys longer than 16 bytes (whose slots always hold the child node, see ``EdgeSlot``).
    func equalTail(_ parent: Int32, _ child: Int32, _ vp: UnsafePointer<UInt8>, _ vlen: Int, fold: Bool) -> Bool {
        let n = nodes[Int(parent)]
        for i in Int(n.litStart)..<Int(n.litStart) + Int(n.litCount) where literals[i].child == child {
            let edge = literals[i]
            guard Int(edge.keyLength) == vlen else { return false }
            let key = Int(edge.keyStart)
            for k in 16..<vlen {
                var b = vp[k]
                if fold && b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
                if b != keys[key + k] { return false }
            }
            return true
        }
        return false
    }
}
