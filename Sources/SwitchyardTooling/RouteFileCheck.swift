import Foundation
import Switchyard
import SwitchyardNavigation

/// A route file read once and judged by one rule, for `switchyard lint --routes FILE` and for the app
/// opened on it (`switchyard --routes FILE`, `--replay`, `script`, `coverage`): what loads
/// (`CollectedRouteFile.loadable(options:)`), and every problem, each at its line in the file.
///
/// Lint reports ``findings`` (every rule); the app reports the findings lint calls errors (``errors``)
/// and the near-miss metadata keys (``warnings`` of ``Rules/errors``), so every error lint prints for a
/// file is in the app's load report too, the entries left out and the errors that stay (a redirect
/// cycle, a redirect that leads nowhere) alike.
public struct RouteFileCheck: Sendable {
    /// Which rules run.
    public enum Rules: Sendable {
        /// Every lint rule (what `lint` prints).
        case all
        /// The rules whose findings are errors, and the warnings each route earns alone that leave it
        /// useless or open (a metadata key one typo from a key Switchyard reads: a misspelt
        /// `requiresLogin` leaves a route open; a constraint written as literal text), which the app
        /// reports at load. The other warnings' rules, which compare routes with each other, are not run.
        case errors
    }

    /// The entries that load, as the app opens them.
    public let loaded: CollectedRouteFile
    /// The problems, in file order: by line, then column, the order of equal places kept (load errors
    /// before the rules' findings, the rules in their order). A finding of the file as a whole
    /// (`file`) comes first.
    public let findings: [RouteLintFinding]
    /// The places (location and message) of the findings whose entry was left out.
    private let leftOutKeys: Set<String>

    /// Reads and judges a route file's bytes.
    ///
    /// - Parameters:
    ///   - data: the JSON route file.
    ///   - file: the file as it was named, for errors.
    ///   - rules: every rule, or only those whose findings are errors.
    ///   - options: the matching options the table is used with.
    /// - Throws: `RouteFileError` when the file cannot be read at all (a syntax error, not an object).
    public init(json data: Data, file: String? = nil, rules: Rules = .all,
                options: MatchOptions = MatchOptions()) throws(RouteFileError) {
        let collected = try RouteFile.collecting(json: data, file: file)
        let loaded = collected.loadable(options: options)
        self.loaded = loaded
        let load = loaded.errors.map(RouteLint.loadFinding)
        let context = RouteLintContext(loaded.file, options: options)
        // Every route of what loads registered (`CollectedRouteFile.loadable(options:)` kept only those),
        // so the rules that report registration failures have nothing to find there: their findings are
        // the load errors above.
        // A near-miss metadata key is judged on every route that reads, those left out included, so a
        // left-out route's other problems are still told.
        let registered: Set<LintCode> = [.duplicate, .sameShape, .invalidPattern, .unknownMetadataKey]
        let chosen = RouteLint.rules.filter {
            !registered.contains($0.code) && (rules == .all || Self.runsAtLoad($0.code))
        }
        var ruled = chosen.flatMap { $0.check(context) }.map { f in
            RouteLintFinding(f.severity, f.code, RouteLint.relocated(f.location, loaded),
                             RouteLint.relocated(f.message, loaded))
        }
        ruled += RouteLint.unknownMetadataKeys(collected)
        leftOutKeys = Set(load.map(Self.key))
        findings = Self.inFileOrder(load + ruled, json: data)
    }

    /// Reads and judges the route file at `path` (a pipe is read too).
    ///
    /// - Throws: `RouteFileError` when the file cannot be read at all (missing, a syntax error).
    public init(path: String, rules: Rules = .all, options: MatchOptions = MatchOptions()) throws(RouteFileError) {
        try self.init(json: try RouteSchema.read(path: path), file: path, rules: rules, options: options)
    }

    /// Whether the app's load runs the rule of `code` (``Rules/errors``): every rule whose findings are
    /// errors, and the warnings each route earns alone that leave a route useless (a constraint written
    /// as literal text matches only those characters).
    static func runsAtLoad(_ code: LintCode) -> Bool {
        code.severity == .error || code == .constraintAsLiteral
    }

    /// The findings lint calls errors, in file order.
    public var errors: [RouteLintFinding] { findings.filter { $0.severity == .error } }

    /// The findings lint calls warnings, in file order.
    public var warnings: [RouteLintFinding] { findings.filter { $0.severity == .warning } }

    /// Whether `finding`'s entry was left out of what loads (a load error), rather than loaded with
    /// the problem (a redirect cycle, for one).
    public func isLeftOut(_ finding: RouteLintFinding) -> Bool { leftOutKeys.contains(Self.key(finding)) }

    private static func key(_ f: RouteLintFinding) -> String { f.location + "\u{0}" + f.message }

    /// `findings` with the line and column of their place in `data`, sorted by line, then column;
    /// findings of one place keep their order, and those with no place in the file come first. A
    /// location the file does not hold as written (`routes[3].metadata`) is placed at its nearest
    /// enclosing value.
    package static func inFileOrder(_ findings: [RouteLintFinding], json data: Data) -> [RouteLintFinding] {
        guard !findings.isEmpty else { return findings }
        // A finding about a key (a misspelt metadata key) is placed at the key, not at its value.
        func places(_ f: RouteLintFinding) -> [String] {
            let around = enclosing(f.location)
            return f.code == .unknownMetadataKey ? [f.location + JSONSyntax.keyMark] + around : around
        }
        var wanted: Set<String> = []
        for f in findings { wanted.formUnion(places(f)) }
        let positions = JSONSyntax.positions(of: wanted, in: data)
        let placed = findings.map { f -> RouteLintFinding in
            var out = f
            if let at = places(f).lazy.compactMap({ positions[$0] }).first {
                out.line = at.line
                out.column = at.column
            }
            return out
        }
        return placed.enumerated().sorted { a, b in
            let ka = (a.element.line ?? 0, a.element.column ?? 0), kb = (b.element.line ?? 0, b.element.column ?? 0)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }

    /// `location` and the paths that enclose it, innermost first: `routes[3].metadata.web`,
    /// `routes[3].metadata`, `routes[3]`, `routes`. A bracketed key (`metadata["a.b"]`) is one step.
    static func enclosing(_ location: String) -> [String] {
        var out: [String] = []
        var cuts: [String.Index] = []
        var inQuotes = false
        var i = location.startIndex
        while i < location.endIndex {
            let c = location[i]
            if c == "\"" {
                inQuotes.toggle()
            } else if !inQuotes, c == "." || c == "[", i > location.startIndex {
                cuts.append(i)
            }
            i = location.index(after: i)
        }
        out.append(location)
        for cut in cuts.reversed() { out.append(String(location[..<cut])) }
        return out.filter { !$0.isEmpty }
    }
}
