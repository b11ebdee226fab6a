import Switchyard

/// `overlap`: two routes of equal rank and priority whose languages intersect.
package struct OverlapRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `overlap`.
    package var code: LintCode { .overlap }
    /// One finding per overlapping pair, at the later route, with a URL both match.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        let ranked = c.ranked
        let verdicts = c.shadowVerdicts
        var out: [RouteLintFinding] = []
        // Only routes alike in classes and priority can overlap here. Alike classes put the literals at the
        // same positions, so routes whose literal text differs there share no URL: each route is compared
        // with its own group only, not with every route of the table.
        let fold = c.options.caseInsensitivePaths
        let keys = ranked.map { r in
            OverlapKey(ranks: r.ranks, priority: r.priority,
                       literals: r.pattern.segments.enumerated().compactMap { depth, seg in
                guard case .literal(let text) = seg else { return nil }
                return depth > 0 && fold ? text.asciiLowercased : text
            })
        }
        var groups: [OverlapKey: [Int]] = [:]
        groups.reserveCapacity(keys.count)
        for (j, key) in keys.enumerated() { groups[key, default: []].append(j) }
        for j in ranked.indices {
            for i in groups[keys[j]] ?? [] {
                if i >= j { break }
                // Suffix patterns are not judged by lint (see `PatternAnalyzer.shadowing`).
                if ranked[j].pattern.isSuffix { break }
                // A route shadowed by the other is reported as shadowed already.
                if case .shadowed(let by, _) = verdicts[j], by.contains(i) { continue }
                if case .shadowed(let by, _) = verdicts[i], by.contains(j) { continue }
                if verdicts[i] == .unmatchable || verdicts[j] == .unmatchable { continue }
                let a = c.table.route(at: i).pattern, b = c.table.route(at: j).pattern
                switch c.analyzer.intersection(c.analyzer.language(a), c.analyzer.language(b)) {
                case .witness(let w):
                    out.append(RouteLintFinding(code, c.routeLocation(j),
                                                "\(b) and \(a) (\(c.routeLocation(i))) rank alike and both match \(w):"
                                                    + " the earlier registration, \(a), wins"))
                case .undecided:
                    c.noteUndecided(c.routeLocation(j),
                                    "could not decide whether \(b) and \(a) overlap (the search hit its state cap)")
                case .none: break
                }
            }
        }
        return out
    }
}
