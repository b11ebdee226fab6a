import Switchyard

/// The type a metadata key's value must have.
package enum MetadataType: String, Sendable, Equatable {
    /// `true` or `false`.
    case boolean
    /// A whole number.
    case integer
    /// Any text.
    case string

    /// Whether `text` (as a route file stores it) is a value of this type.
    package func accepts(_ text: String) -> Bool {
        switch self {
        case .boolean: text == "true" || text == "false"
        case .integer: Int(text) != nil
        case .string: true
        }
    }
}

/// What a URL template (an app's link or parent) can reach.
package enum TemplateVerdict: Sendable, Equatable {
    /// Some URL it can produce reaches a route, a redirect, a relocation or a mounted pattern.
    case reaches(example: String)
    /// None of its URLs reaches anything; `example` is one of them.
    case reachesNothing(example: String)
    /// It can produce no URL at all (its placeholders' constraints rule every value out).
    case empty
    /// A search hit its state cap.
    case undecided
    /// Not judged, and why (no scheme, a placeholder that may be empty…).
    case unchecked(reason: String)
}

/// A route file prepared for lint: routes registered, redirects parsed, the relocation table applied,
/// and the pattern analysis cached, so that each `LintRule` reads what it needs.
package final class RouteLintContext {
    /// The file checked.
    package let file: RouteFile
    /// The options the table is built with.
    package let options: MatchOptions
    /// Patterns that URLs may reach besides the file's own (routes registered in code, such as a
    /// service mount `app://services/:service/:method`).
    package let mountedPatterns: [RoutePattern]
    /// The type each known metadata key takes.
    package let metadataTypes: [String: MetadataType]

    struct Redirect {
        let index: Int
        let from: RoutePattern
        let to: RoutePattern
    }

    /// A rule that rewrites URLs: a redirect or a relocation replacement.
    struct Rewrite {
        let location: String
        let from: RoutePattern
        let to: RoutePattern
        let kind: String
    }

    let analyzer: PatternAnalyzer
    let table: RouteTable<RouteDefinition>
    /// Registration failures, by file index.
    let registrationErrors: [(index: Int, error: RegistrationError)]
    /// The file index of each registered route, by registration order.
    let fileIndex: [Int]
    /// Redirect problems found while parsing and registering them.
    let redirectProblems: [(index: Int, code: LintCode, message: String)]
    /// The redirects that parsed and registered.
    let redirects: [Redirect]
    /// The relocation rules in force, or why the table was refused; nil without a table.
    let relocation: Result<RelocationState, RelocationError>?
    private var undecidedNotes: [String: RouteLintFinding] = [:]
    private var undecidedOrder: [String] = []

    /// Prepares `file` for the rules.
    package init(_ file: RouteFile, options: MatchOptions = MatchOptions(), mountedPatterns: [String] = [],
                metadataTypes: [String: MetadataType] = RouteLint.metadataTypes) {
        self.file = file
        self.options = options
        self.mountedPatterns = mountedPatterns.compactMap { try? RoutePattern($0) }
        self.metadataTypes = metadataTypes
        analyzer = PatternAnalyzer(foldPaths: options.caseInsensitivePaths)

        var builder = RouteTableBuilder<RouteDefinition>(options: options)
        var errors: [(Int, RegistrationError)] = []
        var indices: [Int] = []
        for (i, r) in file.routes.enumerated() {
            do throws(RegistrationError) {
                try builder.add(r.pattern, target: r, priority: r.priority)
                indices.append(i)
            } catch {
                errors.append((i, error))
            }
        }
        table = builder.build()
        registrationErrors = errors
        fileIndex = indices

        var problems: [(Int, LintCode, String)] = []
        var parsed: [Redirect] = []
        var redirectBuilder = RouteTableBuilder<Int>(options: options)
        for (i, r) in file.redirects.enumerated() {
            let from: RoutePattern
            let to: RoutePattern
            do throws(PatternError) { from = try RoutePattern(r.from) } catch {
                problems.append((i, .invalidRedirect, "from: \(error)"))
                continue
            }
            do throws(PatternError) { to = try RoutePattern(r.to) } catch {
                problems.append((i, .invalidRedirect, "to: \(error)"))
                continue
            }
            let available = Set(from.parameterNames)
            var missing = false
            for seg in to.segments {
                guard let name = seg.parameterName, !available.contains(name) else { continue }
                if case .optional = seg { continue }
                problems.append((i, .invalidRedirect, "destination parameter '\(name)' is not in '\(from)'"))
                missing = true
            }
            do throws(RegistrationError) { try redirectBuilder.add(from, target: i) } catch {
                problems.append((i, .duplicateRedirect, "redirect source: \(error)"))
                continue
            }
            if !missing { parsed.append(Redirect(index: i, from: from, to: to)) }
        }
        redirectProblems = problems
        redirects = parsed

        if let table = file.relocations {
            do throws(RelocationError) { relocation = .success(try RelocationState().applying(table)) } catch {
                relocation = .failure(error)
            }
        } else {
            relocation = nil
        }
    }

    // MARK: Shared analysis

    /// The registered routes with what ranks them.
    var ranked: [RankedPattern] { table.routes.map { RankedPattern(pattern: $0.pattern, priority: $0.priority, order: $0.order) } }

    /// `routes[N]` for a registered route (by registration order).
    func routeLocation(_ order: Int) -> String { "routes[\(fileIndex[order])]" }

    /// For each registered route, what the routes ranking above it leave it.
    lazy var shadowVerdicts: [ShadowVerdict] = {
        let verdicts = analyzer.shadowing(ranked)
        for (k, v) in verdicts.enumerated() where v == .undecided {
            noteUndecided(routeLocation(k), "could not decide whether \(table.route(at: k).pattern) is shadowed (the search hit its state cap)")
        }
        return verdicts
    }()

    /// The redirects, then the relocation replacements in force, as rewrites.
    lazy var rewrites: [Rewrite] = {
        var out = redirects.map { Rewrite(location: "redirects[\($0.index)]", from: $0.from, to: $0.to, kind: "redirect") }
        if case .success(let state) = relocation {
            for (pattern, rule) in state.rules {
                guard case .replace(let to, _) = rule else { continue }
                let index = file.relocations?.entries.lastIndex { entry in
                    if case .replace = entry, (try? RoutePattern(entry.pattern))?.shape == pattern.shape { return true }
                    return false
                } ?? 0
                out.append(Rewrite(location: "relocations.entries[\(index)]", from: pattern, to: to, kind: "relocation"))
            }
        }
        return out
    }()

    /// Every pattern a URL can be taken by: routes, redirect sources, relocation patterns and mounts.
    lazy var reachablePatterns: [RoutePattern] = {
        var out = table.routes.map(\.pattern) + redirects.map(\.from) + mountedPatterns
        if case .success(let state) = relocation {
            out += state.rules.compactMap { r in
                if case .delete = r.rule { return nil }
                return r.pattern
            }
        }
        return out
    }()

    /// Whether some URL of `language` is taken by a reachable pattern: a witness, none, or undecided.
    func reach(_ language: URLLanguage) -> LanguageAnswer {
        var undecided = false
        var suffixes: [RoutePattern] = []
        for p in reachablePatterns {
            if p.isSuffix {
                suffixes.append(p)
                continue
            }
            switch analyzer.intersection(language, analyzer.language(p)) {
            case .witness(let w): return .witness(w)
            case .undecided: undecided = true
            case .none: break
            }
        }
        // A suffix pattern is judged one segment count at a time (its language grows with the count).
        for p in suffixes {
            for n in language.counts(upTo: PatternAnalyzer.bound(language) + p.segments.count) {
                guard let taken = analyzer.suffixLanguage(p, count: n) else { continue }
                switch analyzer.intersection(language, taken) {
                case .witness(let w): return .witness(w)
                case .undecided: undecided = true
                case .none: break
                }
            }
        }
        return undecided ? .undecided : .none
    }

    /// An example URL of `language`, or nil when it holds none (or the search gave up).
    func example(_ language: URLLanguage) -> LanguageAnswer {
        var undecided = false
        for n in language.counts(upTo: PatternAnalyzer.bound(language)) {
            switch analyzer.example(language, count: n) {
            case .witness(let w): return .witness(w)
            case .undecided: undecided = true
            case .none: break
            }
        }
        return undecided ? .undecided : .none
    }

    func noteUndecided(_ location: String, _ message: String) {
        let key = location + "\n" + message
        guard undecidedNotes[key] == nil else { return }
        undecidedNotes[key] = RouteLintFinding(.undecided, location, message)
        undecidedOrder.append(key)
    }

    var undecidedFindings: [RouteLintFinding] { undecidedOrder.compactMap { undecidedNotes[$0] } }

    // MARK: Templates

    /// What the URL template `template` (`app://order/{id}/track`) can reach, with each `{name}` taking
    /// the values of the path parameter `name` of `pattern`. Only the scheme, host and path are judged.
    package func verdict(forTemplate template: String, boundBy pattern: RoutePattern?) -> TemplateVerdict {
        guard let language = templateLanguage(template, pattern) else {
            return .unchecked(reason: templateProblem(template, pattern))
        }
        switch reach(language) {
        case .witness(let w): return .reaches(example: w)
        case .undecided: return .undecided
        case .none:
            switch example(language) {
            case .witness(let w): return .reachesNothing(example: w)
            case .none: return .empty
            case .undecided: return .undecided
            }
        }
    }

    private func templateProblem(_ template: String, _ pattern: RoutePattern?) -> String {
        "it has no scheme, a bad escape, or a placeholder that is not a required path parameter"
    }

    /// The URLs a template can produce; nil when it is not judged.
    func templateLanguage(_ template: String, _ pattern: RoutePattern?) -> URLLanguage? {
        guard let sep = template.range(of: "://") else { return nil }
        let scheme = String(template[..<sep.lowerBound]).asciiLowercased
        guard let first = scheme.utf8.first, ByteClass.isAlpha(first), scheme.utf8.allSatisfy(ByteClass.isSchemeByte) else { return nil }
        var rest = template[sep.upperBound...]
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var bound: [String: (SegmentConstraint?, Int)] = [:]
        for (depth, seg) in (pattern?.segments ?? []).enumerated() {
            if case .parameter(let n, let c) = seg { bound[n] = (c, depth) }
        }
        var positions: [SegmentLanguage] = []
        for piece in rest.split(separator: "/", omittingEmptySubsequences: true) {
            let depth = positions.count
            var nfa: SegmentNFA?
            var literalText = ""
            var pure = true
            var text = Substring(piece)
            func appendLiteral(_ s: String) {
                guard !s.isEmpty else { return }
                let part = SegmentNFA.literal(depth == 0 ? s.asciiLowercased : s, foldCase: false)
                nfa = nfa.map { .concat($0, part) } ?? part
            }
            var run = ""
            while let c = text.first {
                if c == "{", let close = text.firstIndex(of: "}") {
                    let name = String(text[text.index(after: text.startIndex)..<close])
                    guard let (constraint, _) = bound[name] else { return nil }
                    guard let decoded = PercentEncoding.decodeLiteral(run) else { return nil }
                    appendLiteral(decoded)
                    literalText += decoded
                    run = ""
                    pure = false
                    var part = constraint.map { analyzer.automaton($0) } ?? .plus(PatternAnalyzer.pathChars)
                    if depth == 0 { part = part.lowercasedASCII() }
                    nfa = nfa.map { .concat($0, part) } ?? part
                    text = text[text.index(after: close)...]
                } else {
                    run.append(c)
                    text = text.dropFirst()
                }
            }
            guard let decoded = PercentEncoding.decodeLiteral(run) else { return nil }
            appendLiteral(decoded)
            literalText += decoded
            if pure {
                let s = depth == 0 ? literalText.asciiLowercased : literalText
                positions.append(SegmentLanguage(parts: [.literal(s, foldCase: false)], literal: s))
            } else {
                positions.append(SegmentLanguage(parts: [nfa ?? .nothing]))
            }
        }
        guard !positions.isEmpty else { return nil }
        return URLLanguage(scheme: scheme, positions: positions, minCount: positions.count, maxCount: positions.count, tail: nil)
    }
}

