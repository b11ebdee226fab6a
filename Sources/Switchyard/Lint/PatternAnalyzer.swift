/// Decides relations between patterns on their languages: intersection with a witness URL, containment
/// one segment count at a time, and the destinations of rewrites. Caches compiled constraints.
package final class PatternAnalyzer {
    /// Scalars a decoded path segment can hold (no control characters; no surrogates in UTF-8).
    package static let pathChars = ScalarSet([0x20...0x7E, 0x80...0xD7FF, 0xE000...0x10FFFF])
    /// Scalars a host value can hold: as a path segment, but lowercased.
    package static let hostChars = ScalarSet([0x20...0x40, 0x5B...0x7E, 0x80...0xD7FF, 0xE000...0x10FFFF])

    package let foldPaths: Bool
    package let cap: Int
    private var automata: [SegmentConstraint: SegmentNFA] = [:]
    private var cache: [RoutePattern: URLLanguage] = [:]
    /// Answers of searches on keyed segment languages (see ``SegmentKey``).
    private var examples: [SegmentKey: LanguageAnswer] = [:]
    private var differences: [SegmentKeyPair: LanguageAnswer] = [:]
    private var multiples: [SegmentKey: Bool] = [:]

    package struct SegmentKeyPair: Hashable {
        let a: SegmentKey
        let b: SegmentKey
    }

    package init(foldPaths: Bool = false, cap: Int = ProductSearch.defaultCap) {
        self.foldPaths = foldPaths
        self.cap = cap
    }

    /// Non-empty strings over `chars` other than `.` and `..` (what a parameter may take).
    package static func nonDot(_ chars: ScalarSet) -> SegmentNFA {
        let dot = ScalarSet(scalar: 0x2E)
        let other = chars.subtracting(dot)
        return SegmentNFA(edges: [
            [.init(set: dot, to: 1), .init(set: other, to: 3)],
            [.init(set: dot, to: 2), .init(set: other, to: 3)],
            [.init(set: chars, to: 3)],
            [.init(set: chars, to: 3)],
        ], starts: [0], accepting: [false, false, false, true])
    }

    package static func chars(atDepth depth: Int) -> ScalarSet { depth == 0 ? hostChars : pathChars }

    /// ``nonDot(_:)`` of the host's and the path's characters, built once (every parameter has one).
    package static let nonDotHost = nonDot(hostChars)
    package static let nonDotPath = nonDot(pathChars)

    /// ``nonDot(_:)`` of ``chars(atDepth:)``.
    package static func nonDot(atDepth depth: Int) -> SegmentNFA { depth == 0 ? nonDotHost : nonDotPath }

    package func automaton(_ c: SegmentConstraint) -> SegmentNFA {
        if let a = automata[c] { return a }
        // A constraint always re-parses (it was compiled from the same source); if it somehow did not,
        // "anything" keeps every verdict on the side of reporting less.
        let a = c.automaton ?? .plus(Self.pathChars)
        automata[c] = a
        return a
    }

    /// The values a pattern segment at `depth` accepts.
    package func segment(_ seg: PatternSegment, depth: Int) -> SegmentLanguage {
        switch seg {
        case .literal(let text):
            if depth > 0 && foldPaths {
                return SegmentLanguage(parts: [.literal(text, foldCase: true)], key: .foldedLiteral(text))
            }
            return SegmentLanguage(literal: text)
        case .parameter(_, let c), .optional(_, let c):
            return SegmentLanguage(parts: [Self.nonDot(atDepth: depth)] + (c.map { [automaton($0)] } ?? []),
                                   key: .parameter(host: depth == 0, constraint: c))
        case .catchAll:
            return SegmentLanguage(parts: [.plus(Self.pathChars)], key: .anyPath)
        }
    }

    /// The URLs of `n` segments (host included) that the suffix pattern `pattern` matches: any host and
    /// leading segments, then its own segments; nil when `n` leaves no room for a host.
    package func suffixLanguage(_ pattern: RoutePattern, count n: Int) -> URLLanguage? {
        let k = pattern.segments.count
        guard pattern.isSuffix, n > k else { return nil }
        var positions = (0..<(n - k)).map { SegmentLanguage(parts: [.plus(Self.chars(atDepth: $0))]) }
        for (j, seg) in pattern.segments.enumerated() { positions.append(segment(seg, depth: n - k + j)) }
        return URLLanguage(scheme: pattern.scheme, positions: positions, minCount: n, maxCount: n, tail: nil)
    }

    /// The URLs `pattern` matches.
    package func language(_ pattern: RoutePattern) -> URLLanguage {
        if let l = cache[pattern] { return l }
        var positions: [SegmentLanguage] = []
        var l = URLLanguage(scheme: pattern.scheme, positions: [], minCount: 0, maxCount: 0, tail: nil)
        for (depth, seg) in pattern.segments.enumerated() {
            switch seg {
            case .catchAll:
                l.tail = segment(seg, depth: depth)
                l.minCount = positions.count + 1
                l.maxCount = nil
            case .optional:
                positions.append(segment(seg, depth: depth))
                l.minCount = positions.count - 1
                l.maxCount = positions.count
            default:
                positions.append(segment(seg, depth: depth))
                l.minCount = positions.count
                l.maxCount = positions.count
            }
        }
        l.positions = positions
        cache[pattern] = l
        return l
    }

    /// The URLs a rewrite from `source` to `destination` produces: literals as written, each parameter
    /// the values `source` captured that `destination`'s constraint also accepts (lowercased in the
    /// host), and `app` for a destination without a scheme (as the router builds it).
    package func destination(of destination: RoutePattern, from source: RoutePattern) -> URLLanguage {
        var bound: [String: (PatternSegment, Int)] = [:]
        for (depth, seg) in source.segments.enumerated() {
            if let n = seg.parameterName { bound[n] = (seg, depth) }
            if case .catchAll(nil) = seg { bound["*"] = (seg, depth) }
        }
        var positions: [SegmentLanguage] = []
        var l = URLLanguage(scheme: destination.scheme ?? "app", positions: [], minCount: 0, maxCount: 0, tail: nil)
        var mayBeAbsent = false
        for (depth, seg) in destination.segments.enumerated() {
            switch seg {
            case .literal(let text):
                positions.append(SegmentLanguage(parts: [.literal(text, foldCase: false)], literal: text))
            case .parameter(let name, let c), .optional(let name, let c):
                guard let (src, srcDepth) = bound[name] else {
                    if case .optional = seg { continue }
                    // The router cannot build this destination: no URL comes out.
                    positions.append(SegmentLanguage(parts: [.nothing]))
                    continue
                }
                var parts: [SegmentNFA]
                if case .catchAll = src {
                    parts = [.plus(Self.pathChars)]
                } else {
                    parts = segment(src, depth: srcDepth).parts
                }
                if depth == 0 { parts = parts.map { $0.lowercasedASCII() } }
                parts.append(Self.nonDot(atDepth: depth))
                if let c { parts.append(automaton(c)) }
                positions.append(SegmentLanguage(parts: parts))
                if case .optional = seg, case .optional = src { mayBeAbsent = true }
            case .catchAll(let name):
                guard bound[name ?? "*"] != nil else {
                    positions.append(SegmentLanguage(parts: [.nothing]))
                    continue
                }
                l.tail = SegmentLanguage(parts: [.plus(Self.pathChars)])
            }
        }
        l.positions = positions
        if l.tail != nil {
            l.minCount = positions.count + 1
            l.maxCount = nil
        } else {
            l.minCount = mayBeAbsent ? positions.count - 1 : positions.count
            l.maxCount = positions.count
        }
        return l
    }

    /// A member of `x`, none, or undecided: ``SegmentLanguage/example(cap:)``, kept per ``SegmentKey``.
    package func example(_ x: SegmentLanguage) -> LanguageAnswer {
        guard x.literal == nil, let key = x.key else { return x.example(cap: cap) }
        if let known = examples[key] { return known }
        let answer = x.example(cap: cap)
        examples[key] = answer
        return answer
    }

    /// A string of `x` not in `y`, none, or undecided: ``SegmentLanguage/difference(_:cap:)``, kept per
    /// pair of ``SegmentKey``s.
    package func difference(_ x: SegmentLanguage, _ y: SegmentLanguage) -> LanguageAnswer {
        guard x.literal == nil, let kx = x.key, let ky = y.key else { return x.difference(y, cap: cap) }
        let pair = SegmentKeyPair(a: kx, b: ky)
        if let known = differences[pair] { return known }
        let answer = x.difference(y, cap: cap)
        differences[pair] = answer
        return answer
    }

    /// True when `x` is known to hold two strings or more, so that no literal (one string) covers it;
    /// false when it holds one or none, or the search gave up.
    package func holdsSeveral(_ x: SegmentLanguage) -> Bool {
        if x.literal != nil { return false }
        if let key = x.key, let known = multiples[key] { return known }
        var several = false
        if case .witness(let w) = example(x),
           case .witness = x.difference(SegmentLanguage(parts: [.literal(w, foldCase: false)], literal: w), cap: cap) {
            several = true
        }
        if let key = x.key { multiples[key] = several }
        return several
    }

    /// A segment count past which every pair of the languages looks alike.
    package static func bound(_ languages: URLLanguage...) -> Int {
        (languages.map(\.positions.count).max() ?? 0) + 1
    }

    /// A URL both languages hold, none, or undecided.
    package func intersection(_ a: URLLanguage, _ b: URLLanguage) -> LanguageAnswer {
        if let sa = a.scheme, let sb = b.scheme, sa != sb { return .none }
        let scheme = a.scheme ?? b.scheme ?? "app"
        let bound = Self.bound(a, b)
        var undecided = false
        let countsB = Set(b.counts(upTo: bound))
        counts: for n in a.counts(upTo: bound) where countsB.contains(n) {
            var segments: [String] = []
            for i in 0..<n {
                guard let x = a.position(i), let y = b.position(i) else { continue counts }
                switch x.intersection(y, cap: cap) {
                case .witness(let w): segments.append(w)
                case .none: continue counts
                case .undecided:
                    undecided = true
                    continue counts
                }
            }
            return .witness(Self.url(scheme, segments))
        }
        return undecided ? .undecided : .none
    }

    /// An example of `a` with `n` segments, none when that slice is empty, or undecided.
    package func example(_ a: URLLanguage, count n: Int, scheme: String? = nil) -> LanguageAnswer {
        var segments: [String] = []
        for i in 0..<n {
            guard let x = a.position(i) else { return .none }
            switch example(x) {
            case .witness(let w): segments.append(w)
            case .none: return .none
            case .undecided: return .undecided
            }
        }
        return .witness(Self.url(scheme ?? a.scheme ?? "app", segments))
    }

    /// A URL of `a` with `n` segments that `b` does not match; none when `b` matches all of them.
    package func difference(_ a: URLLanguage, _ b: URLLanguage, count n: Int) -> LanguageAnswer {
        if let sb = b.scheme, a.scheme != sb {
            return example(a, count: n, scheme: a.scheme ?? (sb == "other" ? "app" : "other"))
        }
        guard b.counts(upTo: Self.bound(a, b)).contains(n) else { return example(a, count: n) }
        var undecided = false
        for i in 0..<n {
            guard let x = a.position(i), let y = b.position(i) else { return example(a, count: n) }
            switch x.difference(y, cap: cap) {
            case .none: continue
            case .undecided: undecided = true
            case .witness(let w):
                guard case .witness(let base) = example(a, count: n) else { return .undecided }
                // Put the differing segment in place of the example's.
                var segments = Self.segments(of: base)
                if i < segments.count { segments[i] = w }
                return .witness(Self.url(a.scheme ?? "app", segments))
            }
        }
        return undecided ? .undecided : .none
    }

    /// `scheme://` followed by the segments, each percent-encoded for its place.
    package static func url(_ scheme: String, _ segments: [String]) -> String {
        scheme + "://" + segments.enumerated().map { i, s in
            PercentEncoding.encode(s, allowed: i == 0 ? .hostSafe : .segmentSafe)
        }.joined(separator: "/")
    }

    /// The decoded host and path segments of a URL this analyzer built.
    package static func segments(of url: String) -> [String] {
        guard let u = try? RouteURL(url) else { return [] }
        return [u.host] + u.pathSegments
    }
}

