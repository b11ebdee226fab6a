import Switchyard

/// Lint over a route file read with ``RouteFile/collecting(json:file:)``: the entries that did not read
/// are findings too, so one run reports every problem of the file.
extension RouteLint {
    /// The load errors of `collected` as findings, then every rule's findings on the entries that load,
    /// each located as the file is written (`routes[7]` is the eighth route of the file, whether or not
    /// the routes before it read). What loads is decided as the app decides it
    /// (`CollectedRouteFile.loadable(options:)`): a route left out for an unreadable `requiresLogin`
    /// makes no later route a duplicate, here as in the app. ``RouteFileCheck`` also orders the findings
    /// by their line in the file.
    ///
    /// - Parameters:
    ///   - collected: the file read with `RouteFile.collecting(json:file:)`.
    ///   - options: the matching options the table is used with.
    ///   - mountedPatterns: patterns registered in code that destinations may also reach.
    public static func findings(_ collected: CollectedRouteFile, options: MatchOptions = MatchOptions(),
                                mountedPatterns: [String] = []) -> [RouteLintFinding] {
        let loaded = collected.loadable(options: options)
        let load = loaded.errors.map(loadFinding)
        let rules = findings(loaded.file, options: options, mountedPatterns: mountedPatterns).filter {
            $0.code != .unknownMetadataKey
        }.map { f in
            RouteLintFinding(f.severity, f.code, relocated(f.location, loaded), relocated(f.message, loaded))
        }
        return load + rules + unknownMetadataKeys(collected)
    }

    /// The `unknown-metadata-key` findings of every route of `collected` that reads, including those
    /// the app leaves out (a duplicate, an unreadable `requiresLogin`), located as the file is written.
    static func unknownMetadataKeys(_ collected: CollectedRouteFile) -> [RouteLintFinding] {
        UnknownMetadataKeyRule.findings(collected.file.routes).map { f in
            RouteLintFinding(f.severity, f.code, relocated(f.location, collected), relocated(f.message, collected))
        }
    }

    /// A load error as a finding: an invalid route pattern, a bad redirect, a refused relocation entry,
    /// or any other value the format refuses (`schema`).
    package static func loadFinding(_ error: RouteFileError) -> RouteLintFinding {
        let at = error.location
        let code: LintCode
        if at.hasPrefix("routes["), at.hasSuffix("].pattern") {
            code = .invalidPattern
        } else if at.hasPrefix("redirects[") {
            code = error.message.hasPrefix("redirect source:") ? .duplicateRedirect : .invalidRedirect
        } else if at.hasPrefix("relocations") {
            code = .relocation
        } else if at.hasPrefix("routes["), at.hasSuffix("].metadata.\(MetadataKey.requiresLogin.name)")
                    || at.hasSuffix("].metadata.\(MetadataKey<Bool>.loginFlow.name)") {
            code = .metadataType
        } else if at.hasPrefix("routes["), !at.contains("."),
                  error.message.contains("already registered") || error.message.contains("same shape") {
            code = error.message.contains("same shape") ? .sameShape : .duplicate
        } else {
            code = .schema
        }
        return RouteLintFinding(code, at.isEmpty ? "file" : at, error.message)
    }

    /// `text` with each `routes[k]`, `redirects[k]` and `relocations.entries[k]` of the collected file's
    /// entries renamed to the entry's index in the file as written.
    static func relocated(_ text: String, _ collected: CollectedRouteFile) -> String {
        var out = text
        for (prefix, indices) in [("routes[", collected.routeIndices), ("redirects[", collected.redirectIndices),
                                  ("relocations.entries[", collected.relocationIndices)] {
            out = renumbered(out, prefix: prefix, indices)
        }
        return out
    }

    private static func renumbered(_ text: String, prefix: String, _ indices: [Int]) -> String {
        guard text.contains(prefix) else { return text }
        var out = ""
        var rest = Substring(text)
        while let r = rest.range(of: prefix) {
            out += rest[..<r.lowerBound]
            let digits = rest[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let end = rest.index(r.upperBound, offsetBy: digits.count)
            if let k = Int(digits), end < rest.endIndex, rest[end] == "]", indices.indices.contains(k) {
                out += prefix + String(indices[k])
            } else {
                out += rest[r.lowerBound..<end]
            }
            rest = rest[end...]
        }
        return out + rest
    }
}

/// `import-warning`: a route whose conversion by `switchyard import` was lossy. The importer records
/// the warning in the route's metadata under `importWarning`; lint carries it on, at the route.
package struct ImportWarningRule: LintRule {
    /// The metadata key the importer records a lossy conversion under.
    package static let metadataKey = "importWarning"
    /// Creates the rule.
    package init() {}
    /// `import-warning`.
    package var code: LintCode { .importWarning }
    /// One finding per line of a route's import warning (the importer joins several with line breaks),
    /// so each printed line is whole: severity, code, location and one warning with its `FILE:LINE`.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.file.routes.enumerated().flatMap { i, r -> [RouteLintFinding] in
            guard let text = r.metadata[Self.metadataKey] else { return [] }
            let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            return (lines.isEmpty ? [Substring(text)] : lines).map { line in
                RouteLintFinding(code, "routes[\(i)]", "\(r.pattern) → \(r.target): import warning: \(line)")
            }
        }
    }
}
