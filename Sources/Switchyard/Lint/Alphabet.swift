/// The scalars split into the elementary intervals that a group of scalar sets induces: each set is a
/// union of whole intervals, so one representative scalar stands for its interval.
package struct Alphabet {
    /// The intervals that some set touches, in order.
    package let intervals: [ClosedRange<UInt32>]
    /// A readable member of each interval, used to spell witnesses.
    package let representatives: [UInt32]

    package init(_ sets: [ScalarSet]) {
        var cuts = Set<UInt32>()
        for set in sets {
            for r in set.ranges {
                cuts.insert(r.lowerBound)
                cuts.insert(r.upperBound + 1)
            }
        }
        let sorted = cuts.sorted()
        var intervals: [ClosedRange<UInt32>] = []
        for k in 0..<max(sorted.count - 1, 0) {
            let piece = sorted[k]...(sorted[k + 1] - 1)
            if sets.contains(where: { $0.contains(piece.lowerBound) }) { intervals.append(piece) }
        }
        self.intervals = intervals
        representatives = intervals.map(Alphabet.representative)
    }

    /// Letters first, then digits (1 before 0), then other printable ASCII, then the interval's start.
    package static func representative(_ r: ClosedRange<UInt32>) -> UInt32 {
        let letters = "abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ-_~"
        let preferred = Array(letters.unicodeScalars).map(\.value)
        if let p = preferred.first(where: { r.contains($0) }) { return p }
        if let p = (0x21...0x7E).first(where: { r.contains(UInt32($0)) }) { return UInt32(p) }
        return r.lowerBound
    }

    /// Lower is plainer: small letters, digits (1 first), capitals, `-_~`, other ASCII, the rest.
    package static func readability(_ v: UInt32) -> Int {
        switch v {
        case 0x61...0x7A: Int(v - 0x61)
        case 0x31...0x39: 26 + Int(v - 0x31)
        case 0x30: 35
        case 0x41...0x5A: 36 + Int(v - 0x41)
        case 0x2D, 0x5F, 0x7E: 62
        case 0x21...0x7E: 63
        default: 64
        }
    }

    /// The indices of the intervals inside `set`.
    package func symbols(of set: ScalarSet) -> [Int] {
        var out: [Int] = []
        for r in set.ranges {
            // First interval whose start is at or after r.lowerBound.
            var lo = 0, hi = intervals.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if intervals[mid].lowerBound < r.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            var k = lo
            while k < intervals.count && intervals[k].lowerBound <= r.upperBound {
                out.append(k)
                k += 1
            }
        }
        return out
    }
}
