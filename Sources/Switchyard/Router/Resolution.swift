/// Where a URL goes when opened, before interceptors and handlers: the rewrites on the way and how the
/// walk ended (``Router/resolve(_:)``).
package struct Resolution: Sendable {
    /// One rewrite on the way.
    package struct Step: Sendable, Equatable, CustomStringConvertible {
        /// `relocation`, `redirect` or `alias`.
        package let kind: String
        /// The pattern of the rule that applied.
        package let rule: String
        /// The URL the step produced (for an alias, the target it names; for a deletion, empty).
        package let result: String
        /// The URL the rule applied to.
        package let url: String

        /// One line: `relocation app://old/:id → app://order/44`.
        package var description: String {
            result.isEmpty ? "\(kind) \(rule): deleted" : "\(kind) \(rule) → \(result)"
        }
    }

    /// The route a walk reached.
    package struct Match: Sendable {
        /// The URL matched (after the rewrites).
        package let url: String
        /// Whether a relocation `add` led to the route.
        package let isAlias: Bool
        private let source: Source

        /// Where the route's parts are read: the table's match (read when asked for: `match` writes a
        /// line for every URL and reads each part once), or a relocation `add`'s own.
        private enum Source: Sendable {
            case table(RouteMatch<RouteEntry>)
            case alias(RoutePattern, RouteEntry, PathParameters)
        }

        /// A route the table matched.
        init(url: String, match: RouteMatch<RouteEntry>) {
            self.url = url
            isAlias = false
            source = .table(match)
        }

        /// The route a relocation `add` leads to: its pattern, the entry of the first route with its
        /// target, and the parameters its pattern captured.
        init(url: String, alias pattern: RoutePattern, entry: RouteEntry, parameters: PathParameters) {
            self.url = url
            isAlias = true
            source = .alias(pattern, entry, parameters)
        }

        /// The route's pattern, or for a relocation `add`, the added pattern.
        package var pattern: RoutePattern {
            switch source {
            case .table(let m): m.pattern
            case .alias(let pattern, _, _): pattern
            }
        }
        /// The route's entry (for an `add`, the first route with the target).
        package var entry: RouteEntry {
            switch source {
            case .table(let m): m.target
            case .alias(_, let entry, _): entry
            }
        }
        /// The path parameters (decoded when read).
        package var parameters: PathParameters {
            switch source {
            case .table(let m): m.parameters
            case .alias(_, _, let parameters): parameters
            }
        }
        /// The route's place in the router's table (nil for a relocation `add`).
        package var route: Int? {
            if case .table(let m) = source { return m.routeIndex }
            return nil
        }
    }

    /// How the walk ended.
    package enum End: Sendable {
        /// A route is reached.
        case matched(Match)
        /// The relocation table deletes the URL.
        case deleted(rule: String, url: String)
        /// The rewrites loop, or go on past the hop limit.
        case loop(reason: String)
        /// A rule could not build its destination.
        case failed(rule: String, error: String, url: String)
        /// No route matches `url`.
        case notFound(url: String)
        /// `url` is not a valid URL.
        case invalidURL(url: String, error: URLParseError)
    }

    /// The URL as given.
    package let url: String
    /// The rewrites, in order.
    package let steps: [Step]
    /// The URLs walked, the given one first.
    package let chain: [String]
    /// How the walk ended.
    package let end: End

    /// The route reached, if any.
    package var match: Match? {
        if case .matched(let m) = end { return m }
        return nil
    }

    /// The last URL the walk reached (the one matched, deleted, or not found).
    package var finalURL: String {
        switch end {
        case .matched(let m): m.url
        case .deleted(_, let u), .failed(_, _, let u), .notFound(let u), .invalidURL(let u, _): u
        case .loop: chain.last ?? url
        }
    }

    /// Why nothing opens when the walk stopped before a route (a deletion, a loop, a destination that
    /// cannot be built); nil when it reached a route or simply found none.
    package var stopped: String? {
        switch end {
        case .deleted: "the relocation table deletes this route"
        case .loop(let reason): reason
        case .failed(let rule, let error, _): "\(rule) cannot build its destination (\(error))"
        case .notFound:
            // A relocation `add` whose target no route has: the table's own winner is not opened.
            steps.last.flatMap {
                $0.kind == "alias" ? "the relocation \($0.rule) adds a path for \($0.result), which no route has" : nil
            }
        case .matched, .invalidURL: nil
        }
    }
}
