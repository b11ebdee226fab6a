/// Every fully literal path of the trie that ends a match, keyed by its root (a scheme's node or the any-scheme
/// node) and the path's text, `host/segment/…/segment`: a lookup whose URL is written plainly (no escape, no
/// capital in the host, one `/` between segments) finds such a route with one probe and one compare, instead of
/// one literal step per level.
///
/// The answer is the walk's: the walk tries the literal edge first at every level, so the first terminal it
/// finds for such a URL is the end terminal of the node the all-literal path reaches, when that node has one.
/// That is the terminal kept here. When the table has no entry, the walk runs as before.
///
/// An entry is 16 bytes: a tag from the key's hash, the offset of the key's record (root, length, bytes) in
/// `records`, and the terminal. The table is at most half full.
struct LiteralPathTable {
    struct Entry {
        /// The hash's low 32 bits with bit 0 set; 0 marks an empty entry.
        var tag: UInt32
        /// The offset of the key's record in `records`: root (4 bytes), length (4 bytes), then the key's bytes.
        var record: UInt32
        var terminal: TrieTerminal
    }

    /// The longest path, in segments, the table holds (a walk handles more segments the same way; the limit
    /// keeps every entry well inside what the scanner records).
    static let maxSegments = 12
    /// The longest key, in bytes, the table holds.
    static let maxKeyLength = 4_096

    let entries: UnsafeMutableBufferPointer<Entry>
    let records: UnsafeMutableBufferPointer<UInt8>
    /// Bit `k` is set when some key has `k` path segments (no probe is made for a URL of any other count).
    let segmentCounts: UInt32

    /// The table for the trie's nodes and literal edges, whose end terminals are `ends`, from the given roots.
    init(nodes: UnsafeMutableBufferPointer<TrieNode>, literals: UnsafeMutableBufferPointer<LiteralEdge>,
         keyBytes: UnsafeMutableBufferPointer<UInt8>, ends: UnsafeMutableBufferPointer<TrieTerminal>, roots: [Int32]) {
        var keys: [(root: Int32, bytes: [UInt8], terminal: TrieTerminal)] = []
        var seen = Set<Int32>()
        var counts: UInt32 = 0
        for root in roots where root >= 0 && seen.insert(root).inserted {
            // Depth-first through literal edges only; `levels` counts the host as level 1.
            var stack: [(node: Int32, bytes: [UInt8], levels: Int)] = [(root, [], 0)]
            while let (node, bytes, levels) = stack.popLast() {
                if levels > 0 && ends[Int(node)].isFound {
                    keys.append((root, bytes, ends[Int(node)]))
                    counts |= 1 << UInt32(levels - 1)
                }
                guard levels <= Self.maxSegments else { continue }
                let n = nodes[Int(node)]
                for k in Int(n.litStart)..<Int(n.litStart) + Int(n.litCount) {
                    let edge = literals[k]
                    let start = Int(edge.keyStart)
                    let length = Int(edge.keyLength)
                    let key = keyBytes[start..<start + length]
                    // A key holding a `/` would read as two segments in a URL's text.
                    guard length > 0, !key.contains(UInt8(ascii: "/")), bytes.count + length < Self.maxKeyLength else { continue }
                    stack.append((edge.child, levels == 0 ? Array(key) : bytes + [UInt8(ascii: "/")] + key, levels + 1))
                }
            }
        }
        segmentCounts = counts
        let size = max(keys.count * 2, 2)
        entries = trieBuffer(count: size)
        entries.initialize(repeating: Entry(tag: 0, record: 0, terminal: .none))
        var recordBytes: [UInt8] = []
        for key in keys {
            let hash = key.bytes.withUnsafeBufferPointer { buf -> UInt64 in
                guard let p = buf.baseAddress else { return 0 }
                return Self.hash(root: key.root, p, buf.count, fold: false)
            }
            var slot = Self.home(hash, size: size)
            while entries[slot].tag != 0 { slot = slot &+ 1 == size ? 0 : slot &+ 1 }
            entries[slot] = Entry(tag: Self.tag(hash), record: UInt32(recordBytes.count), terminal: key.terminal)
            withUnsafeBytes(of: key.root.littleEndian) { recordBytes.append(contentsOf: $0) }
            withUnsafeBytes(of: Int32(key.bytes.count).littleEndian) { recordBytes.append(contentsOf: $0) }
            recordBytes.append(contentsOf: key.bytes)
        }
        records = frozen(recordBytes)
    }

