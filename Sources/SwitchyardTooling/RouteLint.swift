import Switchyard

extension PercentEncoding {
    /// `text` with `%XX` escapes decoded; nil for a bad escape or invalid UTF-8.
    static func decodeLiteral(_ text: String) -> String? {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let hi = ByteClass.hexValue(bytes[i + 1]),
                      let lo = ByteClass.hexValue(bytes[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}

/// Checks a route file as a whole and reports every problem, not just the first. Shadowing, overlaps,
/// unknown targets and cycles are decided on the patterns' languages (literal, typed and regex
/// segments intersected or compared as automata), not on sample URLs.
/// Lint of a route table: every problem of a route file, a collected route file or a live router, one
/// finding each, decided on the patterns themselves (their segment languages), not on sample URLs.
///
/// ```swift
/// for finding in RouteLint.findings(router) { print(finding) }
/// // warning: [shadowed] routes[1]: app://user/:name is shadowed by app://user/:id …
/// ```
public enum RouteLint {
    /// The types of the metadata keys Switchyard reads: `requiresLogin` (the login gate), `loginFlow`
    /// (a screen of the login flow) and `web`.
    package static let metadataTypes: [String: MetadataType] = [
        MetadataKey.requiresLogin.name: .boolean, MetadataKey<Bool>.loginFlow.name: .boolean,
        MetadataKey.web.name: .boolean,
    ]

    /// Every metadata key Switchyard reads: the typed keys (``MetadataKey``), the import warning lint
    /// carries on, and the `excluded` mark the importer sets on an excluded associated-domains path.
    package static let knownMetadataKeys: Set<String> = Set(metadataTypes.keys).union([
        ImportWarningRule.metadataKey, "excluded",
    ])

    /// The rules, in the order their findings are listed.
    package static let rules: [any LintRule<RouteLintContext>] = [
        DuplicateRule(), SameShapeRule(), InvalidPatternRule(), MetadataTypeRule(), UnknownMetadataKeyRule(),
        UnmatchableRule(),
        ShadowedRule(), OverlapRule(), InvalidRedirectRule(), DuplicateRedirectRule(), UnknownTargetRule(),
        RedirectCycleRule(), RedirectChainRule(), RelocationRule(), ImportWarningRule(), UndecidedRule(),
        ConstraintAsLiteralRule(),
    ]

    /// Every finding of every rule, rule by rule.
    ///
    /// - Parameters:
    ///   - file: the route table to check.
    ///   - options: the matching options the table is used with.
    ///   - mountedPatterns: patterns registered in code that destinations may also reach.
    public static func findings(_ file: RouteFile, options: MatchOptions = MatchOptions(),
                                mountedPatterns: [String] = []) -> [RouteLintFinding] {
        findings(RouteLintContext(file, options: options, mountedPatterns: mountedPatterns))
    }

    /// Every finding for the routes, redirects and relocation rules registered on `router`, code-registered
    /// routes included (the table ``RouteMap/init(router:)`` reads), with the router's matching options.
    /// Locations count the router's routes in registration order (`routes[0]` is the first registered).
    ///
    /// - Parameter router: the live router to check.
    public static func findings(_ router: Router) -> [RouteLintFinding] {
        findings(RouteMap(router: router).routeFile, options: router.options)
    }

    /// Every finding for the route file at `path`: the entries the file format refuses or the app
    /// leaves out, and the rules' findings on the entries that load, each located as the file is
    /// written (`routes[7]` is the eighth route of the file) and sorted by line. What
    /// `switchyard lint --routes FILE` prints (``RouteFileCheck``).
    ///
    /// - Parameters:
    ///   - path: the JSON route file.
    ///   - options: the matching options the table is used with.
    /// - Throws: `RouteFileError` when the file cannot be read at all (missing, not JSON, not an object).
    public static func findings(routeFile path: String,
                                options: MatchOptions = MatchOptions()) throws(RouteFileError) -> [RouteLintFinding] {
        try RouteFileCheck(path: path, options: options).findings
    }

    /// Every finding of every rule for a prepared context.
    package static func findings(_ context: RouteLintContext) -> [RouteLintFinding] {
        rules.flatMap { $0.check(context) }
    }

    /// The findings as lines (`RouteLintFinding/description`).
    package static func report(_ file: RouteFile, options: MatchOptions = MatchOptions()) -> [String] {
        findings(file, options: options).map(\.description)
    }
}

// MARK: Route rules
