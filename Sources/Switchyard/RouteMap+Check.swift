/// The result of comparing the routes a module declares with the routes a router has (TheRouter's forceCheck).
public struct RouteCheckReport: Sendable, Equatable, CustomStringConvertible {
    /// A declared pattern that does not parse.
    public struct InvalidDeclaration: Sendable, Equatable {
        /// The pattern as declared.
        public let pattern: String
        /// Why it does not parse.
        public let error: PatternError
    }

    /// Declared patterns (canonical text) that no registered route has, in declaration order.
    public let declaredButNotRegistered: [String]
    /// Registered patterns (canonical text) that were not declared, in registration order.
    public let registeredButNotDeclared: [String]
    /// Declared patterns that do not parse.
    public let invalidDeclarations: [InvalidDeclaration]

    /// True when both sets agree and every declaration parses.
    public var isConsistent: Bool {
        declaredButNotRegistered.isEmpty && registeredButNotDeclared.isEmpty && invalidDeclarations.isEmpty
    }

    /// One line per difference, or `routes match` when there is none.
    public var description: String {
        var lines: [String] = []
        lines += declaredButNotRegistered.map { "declared but not registered: \($0)" }
        lines += registeredButNotDeclared.map { "registered but not declared: \($0)" }
        lines += invalidDeclarations.map { "invalid declaration: \($0.error)" }
        return lines.isEmpty ? "routes match" : lines.joined(separator: "\n")
    }
}

extension RouteMap {
    /// Compares the patterns a module declares with the routes registered on `router`, by canonical
    /// pattern text (`RoutePattern(text).description`), and reports both differences and the
    /// declarations that do not parse.
    public static func check(declared: [String], registered router: Router) -> RouteCheckReport {
        check(declared: declared, registered: router.table.routes.map(\.pattern.description))
    }

    /// Compares declared patterns with registered pattern texts (both made canonical first).
    public static func check(declared: [String], registered: [String]) -> RouteCheckReport {
        var invalid: [RouteCheckReport.InvalidDeclaration] = []
        var declaredCanonical: [String] = []
        for text in declared {
            do throws(PatternError) {
                let c = try RoutePattern(text).description
                if !declaredCanonical.contains(c) { declaredCanonical.append(c) }
            } catch {
                invalid.append(.init(pattern: text, error: error))
            }
        }
        var registeredCanonical: [String] = []
        for text in registered {
            let c = (try? RoutePattern(text))?.description ?? text
            if !registeredCanonical.contains(c) { registeredCanonical.append(c) }
        }
        let declaredSet = Set(declaredCanonical)
        let registeredSet = Set(registeredCanonical)
        return RouteCheckReport(declaredButNotRegistered: declaredCanonical.filter { !registeredSet.contains($0) },
                                registeredButNotDeclared: registeredCanonical.filter { !declaredSet.contains($0) },
                                invalidDeclarations: invalid)
    }

    /// The routes as aligned columns (`PATTERN  TARGET  PRIORITY  METADATA  INTERCEPTORS`, a header line
    /// first; `-` for none; metadata as `key=value` sorted by key, comma-separated), then one line per
    /// redirect (`redirect FROM → TO`) and per relocation rule (`relocation replace P → D`…).
    public func tableLines() -> [String] {
        var rows: [[String]] = [["PATTERN", "TARGET", "PRIORITY", "METADATA", "INTERCEPTORS"]]
        for r in routes {
            let md = r.metadata.keys.sorted().map { "\($0)=\(r.metadata[$0] ?? "")" }.joined(separator: ",")
            rows.append([r.pattern, r.target, String(r.priority), md.isEmpty ? "-" : md,
                         r.interceptors.isEmpty ? "-" : r.interceptors.joined(separator: ",")])
        }
        var widths = [Int](repeating: 0, count: 5)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var lines = rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }
        if !redirects.isEmpty || !relocations.isEmpty { lines.append("") }
        lines += redirects.map { "redirect \($0.from) → \($0.to)" }
        lines += relocations.map { "relocation \($0)" }
        return lines
    }
}

