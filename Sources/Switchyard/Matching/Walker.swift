/// How the literal table files a node's edges: by the node's index, or by its path hash (tables larger than
/// ``RouteTrie/prefetchThreshold``, whose walk starts loading the next level's slot ahead, see
/// ``RouteTrie/prefetchesSlots``). A type parameter of the walk, so that each kind of walk is compiled without
/// the other's branches.
protocol SlotKeys {
    static var pathKeyed: Bool { get }
}

/// Slots filed by parent node index.
enum IndexKeys: SlotKeys {
    static var pathKeyed: Bool { false }
}

/// Slots filed by the parent's path hash.
enum PathKeys: SlotKeys {
    static var pathKeyed: Bool { true }
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
    /// Per recorded path segment, its first 16 bytes packed as a literal key (two words, see
    /// ``packed(_:_:fold:)``), filled by ``packSegments()`` before the walk: a step reads its segment's key
    /// from here, and a step can hash the next segment's to start loading the next level's slot. Nil when
    /// the URL needs decoding (segments are then read through `scratch`).
    let packedKeys: UnsafeMutablePointer<UInt64>?

    init(trie: RouteTrie, base: UnsafePointer<UInt8>, count: Int, scratch: UnsafeMutablePointer<UInt8>?,
         segments: UnsafePointer<UInt64>?, pathEnd: Int, foldPath: Bool, segmentCount: Int,
         packedKeys: UnsafeMutablePointer<UInt64>? = nil) {
        self.segmentCount = segmentCount
        self.packedKeys = segments == nil || scratch != nil ? nil : packedKeys
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

    /// Continues at `node` (whose slot key is `path`, see ``SlotKeys``), which is at `depth` (0 = host): `depth`
    /// path segments are consumed.
    func descend<K: SlotKeys>(_ node: Int32, path: UInt64, depth: Int, keys: K.Type,
                              _ c: inout Captured) -> TrieTerminal {
        let n = nodes[Int(node)]
        // Prune: no terminal below `node` ends after exactly the number of segments left.
        if n.lengths & TrieNode.lengthBit(segmentCount &- depth) == 0 { return .none }
        if depth == segmentCount { return ends[Int(node)] }
        // Deeper than any pattern: only a catch-all can take it.
        if depth + 1 >= URLScanner.recordedSegments { return catchAll(n.catchAll, depth: depth + 1, &c) }
        guard let segments else { return .none }
        let range = segments[depth]
        let (vp, vlen) = value(Int(range >> 32), Int(range & 0xFFFF_FFFF))
        return step(node, path, Walker.edges(of: n), vp, vlen, fold: foldPath, depth: depth + 1, keys: keys, &c)
    }

    /// ``descend(_:path:depth:keys:_:)`` into `child` from its summary (a literal slot's, or a node's for its
    /// parameter child): the child node is read only if its own non-literal edges must be tried.
    @inline(__always)
    func descend<K: SlotKeys>(_ child: Int32, path: UInt64, lengths: UInt32, kinds: Int32, depth: Int,
                              keys: K.Type, _ c: inout Captured) -> TrieTerminal {
        if lengths & TrieNode.lengthBit(segmentCount &- depth) == 0 { return .none }
        if depth == segmentCount { return ends[Int(child)] }
        if depth + 1 >= URLScanner.recordedSegments {
            return catchAll(nodes[Int(child)].catchAll, depth: depth + 1, &c)
        }
        guard let segments else { return .none }
        let range = segments[depth]
        let (vp, vlen) = value(Int(range >> 32), Int(range & 0xFFFF_FFFF))
        return step(child, path, kinds, vp, vlen, fold: foldPath, depth: depth + 1, keys: keys, &c)
    }

    /// Tries every edge of `node` (whose slot key is `path`, see ``SlotKeys``, and kinds of edge `kinds`, see
    /// ``Edges``) for the segment value `(vp, vlen)` at `depth` (0 = host).
    func step<K: SlotKeys>(_ node: Int32, _ path: UInt64, _ kinds: Int32, _ vp: UnsafePointer<UInt8>, _ vlen: Int,
                           fold: Bool, depth: Int, keys: K.Type, _ c: inout Captured) -> TrieTerminal {
        // 1. Literal.
        if kinds & Edges.literals != 0 && kinds & Walker.filterBit(vp, vlen, fold: fold) != 0 {
            let slot: Int
            var childPath: UInt64 = 0
            if K.pathKeyed {
                let (prefix, second, hash) = literalHash(path, vp, vlen, depth: depth, fold: fold)
                childPath = hash
                // The node is read below if the literal edge does not lead to a match: load it beside the slot.
                if kinds & Edges.others != 0 { prefetchNode(node) }
                // The next level's slot is known from the URL and the edge taken: start loading it for the literal
                // child (and for the others, when this node has some) while this level's slot is compared.
                prefetchNext(hash, kinds & Edges.others != 0 ? EdgeSlot.otherChild(path) : nil, depth: depth)
                slot = literalSlot(node, prefix, second, hash, vp, vlen, fold: fold)
            } else {
                let prefix = packed(vp, vlen, fold: fold)
                let second: UInt64 = vlen > 8 ? packed(vp + 8, min(vlen - 8, 8), fold: fold) : 0
                let hash = EdgeSlot.hash(path: path, prefix: prefix, second: second, length: vlen)
                slot = literalSlot(node, prefix, second, hash, vp, vlen, fold: fold)
            }
            if slot >= 0 {
                let edge = edges[slot]
                let childKinds = edge.childEdges
                if childKinds & (Edges.literals | Edges.others) != 0 || vlen > 16 {
                    let t = descend(edge.child, path: K.pathKeyed ? childPath : Walker.indexKey(edge.child),
                                    lengths: edge.childLengths, kinds: childKinds, depth: depth, keys: keys, &c)
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
        let other = K.pathKeyed ? EdgeSlot.otherChild(path) : 0
        // 2. Constrained parameters: every sibling, keeping the best.
        if n.conCount == 1 && safe {
            // One constrained sibling (the usual case): no need to compare trials.
            let edge = constrained[Int(n.conStart)]
            if constraintMatches(edge.constraint, vp, vlen) {
                let t = descend(edge.child, path: K.pathKeyed ? other : Walker.indexKey(edge.child), depth: depth,
                                keys: keys, &c)
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
                let t = descend(edge.child, path: K.pathKeyed ? other : Walker.indexKey(edge.child), depth: depth,
                                keys: keys, &c)
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
                let t = descend(n.param, path: K.pathKeyed ? other : Walker.indexKey(n.param),
                                lengths: n.paramLengths, kinds: n.paramEdges, depth: depth, keys: keys, &c)
                if t.isFound { return capture(t, depth: depth, &c) }
            }
        }
        // 4. Optional last segment: only when nothing follows.
        if n.optCount > 0 && safe && depth == segmentCount {
            for k in Int(n.optStart)..<Int(n.optStart + n.optCount) {
                let edge = optionals[k]
                if edge.constraint < 0 || constraintMatches(edge.constraint, vp, vlen) {
                    return capture(terminals[Int(edge.terminal)], depth: depth, &c)
                }
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

    /// The key a node's literal edges are filed under when the table is keyed by node index.
    @inline(__always)
    static func indexKey(_ node: Int32) -> UInt64 { UInt64(UInt32(bitPattern: node)) }

    /// Fills ``packedKeys`` (when there is one) for the URL's recorded segments.
    func packSegments() {
        guard let packedKeys, let segments else { return }
        for k in 0..<min(segmentCount, URLScanner.recordedSegments) {
            let range = segments[k]
            let start = Int(range >> 32)
            let length = Int(range & 0xFFFF_FFFF) - start
            packedKeys[2 * k] = packed(base + start, length, fold: foldPath)
            packedKeys[2 * k + 1] = length > 8 ? packed(base + start + 8, min(length - 8, 8), fold: foldPath) : 0
        }
    }

    /// The segment `(vp, vlen)` at `depth` (0 = host) as a literal key under a node whose path hash is `path`:
    /// its first 16 bytes packed (read from ``packedKeys`` for a path segment), and its
    /// ``EdgeSlot/hash(path:prefix:second:length:)`` (the path hash of the child it leads to).
    @inline(__always)
    func literalHash(_ path: UInt64, _ vp: UnsafePointer<UInt8>, _ vlen: Int, depth: Int,
                     fold: Bool) -> (prefix: UInt64, second: UInt64, hash: UInt64) {
        let prefix: UInt64
        let second: UInt64
        if depth > 0, let packedKeys {
            // Step `depth` matches path segment `depth - 1`, which `descend` read (so it is a recorded one).
            prefix = packedKeys[2 * (depth - 1)]
            second = packedKeys[2 * (depth - 1) + 1]
        } else {
            prefix = packed(vp, vlen, fold: fold)
            second = vlen > 8 ? packed(vp + 8, min(vlen - 8, 8), fold: fold) : 0
        }
        return (prefix, second, EdgeSlot.hash(path: path, prefix: prefix, second: second, length: vlen))
    }

    /// Starts loading the home slot of the segment after the one at `depth` under the child whose path hash is
    /// `first`, and under `second` if given: the slots the next level probes if the walk goes on there. Only
    /// for URLs without an escape (see ``packedKeys``); a hint, with no effect on results.
    @inline(__always)
    func prefetchNext(_ first: UInt64, _ second: UInt64?, depth: Int) {
        guard depth < segmentCount, depth + 1 < URLScanner.recordedSegments, let segments, let packedKeys,
              let table = edges.baseAddress else { return }
        let range = segments[depth]
        let length = Int(range & 0xFFFF_FFFF) - Int(range >> 32)
        let prefix = packedKeys[2 * depth]
        let word = packedKeys[2 * depth + 1]
        let hash = EdgeSlot.hash(path: first, prefix: prefix, second: word, length: length)
        prefetch(UnsafeRawPointer(table + EdgeSlot.index(hash, size: edgeCount)))
        if let second {
            let other = EdgeSlot.hash(path: second, prefix: prefix, second: word, length: length)
            prefetch(UnsafeRawPointer(table + EdgeSlot.index(other, size: edgeCount)))
        }
    }

    /// The slot of the literal edge of `node` whose key is the segment `(vp, vlen)` (packed as `prefix` and
    /// `second`, hashed as `hash` by ``EdgeSlot/hash(path:prefix:second:length:)``), or -1.
    @inline(__always)
    func literalSlot(_ node: Int32, _ prefix: UInt64, _ second: UInt64, _ hash: UInt64, _ vp: UnsafePointer<UInt8>,
                     _ vlen: Int, fold: Bool) -> Int {
        let code = EdgeSlot.lengthCode(vlen)
        var slot = EdgeSlot.index(hash, size: edgeCount)
        while true {
            let edge = edges[slot]
            if edge.parent == node && edge.prefix == prefix && edge.second == second
                && edge.meta & EdgeSlot.lengthBits == code
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
