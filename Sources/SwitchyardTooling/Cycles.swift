import Switchyard

/// Strongly connected groups of a graph, and rewriting one URL.
enum Cycles {
    /// Groups that lead back to themselves (Tarjan), by their smallest member.
    static func groups(_ edges: [[Int]]) -> [[Int]] {
        let n = edges.count
        var index = 0
        var indices = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        var groups: [[Int]] = []
        func connect(_ v: Int) {
            indices[v] = index
            low[v] = index
            index += 1
            stack.append(v)
            onStack[v] = true
            for w in edges[v] {
                if indices[w] < 0 {
                    connect(w)
                    low[v] = min(low[v], low[w])
                } else if onStack[w] {
                    low[v] = min(low[v], indices[w])
                }
            }
            if low[v] == indices[v] {
                var group: [Int] = []
                while let w = stack.popLast() {
                    onStack[w] = false
                    group.append(w)
                    if w == v { break }
                }
                if group.count > 1 || edges[v].contains(v) { groups.append(group.sorted()) }
            }
        }
        for v in 0..<n where indices[v] < 0 { connect(v) }
        return groups.sorted { $0[0] < $1[0] }
    }

    /// A path through `group` from its first member back to it (the group is strongly connected).
    static func path(_ group: [Int], _ edges: [[Int]]) -> [Int] {
        guard let start = group.first else { return [] }
        let members = Set(group)
        if edges[start].contains(start) { return [start] }
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for w in edges[v] where members.contains(w) {
                if w == start {
                    var path = [v]
                    while let p = parent[path[0]] { path.insert(p, at: 0) }
                    return path
                }
                if parent[w] == nil && w != start {
                    parent[w] = v
                    queue.append(w)
                }
            }
        }
        return group
    }

    /// The URL a rewrite from `from` to `to` makes of `url`, as the router builds it; nil when `from`
    /// does not match or the destination cannot be built.
    static func rewrite(_ url: String, from: RoutePattern, to: RoutePattern) -> String? {
        var b = RouteTableBuilder<Int>()
        do throws(RegistrationError) { try b.add(from, target: 0) } catch { return nil }
        guard let m = try? b.build().match(url) else { return nil }
        return try? to.url(m.parameters.dictionary, defaultScheme: "app")
    }
}
