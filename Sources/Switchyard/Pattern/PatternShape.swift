/// A pattern's shape: the pattern with its parameter names erased (and path literals ASCII-lowercased with
/// `foldPaths`). Two patterns conflict when their shapes are equal. Compared and hashed in place, so that
/// checking a pattern copies nothing and builds no text (unlike ``RoutePattern/shape``).
enum PatternShape {
    /// The hash of a pattern's shape: equal shapes hash alike.
    static func hash(_ pattern: RoutePattern, foldPaths: Bool) -> Int {
        var hasher = Hasher()
        hasher.combine(pattern.scheme)
        hasher.combine(pattern.isSuffix)
        hasher.combine(pattern.path.count)
        Self.combine(pattern.host, folded: pattern.isSuffix && foldPaths, into: &hasher)
        for seg in pattern.path { Self.combine(seg, folded: foldPaths, into: &hasher) }
        return hasher.finalize()
    }

    private static func combine(_ seg: PatternSegment, folded: Bool, into hasher: inout Hasher) {
        switch seg {
        case .literal(let text):
            hasher.combine(0 as UInt8)
            hasher.combine(folded ? text.asciiLowercased : text)
        case .parameter(_, let c):
            hasher.combine(1 as UInt8)
            hasher.combine(c)
        case .optional(_, let c):
            hasher.combine(2 as UInt8)
            hasher.combine(c)
        case .catchAll:
            hasher.combine(3 as UInt8)
        }
    }

    /// True when `p` and `q` have the same shape: same scheme, kind and length, and segment by segment the
    /// same literal (path literals folded alike with `foldPaths`) or the same kind of capture with an equal
    /// constraint. Equal shapes have equal ``hash(_:foldPaths:)``.
    static func same(_ p: RoutePattern, _ q: RoutePattern, foldPaths: Bool) -> Bool {
        guard p.isSuffix == q.isSuffix, p.path.count == q.path.count, p.scheme == q.scheme,
              sameShape(p.host, q.host, folded: p.isSuffix && foldPaths) else { return false }
        for (x, y) in zip(p.path, q.path) where !sameShape(x, y, folded: foldPaths) { return false }
        return true
    }

    private static func sameShape(_ x: PatternSegment, _ y: PatternSegment, folded: Bool) -> Bool {
        switch (x, y) {
        case (.literal(let s), .literal(let t)): folded ? s.asciiLowercased == t.asciiLowercased : s == t
        case (.parameter(_, let c), .parameter(_, let d)), (.optional(_, let c), .optional(_, let d)): c == d
        case (.catchAll, .catchAll): true
        default: false
        }
    }
}