extension PercentEncoding {
    /// `text` with `%XX` escapes decoded; nil for a bad escape or invalid UTF-8.
    static func decodeLiteral(_ text: String) -> String? {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) else { return nil }
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
    /// The types of the metadata keys Switchyard reads: `requiresLogin` (the login gate) and `web`.
    package static let metadataTypes: [String: MetadataType] = [MetadataKey.requiresLogin.name: .boolean, MetadataKey.web.name: .boolean]

    /// The rules, in the order their findings are listed.
    package static let rules: [any LintRule<RouteLintContext>] = [
        DuplicateRule(), SameShapeRule(), InvalidPatternRule(), MetadataTypeRule(), UnmatchableRule(),
        ShadowedRule(), OverlapRule(), InvalidRedirectRule(), DuplicateRedirectRule(), UnknownTargetRule(),
        RedirectCycleRule(), RedirectChainRule(), RelocationRule(), ImportWarningRule(), UndecidedRule(),
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

    /// Every finding for the route file at `path`: the entries the file format refuses, then the rules'
    /// findings on the entries that read, each located as the file is written (`routes[7]` is the
    /// eighth route of the file). What `switchyard lint --routes FILE` prints.
    ///
    /// - Parameters:
    ///   - path: the JSON route file.
    ///   - options: the matching options the table is used with.
    /// - Throws: `RouteFileError` when the file cannot be read at all (missing, not JSON, not an object).
    public static func findings(routeFile path: String, options: MatchOptions = MatchOptions()) throws(RouteFileError) -> [RouteLintFinding] {
        findings(try RouteFile.collecting(path: path), options: options)
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

/// `duplicate`: the same pattern registered twice.
package struct DuplicateRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `duplicate`.
    package var code: LintCode { .duplicate }
    /// One finding per repeated pattern.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.registrationErrors.compactMap { i, e in
            guard case .duplicate = e else { return nil }
            return RouteLintFinding(code, "routes[\(i)]", e.description)
        }
    }
}