/// One problem found in a route file by ``RouteLint``.
public struct RouteLintFinding: Sendable, Equatable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Equatable {
        /// The table is wrong: a route or redirect would not work as written.
        case error
        /// Probably unintended, but the table works.
        case warning
    }

    /// How serious it is.
    public let severity: Severity
    /// A stable kebab-case code: `duplicate`, `same-shape`, `invalid-pattern`, `shadowed`, `invalid-redirect`,
    /// `duplicate-redirect`, `redirect-cycle`, `relocation`, `unknown-target`.
    public let code: String
    /// Where in the file: `routes[2]`, `redirects[0]`, `relocations.entries[1]`, `relocations`.
    public let location: String
    /// What is wrong.
    public let message: String

    /// Creates a finding.
    public init(_ severity: Severity, _ code: String, _ location: String, _ message: String) {
        self.severity = severity
        self.code = code
        self.location = location
        self.message = message
    }

    /// `error: [duplicate] routes[2]: pattern 'app://a' is already registered`.
    public var description: String { "\(severity.rawValue): [\(code)] \(location): \(message)" }
}

/// Checks a route file as a whole and reports every problem, not just the first.
public enum RouteLint {
    /// Every finding, in this order: route conflicts, shadowed routes, redirect problems, redirect cycles,
    /// relocation problems.
    ///
    /// - Routes are added one by one; each duplicate or same-shape conflict is an `error`.
    /// - A route that another wins against on every sample URL is a `warning` (``RouteTable/validate()``).
    /// - A redirect with an invalid pattern, a destination parameter its source lacks, or the same source
    ///   as an earlier redirect is an `error`; so is a redirect whose destination (tried with sample
    ///   values) matches no route and no redirect, and a set of redirects leading back to themselves.
    /// - A relocation table the router would refuse is an `error`, as is an `add` entry naming a target
    ///   no route has, or a `replace` whose destination matches no route.
    public static func findings(_ file: RouteFile, options: MatchOptions = MatchOptions()) -> [RouteLintFinding] {
        var out: [RouteLintFinding] = []

        // Routes.
        var builder = RouteTableBuilder<RouteDefinition>(options: options)
        for (i, r) in file.routes.enumerated() {
            do throws(RegistrationError) { try builder.add(r.pattern, target: r, priority: r.priority) } catch {
                let code: String
                switch error {
                case .duplicate: code = "duplicate"
                case .sameShape: code = "same-shape"
                case .invalidPattern: code = "invalid-pattern"
                case .notRegistered, .hostMismatch: code = "invalid-pattern"
                }
                out.append(RouteLintFinding(.error, code, "routes[\(i)]", error.description))
            }
        }
        let table = builder.build()
        let locations = Dictionary(file.routes.enumerated().map { ((try? RoutePattern($1.pattern))?.description ?? $1.pattern, $0) },
                                   uniquingKeysWith: { a, _ in a })
        for s in table.validate() {
            out.append(RouteLintFinding(.warning, "shadowed", "routes[\(locations[s.pattern] ?? 0)]", s.description))
        }

        // Redirects.
        var redirectPatterns: [(index: Int, from: RoutePattern, to: RoutePattern)] = []
        var redirectBuilder = RouteTableBuilder<Int>(options: options)
        for (i, r) in file.redirects.enumerated() {
            let at = "redirects[\(i)]"
            let from: RoutePattern
            let to: RoutePattern
            do throws(PatternError) { from = try RoutePattern(r.from) } catch {
                out.append(RouteLintFinding(.error, "invalid-redirect", at, "from: \(error)"))
                continue
            }
            do throws(PatternError) { to = try RoutePattern(r.to) } catch {
                out.append(RouteLintFinding(.error, "invalid-redirect", at, "to: \(error)"))
                continue
            }
            for name in to.parameters(missingFrom: from) {
                out.append(RouteLintFinding(.error, "invalid-redirect", at,
                                            "destination parameter \(SchemaText.quoted(name)) is not in \(SchemaText.quoted(from.description))"))
            }
            do throws(RegistrationError) { try redirectBuilder.add(from, target: i) } catch {
                out.append(RouteLintFinding(.error, "duplicate-redirect", at, "redirect source: \(error)"))
                continue
            }
            redirectPatterns.append((i, from, to))
        }
        let redirectTable = redirectBuilder.build()
        for r in redirectPatterns {
            guard let (ok, sample) = reachable(r.to, scheme: r.from.scheme ?? "app", source: r.from, table, redirectTable), !ok else { continue }
            out.append(RouteLintFinding(.error, "unknown-target", "redirects[\(r.index)]",
                                        "destination '\(r.to)' matches no route (tried \(sample) and other sample values)"))
        }
        out += redirectCycles(redirectPatterns)

        // Relocations.
        if let relocations = file.relocations {
            do throws(RelocationError) { _ = try RelocationState().applying(relocations) } catch {
                out.append(RouteLintFinding(.error, "relocation", "relocations", error.description))
            }
            let targets = Set(file.routes.map(\.target))
            for (i, e) in relocations.entries.enumerated() {
                let at = "relocations.entries[\(i)]"
                switch e {
                case .add(_, let target) where !targets.contains(target):
                    out.append(RouteLintFinding(.error, "unknown-target", at, "target '\(target)' is not the target of any route"))
                case .replace(let p, let to):
                    guard let dest = try? RoutePattern(to) else { continue }
                    let source = try? RoutePattern(p)
                    guard let (ok, sample) = reachable(dest, scheme: source?.scheme ?? "app", source: source, table, redirectTable), !ok else { continue }
                    out.append(RouteLintFinding(.error, "unknown-target", at,
                                                "destination '\(dest)' matches no route (tried \(sample) and other sample values)"))
                default: break
                }
            }
        }
        return out
    }

