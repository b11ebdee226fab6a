/// The route `explain` names first among those that do not match a URL (`RouteTable.explain(_:)`'s first
/// candidate whose `matched` is false), found without a pass over the whole table.
///
/// `match` names this route for every URL that opens nothing; on a large table a pass per miss made it
/// the slowest part of a run. The index answers as `explain` does (a property test compares the two on
/// random tables and URLs):
/// - among the routes `explain` considers (same scheme or any scheme, a host that could match), the
///   one that got furthest through the URL, then table order;
/// - when no anchored route is considered, the nearest of the others by `RouteTable.nearness`,
///   then table order. Routes are grouped by scheme and literal host (a group's scheme and host score
///   is worked out once), each group's paths are kept in a tree of segments, and the search descends
///   only where the score still reachable beats the best route found.
package final class NearestRouteIndex {
    private let patterns: [RoutePattern]
    private let options: MatchOptions
    private let groups: [Group]
    private let nodes: [Node]
    /// The routes in the order the tree lays them out: each node's routes are `records[node.records]`.
    private let records: [Record]

    /// Routes sharing a scheme (or none) and a literal host (or none: suffix patterns and parameter hosts).
    private struct Group {
        let scheme: String?
        let host: String?
        var members: [Int] = []
        var hasAnchored = false
        var root = 0
        /// Whether a parameter (of any kind) is at each position of the group's paths: what a URL
        /// segment there that is none of the group's literals can still score.
        var parameterAt: [Bool] = []
    }

    /// For each path position, the groups that have each literal there (what a URL segment at that
    /// position can score 100 in).
    private let literalGroups: [[String: [Int]]]
    /// The host part of each group's score, by the URL host it was worked out for (hosts of misses
    /// repeat; the edit distance is the costly part).
    private var hostScores: [String: [Int]] = [:]
    /// The pattern texts named so far (misses of a run name few routes, again and again).
    private var texts: [String?]

    /// A node of a group's path tree: the routes below it share the path segments above it.
    private struct Node {
        var literals: [String: Int] = [:]
        var parameter = -1
        /// Routes whose path ends here.
        var ends: [Record] = []
        /// The routes of the whole subtree, in `records`.
        var records: Range<Int> = 0..<0
        var minIndex = Int.max
        /// The longest path in the subtree.
        var depth = 0
    }

    /// What the score of a route needs once its path is walked: its index and its path's shape.
    private struct Record {
        let index: Int
        let shape: PathShape
    }

    /// Builds the index over `table`'s routes (read once).
    package init<Target>(_ table: RouteTable<Target>) {
        patterns = table.routes.map(\.pattern)
        options = table.options
        texts = [String?](repeating: nil, count: patterns.count)
        var groups: [Group] = []
        var nodes: [Node] = []
        var literalGroups: [[String: [Int]]] = []
        var groupOf: [GroupKey: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            let host = RouteTable<Never>.literalHost(pattern)
            let key = GroupKey(scheme: pattern.scheme, host: host)
            let g: Int
            if let known = groupOf[key] {
                g = known
            } else {
                g = groups.count
                groupOf[key] = g
                groups.append(Group(scheme: pattern.scheme, host: host, root: nodes.count))
                nodes.append(Node())
            }
            groups[g].members.append(index)
            if !pattern.isSuffix { groups[g].hasAnchored = true }
            var node = groups[g].root
            for (position, segment) in pattern.path.enumerated() {
                if groups[g].parameterAt.count <= position { groups[g].parameterAt.append(false) }
                if literalGroups.count <= position { literalGroups.append([:]) }
                let next: Int
                if case .literal(let text) = segment {
                    if literalGroups[position][text]?.last != g { literalGroups[position][text, default: []].append(g) }
                    if let child = nodes[node].literals[text] { next = child } else {
                        next = nodes.count
                        nodes[node].literals[text] = next
                        nodes.append(Node())
                    }
                } else {
                    groups[g].parameterAt[position] = true
                    if nodes[node].parameter >= 0 { next = nodes[node].parameter } else {
                        next = nodes.count
                        nodes[node].parameter = next
                        nodes.append(Node())
                    }
                }
                node = next
            }
            nodes[node].ends.append(Record(index: index, shape: PathShape(pattern.path)))
        }
        var records: [Record] = []
        for g in groups.indices { Self.lay(groups[g].root, depth: 0, &nodes, &records) }
        self.groups = groups
        self.nodes = nodes
        self.records = records
        self.literalGroups = literalGroups
    }

    private struct GroupKey: Hashable {
        let scheme: String?
        let host: String?
    }

    /// Lays out the subtree of `node` in `records` and sets its range, first index and depth.
    private static func lay(_ node: Int, depth: Int, _ nodes: inout [Node], _ records: inout [Record]) {
        let start = records.count
        var minIndex = Int.max
        var deepest = depth
        for end in nodes[node].ends {
            records.append(end)
            minIndex = min(minIndex, end.index)
        }
        var children = nodes[node].literals.values.sorted()
        if nodes[node].parameter >= 0 { children.append(nodes[node].parameter) }
        for child in children {
            lay(child, depth: depth + 1, &nodes, &records)
            minIndex = min(minIndex, nodes[child].minIndex)
            deepest = max(deepest, nodes[child].depth)
        }
        nodes[node].records = start..<records.count
        nodes[node].minIndex = minIndex
        nodes[node].depth = deepest
    }

    /// The first candidate `explain` lists for `url` that does not match it; nil when the URL does not
    /// read or `explain` lists none.
    package func nearestMiss(_ url: String) -> Explanation.Candidate? {
        guard let parsed = try? RouteURL(url, limits: options.limits) else { return nil }
        return nearestMiss(parsed)
    }

    /// `nearestMiss(_:)` for a URL already read.
    package func nearestMiss(_ url: RouteURL) -> Explanation.Candidate? {
        var considered: [Int] = []
        var anchored = false
        var others: [Int] = []
        for (g, group) in groups.enumerated() {
            if RouteTable<Never>.considers(scheme: group.scheme, host: group.host, url) {
                considered += group.members
                anchored = anchored || group.hasAnchored
            } else {
                others.append(g)
            }
        }
        considered.sort()
        var best: (score: Int, index: Int, failure: String)?
        for index in considered {
            let check = patterns[index].check(url, caseInsensitivePaths: options.caseInsensitivePaths)
            guard !check.matched else { continue }
            let score = RouteTable<Never>.missScore(check)
            if score > best?.score ?? Int.min { best = (score, index, check.failure ?? "no match") }
        }
        if let best {
            return .init(pattern: text(best.index), matched: false, verdict: best.failure)
        }
        guard !anchored, let index = nearest(url, among: others) else { return nil }
        return .init(pattern: text(index), matched: false,
                     verdict: RouteTable<Never>.nearnessVerdict(patterns[index], url))
    }

    /// Route `index`'s pattern text, written once.
    private func text(_ index: Int) -> String {
        if let known = texts[index] { return known }
        let text = patterns[index].description
        texts[index] = text
        return text
    }

    /// The nearest route of `groups` (by `RouteTable.nearness`, then table order).
    private func nearest(_ url: RouteURL, among candidates: [Int]) -> Int? {
        let segments = url.pathSegments
        let n = segments.count
        // Where the URL's segments are literals of a group (positions below 64).
        var hits = [UInt64](repeating: 0, count: groups.count)
        for k in 0..<min(n, 64, literalGroups.count) {
            for g in literalGroups[k][segments[k]] ?? [] { hits[g] |= 1 << UInt64(k) }
        }
        let hostParts = hostScores(url.host)
        var search = Search(segments: segments)
        // Each group's score, and the most its paths can add to it.
        var scored: [(group: Int, score: Int, bound: Int)] = []
        scored.reserveCapacity(candidates.count)
        for g in candidates {
            let score = (groups[g].scheme == nil || groups[g].scheme == url.scheme ? 10_000 : 0) + hostParts[g]
            scored.append((g, score, score + reach(g, n, hits[g], &search.rest) + 1000))
        }
        // A first answer from the straightest way down the most promising group, so that the search
        // below can leave out most of the table at once.
        if let top = scored.max(by: { $0.bound < $1.bound }),
           let index = straightDown(groups[top.group].root, segments) {
            let path = RouteTable<Never>.pathNearness(patterns[index].path, segments)
            search.offer(score: top.score + path, index: index)
        }
        for (g, score, bound) in scored where search.worth(bound, nodes[groups[g].root].minIndex) {
            _ = reach(g, n, hits[g], &search.rest)
            descend(groups[g].root, depth: 0, score: score, &search)
        }
        return search.best?.index
    }

    /// The host part of every group's score for a URL on `host` (a host one typo away, then the shared
    /// prefix), worked out once per host.
    private func hostScores(_ host: String) -> [Int] {
        if let known = hostScores[host] { return known }
        let scores = groups.map { group in group.host.map { RouteTable<Never>.hostNearness($0, host) } ?? 0 }
        if hostScores.count >= 4096 { hostScores.removeAll(keepingCapacity: true) }
        hostScores[host] = scores
        return scores
    }

    /// The most a URL of `n` segments can score in group `g` from each segment on (a literal the group
    /// has at that position, a bit of `hit`: 100, else a parameter there: 10), in `rest[k]`; returns
    /// `rest[0]`.
    private func reach(_ g: Int, _ n: Int, _ hit: UInt64, _ rest: inout [Int]) -> Int {
        if rest.count < n + 1 { rest = [Int](repeating: 0, count: n + 1) }
        rest[n] = 0
        let positions = groups[g].parameterAt.count
        var k = n - 1
        while k >= 0 {
            var gain = 0
            if k < positions {
                // Past the 64 positions the hits record, a literal is assumed: the bound stays a bound.
                gain = k >= 64 || hit & (1 << UInt64(k)) != 0 ? 100 : groups[g].parameterAt[k] ? 10 : 0
            }
            rest[k] = rest[k + 1] + gain
            k -= 1
        }
        return rest[0]
    }

    /// The best route found so far, the URL's segments, and what the group searched can still add from
    /// each segment on.
    private struct Search {
        let segments: [String]
        var best: (score: Int, index: Int)?
        var rest: [Int] = []

        mutating func offer(score: Int, index: Int) {
            guard let b = best else { best = (score, index); return }
            if score > b.score || (score == b.score && index < b.index) { best = (score, index) }
        }

        /// Whether a subtree that can reach at most `bound` and whose first route is `minIndex` can
        /// still beat the best found.
        func worth(_ bound: Int, _ minIndex: Int) -> Bool {
            guard let b = best else { return true }
            return bound > b.score || (bound == b.score && minIndex < b.index)
        }
    }

    /// The first route below the path that follows the URL's segments as literals where it can, else as
    /// parameters.
    private func straightDown(_ root: Int, _ segments: [String]) -> Int? {
        var node = root
        for segment in segments {
            if let child = nodes[node].literals[segment] { node = child }
            else if nodes[node].parameter >= 0 { node = nodes[node].parameter }
            else { break }
        }
        let range = nodes[node].records
        return range.isEmpty ? nil : records[range.lowerBound].index
    }

    /// Searches the subtree of `node`, `depth` segments down, whose path so far scores `score`.
    private func descend(_ node: Int, depth: Int, score: Int, _ search: inout Search) {
        let n = search.segments.count
        let deepest = nodes[node].depth
        // The most the subtree can still add: every remaining segment a shared literal, and the shape.
        let bound = score + search.rest[depth] - search.rest[min(n, deepest)] + 1000
        guard search.worth(bound, nodes[node].minIndex) else { return }
        if depth >= n {
            // The URL's segments are used up: what is left is the shape.
            for k in nodes[node].records {
                search.offer(score: score + (records[k].shape.fits(n) ? 1000 : 0), index: records[k].index)
            }
            return
        }
        for end in nodes[node].ends {
            search.offer(score: score + (end.shape.fits(n) ? 1000 : 0), index: end.index)
        }
        let segment = search.segments[depth]
        if let same = nodes[node].literals[segment] { descend(same, depth: depth + 1, score: score + 100, &search) }
        let parameter = nodes[node].parameter
        if parameter >= 0 { descend(parameter, depth: depth + 1, score: score + 10, &search) }
        // Other literals add nothing at this segment.
        let othersBound = score + search.rest[depth + 1] - search.rest[min(n, deepest)] + 1000
        guard search.worth(othersBound, nodes[node].minIndex) else { return }
        for (text, child) in nodes[node].literals where text != segment {
            descend(child, depth: depth + 1, score: score, &search)
        }
    }
}

/// The shape of a pattern's path that `RouteTable.nearness` compares with a URL's: how many
/// segments it has, how many of them a URL must fill, and whether it ends in a catch-all or an optional.
struct PathShape {
    let count: Int
    let required: Int
    let catchAll: Bool
    let optionalLast: Bool

    init(_ path: [PatternSegment]) {
        var required = 0
        var catchAll = false
        for segment in path {
            switch segment {
            case .catchAll: catchAll = true
            case .optional: break
            case .literal, .parameter: required += 1
            }
        }
        count = path.count
        self.required = required
        self.catchAll = catchAll
        if case .optional = path.last { optionalLast = true } else { optionalLast = false }
    }

    /// Whether a URL with `segments` path segments has room in the pattern: as many segments, one
    /// fewer when the last is optional, or more than the required ones when it ends in a catch-all.
    func fits(_ segments: Int) -> Bool {
        catchAll ? segments > required : segments == count || (segments == required && optionalLast)
    }
}
