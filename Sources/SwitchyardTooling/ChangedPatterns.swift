import Switchyard
import SwitchyardNavigation

/// The patterns of the routes two tables do not share, filed so that ``mayShareURL(with:)`` compares a
/// pattern only with those of its host and length.
struct ChangedPatterns {
    /// Whether some pattern could share a URL with any pattern (a suffix pattern, a parameter host, an
    /// optional or catch-all segment, or text that does not parse): then every pattern matters.
    private var matchesAnything = false
    /// A literal host and a number of path segments.
    private struct Place: Hashable {
        let host: String
        let length: Int
    }

    /// The other patterns by literal host and number of path segments.
    private var byPlace: [Place: [RoutePattern]] = [:]
    /// Whether literal path segments compare ignoring ASCII case.
    private let foldPaths: Bool

    init(_ patterns: [RoutePattern?], foldPaths: Bool) {
        self.foldPaths = foldPaths
        for pattern in patterns {
            guard let pattern, Self.isPlain(pattern), case .literal(let host) = pattern.host else {
                matchesAnything = true
                continue
            }
            byPlace[Place(host: host, length: pattern.path.count), default: []].append(pattern)
        }
    }

    /// A pattern whose URLs have its literal host and exactly its number of path segments.
    private static func isPlain(_ pattern: RoutePattern) -> Bool {
        !pattern.isSuffix && pattern.path.allSatisfy {
            switch $0 {
            case .literal, .parameter: true
            case .optional, .catchAll: false
            }
        }
    }

    /// Whether some URL may be matched both by `pattern` and by one of the patterns: false only when
    /// each of them differs from `pattern` in scheme, host or length, or in a segment that no one value
    /// fits (two different literals, or a literal a parameter's constraint refuses).
    func mayShareURL(with pattern: RoutePattern) -> Bool {
        if matchesAnything || !Self.isPlain(pattern) { return true }
        guard case .literal(let host) = pattern.host else { return !byPlace.isEmpty }
        guard let candidates = byPlace[Place(host: host, length: pattern.path.count)] else { return false }
        let path = pattern.path
        return candidates.contains { share(pattern.scheme, path, $0) }
    }

    /// Whether two plain patterns of one host and length (the first given by its scheme and path) may
    /// match one URL.
    private func share(_ scheme: String?, _ path: [PatternSegment], _ b: RoutePattern) -> Bool {
        if let x = scheme, let y = b.scheme, x != y { return false }
        let other = b.path
        for k in path.indices where !fit(path[k], other[k]) { return false }
        return true
    }

    /// Whether one path segment value may fit both segments.
    private func fit(_ s: PatternSegment, _ t: PatternSegment) -> Bool {
        switch (s, t) {
        case (.literal(let x), .literal(let y)):
            return foldPaths ? x.lowercased() == y.lowercased() : x == y
        case (.literal(let x), .parameter(_, let c)), (.parameter(_, let c), .literal(let x)):
            // With folded paths a literal fits values of other cases, which the constraint may take.
            guard let c, !foldPaths else { return true }
            return c.matches(x)
        default:
            return true
        }
    }
}
