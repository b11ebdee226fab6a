/// Numbers distinct keys in order of arrival: an open-addressing table of key numbers, found by a 64-bit
/// hash of the key's bytes (FNV-1a, ``hash(_:)``), never more than half full. The keys themselves live
/// with the caller, which says whether a stored key equals the one looked up; the trie compiler's literal
/// keys and a pattern store's texts share it. For the short keys of patterns it costs less than
/// `Dictionary`'s seeded hashing.
struct InternIndex {
    /// Per key number, its hash.
    private var hashes: [UInt64] = []
    /// Each slot holds a key number, or -1; the count is a power of two.
    private var slots = [Int32](repeating: -1, count: 64)

    /// How many keys are numbered.
    var count: Int { hashes.count }

    /// An empty index.
    init() {}

    /// An empty index with room for `capacity` keys before it grows (a power of two at least twice that).
    init(capacity: Int) {
        var slotCount = 64
        while slotCount < capacity * 2 { slotCount *= 2 }
        slots = [Int32](repeating: -1, count: slotCount)
        hashes.reserveCapacity(capacity)
    }

    /// The number of the key whose hash is `hash` and for whose number `isKey` is true; when there is none,
    /// the key is numbered `count` (the caller stores it under that number) and `isNew` is true.
    mutating func id(hash: UInt64, isKey: (Int32) -> Bool) -> (id: Int32, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let k = slots[slot]
            if hashes[Int(k)] == hash && isKey(k) { return (k, false) }
            slot = (slot + 1) & mask
        }
        let k = Int32(hashes.count)
        hashes.append(hash)
        slots[slot] = k
        if hashes.count * 2 > slots.count { grow() }
        return (k, true)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (k, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(k)
        }
    }

    /// FNV-1a of `bytes`, with its high bits folded into the low ones (which pick the slot).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h ^ h >> 29
    }
}