    /// True when some key has `count` path segments (`count` at most ``maxSegments``).
    @inline(__always)
    func holds(segments count: Int) -> Bool { segmentCounts & 1 << UInt32(truncatingIfNeeded: count) != 0 }

    /// Frees the buffers.
    func deallocate() {
        release(entries)
        release(records)
    }

    @inline(__always)
    static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) | 1 }

    @inline(__always)
    static func home(_ hash: UInt64, size: Int) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(size)).high)
    }

    /// ASCII lowercase of all 8 bytes of `v` at once: a byte gets 0x20 when it is in 'A'...'Z'.
    @inline(__always)
    static func folded(_ v: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = v & ~high
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F  // high bit set when the byte's low 7 bits are >= 0x41
        let aboveZ = low7 &+ 0x2525_2525_2525_2525  // high bit set when they are >= 0x5B
        let upper = atLeastA & ~aboveZ & ~v & high
        return v | (upper >> 2)
    }

    /// The `index`th 8-byte word of the `count` bytes at `p` (the last one zero-padded), optionally folded.
    /// Reads only bytes inside `p..<p + count`: a last word shorter than 8 bytes is read as the 8 bytes that
    /// end at `p + count` and shifted down when `count >= 8`, else byte by byte.
    @inline(__always)
    static func word(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: Int, fold: Bool) -> UInt64 {
        let start = index &* 8
        let left = count &- start
        var v: UInt64
        if left >= 8 {
            v = UInt64(littleEndian: UnsafeRawPointer(p + start).loadUnaligned(as: UInt64.self))
        } else if count >= 8 {
            v = UInt64(littleEndian: UnsafeRawPointer(p + count - 8).loadUnaligned(as: UInt64.self)) >> UInt64(8 &* (8 &- left))
        } else {
            v = LiteralEdge.pack(p + start, left, fold: false)
        }
        return fold ? folded(v) : v
    }

    /// The hash of a key of `count` bytes at `p` under `root` (the URL's bytes folded when `fold`).
    @inline(__always)
    static func hash(root: Int32, _ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt64 {
        var h = UInt64(UInt32(bitPattern: root)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var i = 0
        let words = (count &+ 7) >> 3
        while i < words {
            h = (h ^ word(p, count, i, fold: fold)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i &+= 1
        }
        return (h &* 0xC4CE_B9FE_1A85_EC53) ^ (h >> 29)
    }

    /// The terminal of the fully literal path `(p, count)` (the URL's host through its last segment, as
    /// written) under `root`, or ``TrieTerminal/none``. `fold` folds the URL's bytes (paths that ignore case).
    @inline(__always)
    func find(root: Int32, _ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> TrieTerminal {
        let hash = Self.hash(root: root, p, count, fold: fold)
        let tag = Self.tag(hash)
        let size = entries.count
        var slot = Self.home(hash, size: size)
        while true {
            let entry = entries[slot]
            if entry.tag == 0 { return .none }
            if entry.tag == tag && equal(Int(entry.record), root: root, p, count, fold: fold) { return entry.terminal }
            slot = slot &+ 1 == size ? 0 : slot &+ 1
        }
    }

    /// True when the record at `offset` is `root` and the key `(p, count)` (folded when `fold`).
    @inline(__always)
    func equal(_ offset: Int, root: Int32, _ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> Bool {
        guard let base = records.baseAddress else { return false }
        let record = UnsafeRawPointer(base + offset)
        guard Int32(littleEndian: record.loadUnaligned(as: Int32.self)) == root,
              Int(Int32(littleEndian: record.loadUnaligned(fromByteOffset: 4, as: Int32.self))) == count else { return false }
        let key = base + offset + 8
        let words = (count &+ 7) >> 3
        var i = 0
        while i < words {
            if Self.word(key, count, i, fold: false) != Self.word(p, count, i, fold: fold) { return false }
            i &+= 1
        }
        return true
    }
}
