import Switchyard

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

    /// The registered routes in registration order, as a table lists them. Lint reads routes and never
    /// matches a URL, so no matching trie is compiled for them (at 100,000 routes that was a fifth of lint).
    struct RegisteredRoutes {
        /// The routes, in registration order.
        let routes: [Route<RouteDefinition>]
        /// Route `index` (registration order).
        func route(at index: Int) -> Route<RouteDefinition> { routes[index] }
    }

    let analyzer: PatternAnalyzer
    /// The file's routes registered in order, made when a rule first asks: the rules of a file with
    /// no redirects that only check metadata never need them.
    private lazy var registration: (table: RegisteredRoutes, errors: [(index: Int, error: RegistrationError)],
                                    indices: [Int]) = {
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
        return (RegisteredRoutes(routes: builder.routes), errors, indices)
    }()
    /// The registered routes.
    var table: RegisteredRoutes { registration.table }
    /// Registration failures, by file index.
    var registrationErrors: [(index: Int, error: RegistrationError)] { registration.errors }
    /// The file index of each registered route, by registration order.
    var fileIndex: [Int] { registration.indices }
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
    var ranked: [RankedPattern] {
        table.routes.map { RankedPattern(pattern: $0.pattern, priority: $0.priority, order: $0.order) }
    }

    /// `routes[N]` for a registered route (by registration order).
    func routeLocation(_ order: Int) -> String { "routes[\(fileIndex[order])]" }

    /// For each registered route, what the routes ranking above it leave it.
    lazy var shadowVerdicts: [ShadowVerdict] = {
        let verdicts = analyzer.shadowing(ranked)
        for (k, v) in verdicts.enumerated() where v == .undecided {
            noteUndecided(routeLocation(k), "could not decide whether \(table.route(at: k).pattern) is shadowed"
                          + " (the search hit its state cap)")
        }
        return verdicts
    }()

    /// The redirects, then the relocation replacements in force, as rewrites.
    lazy var rewrites: [Rewrite] = {
        var out = redirects.map {
            Rewrite(location: "redirects[\($0.index)]", from: $0.from, to: $0.to, kind: "redirect")
        }
        if case .success(let state) = relocation {
            for (pattern, rule) in state.rules {
                guard case .replace(let to, _) = rule else { continue }
                let index = file.relocations?.entries.lastIndex { entry in
                    if case .replace = entry, (try? RoutePattern(entry.pattern))?.shape == pattern.shape { return true }
                    return false
                } ?? 0
                out.append(Rewrite(location: "relocations.entries[\(index)]", from: pattern, to: to,
                                   kind: "relocation"))
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
        guard let first = scheme.utf8.first, ByteClass.isAlpha(first),
              scheme.utf8.allSatisfy(ByteClass.isSchemeByte) else { return nil }
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
        return URLLanguage(scheme: scheme, positions: positions, minCount: positions.count, maxCount: positions.count,
                           tail: nil)
    }
}
