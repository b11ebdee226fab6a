import Switchyard

/// `redirect-chain`: redirects and relocation replacements that follow one another more times than
/// the router's hop limit allows, so opening the first URL of the chain ends `redirect_loop` though no
/// URL repeats. Rewrite a leads to b when a URL a can produce is one b's source matches; a chain that
/// loops is `redirect-cycle`'s, not this rule's.
package struct RedirectChainRule: LintRule {
    /// The hop limit checked: ``Router``'s default `maxRedirectHops`.
    package static let hopLimit = 8

    /// Creates the rule.
    package init() {}
    /// `redirect-chain`.
    package var code: LintCode { .redirectChain }

    /// One finding per rewrite that starts a chain longer than the hop limit, with the chain.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        let rewrites = c.rewrites
        guard rewrites.count > Self.hopLimit else { return [] }
        let sources = rewrites.map { c.analyzer.language($0.from) }
        var edges = [[Int]](repeating: [], count: rewrites.count)
        for (i, r) in rewrites.enumerated() {
            let dest = c.analyzer.destination(of: r.to, from: r.from)
            // Undecided relations are the cycle rule's to report; here they are left out.
            for j in rewrites.indices {
                if case .witness = c.analyzer.intersection(dest, sources[j]) { edges[i].append(j) }
            }
        }
        let looping = Set(Cycles.groups(edges).joined())
        // The longest chain from each rewrite, leaving out the ones that loop (memoised, no recursion).
        var longest = [Int](repeating: 0, count: rewrites.count)
        var next = [Int?](repeating: nil, count: rewrites.count)
        var done = [Bool](repeating: false, count: rewrites.count)
        for start in rewrites.indices where !looping.contains(start) {
            var stack = [start]
            while let i = stack.last {
                if done[i] { stack.removeLast(); continue }
                let pending = edges[i].filter { !looping.contains($0) && !done[$0] && $0 != i }
                if let first = pending.first, !stack.contains(first) {
                    stack.append(first)
                    continue
                }
                for j in edges[i] where done[j] && longest[j] + 1 > longest[i] {
                    longest[i] = longest[j] + 1
                    next[i] = j
                }
                longest[i] = max(longest[i], 1)
                done[i] = true
                stack.removeLast()
            }
        }
        var reached = Set<Int>()
        for i in rewrites.indices where longest[i] > Self.hopLimit { reached.formUnion(edges[i]) }
        return rewrites.indices.filter { longest[$0] > Self.hopLimit && !reached.contains($0) }.map { start in
            var chain = [start]
            while let j = next[chain[chain.count - 1]], chain.count <= rewrites.count { chain.append(j) }
            let text = chain.map { rewrites[$0].from.description }.joined(separator: " → ")
            return RouteLintFinding(code, rewrites[start].location,
                                    "\(longest[start]) rewrites in a row,"
                                        + " more than the router's \(Self.hopLimit) hops: "
                                        + "opening \(rewrites[start].from) ends redirect_loop (\(text))")
        }
    }
}
