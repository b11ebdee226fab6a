extension RoutePattern {
    /// Checks this pattern against a parsed URL without the trie. Slow but simple: the reference.
    package func check(_ url: RouteURL, caseInsensitivePaths: Bool = false) -> PatternCheck {
        if isSuffix { return checkSuffix(url, caseInsensitivePaths: caseInsensitivePaths) }
        var ranks: [Int] = []
        if let scheme {
            guard url.scheme == scheme else {
                let failure = Self.schemeVerdict(url.scheme, scheme)
                return PatternCheck(matched: false, ranks: [], failure: failure)
            }
            ranks.append(0)
        } else {
            ranks.append(1)
        }
        let values = [url.host] + url.pathSegments
        let segs = segments
        var i = 0
        for (depth, seg) in segs.enumerated() {
            let fold = depth == 0 || caseInsensitivePaths
            let name = depth == 0 ? "host" : "segment \(depth)"
            switch seg {
            case .catchAll:
                guard i < values.count else {
                    return PatternCheck(matched: false, ranks: ranks, failure: "catch-all needs at least one segment")
                }
                ranks.append(4)
                return PatternCheck(matched: true, ranks: ranks, failure: nil)
            case .optional(_, let c):
                ranks.append(3)
                if i == values.count { return PatternCheck(matched: true, ranks: ranks, failure: nil) }
                guard i == values.count - 1 else {
                    return PatternCheck(matched: false, ranks: ranks,
                                        failure: "the URL has more segments than the pattern")
                }
                if let why = Self.parameterFailure(values[i], c) {
                    return PatternCheck(matched: false, ranks: ranks, failure: "\(name): \(why)")
                }
                return PatternCheck(matched: true, ranks: ranks, failure: nil)
            default:
                guard i < values.count else {
                    return PatternCheck(matched: false, ranks: ranks,
                                        failure: "the URL has fewer segments than the pattern")
                }
                switch Self.checkOne(seg, values[i], fold: fold, name: name) {
                case .success(let rank): ranks.append(rank)
                case .failure(let why): return PatternCheck(matched: false, ranks: ranks, failure: why.text)
                }
                i += 1
            }
        }
        guard i == values.count else {
            return PatternCheck(matched: false, ranks: ranks, failure: "the URL has more segments than the pattern")
        }
        return PatternCheck(matched: true, ranks: ranks, failure: nil)
    }

    /// ``check(_:caseInsensitivePaths:)`` for a suffix pattern: its segments against the last segments of
    /// the path. Ranks: 2 (specific scheme) or 3 (any), so every anchored pattern ranks above; then
    /// `64 - count`, so a longer suffix ranks above a shorter one; then each segment's class.
    func checkSuffix(_ url: RouteURL, caseInsensitivePaths: Bool) -> PatternCheck {
        var ranks: [Int] = []
        if let scheme {
            guard url.scheme == scheme else {
                let failure = Self.schemeVerdict(url.scheme, scheme)
                return PatternCheck(matched: false, ranks: [], failure: failure)
            }
            ranks.append(2)
        } else {
            ranks.append(3)
        }
        let segs = segments
        ranks.append(64 - segs.count)
        let values = url.pathSegments
        guard values.count >= segs.count else {
            return PatternCheck(matched: false, ranks: ranks,
                                failure: "the URL's path has fewer segments than the suffix")
        }
        let first = values.count - segs.count
        for (k, seg) in segs.enumerated() {
            switch Self.checkOne(seg, values[first + k], fold: caseInsensitivePaths, name: "segment \(first + k + 1)") {
            case .success(let rank): ranks.append(rank)
            case .failure(let why): return PatternCheck(matched: false, ranks: ranks, failure: why.text)
            }
        }
        return PatternCheck(matched: true, ranks: ranks, failure: nil)
    }

    /// Why one segment check failed, as the sentence `check` reports.
    struct SegmentFailure: Error {
        let text: String
    }

    /// A literal or a (constrained) parameter against the decoded segment `v`: its rank class, or why it
    /// does not match. `name` says where (`host`, `segment 2`). Optional segments and catch-alls are
    /// the callers' own (they depend on the segments around them).
    static func checkOne(_ seg: PatternSegment, _ v: String, fold: Bool, name: String) -> Result<Int, SegmentFailure> {
        switch seg {
        case .literal(let text):
            let equal = fold ? v.asciiLowercased == text.asciiLowercased : v == text
            return equal ? .success(0) : .failure(SegmentFailure(text: "\(name): '\(v)' is not '\(text)'"))
        case .parameter(_, let c):
            if let why = parameterFailure(v, c) { return .failure(SegmentFailure(text: "\(name): \(why)")) }
            return .success(c == nil ? 2 : 1)
        case .optional, .catchAll:
            return .failure(SegmentFailure(text: "\(name): an optional segment or catch-all cannot stand here"))
        }
    }

    /// Why the decoded segment `v` cannot be this parameter's value, or nil. A decoded `/` or `\` is
    /// data (the URL was split before decoding); only a dot segment is refused.
    static func parameterFailure(_ v: String, _ c: SegmentConstraint?) -> String? {
        if v == "." || v == ".." {
            return "'\(v)' is not allowed as a parameter value (dot segment)"
        }
        if let c, !c.matches(v) { return "'\(v)' does not satisfy \(c)" }
        return nil
    }
}

extension RoutePattern {
    /// Why a URL's scheme (nil: it has none, as `hello` or `/path` has none) is not the pattern's:
    /// `scheme: 'web' is not 'app'`, `scheme: the URL has none, the route needs 'app'`.
    static func schemeVerdict(_ scheme: String?, _ needed: String) -> String {
        guard let scheme, !scheme.isEmpty else { return "scheme: the URL has none, the route needs '\(needed)'" }
        return "scheme: '\(scheme)' is not '\(needed)'"
    }
}
