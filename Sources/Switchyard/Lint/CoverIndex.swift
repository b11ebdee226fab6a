/// The routes that can cover a language, found without looking at the others: a trie on the literal
/// text of each route's leading positions (a parameter, a case-folded literal or a catch-all goes down
/// one "other" branch).
///
/// A route B can match every URL of A with `n` segments only if, at each position, B's literal is A's
/// literal (when both are literals; ``PatternAnalyzer/coverage(of:by:count:)`` refuses other pairs at
/// once) and B is not a literal where A holds two strings or more (one string cannot cover two). A route
/// is filed under the positions every one of its URLs has (the fewest segments it allows), so a walk of
/// `n` positions meets every route that allows `n` segments. The candidates found are a superset of the
/// routes that cover A; the caller decides each one exactly.
package struct CoverIndex {
    private var literalChildren: [[String: Int]] = [[:]]
    private var otherChild: [Int] = [-1]
    private var routes: [[Int]] = [[]]

    /// Files route `r`, whose language is `language`.
    package mutating func insert(_ r: Int, _ language: URLLanguage) {
        var node = 0
        for i in 0..<min(language.positions.count, language.minCount) {
            if let text = language.positions[i].literal {
                if let next = literalChildren[node][text] {
                    node = next
                } else {
                    let next = addNode()
                    literalChildren[node][text] = next
                    node = next
                }
            } else if otherChild[node] >= 0 {
                node = otherChild[node]
            } else {
                let next = addNode()
                otherChild[node] = next
                node = next
            }
        }
        routes[node].append(r)
    }

    private mutating func addNode() -> Int {
        literalChildren.append([:])
        otherChild.append(-1)
        routes.append([])
        return routes.count - 1
    }

    /// Appends to `out` every filed route that may match all URLs of `language` with `n` segments
    /// (each once, in no particular order).
    package func candidates(for language: URLLanguage, count n: Int, analyzer: PatternAnalyzer, into out: inout [Int]) {
        var pending = [(node: 0, depth: 0)]
        while let (node, depth) = pending.popLast() {
            out += routes[node]
            guard depth < n, let x = language.position(depth) else { continue }
            if otherChild[node] >= 0 { pending.append((otherChild[node], depth + 1)) }
            if let text = x.literal {
                if let next = literalChildren[node][text] { pending.append((next, depth + 1)) }
            } else if !analyzer.holdsSeveral(x) {
                for next in literalChildren[node].values { pending.append((next, depth + 1)) }
            }
        }
    }
}
