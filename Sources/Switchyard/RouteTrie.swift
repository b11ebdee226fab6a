/// Raw byte ranges of the segments a match went through, by depth (0 = host).
///
/// Stored inline so that a successful lookup allocates nothing.
public struct SegmentRanges: Sendable {
    /// The most depths recorded: the host plus ``RoutePattern/maxSegments`` path segments.
    static let capacity = 34
    var storage: InlineArray<34, UInt64> = .init(repeating: 0)

    @inline(__always)
    subscript(depth: Int) -> (start: Int, end: Int) {
        get {
            let v = storage[depth]
            return (Int(v >> 32), Int(v & 0xFFFF_FFFF))
        }
        set { storage[depth] = UInt64(newValue.start) << 32 | UInt64(newValue.end) }
    }
}

/// One way a route can end a match: the route itself, or the "optional segment absent" variant.
struct Terminal: Sendable {
    var route: Int32
    /// Per-depth ranking classes (scheme first); lower wins, compared lexicographically.
    var ranks: [UInt8]
    var priority: Int
    var order: Int
    /// True for the variant of an optional-segment route that ends before the optional segment.
    var isAbsentVariant: Bool

    /// True when `self` ranks before `other`: segment classes, then higher priority, then earlier registration.
    func beats(_ other: Terminal) -> Bool {
        if ranks != other.ranks { return ranks.lexicographicallyPrecedes(other.ranks) }
        if priority != other.priority { return priority > other.priority }
        return order < other.order
    }
}

/// A node of the flattened trie. Indices point into `RouteTrie`'s arrays; `-1` means none.
struct TrieNode: Sendable {
    var litStart: Int32 = 0
    var litCount: Int32 = 0
    /// Start of this node's open-addressing table in `litTable` (only when `litCount > linearLimit`).
    var tableStart: Int32 = 0
    var tableMask: Int32 = 0
    var conStart: Int32 = 0
    var conCount: Int32 = 0
    var param: Int32 = -1
    var optStart: Int32 = 0
    var optCount: Int32 = 0
    var catchAll: Int32 = -1
    var exact: Int32 = -1
    var absent: Int32 = -1
}

struct LiteralEdge: Sendable {
    var hash: UInt64
    var keyStart: Int32
    var keyLength: Int32
    var child: Int32
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
final class RouteTrie: Sendable {
    static let linearLimit: Int32 = 4
    /// The FNV-1a offset basis: the hash of no bytes.
    static let emptyHash: UInt64 = 0xcbf2_9ce4_8422_2325

    let nodes: [TrieNode]
    let literals: [LiteralEdge]
    let litTable: [Int32]
    let keyBytes: [UInt8]
    let constrained: [ConstrainedEdge]
    let optionals: [OptionalEdge]
    let constraints: [SegmentConstraint]
    let terminals: [Terminal]
    /// Scheme subtrees: lowercased scheme → host-level node. Tried before `anyScheme`.
    let schemes: [([UInt8], Int32)]
    let anyScheme: Int32
    let foldPath: Bool

    init(nodes: [TrieNode], literals: [LiteralEdge], litTable: [Int32], keyBytes: [UInt8],
         constrained: [ConstrainedEdge], optionals: [OptionalEdge], constraints: [SegmentConstraint],
         terminals: [Terminal], schemes: [([UInt8], Int32)], anyScheme: Int32, foldPath: Bool) {
        self.nodes = nodes
        self.literals = literals
        self.litTable = litTable
        self.keyBytes = keyBytes
        self.constrained = constrained
        self.optionals = optionals
        self.constraints = constraints
        self.terminals = terminals
        self.schemes = schemes
        self.anyScheme = anyScheme
        self.foldPath = foldPath
    }

    /// FNV-1a over bytes, optionally folding ASCII upper case.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var k = 0
        if fold {
            while k < count {
                var b = p[k]
                if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
                h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
                k += 1
            }
        } else {
            while k < count {
                h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01B3
                k += 1
            }
        }
        return h
    }

