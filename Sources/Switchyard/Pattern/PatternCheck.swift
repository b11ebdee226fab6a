/// The result of checking one pattern against one URL, segment by segment (used by `explain`,
/// `validate`, traces and as a reference matcher in tests; the trie is the fast path).
package struct PatternCheck: Sendable, Equatable {
    /// True when the pattern matches the URL.
    package let matched: Bool
    /// Ranking classes used, scheme first (0 literal/specific scheme … 4 catch-all); lower wins.
    package let ranks: [Int]
    /// Why it did not match, when it did not.
    package let failure: String?
}
