import Switchyard

/// What the router would do with a URL, without running interceptors or handlers: the relocations,
/// redirects and aliases applied on the way, then why each candidate route won or lost for the URL
/// reached (the answer of `Router.explain(_:)`). It is read off `Router.resolve(_:)`, the walk an open
/// takes, so its winner is the route an open reaches and nothing "wins" when the walk stops first.
///
/// ```swift
/// print(router.explain("app://user/abc"))
/// // explain app://user/abc
/// //   winner: none
/// //   ✗ app://user/:id<int>: segment 1: 'abc' does not satisfy <int>
/// ```
public struct RouteExplanation: Sendable, CustomStringConvertible {
    /// One rewrite on the way to the final URL.
    package typealias Step = Resolution.Step

    /// The URL as given.
    public let url: String
    /// The walk an open takes for the URL.
    package let resolution: Resolution
    /// The candidates for the final URL. When the walk stopped before matching (a deleted route, a
    /// loop, a destination that cannot be built), no candidate won: the one that would have says why
    /// not. For a relocation `add`, the added pattern is the winner.
    package let final: Explanation
    /// Routes that match a URL on the way which a rewrite took first, with the rewrite that did.
    package let bypassed: [Explanation.Candidate]
    /// The interceptors whose scope covers the route an open reaches, in the order they run: they
    /// judge the open and may still redirect it (a login gate) or reject it (an allow list), which
    /// `explain` does not run. Empty when no route is reached.
    public var interceptors: [String] = []

    /// The rewrites applied, in order.
    package var steps: [Step] { resolution.steps }
    /// Why the walk stopped before matching, when it did (a deleted route, a loop, a bad destination).
    public var stopped: String? { resolution.stopped }
    /// The route an open reaches: its pattern and target; nil when none.
    public var opens: (pattern: String, target: String)? {
        resolution.match.map { ($0.pattern.description, $0.entry.name) }
    }

    /// The URLs walked, the given one first and the one the walk ended on last.
    public var chain: [String] {
        resolution.chain.last == resolution.finalURL ? resolution.chain : resolution.chain + [resolution.finalURL]
    }

    /// The rewrites applied on the way, one line each (`redirect app://old/7 → app://new/7`), in order.
    public var rewrites: [String] { steps.map(\.description) }

    /// A readable report: the rewrites, then the candidates, then the routes bypassed; what
    /// `switchyard explain URL` prints.
    ///
    /// When the walk stops before a route (a redirect loop, the hop limit, a deleted route, a
    /// destination that cannot be built), the report leads with why and the chain of URLs walked, and
    /// lists only the routes that match a URL of the chain (the one that would have won, those a
    /// rewrite bypassed): a route that matches none of them says nothing about the stop.
    public var description: String {
        var lines = ["explain \(url)"]
        if let stopped {
            lines.append("  stopped: \(stopped)")
            lines.append("  chain: \(chain.joined(separator: " → "))")
        }
        for step in steps { lines.append("  via \(step)") }
        lines += final.description.split(separator: "\n").dropFirst().map(String.init)
        for b in bypassed { lines.append("  ✗ \(b.pattern): \(b.verdict)") }
        if !interceptors.isEmpty {
            let verb = interceptors.count == 1 ? "judges" : "judge"
            lines.append("  then at open: \(interceptors.joined(separator: ", ")) \(verb) it"
                         + " (may redirect or reject; explain runs no interceptor)")
        }
        return lines.joined(separator: "\n")
    }
}

extension Router {
    /// Explains how `url` would be routed: the walk of `resolve(_:)` (relocations and static redirects
    /// in the order an open applies them, with its hop limit), then every candidate route's verdict for
    /// the URL reached, and the routes a rewrite bypassed on the way. No interceptor or handler runs.
    public func explain(_ url: String) -> RouteExplanation {
        let table = self.table
        let resolution = resolve(url)
        var final = table.explain(resolution.finalURL)
        switch resolution.end {
        case .matched(let m) where m.isAlias:
            let added = Explanation.Candidate(pattern: m.pattern.description, matched: true,
                                              verdict: "won (relocation add: a path for target \(m.entry.name))")
            final = Explanation(url: final.url, error: final.error, winner: m.pattern.description,
                                candidates: [added] + final.candidates)
        case .deleted, .loop, .failed, .notFound:
            guard final.winner != nil else { break }
            let why = resolution.stopped ?? "nothing opens"
            final = Explanation(url: final.url, error: final.error, winner: nil, candidates: final.candidates.map { c in
                guard c.pattern == final.winner else { return c }
                let ranks = c.verdict.hasPrefix("won (") && c.verdict.hasSuffix(")")
                    ? c.verdict.dropFirst(5).dropLast() : ""
                return .init(pattern: c.pattern, matched: c.matched,
                             verdict: "not opened: \(why)" + (ranks.isEmpty ? "" : "; it would win on rank (\(ranks))"))
            })
        case .matched, .invalidURL:
            break
        }
        if resolution.stopped != nil {
            // A walk that stopped: only the routes that match the URL it stopped on say anything about it.
            final = Explanation(url: final.url, error: final.error, winner: final.winner,
                                candidates: final.candidates.filter(\.matched))
        }
        var bypassed: [Explanation.Candidate] = []
        var seen: Set<String> = []
        // The URL the walk ended on is judged in `final` already.
        for step in resolution.steps where step.kind != "alias" && step.url != resolution.finalURL {
            guard let m = try? table.match(step.url), seen.insert(m.pattern.description).inserted else { continue }
            bypassed.append(.init(pattern: m.pattern.description, matched: true,
                                  verdict: "bypassed: \(step.kind) \(step.rule) rewrites \(step.url) first"))
        }
        var explanation = RouteExplanation(url: url, resolution: resolution, final: final, bypassed: bypassed)
        if let m = resolution.match {
            let pattern = m.pattern.description
            explanation.interceptors = interceptors
                .filter { $0.scope.applies(pattern: pattern, metadata: m.entry.metadata) }
                .map(\.interceptor.name)
        }
        return explanation
    }
}
