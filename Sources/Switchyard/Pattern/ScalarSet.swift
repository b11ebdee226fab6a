/// A set of Unicode scalar values as sorted, disjoint, non-adjacent ranges, with a bitmap for ASCII.
package struct ScalarSet: Sendable, Hashable {
    private(set) var ranges: [ClosedRange<UInt32>]
    private var low: UInt64 = 0   // scalars 0..<64
    private var high: UInt64 = 0  // scalars 64..<128

    init(_ input: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for r in input.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        ranges = merged
        for r in merged where r.lowerBound < 128 {
            for c in r.lowerBound...min(r.upperBound, 127) {
                if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
            }
        }
    }

    init(scalar: UInt32) { self.init([scalar...scalar]) }

    static let empty = ScalarSet([])
    static let any = ScalarSet([0...0x10FFFF])
    static let digit = ScalarSet([48...57])
    static let word = ScalarSet([48...57, 65...90, 95...95, 97...122])
    static let space = ScalarSet([9...13, 32...32])

    var isEmpty: Bool { ranges.isEmpty }
    /// True when every member is ASCII (so it can live in a byte table).
    var isASCII: Bool { (ranges.last?.upperBound ?? 0) < 128 }

    @inline(__always)
    func contains(_ c: UInt32) -> Bool {
        if c < 64 { return low & (1 << UInt64(c)) != 0 }
        if c < 128 { return high & (1 << UInt64(c - 64)) != 0 }
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < c { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].lowerBound <= c
    }

    func union(_ other: ScalarSet) -> ScalarSet { ScalarSet(ranges + other.ranges) }

    func inverted() -> ScalarSet {
        var out: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for r in ranges {
            if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
            next = r.upperBound + 1
        }
        if next <= 0x10FFFF { out.append(next...0x10FFFF) }
        return ScalarSet(out)
    }

    func intersects(_ other: ScalarSet) -> Bool {
        var i = 0, j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i], b = other.ranges[j]
            if a.overlaps(b) { return true }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return false
    }
}
