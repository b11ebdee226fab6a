import Switchyard

/// `unknown-target`: a redirect or replacement whose destinations match nothing, or an `add` whose
/// target no route has.
package struct UnknownTargetRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unknown-target`.
    package var code: LintCode { .unknownTarget }
    /// One finding per rewrite leading nowhere, and per `add` of an unknown target.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for r in c.rewrites where r.kind == "redirect" { out += leadsNowhere(c, r) }
        if let relocations = c.file.relocations {
            let targets = Set(c.file.routes.map(\.target))
            for (i, e) in relocations.entries.enumerated() {
                let at = "relocations.entries[\(i)]"
                switch e {
                case .add(_, let target) where !targets.contains(target):
                    out.append(RouteLintFinding(code, at, "target '\(target)' is not the target of any route"))
                case .replace(let p, let to, _):
                    guard let source = try? RoutePattern(p), let dest = try? RoutePattern(to) else { continue }
                    out += leadsNowhere(c, .init(location: at, from: source, to: dest, kind: "relocation"))
                default: break
                }
            }
        }
        return out
    }

    private func leadsNowhere(_ c: RouteLintContext, _ r: RouteLintContext.Rewrite) -> [RouteLintFinding] {
        let dest = c.analyzer.destination(of: r.to, from: r.from)
        switch c.reach(dest) {
        case .witness: return []
        case .undecided:
            c.noteUndecided(r.location, "could not decide whether destination '\(r.to)' matches a route"
                                + " (the search hit its state cap)")
            return []
        case .none:
            guard case .witness(let example) = c.example(dest) else { return [] }
            // A destination with no parameter is its only URL: no example is needed beside it.
            let more = example == r.to.description ? "" : " (no URL it can produce does, e.g. \(example))"
            return [RouteLintFinding(code, r.location, "destination '\(r.to)' matches no route" + more)]
        }
    }
}