    /// The findings as lines (``RouteLintFinding/description``).
    public static func report(_ file: RouteFile, options: MatchOptions = MatchOptions()) -> [String] {
        findings(file, options: options).map(\.description)
    }

    /// URLs matching `pattern`, with sample parameter values: a base URL, then the base with one parameter
    /// changed at a time (up to three values each). A value for a parameter `source` also has must satisfy
    /// `source`'s constraint too, since at run time the value comes from there.
    static func sampleURLs(_ pattern: RoutePattern, scheme: String, source: RoutePattern? = nil) -> [String] {
        let candidates = ["1", "42", "x", "abc", "a1", "13800000000", "ff", "deadbeef",
                          "00000000-0000-0000-0000-000000000000", "a-b", "a_b", "ABC", "v2"]
        var sourceConstraints: [String: SegmentConstraint] = [:]
        for seg in source?.segments ?? [] {
            if case .parameter(let n, let c?) = seg { sourceConstraints[n] = c }
            if case .optional(let n, let c?) = seg { sourceConstraints[n] = c }
        }
        var base: [String: String] = [:]
        var alternatives: [(String, [String])] = []
        for seg in pattern.segments {
            switch seg {
            case .parameter(let n, let c), .optional(let n, let c):
                let fits = candidates.filter { (c?.matches($0) ?? true) && (sourceConstraints[n]?.matches($0) ?? true) }
                guard let first = fits.first else { return [] }
                base[n] = first
                alternatives.append((n, Array(fits.prefix(3))))
            case .catchAll(let n): base[n ?? "*"] = "x/y"
            case .literal: break
            }
        }
        var out: [String] = []
        if let u = try? pattern.url(base, defaultScheme: scheme) { out.append(u) }
        for (n, values) in alternatives {
            for v in values.dropFirst() {
                var p = base
                p[n] = v
                if let u = try? pattern.url(p, defaultScheme: scheme), !out.contains(u) { out.append(u) }
            }
        }
        return out
    }

    /// Whether some sample of `pattern` matches a route or a redirect; nil when no sample could be made.
    static func reachable(_ pattern: RoutePattern, scheme: String, source: RoutePattern?,
                          _ routes: RouteTable<RouteDefinition>, _ redirects: RouteTable<Int>) -> (Bool, String)? {
        let samples = sampleURLs(pattern, scheme: scheme, source: source)
        guard let first = samples.first else { return nil }
        return (samples.contains { routes.canMatch($0) || redirects.canMatch($0) }, first)
    }

    /// Groups of redirects that lead back to themselves: redirect a leads to b when a sample URL of a's
    /// destination matches b's source. One finding per strongly connected group.
    static func redirectCycles(_ redirects: [(index: Int, from: RoutePattern, to: RoutePattern)]) -> [RouteLintFinding] {
        let n = redirects.count
        var edges = [[Int]](repeating: [], count: n)
        for (i, r) in redirects.enumerated() {
            let samples = sampleURLs(r.to, scheme: r.from.scheme ?? "app", source: r.from).compactMap { try? RouteURL($0) }
            for (j, other) in redirects.enumerated() where samples.contains(where: { other.from.check($0).matched }) {
                edges[i].append(j)
            }
        }
        // Tarjan's strongly connected components (recursion depth at most the number of redirects).
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
        return groups.sorted { $0[0] < $1[0] }.map { group in
            let chain = cyclePath(group, edges)
            let text = (chain.map { redirects[$0].from.description } + [redirects[chain[0]].from.description]).joined(separator: " → ")
            return RouteLintFinding(.error, "redirect-cycle", "redirects[\(redirects[group[0]].index)]", "redirect cycle: \(text)")
        }
    }

    /// A path through `group` from its first member back to it (the group is strongly connected).
    static func cyclePath(_ group: [Int], _ edges: [[Int]]) -> [Int] {
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
}
