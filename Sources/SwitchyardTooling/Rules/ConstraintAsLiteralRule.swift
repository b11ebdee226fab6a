import Switchyard

/// `constraint-as-literal`: a literal segment written as a constraint or a typed parameter without its
/// `:name` (`(a+)+`, `([0-9]+)`, `<int>`). The pattern language reads it as literal text, so the route
/// matches only URLs that carry those very characters, never the values the constraint describes.
package struct ConstraintAsLiteralRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `constraint-as-literal`.
    package var code: LintCode { .constraintAsLiteral }
    /// One finding per such segment, naming the segment and the parameter it was probably meant to be.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (k, route) in c.table.routes.enumerated() {
            let pattern = route.pattern
            for (position, segment) in pattern.segments.enumerated() {
                guard case .literal(let text) = segment, Self.looksLikeAConstraint(text) else { continue }
                let place = position == 0 ? "the host" : "segment \(position)"
                out.append(RouteLintFinding(code, c.routeLocation(k),
                                            "\(place): '\(text)' is literal text that reads as a constraint; "
                                                + "a parameter is written ':name\(text)'"))
            }
        }
        return out
    }

    /// Whether a literal's text has the form of a constraint: `(…)` with an optional quantifier after it,
    /// or `<word>`.
    package static func looksLikeAConstraint(_ text: String) -> Bool {
        if text.hasPrefix("<"), text.hasSuffix(">"), text.count > 2 { return true }
        guard text.hasPrefix("("), let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(after: close)...].allSatisfy { "+*?".contains($0) }
    }
}