    /// Finds the best terminal for the URL in `buf` described by `layout`.
    /// `scratch` must have room for `buf.count` bytes; it receives decoded segments.
    func match(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ scratch: UnsafeMutablePointer<UInt8>?,
               _ ranges: inout SegmentRanges) -> Int32 {
        guard let base = buf.baseAddress else { return -1 }
        return nodes.withUnsafeBufferPointer { nodes in
            literals.withUnsafeBufferPointer { literals in
                keyBytes.withUnsafeBufferPointer { keys in
                    var walker = Walker(
                        trie: self, nodes: nodes, literals: literals, keys: keys, base: base,
                        scratch: scratch, pathEnd: layout.pathEnd, foldPath: foldPath)
                    ranges[0] = (layout.hostStart, layout.hostEnd)
                    if layout.hasScheme {
                        for (scheme, node) in schemes where Self.equalFolded(base, layout.schemeEnd, scheme) {
                            let t = walker.host(node, layout, &ranges)
                            if t >= 0 { return t }
                        }
                    }
                    if anyScheme >= 0 { return walker.host(anyScheme, layout, &ranges) }
                    return -1
                }
            }
        }
    }

    @inline(__always)
    static func equalFolded(_ p: UnsafePointer<UInt8>, _ count: Int, _ lowered: [UInt8]) -> Bool {
        guard count == lowered.count else { return false }
        for k in 0..<count {
            var b = p[k]
            if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            if b != lowered[k] { return false }
        }
        return true
    }
}

/// The per-lookup state of a trie walk, holding raw pointers for the duration of one match.
struct Walker {
    let trie: RouteTrie
    let nodes: UnsafeBufferPointer<TrieNode>
    let literals: UnsafeBufferPointer<LiteralEdge>
    let keys: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>?
    let pathEnd: Int
    let foldPath: Bool

    /// Matches the host segment at `node`, then the path.
    mutating func host(_ node: Int32, _ layout: URLLayout, _ ranges: inout SegmentRanges) -> Int32 {
        let (p, len) = value(layout.hostStart, layout.hostEnd)
        return step(node, p, len, fold: true, depth: 0, next: layout.pathStart, &ranges)
    }

