/// What the trie found for a URL: the route, whether an optional segment was absent, and byte ranges.
@usableFromInline
struct RawMatch: Sendable {
    @usableFromInline let route: Int32
    let optionalAbsent: Bool
    let layout: URLLayout
    /// The raw byte range of each captured parameter, in the pattern's parameter order.
    let captures: CaptureRanges
}

/// Up to ``RoutePattern/maxParameters`` byte ranges, stored inline.
struct CaptureRanges: Sendable {
    var storage: InlineArray<8, UInt64> = .init(repeating: 0)

    subscript(index: Int) -> (start: Int, end: Int) {
        let v = storage[index]
        return (Int(v >> 32), Int(v & 0xFFFF_FFFF))
    }
}

/// Raw byte ranges of the segments a match went through, by depth (0 = host).
///
/// Stored inline so that a successful lookup allocates nothing.
struct SegmentRanges: Sendable {
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

/// One way a route can end a match: the route itself, or the "optional segment absent" variant.
struct Terminal: Sendable {
    var route: Int32
    /// Per-depth ranking classes (scheme first); lower wins, compared lexicographically.
    /// Per-depth ranking classes packed for lexicographic comparison (see ``RankKey``).
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
    /// The key's first (up to) 8 bytes, little-endian: keys of 8 bytes or fewer compare without `keyBytes`.
    var prefix: UInt64
    var keyStart: Int32
    var keyLength: Int32
    /// `-1` marks an empty slot in an open-addressing table.
    var child: Int32

    /// Up to 8 bytes packed little-endian, optionally ASCII-folded.
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
/// Copies an array into a manually managed buffer that lives as long as its owner.
private func frozen<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
}

@usableFromInline
final class RouteTrie: @unchecked Sendable {
    // @unchecked: every stored property is written once in `init` and only read afterwards; the
    // buffers hold trivial values and are freed in `deinit`.
    static let linearLimit: Int32 = 4
    /// The FNV-1a offset basis: the hash of no bytes.
    static let emptyHash: UInt64 = 0xcbf2_9ce4_8422_2325

    let nodes: UnsafeMutableBufferPointer<TrieNode>
    let literals: UnsafeMutableBufferPointer<LiteralEdge>
    let litTable: UnsafeMutableBufferPointer<LiteralEdge>
    let keyBytes: UnsafeMutableBufferPointer<UInt8>
    let constrained: UnsafeMutableBufferPointer<ConstrainedEdge>
    let optionals: UnsafeMutableBufferPointer<OptionalEdge>
    let constraints: [SegmentConstraint]
    let terminals: [Terminal]
    /// Per terminal: its route, with bit 31 set for the optional-absent variant (read on every hit).
    let terminalRoutes: UnsafeMutableBufferPointer<Int32>
    /// Per route: the depths of its captured parameters, 8 bits each, lowest first; and their count.
    let captureDepths: UnsafeMutableBufferPointer<UInt64>
    let captureCounts: UnsafeMutableBufferPointer<UInt8>
    /// Scheme subtrees: lowercased scheme → host-level node. Tried before `anyScheme`.
    let schemes: [([UInt8], Int32)]
    let anyScheme: Int32
    let foldPath: Bool

    init(nodes: [TrieNode], literals: [LiteralEdge], litTable: [LiteralEdge], keyBytes: [UInt8],
         constrained: [ConstrainedEdge], optionals: [OptionalEdge], constraints: [SegmentConstraint],
         terminals: [Terminal], captures: [[Int]], schemes: [([UInt8], Int32)], anyScheme: Int32, foldPath: Bool) {
        self.nodes = frozen(nodes)
        self.literals = frozen(literals)
        self.litTable = frozen(litTable)
        self.keyBytes = frozen(keyBytes)
        self.constrained = frozen(constrained)
        self.optionals = frozen(optionals)
        self.constraints = constraints
        self.terminals = terminals
        terminalRoutes = frozen(terminals.map { $0.route | ($0.isAbsentVariant ? Int32(bitPattern: 0x8000_0000) : 0) })
        captureDepths = frozen(captures.map { depths in
            depths.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64(UInt8(truncatingIfNeeded: $1.element)) << (8 * UInt64($1.offset)) }
        })
        captureCounts = frozen(captures.map { UInt8(min($0.count, 8)) })
        self.schemes = schemes
        self.anyScheme = anyScheme
        self.foldPath = foldPath
    }

    deinit {
        nodes.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        literals.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        litTable.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        keyBytes.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        constrained.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        optionals.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        terminalRoutes.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        captureDepths.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
        captureCounts.baseAddress.map { UnsafeMutablePointer($0).deallocate() }
    }

    /// A hash of a key of at most 8 bytes from its packed bytes and length (no per-byte loop).
    @inline(__always)
    static func mix(_ prefix: UInt64, _ count: Int) -> UInt64 {
        var x = prefix ^ (UInt64(count) << 59) ^ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return x ^ (x >> 29)
    }

    /// FNV-1a over bytes (keys longer than 8 bytes), or ``mix(_:_:)`` of the packed bytes; optionally
    /// folding ASCII upper case.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt64 {
        if count <= 8 { return mix(LiteralEdge.pack(p, count, fold: fold), count) }
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

