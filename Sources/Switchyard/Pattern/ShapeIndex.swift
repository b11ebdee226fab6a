/// Registered routes by shape, for the builder's conflict check: an open-addressing table of (shape hash,
/// route index) that compares candidates through the routes' own patterns, so that it stores no pattern
/// (a dictionary keyed by the patterns copied and retained each one, and hashed each key again).
struct ShapeIndex {
    /// `(hash, index)` per slot; index -1 marks an empty slot. The count is a power of two, at most half full.
    private var slots: [(hash: Int, index: Int32)] = Array(repeating: (0, -1), count: 16)
    private var count = 0

    /// The index of the registered route whose shape hash is `hash` and for which `isSame` is true.
    func find(_ hash: Int, where isSame: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Self.home(hash, mask)
        while slots[slot].index >= 0 {
            if slots[slot].hash == hash && isSame(Int(slots[slot].index)) { return Int(slots[slot].index) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records route `index` under `hash` (the caller checked that no route of that shape is registered).
    mutating func insert(_ hash: Int, _ index: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        place(hash, Int32(index))
        count += 1
    }

    private mutating func place(_ hash: Int, _ index: Int32) {
        let mask = slots.count - 1
        var slot = Self.home(hash, mask)
        while slots[slot].index >= 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash, index)
    }

    private mutating func grow() { rehash(slotCount: slots.count * 2) }

    /// Makes room for `count` entries in all, so that inserting up to that many rehashes nothing.
    mutating func reserveCapacity(_ count: Int) {
        var size = slots.count
        while count * 2 > size { size *= 2 }
        if size > slots.count { rehash(slotCount: size) }
    }

    private mutating func rehash(slotCount: Int) {
        let old = slots
        slots = Array(repeating: (0, -1), count: slotCount)
        for entry in old where entry.index >= 0 { place(entry.hash, entry.index) }
    }

    private static func home(_ hash: Int, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: hash)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
