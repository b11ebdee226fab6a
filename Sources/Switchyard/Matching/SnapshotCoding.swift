/// The byte-level pieces of a route-table snapshot: the writer, the bounds-checked reader, the payload
/// checksum and the layout fingerprint. See ``RouteTable/snapshot(version:)``.
enum SnapshotFormat {
    /// `SWYDSNAP`: the first 8 bytes of every snapshot.
    static let magic: [UInt8] = Array("SWYDSNAP".utf8)
    /// The format number: bumped whenever the payload's layout or meaning changes (4: optional edges
    /// are stored in ranking order, no longer constrained first).
    static let number: UInt32 = 4
    /// Byte offset of the format number in the header.
    static let formatOffset = 8
    /// Byte offset of the layout fingerprint in the header.
    static let fingerprintOffset = 12
    /// The most bytes a count in a snapshot may claim (the trie's indices are 32-bit).
    static let maxCount = Int(Int32.max)

    /// A fingerprint of the in-memory layout of the structs the trie's arrays are written as (their sizes,
    /// strides, alignments and field offsets), the width of `Int` and the byte order. A binary whose structs
    /// are laid out differently computes another value and refuses the snapshot instead of misreading it.
    static let layoutFingerprint: UInt64 = {
        var parts: [Int] = [Int.bitWidth, 1.littleEndian == 1 ? 1 : 2]
        func describe<T>(_ type: T.Type, _ fields: [PartialKeyPath<T>]) {
            parts += [MemoryLayout<T>.size, MemoryLayout<T>.stride, MemoryLayout<T>.alignment]
            parts += fields.map { MemoryLayout<T>.offset(of: $0) ?? -1 }
        }
        describe(TrieNode.self, [\.litStart, \.litCount, \.conStart, \.conCount, \.param, \.optStart, \.optCount,
                                 \.catchAll, \.exact, \.absent, \.lengths, \.paramLengths, \.paramEdges])
        describe(LiteralEdge.self, [\.keyStart, \.keyLength, \.child])
        describe(ConstrainedEdge.self, [\.constraint, \.child])
        describe(OptionalEdge.self, [\.constraint, \.terminal])
        describe(TrieTerminal.self, [\.route, \.rank])
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for part in parts {
            withUnsafeBytes(of: Int64(part).littleEndian) { bytes in
                for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            }
        }
        return hash
    }()

    /// A 64-bit checksum of `bytes`, 8 bytes per step (not cryptographic: it catches damage, not forgery).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var i = 0
        let count = bytes.count
        while i + 8 <= count {
            let w = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 31)
    }
}

/// Appends little-endian scalars, length-prefixed strings and raw struct arrays.
struct SnapshotWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
    mutating func i64(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
    mutating func count(_ n: Int) { u32(UInt32(truncatingIfNeeded: n)) }

    mutating func string(_ s: String) {
        count(s.utf8.count)
        bytes.append(contentsOf: s.utf8)
    }

    /// The count, then each element's bytes as they are in memory, `stride` apart, padding zeroed (the
    /// structs written this way have no padding between their fields, so the output is deterministic).
    mutating func raw<T: BitwiseCopyable>(_ items: UnsafeBufferPointer<T>) {
        count(items.count)
        let stride = MemoryLayout<T>.stride
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: items.count * stride))
        bytes.withUnsafeMutableBytes { out in
            for (i, item) in items.enumerated() {
                out.storeBytes(of: item, toByteOffset: start + i * stride, as: T.self)
            }
        }
    }
}

/// Reads a snapshot's bytes with every read bounds-checked: reading past `end` is a typed error naming
/// what was being read and where, never a trap.
struct SnapshotReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int
    /// One past the last byte this reader may read.
    let end: Int
    /// The error for a read past `end`: `.truncated` in the header, `.corrupt` inside the payload (whose
    /// length the header already checked).
    let pastEndIsTruncation: Bool

    func pastEnd(_ what: String) -> SnapshotError {
        pastEndIsTruncation
            ? .truncated(offset: offset) : .corrupt("\(what) runs past the end of the payload", offset: offset)
    }

    mutating func take(_ n: Int, _ what: String) throws(SnapshotError) -> Int {
        guard n >= 0, end - offset >= n else { throw pastEnd(what) }
        let at = offset
        offset += n
        return at
    }

    mutating func u8(_ what: String) throws(SnapshotError) -> UInt8 { bytes[try take(1, what)] }
    mutating func u32(_ what: String) throws(SnapshotError) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4, what), as: UInt32.self))
    }
    mutating func u64(_ what: String) throws(SnapshotError) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8, what), as: UInt64.self))
    }
    mutating func i32(_ what: String) throws(SnapshotError) -> Int32 { Int32(bitPattern: try u32(what)) }
    mutating func i64(_ what: String) throws(SnapshotError) -> Int {
        let v = Int64(bitPattern: try u64(what))
        guard let i = Int(exactly: v) else { throw .corrupt("\(what) \(v) does not fit in Int", offset: offset - 8) }
        return i
    }
    mutating func bool(_ what: String) throws(SnapshotError) -> Bool {
        let at = offset
        switch try u8(what) {
        case 0: return false
        case 1: return true
        case let b: throw .corrupt("\(what) is \(b), not 0 or 1", offset: at)
        }
    }

    /// A count of elements that each take at least `minimumSize` bytes: refused when they cannot fit in
    /// what is left, so a hostile count never drives a huge allocation.
    mutating func count(_ what: String, minimumSize: Int) throws(SnapshotError) -> Int {
        let at = offset
        let n = Int(try u32("count of \(what)"))
        guard n <= SnapshotFormat.maxCount, n <= (end - offset) / max(minimumSize, 1) else {
            throw pastEndIsTruncation
                ? .truncated(offset: at) : .corrupt("count of \(what) (\(n)) does not fit in the payload", offset: at)
        }
        return n
    }

    /// A length-prefixed UTF-8 string; invalid UTF-8 is refused.
    mutating func string(_ what: String) throws(SnapshotError) -> String {
        let n = try count(what, minimumSize: 1)
        let at = try take(n, what)
        guard let s = String(validating: UnsafeRawBufferPointer(rebasing: bytes[at..<at + n]), as: UTF8.self) else {
            throw .corrupt("\(what) is not valid UTF-8", offset: at)
        }
        return s
    }

    /// A raw struct array written by ``SnapshotWriter/raw(_:)``: the count, then the elements' bytes,
    /// copied as they are, after `check` has seen the raw bytes of each element (at its byte offset), into
    /// a buffer from `trieBuffer(count:)` (the caller owns it, and frees it with `release(_:)`).
    mutating func raw<T: BitwiseCopyable>(_ type: T.Type, _ what: String,
                                          check: (Int) throws(SnapshotError) -> Void = { _ in })
        throws(SnapshotError) -> (items: UnsafeMutableBufferPointer<T>, start: Int) {
        let stride = MemoryLayout<T>.stride
        let n = try count(what, minimumSize: stride)
        let start = try take(n * stride, what)
        for i in 0..<n { try check(start + i * stride) }
        let buffer: UnsafeMutableBufferPointer<T> = trieBuffer(count: n)
        if n > 0 {
            UnsafeMutableRawBufferPointer(buffer)
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + n * stride]))
        }
        return (buffer, start)
    }
}
