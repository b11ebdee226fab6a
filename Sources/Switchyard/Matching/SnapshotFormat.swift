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
