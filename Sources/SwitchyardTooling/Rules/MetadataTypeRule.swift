import Switchyard

/// `metadata-type`: a metadata value that is not of its key's type.
package struct MetadataTypeRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `metadata-type`.
    package var code: LintCode { .metadataType }
    /// One finding per wrongly typed value.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (i, r) in c.file.routes.enumerated() {
            for key in r.metadata.keys.sorted() {
                guard let type = c.metadataTypes[key], let value = r.metadata[key], !type.accepts(value) else {
                    continue
                }
                out.append(RouteLintFinding(code, "routes[\(i)].metadata.\(key)",
                                            "'\(value)' is not a \(type.rawValue) (\(key) takes "
                                                + "\(type == .boolean ? "true or false" : "a \(type.rawValue)"))"))
            }
        }
        return out
    }
}
