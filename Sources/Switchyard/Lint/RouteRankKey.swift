/// The ranking of a ``RankedPattern`` as one comparable value, computed once (``RankedPattern/beats(_:)``
/// builds its class lists on every call).
package struct RouteRankKey: Comparable {
    package let ranks: [Int]
    package let priority: Int
    package let order: Int

    package init(_ p: RankedPattern) {
        ranks = p.ranks
        priority = p.priority
        order = p.order
    }

    package static func < (l: RouteRankKey, r: RouteRankKey) -> Bool {
        if l.ranks != r.ranks { return l.ranks.lexicographicallyPrecedes(r.ranks) }
        if l.priority != r.priority { return l.priority > r.priority }
        return l.order < r.order
    }
}
