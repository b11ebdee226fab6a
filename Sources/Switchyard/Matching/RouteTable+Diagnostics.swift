extension RouteTable {
    private static var rankNames: [String] {
        ["literal", "constrained parameter", "parameter", "optional", "catch-all"]
    }

    /// The routes worth considering for `url`: same scheme (or any-scheme) and a host that could match.
    func consideredRoutes(for url: RouteURL) -> [Route<Target>] {
        consideredRoutes(for: url, in: routes)
    }

    /// ``consideredRoutes(for:)`` among `routes` (the table's, read once by the caller).
    private func consideredRoutes(for url: RouteURL, in routes: [Route<Target>]) -> [Route<Target>] {
        routes.filter { Self.considers(scheme: $0.pattern.scheme, host: Self.literalHost($0.pattern), url) }
    }

    /// Whether a route of `scheme` (nil: any) and literal host `host` (nil: a suffix pattern or a
    /// parameter host, which take any host) is considered for `url`: the scheme fits and the host could.
    static func considers(scheme: String?, host: String?, _ url: RouteURL) -> Bool {
        (scheme == nil || scheme == url.scheme) && (host == nil || host == url.host)
    }

    /// The host an anchored pattern names literally; nil for a suffix pattern or a parameter host.
    static func literalHost(_ pattern: RoutePattern) -> String? {
        guard !pattern.isSuffix, case .literal(let h) = pattern.host else { return nil }
        return h
    }

    /// The patterns matching `url`, best first (ranking as the matcher's).
    public func candidates(for url: RouteURL) -> [String] {
        rankedMatches(url).map(\.0.pattern.description)
    }

    private func rankedMatches(_ url: RouteURL) -> [(Route<Target>, PatternCheck)] {
        rankedMatches(among: consideredRoutes(for: url), url)
    }

    private func rankedMatches(among considered: [Route<Target>], _ url: RouteURL) -> [(Route<Target>, PatternCheck)] {
        var found: [(Route<Target>, PatternCheck)] = []
        for r in considered {
            let c = r.pattern.check(url, caseInsensitivePaths: options.caseInsensitivePaths)
            if c.matched { found.append((r, c)) }
        }
        return found.sorted { a, b in
            if a.1.ranks != b.1.ranks { return a.1.ranks.lexicographicallyPrecedes(b.1.ranks) }
            if a.0.priority != b.0.priority { return a.0.priority > b.0.priority }
            return a.0.order < b.0.order
        }
    }

    /// Lists the candidates considered for `url` and why each won or lost.
    package func explain(_ url: String) -> Explanation {
        let parsed: RouteURL
        do throws(URLParseError) { parsed = try RouteURL(url, limits: options.limits) } catch {
            return Explanation(url: url, error: error, winner: nil, candidates: [])
        }
        let winner = (try? match(url))?.pattern.description
        // The routes are put together once per call (see ``routes``).
        let routes = self.routes
        let considered = consideredRoutes(for: parsed, in: routes)
        let ranked = rankedMatches(among: considered, parsed)
        var out: [Explanation.Candidate] = []
        var unlisted = 0
        let best = ranked.first
        for (r, c) in ranked {
            let text = r.pattern.description
            if text == winner {
                let ranks = r.pattern.isSuffix
                    ? "suffix of \(r.pattern.segments.count), "
                        + (c.ranks[0] == 2 ? "specific scheme" : "any scheme") + ", "
                        + c.ranks.dropFirst(2).map { Self.rankNames[min($0, 4)] }.joined(separator: ", ")
                    : describeRanks(c.ranks)
                out.append(.init(pattern: text, matched: true, verdict: "won (" + ranks + ")"))
                continue
            }
            guard let (w, wc) = best else { continue }
            let verdict: String
            if r.pattern.isSuffix && !w.pattern.isSuffix {
                verdict = "lost to \(w.pattern): every anchored pattern ranks above a suffix pattern"
            } else if r.pattern.isSuffix && c.ranks.prefix(2) != wc.ranks.prefix(2) {
                verdict = c.ranks[0] != wc.ranks[0]
                    ? "lost to \(w.pattern) at the scheme: any scheme vs specific scheme"
                    : "lost to \(w.pattern): a longer suffix ranks above a shorter one"
            } else if r.pattern.isSuffix && c.ranks != wc.ranks {
                let k = (2..<min(c.ranks.count, wc.ranks.count)).first { c.ranks[$0] != wc.ranks[$0] } ?? 2
                verdict = "lost to \(w.pattern) at suffix segment \(k - 1): " + rankPhrase(c.ranks, k)
                    + " vs " + rankPhrase(wc.ranks, k)
            } else if c.ranks != wc.ranks {
                let k = (0..<min(c.ranks.count, wc.ranks.count)).first { c.ranks[$0] != wc.ranks[$0] }
                    ?? min(c.ranks.count, wc.ranks.count)
                verdict = "lost to \(w.pattern) at \(positionName(k)): " + rankPhrase(c.ranks, k)
                    + " vs " + rankPhrase(wc.ranks, k)
            } else if r.priority != w.priority {
                verdict = "lost to \(w.pattern) on priority (\(r.priority) < \(w.priority))"
            } else {
                verdict = "lost to \(w.pattern) on registration order (#\(r.order) after #\(w.order))"
            }
            out.append(.init(pattern: text, matched: true, verdict: verdict))
        }
        // Routes that do not match, nearest first: those that got further through the URL, and among
        // them those refused by a segment rather than by a different number of segments.
        var misses: [(score: Int, candidate: Explanation.Candidate)] = []
        for r in considered {
            let c = r.pattern.check(parsed, caseInsensitivePaths: options.caseInsensitivePaths)
            guard !c.matched else { continue }
            misses.append((Self.missScore(c),
                           .init(pattern: r.pattern.description, matched: false, verdict: c.failure ?? "no match")))
        }
        out += misses.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element.candidate)
        if !considered.contains(where: { !$0.pattern.isSuffix }) {
            // No anchored route shares the scheme and host (suffix routes are always considered): name the
            // nearest routes and what set them apart.
            let consideredPatterns = Set(considered.map(\.pattern))
            // Nearest first; equally near routes keep their table order. Scores and places are sorted, not
            // the routes themselves (moving a route costs its reference counts; a miss on a large table
            // sorted every route).
            var scored: [(score: Int, index: Int)] = []
            scored.reserveCapacity(routes.count)
            for index in routes.indices where !consideredPatterns.contains(routes[index].pattern) {
                scored.append((Self.nearness(routes[index].pattern, parsed), index))
            }
            scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
            let near = scored.prefix(5).map { routes[$0.index] }
            unlisted = scored.count - near.count
            for r in near {
                out.append(.init(pattern: r.pattern.description, matched: false,
                                 verdict: Self.nearnessVerdict(r.pattern, parsed)))
            }
        }
        var explanation = Explanation(url: url, error: nil, winner: winner, candidates: out)
        explanation.unlisted = unlisted
        return explanation
    }

    /// How near a considered route that does not match `url` came (its `PatternCheck`): further
    /// through the URL first, and a segment refused before a different number of segments.
    static func missScore(_ check: PatternCheck) -> Int {
        check.ranks.count * 2 + ((check.failure ?? "").hasPrefix("the URL has") ? 0 : 1)
    }

    /// Why a route not considered for `url` (its scheme or host differs) does not match it.
    static func nearnessVerdict(_ pattern: RoutePattern, _ url: RouteURL) -> String {
        if let s = pattern.scheme, s != url.scheme { return RoutePattern.schemeVerdict(url.scheme, s) }
        if let h = literalHost(pattern) { return "host: '\(url.host)' is not '\(h)'" }
        return "no match"
    }

    /// How close a pattern is to a URL it does not match (its host differs or its scheme does): the
    /// same scheme first, then a host one typo away, then the same shape of path (as many segments, or
    /// room for them), then each path segment the pattern shares as a literal or could take as a
    /// parameter, then the longest shared host prefix.
    static func nearness(_ pattern: RoutePattern, _ url: RouteURL) -> Int {
        var score = pattern.scheme == nil || pattern.scheme == url.scheme ? 10_000 : 0
        score += pathNearness(pattern.path, url.pathSegments)
        if let h = literalHost(pattern) { score += hostNearness(h, url.host) }
        return score
    }

    /// The host's part of ``nearness(_:_:)`` for a pattern whose literal host is `h`: a host one typo
    /// away (`users` for `user`) is nearer than any shape, then the longest shared prefix counts.
    static func hostNearness(_ h: String, _ host: String) -> Int {
        (SchemaText.closest(to: host, in: [h]) != nil ? 5000 : 0) + zip(h.utf8, host.utf8).prefix { $0 == $1 }.count
    }

    /// The path's part of ``nearness(_:_:)``: the same shape of path, then each segment shared as a
    /// literal (100) or that could be taken as a parameter (10).
    static func pathNearness(_ path: [PatternSegment], _ segments: [String]) -> Int {
        var score = PathShape(path).fits(segments.count) ? 1000 : 0
        for (segment, value) in zip(path, segments) {
            switch segment {
            case .literal(let text): score += text == value ? 100 : 0
            default: score += 10
            }
        }
        return score
    }

    private func positionName(_ k: Int) -> String {
        k == 0 ? "the scheme" : k == 1 ? "the host" : "segment \(k - 1)"
    }

    private func rankPhrase(_ ranks: [Int], _ k: Int) -> String {
        guard k < ranks.count else { return "end of pattern" }
        if k == 0 { return ranks[0] == 0 ? "specific scheme" : "any scheme" }
        return Self.rankNames[min(ranks[k], 4)]
    }

    private func describeRanks(_ ranks: [Int]) -> String {
        ranks.indices.map { rankPhrase(ranks, $0) }.joined(separator: ", ")
    }

    /// Reports patterns that never win: for every URL a pattern matches, a route ranking above it (by
    /// the ranking rules: segment classes, then priority, then registration order) matches it too.
    ///
    /// Decided on the patterns' languages, not on sample URLs: literal, typed and regex segments are
    /// compared as automata, a pattern without a scheme counts for every scheme, and an optional last
    /// segment or a catch-all is judged for each number of segments it allows (each may be covered by
    /// a different route). A relation the search cannot decide within its state cap is not reported.
    package func validate() -> [ShadowReport] {
        let routes = self.routes
        let ranked = routes.map { RankedPattern(pattern: $0.pattern, priority: $0.priority, order: $0.order) }
        let verdicts = PatternAnalyzer(foldPaths: options.caseInsensitivePaths).shadowing(ranked)
        return verdicts.enumerated().compactMap { k, v in
            guard case .shadowed(let by, let example) = v else { return nil }
            return ShadowReport(pattern: routes[k].pattern.description,
                                shadowedBy: by.map { routes[$0].pattern.description }.joined(separator: " and "),
                                samples: [example])
        }
    }

    /// The table as an indented tree: one line per trie edge, `→` marking where a pattern ends.
    package var treeDescription: String {
        var lines: [String] = []
        let routes = self.routes
        let t = trie
        func label(_ r: Int32) -> String {
            let route = routes[t.terminals[Int(r)].routeIndex]
            return "→ \(route.pattern) [\(route.target)]"
        }
        func walk(_ node: Int32, _ indent: Int) {
            let n = t.nodes[Int(node)]
            let pad = String(repeating: "  ", count: indent)
            if n.exact >= 0 { lines.append(pad + label(n.exact)) }
            if n.absent >= 0 { lines.append(pad + label(n.absent) + " (optional absent)") }
            for k in Int(n.litStart)..<Int(n.litStart + n.litCount) {
                let e = t.literals[k]
                let key = String(decoding: t.keyBytes[Int(e.keyStart)..<Int(e.keyStart + e.keyLength)], as: UTF8.self)
                lines.append(pad + PatternSegment.literal(key).description)
                walk(e.child, indent + 1)
            }
            for k in Int(n.conStart)..<Int(n.conStart + n.conCount) {
                let e = t.constrained[k]
                lines.append(pad + ":" + t.constraints[Int(e.constraint)].description)
                walk(e.child, indent + 1)
            }
            if n.param >= 0 {
                lines.append(pad + ":")
                walk(n.param, indent + 1)
            }
            for k in Int(n.optStart)..<Int(n.optStart + n.optCount) {
                let e = t.optionals[k]
                let c = e.constraint >= 0 ? t.constraints[Int(e.constraint)].description : ""
                lines.append(pad + ":" + c + "? " + label(e.terminal))
            }
            if n.catchAll >= 0 { lines.append(pad + "* " + label(n.catchAll)) }
        }
        for (scheme, node) in t.schemes {
            lines.append(String(decoding: scheme, as: UTF8.self) + "://")
            walk(node, 1)
        }
        if t.anyScheme >= 0 {
            lines.append("*://")
            walk(t.anyScheme, 1)
        }
        if !t.suffixes.isEmpty {
            lines.append("suffixes (in the order tried, after the trie):")
            for s in t.suffixes {
                let route = routes[Int(s.route)]
                lines.append("  \(route.pattern) [\(route.target)]")
            }
        }
        return lines.joined(separator: "\n")
    }
}
