import Switchyard

/// `unknown-metadata-key`: a metadata key Switchyard does not read that is close to one it does
/// (``RouteLint/knownMetadataKeys``): equal but for case, or at most two edits away and fewer edits than
/// half the longer word (so `id` is not taken for `web`). `"requireLogin": "true"` turns no
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

    /// The known key `key` is probably a misspelling of; nil when `key` is known or near none. The same
    /// rule as every other did-you-mean of Switchyard (`SchemaText.closest`): case aside, at most two
    /// edits (a swap of two neighbours counts as one) and fewer than half the longer word.
    package static func nearestKnownKey(to key: String) -> String? {
        guard !RouteLint.knownMetadataKeys.contains(key) else { return nil }
        return SchemaText.closest(to: key, in: RouteLint.knownMetadataKeys.sorted())
    }
}