extension PatternAnalyzer {
    /// For each route: reachable, shadowed (and by which routes), unmatchable or undecided.
    ///
    /// Route A is shadowed when, for every number of segments A allows, one route ranking above A
    /// matches every URL of A with that many segments (an optional last segment and a catch-all give
    /// A several counts; each may be covered by a different route).
    package func shadowing(_ routes: [RankedPattern]) -> [ShadowVerdict] {
        cache.reserveCapacity(cache.count + routes.count)
        let languages = routes.map { language($0.pattern) }
        let bound = (languages.map(\.positions.count).max() ?? 0) + 1
        // Candidates best first, so that the route named is the one ranking highest among those covering.
        // `beats` is a total order, so the routes that beat a route are exactly those before it.
        let keys = routes.map { RouteRankKey($0) }
        let byRank = routes.indices.sorted { keys[$0] < keys[$1] }
        var place = [Int](repeating: 0, count: routes.count)
        for (k, r) in byRank.enumerated() { place[r] = k }
        // Suffix patterns are not judged (their languages are not modelled): they are left reachable and
        // never counted as covering another route. The others go in a trie on the literals of their
        // leading positions, so that each route is compared only with the routes that can cover it, not
        // with every route of the table (see ``CoverIndex``).
        var index = CoverIndex()
        for r in routes.indices where !routes[r].pattern.isSuffix { index.insert(r, languages[r]) }
        var out: [ShadowVerdict] = []
        out.reserveCapacity(routes.count)
        var found: [Int] = []
        for (a, la) in languages.enumerated() {
            if routes[a].pattern.isSuffix {
                out.append(.reachable)
                continue
            }
            var shadowers: [Int] = []
            var example: String?
            var open = false
            var undecided = false
            var anyURL = false
            for n in la.counts(upTo: bound) {
                let sample = self.example(la, count: n)
                if sample == .none { continue }
                anyURL = true
                if example == nil, case .witness(let w) = sample { example = w }
                var coveredBy: Int?
                var sliceUndecided = sample == .undecided
                // The candidates that rank above `a`, best first: the first that covers is the one named.
                found.removeAll(keepingCapacity: true)
                index.candidates(for: la, count: n, analyzer: self, into: &found)
                var candidates = found.filter { place[$0] < place[a] }
                candidates.sort { place[$0] < place[$1] }
                for b in candidates {
                    let lb = languages[b]
                    if let s = lb.scheme, s != la.scheme { continue }
                    switch coverage(of: la, by: lb, count: n) {
                    case .covered: coveredBy = b
                    case .undecided: sliceUndecided = true
                    case .notCovered: break
                    }
                    if coveredBy != nil { break }
                }
                if let c = coveredBy {
                    if !shadowers.contains(c) { shadowers.append(c) }
                } else if sliceUndecided {
                    undecided = true
                } else {
                    open = true
                    break
                }
            }
            if open {
                out.append(.reachable)
            } else if !anyURL {
                out.append(.unmatchable)
            } else if undecided {
                out.append(.undecided)
            } else {
                out.append(.shadowed(by: shadowers, example: example ?? ""))
            }
        }
        return out
    }

    /// Whether `b` matches every URL of `a` with `n` segments: ``difference(_:_:count:)`` without
    /// building a witness, and with a literal-against-literal test first, so that the pairs a large table
    /// holds cost a string comparison each.
    package func coverage(of a: URLLanguage, by b: URLLanguage, count n: Int) -> Coverage {
        if let sb = b.scheme, a.scheme != sb { return .notCovered }
        guard b.counts(upTo: Self.bound(a, b)).contains(n) else { return .notCovered }
        for i in 0..<min(n, a.positions.count, b.positions.count) {
            if let x = a.positions[i].literal, let y = b.positions[i].literal, x != y { return .notCovered }
        }
        var undecided = false
        for i in 0..<n {
            guard let x = a.position(i), let y = b.position(i) else { return .notCovered }
            switch difference(x, y) {
            case .none: continue
            case .undecided: undecided = true
            case .witness: return .notCovered
            }
        }
        return undecided ? .undecided : .covered
    }

    /// How one language relates to another at one segment count.
    package enum Coverage { case covered, notCovered, undecided }
}