    /// The decoded bytes of a raw segment: the raw bytes themselves when there is no escape.
    @inline(__always)
    func value(_ start: Int, _ end: Int) -> (UnsafePointer<UInt8>, Int) {
        var k = start
        while k < end {
            if base[k] == UInt8(ascii: "%") { break }
            k += 1
        }
        if k == end { return (base + start, end - start) }
        guard let scratch else { return (base + start, end - start) }
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

    /// A parameter may not capture `.`, `..`, or a value holding `/` or `\` (from `%2F`, `%5C`).
    @inline(__always)
    static func isSafeParameter(_ p: UnsafePointer<UInt8>, _ len: Int) -> Bool {
        if len <= 2 {
            var dots = true
            for k in 0..<len where p[k] != UInt8(ascii: ".") { dots = false }
            if dots { return false }
        }
        for k in 0..<len where p[k] == UInt8(ascii: "/") || p[k] == UInt8(ascii: "\\") { return false }
        return true
    }

    /// Continues after the segment ending before `next`, at `node`, which is at `depth`.
    mutating func descend(_ node: Int32, depth: Int, from next: Int, _ ranges: inout SegmentRanges) -> Int32 {
        var p = next
        while p < pathEnd && base[p] == UInt8(ascii: "/") { p += 1 }
        let n = nodes[Int(node)]
        if p >= pathEnd {
            if n.exact >= 0 { return n.exact }
            return n.absent
        }
        if depth + 1 >= SegmentRanges.capacity - 1 {
            // Deeper than any pattern: only a catch-all can take it.
            if n.catchAll >= 0 { ranges[depth + 1] = (p, pathEnd); return n.catchAll }
            return -1
        }
        var e = p
        while e < pathEnd && base[e] != UInt8(ascii: "/") { e += 1 }
        let (vp, vlen) = value(p, e)
        ranges[depth + 1] = (p, e)
        return step(node, vp, vlen, fold: foldPath, depth: depth + 1, next: e, &ranges)
    }

    /// Tries every edge of `node` for the segment value `(vp, vlen)` at `depth`.
    mutating func step(_ node: Int32, _ vp: UnsafePointer<UInt8>, _ vlen: Int, fold: Bool, depth: Int, next: Int,
                       _ ranges: inout SegmentRanges) -> Int32 {
        let n = nodes[Int(node)]
        let segStart = ranges[depth].start
        // 1. Literal.
        if n.litCount > 0 {
            let child = literalChild(n, vp, vlen, fold: fold)
            if child >= 0 {
                let t = descend(child, depth: depth, from: next, &ranges)
                if t >= 0 { return t }
                ranges[depth] = (segStart, next)
            }
        }
        let safe = Walker.isSafeParameter(vp, vlen)
        // 2. Constrained parameters: every sibling, keeping the best.
        if n.conCount > 0 && safe {
            var best: Int32 = -1
            var bestRanges = ranges
            let bytes = UnsafeBufferPointer(start: vp, count: vlen)
            for k in Int(n.conStart)..<Int(n.conStart + n.conCount) {
                let edge = trie.constrained[k]
                guard trie.constraints[Int(edge.constraint)].matches(bytes) else { continue }
                var trial = ranges
                let t = descend(edge.child, depth: depth, from: next, &trial)
                if t >= 0 && (best < 0 || trie.terminals[Int(t)].beats(trie.terminals[Int(best)])) {
                    best = t
                    bestRanges = trial
                }
            }
            if best >= 0 { ranges = bestRanges; return best }
        }
        // 3. Plain parameter.
        if n.param >= 0 && safe {
            let t = descend(n.param, depth: depth, from: next, &ranges)
            if t >= 0 { return t }
            ranges[depth] = (segStart, next)
        }
        // 4. Optional last segment: only when nothing follows.
        if n.optCount > 0 && safe && isLast(next) {
            let bytes = UnsafeBufferPointer(start: vp, count: vlen)
            for k in Int(n.optStart)..<Int(n.optStart + n.optCount) {
                let edge = trie.optionals[k]
                if edge.constraint < 0 || trie.constraints[Int(edge.constraint)].matches(bytes) { return edge.terminal }
            }
        }
        // 5. Catch-all: this segment and everything after it.
        if n.catchAll >= 0 {
            ranges[depth] = (segStart, pathEnd)
            return n.catchAll
        }
        return -1
    }

    @inline(__always)
    func isLast(_ next: Int) -> Bool {
        var p = next
        while p < pathEnd {
            if base[p] != UInt8(ascii: "/") { return false }
            p += 1
        }
        return true
    }

    @inline(__always)
    func literalChild(_ n: TrieNode, _ vp: UnsafePointer<UInt8>, _ vlen: Int, fold: Bool) -> Int32 {
        if n.litCount <= RouteTrie.linearLimit {
            for k in Int(n.litStart)..<Int(n.litStart + n.litCount) {
                let edge = literals[k]
                if Int(edge.keyLength) == vlen && equal(edge, vp, vlen, fold: fold) { return edge.child }
            }
            return -1
        }
        let h = RouteTrie.hash(vp, vlen, fold: fold)
        var slot = Int32(truncatingIfNeeded: h) & n.tableMask
        while true {
            let idx = trie.litTable[Int(n.tableStart + slot)]
            if idx < 0 { return -1 }
            let edge = literals[Int(idx)]
            if edge.hash == h && Int(edge.keyLength) == vlen && equal(edge, vp, vlen, fold: fold) { return edge.child }
            slot = (slot + 1) & n.tableMask
        }
    }

    @inline(__always)
    func equal(_ edge: LiteralEdge, _ vp: UnsafePointer<UInt8>, _ vlen: Int, fold: Bool) -> Bool {
        let key = Int(edge.keyStart)
        if fold {
            for k in 0..<vlen {
                var b = vp[k]
                if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
                if b != keys[key + k] { return false }
            }
            return true
        }
        for k in 0..<vlen where vp[k] != keys[key + k] { return false }
        return true
    }
}
