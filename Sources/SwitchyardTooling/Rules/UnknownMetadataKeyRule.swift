import Switchyard

/// `unknown-metadata-key`: a metadata key Switchyard does not read that is close to one it does
/// (``RouteLint/knownMetadataKeys``): equal but for case, or at most two edits away and fewer edits than
/// half the known key's length (so `id` is not taken for `web`). `"requireLogin": "true"` turns no
/// login gate on; this names the key it was probably meant to be.
package struct UnknownMetadataKeyRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unknown-metadata-key`.
    package var code: LintCode { .unknownMetadataKey }
    /// One finding per key that is near a known key but not one.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] { Self.findings(c.file.routes) }

    /// One finding per key of `routes` that is near a known key but not one, located `routes[i]…`.
    package static func findings(_ routes: [RouteDefinition]) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (i, r) in routes.enumerated() {
            for key in r.metadata.keys.sorted() {
                guard let known = Self.nearestKnownKey(to: key) else { continue }
                out.append(RouteLintFinding(.unknownMetadataKey, "routes[\(i)].metadata.\(key)",
                                            "unknown metadata key '\(key)' (did you mean '\(known)'?)"))
            }
        }
        return out
    }

    /// The known key `key` is probably a misspelling of; nil when `key` is known or near none.
    package static func nearestKnownKey(to key: String) -> String? {
        guard !RouteLint.knownMetadataKeys.contains(key) else { return nil }
        let scored = RouteLint.knownMetadataKeys.sorted().compactMap { known -> (String, Int)? in
            if known.lowercased() == key.lowercased() { return (known, 0) }
            let distance = editDistance(known, key)
            return distance <= 2 && distance * 2 < known.count ? (known, distance) : nil
        }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance between `a` and `b`, in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
