/// A parsed constraint with the facts the safety rules need, computed bottom-up.
struct ConstraintNode: Sendable {
    indirect enum Kind: Sendable {
        case atom(ScalarSet)
        case concat([ConstraintNode])
        case alt([ConstraintNode])
        /// `max == nil` is unbounded; `at` is the quantifier's offset.
        case rep(ConstraintNode, min: Int, max: Int?, at: Int)
    }

    let kind: Kind
    /// Offset of the node's first character in the source.
    let start: Int
    /// Scalars that can begin / end a non-empty match, and all scalars it can match.
    var first = ScalarSet.empty, last = ScalarSet.empty, chars = ScalarSet.empty
    var nullable = false
    /// Contains an unbounded quantifier / a quantifier whose count is not fixed.
    var unbounded = false, variable = false

    init(atom set: ScalarSet, at start: Int) {
        kind = .atom(set)
        self.start = start
        (first, last, chars) = (set, set, set)
    }

    init(concat items: [ConstraintNode], at start: Int) {
        kind = .concat(items)
        self.start = start
        nullable = items.allSatisfy(\.nullable)
        for item in items {
            first = first.union(item.first)
            if !item.nullable { break }
        }
        for item in items.reversed() {
            last = last.union(item.last)
            if !item.nullable { break }
        }
        absorb(items)
    }

    init(alt branches: [ConstraintNode], at start: Int) {
        kind = .alt(branches)
        self.start = start
        nullable = branches.contains(where: \.nullable)
        for b in branches {
            first = first.union(b.first)
            last = last.union(b.last)
        }
        absorb(branches)
    }

    init(rep body: ConstraintNode, min: Int, max: Int?, at q: Int) {
        kind = .rep(body, min: min, max: max, at: q)
        start = body.start
        nullable = min == 0 || body.nullable
        guard max != 0 else { return }
        (first, last, chars) = (body.first, body.last, body.chars)
        unbounded = max == nil || body.unbounded
        variable = max != min || body.variable
    }

    private mutating func absorb(_ children: [ConstraintNode]) {
        for c in children {
            chars = chars.union(c.chars)
            unbounded = unbounded || c.unbounded
            variable = variable || c.variable
        }
    }
}
