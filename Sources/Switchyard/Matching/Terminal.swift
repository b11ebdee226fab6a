/// One way a route can end a match, as the build ranks it: the route itself, or the "optional segment
/// absent" variant. The trie keeps only its route and place in the ranking (``TrieTerminal``).
struct Terminal: Sendable {
    var route: Int32
    /// Per-depth ranking classes (scheme first), packed for lexicographic comparison (see ``RankKey``);
    /// lower wins.
    var ranks: RankKey
    var priority: Int
    var order: Int
    /// True for the variant of an optional-segment route that ends before the optional segment.
    var isAbsentVariant: Bool

    /// True when `self` ranks before `other`: segment classes, then higher priority, then earlier registration.
    func beats(_ other: Terminal) -> Bool {
        if ranks != other.ranks { return ranks < other.ranks }
        if priority != other.priority { return priority > other.priority }
        return order < other.order
    }
}
