import Switchyard

/// `redirect-cycle`: redirects and relocation replacements that lead back to themselves. Rewrite a
/// leads to b when a URL a can produce is one b's source matches (constraints included).
package struct RedirectCycleRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `redirect-cycle`.
    package var code: LintCode { .redirectCycle }
    /// One finding per group of rewrites that reach one another, with an example loop when one is found.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        let rewrites = c.rewrites
        let sources = rewrites.map { c.analyzer.language($0.from) }
        var edges = [[Int]](repeating: [], count: rewrites.count)
        for (i, r) in rewrites.enumerated() {
            let dest = c.analyzer.destination(of: r.to, from: r.from)
            for j in rewrites.indices {
                switch c.analyzer.intersection(dest, sources[j]) {
                case .witness: edges[i].append(j)
                case .undecided:
                    c.noteUndecided(r.location, "could not decide whether '\(r.to)' leads to \(rewrites[j].from)"
                                    + " (the search hit its state cap)")
                case .none: break
                }
            }
        }
        return Cycles.groups(edges).map { group in
            let chain = Cycles.path(group, edges)
            let text = (chain.map { rewrites[$0].from.description } + [rewrites[chain[0]].from.description])
                .joined(separator: " → ")
            let kinds = Set(chain.map { rewrites[$0].kind })
            var message = (kinds.count == 1 && kinds.contains("redirect")
                           ? "redirect cycle: " : "redirect and relocation cycle: ") + text
            let literalOnly = chain.allSatisfy {
                rewrites[$0].from.parameterNames.isEmpty && rewrites[$0].from.segments.allSatisfy { $0.rank == 0 }
            }
            if !literalOnly, let loop = example(chain, rewrites, c) {
                message += " (e.g. \(loop.joined(separator: " → ")))"
            }
            return RouteLintFinding(code, rewrites[group[0]].location, message)
        }
    }

    /// Concrete URLs around the loop, starting from one the last rewrite produces and the first takes.
    private func example(_ chain: [Int], _ rewrites: [RouteLintContext.Rewrite], _ c: RouteLintContext) -> [String]? {
        guard let last = chain.last, let first = chain.first else { return nil }
        let into = c.analyzer.destination(of: rewrites[last].to, from: rewrites[last].from)
        guard case .witness(let start) = c.analyzer.intersection(into, c.analyzer.language(rewrites[first].from)) else {
            return nil
        }
        var urls = [start]
        var current = start
        for k in chain {
            guard let next = Cycles.rewrite(current, from: rewrites[k].from, to: rewrites[k].to) else { return nil }
            urls.append(next)
            current = next
        }
        guard let u = try? RouteURL(current), rewrites[first].from.check(u).matched else { return nil }
        return urls
    }
}
