/// The URLs a pattern, or a rewrite's destination, stands for: a scheme (or any) and one segment
/// language per position, host first, with the number of segments allowed.
package struct URLLanguage: Sendable {
    /// The scheme, or nil for any scheme.
    package var scheme: String?
    /// The language of each position before the tail.
    package var positions: [SegmentLanguage]
    /// The fewest segments (host included) a URL has.
    package var minCount: Int
    /// The most segments, or nil when a catch-all allows any number.
    package var maxCount: Int?
    /// The language of positions after `positions` (a catch-all's segments), when unbounded.
    package var tail: SegmentLanguage?

    /// Creates a language from its parts.
    package init(scheme: String?, positions: [SegmentLanguage], minCount: Int, maxCount: Int?, tail: SegmentLanguage?) {
        self.scheme = scheme
        self.positions = positions
        self.minCount = minCount
        self.maxCount = maxCount
        self.tail = tail
    }

    /// The language at position `i`, nil past the end.
    package func position(_ i: Int) -> SegmentLanguage? { i < positions.count ? positions[i] : tail }

    /// The segment counts it allows, at most `bound`.
    package func counts(upTo bound: Int) -> [Int] {
        let hi = min(maxCount ?? bound, bound)
        return minCount <= hi ? Array(minCount...hi) : []
    }
}