    /// Scans and matches `url`: nil when no route matches, a typed error when the URL is invalid.
    @usableFromInline
    func lookup(_ url: String, limits: URLLimits) throws(URLParseError) -> RawMatch? {
        var failure: URLParseError?
        // Native strings expose their bytes directly; others are copied once.
        let direct = url.utf8.withContiguousStorageIfAvailable { buf in lookup(buf, limits: limits, failure: &failure) }
        if let direct {
            if let failure { throw failure }
            return direct
        }
        var text = url
        let found = text.withUTF8 { buf in lookup(buf, limits: limits, failure: &failure) }
        if let failure { throw failure }
        return found
    }

    private func lookup(_ buf: UnsafeBufferPointer<UInt8>, limits: URLLimits, failure: inout URLParseError?) -> RawMatch? {
        let layout: URLLayout
        do throws(URLParseError) { layout = try URLScanner.scan(buf, limits: limits) } catch {
            failure = error
            return nil
        }
        var ranges = SegmentRanges()
        let t: Int32
        // The scratch buffer receives decoded segments and the lowercased host.
        if layout.needsDecode || layout.hostHasUpper {
            t = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buf.count, 1)) { scratch in
                match(buf, layout, scratch.baseAddress, &ranges)
            }
        } else {
            t = match(buf, layout, nil, &ranges)
        }
        guard t >= 0 else { return nil }
        let packed = terminalRoutes[Int(t)]
        let route = Int(packed & 0x7FFF_FFFF)
        var captures = CaptureRanges()
        let depths = captureDepths[route]
        for i in 0..<Int(captureCounts[route]) {
            captures.storage[i] = ranges.storage[Int(UInt8(truncatingIfNeeded: depths >> (8 * UInt64(i))))]
        }
        return RawMatch(route: Int32(route), optionalAbsent: packed < 0, layout: layout, captures: captures)
    }

    /// Finds the best terminal for the URL in `buf` described by `layout`.
    /// `scratch` must have room for `buf.count` bytes; it receives decoded segments and the lowercased
    /// host. It may be nil only when the layout needs neither (`needsDecode` and `hostHasUpper` false).
    func match(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ scratch: UnsafeMutablePointer<UInt8>?,
               _ ranges: inout SegmentRanges) -> Int32 {
        guard let base = buf.baseAddress else { return -1 }
        var walker = Walker(trie: self, base: base, scratch: scratch, pathEnd: layout.pathEnd, foldPath: foldPath)
        ranges[0] = (layout.hostStart, layout.hostEnd)
        let host = walker.hostValue(layout)
        if layout.hasScheme {
            for (scheme, node) in schemes where Self.equalFolded(base, layout.schemeEnd, scheme) {
                let t = walker.host(node, host, layout, &ranges)
                if t >= 0 { return t }
            }
        }
        if anyScheme >= 0 { return walker.host(anyScheme, host, layout, &ranges) }
        return -1
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
    unowned(unsafe) let trie: RouteTrie
    let nodes: UnsafeMutableBufferPointer<TrieNode>
    let literals: UnsafeMutableBufferPointer<LiteralEdge>
    let litTable: UnsafeMutableBufferPointer<LiteralEdge>
    let keys: UnsafeMutableBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>?
    let pathEnd: Int
    let foldPath: Bool

    init(trie: RouteTrie, base: UnsafePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>?, pathEnd: Int, foldPath: Bool) {
        self.trie = trie
        nodes = trie.nodes
        literals = trie.literals
        litTable = trie.litTable
        keys = trie.keyBytes
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

    /// Matches the host segment (`host`, from ``hostValue(_:)``) at `node`, then the path.
    mutating func host(_ node: Int32, _ host: (UnsafePointer<UInt8>, Int), _ layout: URLLayout,
                       _ ranges: inout SegmentRanges) -> Int32 {
        step(node, host.0, host.1, fold: true, depth: 0, next: layout.pathStart, &ranges)
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
        // A parameter takes the decoded segment whole, a decoded '/' or '\' included (the segment was
        // split before decoding, so it never spans two segments); only a dot segment is refused.
        let safe = !Walker.isDotSegment(vp, vlen)
        // 2. Constrained parameters: every sibling, keeping the best.
        if n.conCount == 1 && safe {
            // One constrained sibling (the usual case): no need to compare trials.
            let edge = trie.constrained[Int(n.conStart)]
            if trie.constraints[Int(edge.constraint)].matches(UnsafeBufferPointer(start: vp, count: vlen)) {
                let t = descend(edge.child, depth: depth, from: next, &ranges)
                if t >= 0 { return t }
                ranges[depth] = (segStart, next)
            }
        } else if n.conCount > 1 && safe {
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
        let prefix = LiteralEdge.pack(vp, vlen, fold: fold)
        if n.litCount <= RouteTrie.linearLimit {
            for k in Int(n.litStart)..<Int(n.litStart + n.litCount) {
                let edge = literals[k]
                if Int(edge.keyLength) == vlen && edge.prefix == prefix && (vlen <= 8 || equal(edge, vp, vlen, fold: fold)) {
                    return edge.child
                }
            }
            return -1
        }
        let h = vlen <= 8 ? RouteTrie.mix(prefix, vlen) : RouteTrie.hash(vp, vlen, fold: fold)
        var slot = Int32(truncatingIfNeeded: h) & n.tableMask
        while true {
            let edge = litTable[Int(n.tableStart + slot)]
            if edge.child < 0 { return -1 }
            if edge.hash == h && Int(edge.keyLength) == vlen && edge.prefix == prefix && (vlen <= 8 || equal(edge, vp, vlen, fold: fold)) {
                return edge.child
            }
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
