/// A terminal as the trie keeps it: its route, with bit 31 set for the optional-absent variant, and its
/// place in the ranking of every terminal of the trie (lower wins; equal for terminals that tie), which is
/// all a lookup compares when several constrained siblings all match (8 bytes; the build's ``Terminal``,
/// with the rank vector, priority and order it was ranked by, is not kept).
struct TrieTerminal: Sendable {
    var route: Int32
    var rank: Int32

    /// No terminal (what a walk that found nothing returns).
    static let none = TrieTerminal(route: 0, rank: -1)
    /// False for ``none``.
    var isFound: Bool { rank >= 0 }
    /// The route's index.
    var routeIndex: Int { Int(route & 0x7FFF_FFFF) }
    /// True for the variant of an optional-segment route that ends before the optional segment.
    var isAbsentVariant: Bool { route < 0 }

    /// The trie's terminals for the build's, each ranked among all of them by ``Terminal/beats(_:)``.
    static func ranked(_ terminals: [Terminal]) -> [TrieTerminal] {
        let order = terminals.indices.sorted { terminals[$0].beats(terminals[$1]) }
        var ranks = [Int32](repeating: 0, count: terminals.count)
        var rank: Int32 = 0
        for (k, t) in order.enumerated() {
            if k > 0 && terminals[order[k - 1]].beats(terminals[t]) { rank += 1 }
            ranks[t] = rank
        }
        return zip(terminals, ranks).map { t, r in
            TrieTerminal(route: t.route | (t.isAbsentVariant ? Int32(bitPattern: 0x8000_0000) : 0), rank: r)
        }
    }
}
