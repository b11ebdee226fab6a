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