/// `same-shape`: two patterns that differ only in parameter names.
package struct SameShapeRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `same-shape`.
    package var code: LintCode { .sameShape }
    /// One finding per later pattern of a shape already registered.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.registrationErrors.compactMap { i, e in
            guard case .sameShape = e else { return nil }
            return RouteLintFinding(code, "routes[\(i)]", e.description)
        }
    }
}

/// `invalid-pattern`: a route pattern that does not parse.
package struct InvalidPatternRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `invalid-pattern`.
    package var code: LintCode { .invalidPattern }
    /// One finding per pattern that does not parse.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.registrationErrors.compactMap { i, e in
            switch e {
            case .invalidPattern, .notRegistered: RouteLintFinding(code, "routes[\(i)]", e.description)
            default: nil
            }
        }
    }
}

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
                guard let type = c.metadataTypes[key], let value = r.metadata[key], !type.accepts(value) else { continue }
                out.append(RouteLintFinding(code, "routes[\(i)].metadata.\(key)",
                                            "'\(value)' is not a \(type.rawValue) (\(key) takes \(type == .boolean ? "true or false" : "a \(type.rawValue)"))"))
            }
        }
        return out
    }
}

/// `unmatchable`: a pattern no URL can match.
package struct UnmatchableRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unmatchable`.
    package var code: LintCode { .unmatchable }
    /// One finding per route whose language is empty, naming the first empty position.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (k, v) in c.shadowVerdicts.enumerated() where v == .unmatchable {
            let pattern = c.table.route(at: k).pattern
            let language = c.analyzer.language(pattern)
            let empty = language.positions.firstIndex { $0.example(cap: c.analyzer.cap) == .none }
            let place = empty.map { $0 == 0 ? "the host" : "segment \($0)" } ?? "some segment"
            out.append(RouteLintFinding(code, c.routeLocation(k), "\(pattern) matches no URL: no value can fill \(place)"))
        }
        return out
    }
}

/// `shadowed`: a route that higher-ranked routes take every URL from.
package struct ShadowedRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `shadowed`.
    package var code: LintCode { .shadowed }
    /// One finding per shadowed route, naming the routes that win and an example URL.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for (k, v) in c.shadowVerdicts.enumerated() {
            guard case .shadowed(let by, let example) = v else { continue }
            let names = by.map { "\(c.table.route(at: $0).pattern)" }.joined(separator: " and ")
            out.append(RouteLintFinding(code, c.routeLocation(k),
                                        "\(c.table.route(at: k).pattern) is shadowed by \(names) (every URL it matches goes there, e.g. \(example))"))
        }
        return out
    }
}

/// `overlap`: two routes of equal rank and priority whose languages intersect.
package struct OverlapRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `overlap`.
    package var code: LintCode { .overlap }
    /// One finding per overlapping pair, at the later route, with a URL both match.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        let ranked = c.ranked
        let verdicts = c.shadowVerdicts
        var out: [RouteLintFinding] = []
        // Only routes alike in classes and priority can overlap here. Alike classes put the literals at the
        // same positions, so routes whose literal text differs there share no URL: each route is compared
        // with its own group only, not with every route of the table.
        let fold = c.options.caseInsensitivePaths
        let keys = ranked.map { r in
            OverlapKey(ranks: r.ranks, priority: r.priority, literals: r.pattern.segments.enumerated().compactMap { depth, seg in
                guard case .literal(let text) = seg else { return nil }
                return depth > 0 && fold ? text.asciiLowercased : text
            })
        }
        var groups: [OverlapKey: [Int]] = [:]
        groups.reserveCapacity(keys.count)
        for (j, key) in keys.enumerated() { groups[key, default: []].append(j) }
        for j in ranked.indices {
            for i in groups[keys[j]] ?? [] {
                if i >= j { break }
                // Suffix patterns are not judged by lint (see `PatternAnalyzer.shadowing`).
                if ranked[j].pattern.isSuffix { break }
                // A route shadowed by the other is reported as shadowed already.
                if case .shadowed(let by, _) = verdicts[j], by.contains(i) { continue }
                if case .shadowed(let by, _) = verdicts[i], by.contains(j) { continue }
                if verdicts[i] == .unmatchable || verdicts[j] == .unmatchable { continue }
                let a = c.table.route(at: i).pattern, b = c.table.route(at: j).pattern
                switch c.analyzer.intersection(c.analyzer.language(a), c.analyzer.language(b)) {
                case .witness(let w):
                    out.append(RouteLintFinding(code, c.routeLocation(j),
                                                "\(b) and \(a) (\(c.routeLocation(i))) rank alike and both match \(w): the earlier registration, \(a), wins"))
                case .undecided:
                    c.noteUndecided(c.routeLocation(j), "could not decide whether \(b) and \(a) overlap (the search hit its state cap)")
                case .none: break
                }
            }
        }
        return out
    }
}

/// What two routes must share to be compared for overlap.
struct OverlapKey: Hashable {
    let ranks: [Int]
    let priority: Int
    let literals: [String]
}

/// `invalid-redirect`: a redirect that does not parse, lacks a parameter, or can never be filled.
package struct InvalidRedirectRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `invalid-redirect`.
    package var code: LintCode { .invalidRedirect }
    /// One finding per problem.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out = c.redirectProblems.filter { $0.code == code }.map { RouteLintFinding(code, "redirects[\($0.index)]", $0.message) }
        for r in c.redirects {
            let dest = c.analyzer.destination(of: r.to, from: r.from)
            guard c.example(dest) == .none else { continue }
            out.append(RouteLintFinding(code, "redirects[\(r.index)]",
                                        "no URL that '\(r.from)' matches can fill '\(r.to)': its values never satisfy the destination's constraints"))
        }
        return out.sorted { $0.location.count != $1.location.count ? $0.location.count < $1.location.count : $0.location < $1.location }
    }
}

/// `duplicate-redirect`: two redirects from the same source.
package struct DuplicateRedirectRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `duplicate-redirect`.
    package var code: LintCode { .duplicateRedirect }
    /// One finding per repeated source.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        c.redirectProblems.filter { $0.code == code }.map { RouteLintFinding(code, "redirects[\($0.index)]", $0.message) }
    }
}

/// `unknown-target`: a redirect or replacement whose destinations match nothing, or an `add` whose
/// target no route has.
package struct UnknownTargetRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `unknown-target`.
    package var code: LintCode { .unknownTarget }
    /// One finding per rewrite leading nowhere, and per `add` of an unknown target.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []
        for r in c.rewrites where r.kind == "redirect" { out += leadsNowhere(c, r) }
        if let relocations = c.file.relocations {
            let targets = Set(c.file.routes.map(\.target))
            for (i, e) in relocations.entries.enumerated() {
                let at = "relocations.entries[\(i)]"
                switch e {
                case .add(_, let target) where !targets.contains(target):
                    out.append(RouteLintFinding(code, at, "target '\(target)' is not the target of any route"))
                case .replace(let p, let to, _):
                    guard let source = try? RoutePattern(p), let dest = try? RoutePattern(to) else { continue }
                    out += leadsNowhere(c, .init(location: at, from: source, to: dest, kind: "relocation"))
                default: break
                }
            }
        }
        return out
    }

    private func leadsNowhere(_ c: RouteLintContext, _ r: RouteLintContext.Rewrite) -> [RouteLintFinding] {
        let dest = c.analyzer.destination(of: r.to, from: r.from)
        switch c.reach(dest) {
        case .witness: return []
        case .undecided:
            c.noteUndecided(r.location, "could not decide whether destination '\(r.to)' matches a route (the search hit its state cap)")
            return []
        case .none:
            guard case .witness(let example) = c.example(dest) else { return [] }
            return [RouteLintFinding(code, r.location, "destination '\(r.to)' matches no route (no URL it can produce does, e.g. \(example))")]
        }
    }
}

/// `redirect-cycle`: redirects and relocation replacements that lead back to themselves. Rewrite a
/// leads to b when a URL a can produce is one b's source matches (constraints included).
package struct RedirectCycleRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `redirect-cycle`.
    package var code: LintCode { .redirectCycle }
    /// One finding per group of rewrites that reach one another, with an example loop when one is found.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        let rewrites = c.rewrites
        let sources = rewrites.map { c.analyzer.language($0.from) }
        var edges = [[Int]](repeating: [], count: rewrites.count)
        for (i, r) in rewrites.enumerated() {
            let dest = c.analyzer.destination(of: r.to, from: r.from)
            for j in rewrites.indices {
                switch c.analyzer.intersection(dest, sources[j]) {
                case .witness: edges[i].append(j)
                case .undecided:
                    c.noteUndecided(r.location, "could not decide whether '\(r.to)' leads to \(rewrites[j].from) (the search hit its state cap)")
                case .none: break
                }
            }
        }
        return Cycles.groups(edges).map { group in
            let chain = Cycles.path(group, edges)
            let text = (chain.map { rewrites[$0].from.description } + [rewrites[chain[0]].from.description]).joined(separator: " → ")
            let kinds = Set(chain.map { rewrites[$0].kind })
            var message = (kinds.count == 1 && kinds.contains("redirect") ? "redirect cycle: " : "redirect and relocation cycle: ") + text
            let literalOnly = chain.allSatisfy { rewrites[$0].from.parameterNames.isEmpty && rewrites[$0].from.segments.allSatisfy { $0.rank == 0 } }
            if !literalOnly, let loop = example(chain, rewrites, c) { message += " (e.g. \(loop.joined(separator: " → ")))" }
            return RouteLintFinding(code, rewrites[group[0]].location, message)
        }
    }

    /// Concrete URLs around the loop, starting from one the last rewrite produces and the first takes.
    private func example(_ chain: [Int], _ rewrites: [RouteLintContext.Rewrite], _ c: RouteLintContext) -> [String]? {
        guard let last = chain.last, let first = chain.first else { return nil }
        let into = c.analyzer.destination(of: rewrites[last].to, from: rewrites[last].from)
        guard case .witness(let start) = c.analyzer.intersection(into, c.analyzer.language(rewrites[first].from)) else { return nil }
        var urls = [start]
        var current = start
        for k in chain {
            guard let next = Cycles.rewrite(current, from: rewrites[k].from, to: rewrites[k].to) else { return nil }
            urls.append(next)
            current = next
        }
        guard let u = try? RouteURL(current), rewrites[first].from.check(u).matched else { return nil }
        return urls
    }
}

/// `relocation`: a relocation table the router would refuse.
package struct RelocationRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `relocation`.
    package var code: LintCode { .relocation }
    /// One finding when the table is refused.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        guard case .failure(let error) = c.relocation else { return [] }
        return [RouteLintFinding(code, "relocations", error.description)]
    }
}

/// `undecided`: what the other rules could not decide.
package struct UndecidedRule: LintRule {
    /// Creates the rule.
    package init() {}
    /// `undecided`.
    package var code: LintCode { .undecided }
    /// One finding per relation left undecided by the shadow, overlap, target and cycle rules.
    package func check(_ c: RouteLintContext) -> [RouteLintFinding] {
        _ = c.shadowVerdicts
        return c.undecidedFindings
    }
}

/// Strongly connected groups of a graph, and rewriting one URL.
enum Cycles {
    /// Groups that lead back to themselves (Tarjan), by their smallest member.
    static func groups(_ edges: [[Int]]) -> [[Int]] {
        let n = edges.count
        var index = 0
        var indices = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        var groups: [[Int]] = []
        func connect(_ v: Int) {
            indices[v] = index
            low[v] = index
            index += 1
            stack.append(v)
            onStack[v] = true
            for w in edges[v] {
                if indices[w] < 0 {
                    connect(w)
                    low[v] = min(low[v], low[w])
                } else if onStack[w] {
                    low[v] = min(low[v], indices[w])
                }
            }
            if low[v] == indices[v] {
                var group: [Int] = []
                while let w = stack.popLast() {
                    onStack[w] = false
                    group.append(w)
                    if w == v { break }
                }
                if group.count > 1 || edges[v].contains(v) { groups.append(group.sorted()) }
            }
        }
        for v in 0..<n where indices[v] < 0 { connect(v) }
        return groups.sorted { $0[0] < $1[0] }
    }

    /// A path through `group` from its first member back to it (the group is strongly connected).
    static func path(_ group: [Int], _ edges: [[Int]]) -> [Int] {
        guard let start = group.first else { return [] }
        let members = Set(group)
        if edges[start].contains(start) { return [start] }
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for w in edges[v] where members.contains(w) {
                if w == start {
                    var path = [v]
                    while let p = parent[path[0]] { path.insert(p, at: 0) }
                    return path
                }
                if parent[w] == nil && w != start {
                    parent[w] = v
                    queue.append(w)
                }
            }
        }
        return group
    }

    /// The URL a rewrite from `from` to `to` makes of `url`, as the router builds it; nil when `from`
    /// does not match or the destination cannot be built.
    static func rewrite(_ url: String, from: RoutePattern, to: RoutePattern) -> String? {
        var b = RouteTableBuilder<Int>()
        do throws(RegistrationError) { try b.add(from, target: 0) } catch { return nil }
        guard let m = try? b.build().match(url) else { return nil }
        return try? to.url(m.parameters.dictionary, defaultScheme: "app")
    }
}
