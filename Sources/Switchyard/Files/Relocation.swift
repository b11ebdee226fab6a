import Foundation

/// One entry of a relocation table (TheRouter's server-delivered route changes), matched by pattern.
public enum RelocationEntry: Sendable, Equatable, Codable, CustomStringConvertible {
    /// URLs matching `pattern` open `to` instead; `to` is a pattern whose parameters take the matched values.
    /// `parameters` (TheRouter's `params`) are added to the relocated URL's query, after its own items;
    /// a key the URL already carries keeps the URL's value.
    case replace(pattern: String, to: String, parameters: [String: String] = [:])
    /// `pattern` becomes another path for the route target `target`.
    case add(pattern: String, target: String)
    /// URLs matching `pattern` no longer open anything.
    case delete(pattern: String)
    /// Undoes an earlier `replace`, `add` or `delete` of `pattern`.
    case reset(pattern: String)

    /// The pattern the entry is about.
    public var pattern: String {
        switch self {
        case .replace(let p, _, _), .add(let p, _), .delete(let p), .reset(let p): p
        }
    }

    /// The operation names of the table format.
    package enum Operation: String, CaseIterable {
        case replace, add, delete, reset

        /// `replace, add, delete or reset`.
        static let names = allCases.map(\.rawValue)
    }

    /// The entry's operation.
    package var operation: Operation {
        switch self {
        case .replace: .replace
        case .add: .add
        case .delete: .delete
        case .reset: .reset
        }
    }

    /// One line, e.g. `replace app://a/:id → app://b/:id`, then ` adding from=server` when it has parameters.
    public var description: String {
        switch self {
        case .replace(let p, let to, let parameters):
            "\(operation.rawValue) \(p) → \(to)" + (parameters.isEmpty ? "" : " adding " + Self.queryText(parameters))
        case .add(let p, let t): "\(operation.rawValue) \(p) → target \(t)"
        case .delete(let p), .reset(let p): "\(operation.rawValue) \(p)"
        }
    }

    /// `parameters` as query text, sorted by key: `a=1&b=x%20y`.
    static func queryText(_ parameters: [String: String]) -> String {
        queryItems(parameters).map {
            PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "=" + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
        }.joined(separator: "&")
    }

    /// `parameters` as query items, sorted by key.
    static func queryItems(_ parameters: [String: String]) -> [QueryItem] {
        parameters.keys.sorted().map { QueryItem(name: $0, value: parameters[$0] ?? "") }
    }

    private enum Keys: String, CodingKey, CaseIterable { case op, pattern, to, target, parameters }

    /// Decodes `{"op": "replace|add|delete|reset", "pattern": …, "to": …, "target": …, "parameters": {…}}`
    /// strictly: the patterns must parse, a `replace` destination may only use parameters its pattern
    /// captures, `parameters` (replace only) is an object of strings, numbers or booleans, an `add`
    /// target must not be empty, and a field the operation does not use is refused.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        let op = try o.requiredChoice(.op, what: "op", names: Operation.names, parse: Operation.init(rawValue:))
        let (pattern, source) = try o.compiledPattern(.pattern)
        let unused = "not used by op '\(op.rawValue)'"
        switch op {
        case .replace:
            try o.refusePresent([.target], unused)
            let (to, destination) = try o.compiledPattern(.to)
            if let problem = RoutePattern.destinationProblem(from: source, to: destination) { throw o.refuse(.to, problem) }
            self = .replace(pattern: pattern, to: to, parameters: try o.metadata(.parameters))
        case .add:
            try o.refusePresent([.to, .parameters], unused)
            self = .add(pattern: pattern, target: try o.nonEmptyString(.target))
        case .delete:
            try o.refusePresent([.to, .target, .parameters], unused)
            self = .delete(pattern: pattern)
        case .reset:
            try o.refusePresent([.to, .target, .parameters], unused)
            self = .reset(pattern: pattern)
        }
    }

    /// Encodes the same shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(operation.rawValue, forKey: .op)
        try c.encode(pattern, forKey: .pattern)
        switch self {
        case .replace(_, let to, let parameters):
            try c.encode(to, forKey: .to)
            if !parameters.isEmpty { try c.encode(parameters, forKey: .parameters) }
        case .add(_, let t): try c.encode(t, forKey: .target)
        case .delete, .reset: break
        }
    }
}

/// Why a relocation table was refused. A refused table changes nothing.
public enum RelocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is not a relocation table.
    case malformed(String)
    /// Entry `index` is invalid.
    case invalidEntry(index: Int, reason: String)
    /// Replacements form a cycle, shown in order.
    case cycle([String])

    /// A sentence naming the entry or the cycle.
    public var description: String {
        switch self {
        case .malformed(let why): "malformed relocation table: \(why)"
        case .invalidEntry(let i, let why): "relocation entry \(i): \(why)"
        case .cycle(let c): "relocation cycle: \(c.joined(separator: " → "))"
        }
    }
}

/// A set of relocation entries, applied on top of the registered routes.
///
/// JSON: `{"version": 2, "entries": [{"op": "replace", "pattern": "app://old/:id", "to": "app://new/:id"}, …]}`.
/// Loading validates the whole table first: a malformed entry is refused with its index, a cycle with
/// the cycle shown, and a refused table leaves the previous one in force.
public struct RelocationTable: Sendable, Equatable, Codable {
    /// A version number chosen by whoever delivers the table (shown in traces).
    public var version: Int
    /// The entries, applied in order.
    public var entries: [RelocationEntry]

    /// Creates a table.
    public init(version: Int = 0, entries: [RelocationEntry]) {
        self.version = version
        self.entries = entries
    }

    private enum Keys: String, CodingKey, CaseIterable { case version, entries }

    /// Decodes `{"version": N, "entries": […]}` strictly: `version` (optional, default 0) must be an
    /// integer, every entry must be valid (``RelocationEntry/init(from:)``), and the table must apply on
    /// its own (no cycle of replacements).
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            // TheRouter's relocation payload: a bare array of maps with a numeric `routerType`.
            var entries: [RelocationEntry] = []
            while !list.isAtEnd { entries.append(try list.decode(TheRouterRelocation.self).entry) }
            version = 0
            self.entries = entries
            do throws(RelocationError) { _ = try RelocationState().applying(self) } catch {
                throw RouteFileError("", error.description)
            }
            return
        }
        let o = try SchemaObject(decoder, Keys.self)
        version = try o.integer(.version) ?? 0
        entries = try o.decode([RelocationEntry].self, .entries)
        // The table on its own must apply: a cycle among its replacements is refused here, not later.
        do throws(RelocationError) { _ = try RelocationState().applying(self) } catch {
            switch error {
            case .invalidEntry(let index, let reason):
                throw RouteFileError(SchemaPath.appending(o.path(.entries), index: index), reason)
            case .cycle, .malformed:
                throw o.refuse(.entries, error.description)
            }
        }
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(version, forKey: .version)
        try c.encode(entries, forKey: .entries)
    }

    /// Decodes a table from JSON (``RouteSchema/decode(_:json:file:)``). A bad entry is refused as
    /// ``RelocationError/invalidEntry(index:reason:)`` with the rest of its path in the reason
    /// (`op: unknown op 'move' …`); anything else as ``RelocationError/malformed(_:)``.
    public static func decode(json data: Data) throws(RelocationError) -> RelocationTable {
        do throws(RouteFileError) { return try RouteSchema.decode(RelocationTable.self, json: data) } catch {
            if error.line == nil, let (index, rest) = entryPath(error.location) {
                throw .invalidEntry(index: index, reason: rest.isEmpty ? error.message : "\(rest): \(error.message)")
            }
            throw .malformed(error.description)
        }
    }

    /// `entries[3].to` as (3, "to"); nil for other paths.
    private static func entryPath(_ path: String) -> (Int, String)? {
        guard path.hasPrefix("entries["), let close = path.firstIndex(of: "]") else { return nil }
        guard let index = Int(path[path.index(path.startIndex, offsetBy: "entries[".count)..<close]) else { return nil }
        var rest = path[path.index(after: close)...]
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return (index, String(rest))
    }
}

/// The relocation rules in force: the result of applying tables in turn. Immutable once built.
package struct RelocationState: Sendable {
    /// What a relocation does to a pattern.
    package enum Rule: Sendable {
        /// Rewrites to `to`, adding `query` items the URL does not carry.
        case replace(to: RoutePattern, query: [QueryItem])
        case alias(target: String)
        case delete
    }

    /// Canonical pattern → rule, in the order they were first set.
    package private(set) var rules: [(pattern: RoutePattern, rule: Rule)] = []
    private(set) var table: RouteTable<Rule>?
    package private(set) var version: Int = 0

    /// No rules.
    package init() {}

    /// Applies `table` to a copy and validates it; returns the new state or throws leaving `self` as it was.
    package func applying(_ table: RelocationTable) throws(RelocationError) -> RelocationState {
        var next = self
        next.version = table.version
        for (i, entry) in table.entries.enumerated() {
            let pattern: RoutePattern
            do throws(PatternError) { pattern = try RoutePattern(entry.pattern) } catch {
                throw .invalidEntry(index: i, reason: error.description)
            }
            next.rules.removeAll { $0.pattern.shape == pattern.shape }
            switch entry {
            case .replace(_, let to, let parameters):
                let dest: RoutePattern
                do throws(PatternError) { dest = try RoutePattern(to) } catch {
                    throw .invalidEntry(index: i, reason: "destination: \(error.description)")
                }
                if let problem = RoutePattern.destinationProblem(from: pattern, to: dest) { throw .invalidEntry(index: i, reason: problem) }
                if dest.shape == pattern.shape { throw .cycle([pattern.description, dest.description]) }
                next.rules.append((pattern, .replace(to: dest, query: RelocationEntry.queryItems(parameters))))
            case .add(_, let target):
                if target.isEmpty { throw .invalidEntry(index: i, reason: "empty target") }
                next.rules.append((pattern, .alias(target: target)))
            case .delete:
                next.rules.append((pattern, .delete))
            case .reset:
                break
            }
        }
        try next.checkCycles()
        var builder = RouteTableBuilder<Rule>()
        for (pattern, rule) in next.rules {
            do throws(RegistrationError) { try builder.add(pattern, target: rule) } catch {
                throw .invalidEntry(index: 0, reason: error.description)
            }
        }
        next.table = next.rules.isEmpty ? nil : builder.build()
        return next
    }

    /// Replacement i leads to replacement j when a URL i can produce (its destination, each parameter
    /// taking the values i's pattern captures and the destination's constraint accepts) is one j's
    /// pattern matches: decided on the patterns' languages, not on sample URLs. A cycle is refused; a
    /// relation the search could not decide within its state cap is not taken for an edge.
    private func checkCycles() throws(RelocationError) {
        let replaces = rules.compactMap { r -> (RoutePattern, RoutePattern)? in
            if case .replace(let to, _) = r.rule { return (r.pattern, to) }
            return nil
        }
        guard !replaces.isEmpty else { return }
        let analyzer = PatternAnalyzer()
        let sources = replaces.map { analyzer.language($0.0) }
        var edges = [[Int]](repeating: [], count: replaces.count)
        for (i, (from, to)) in replaces.enumerated() {
            let dest = analyzer.destination(of: to, from: from)
            for j in replaces.indices {
                if case .witness = analyzer.intersection(dest, sources[j]) { edges[i].append(j) }
            }
        }
        var state = [Int](repeating: 0, count: replaces.count) // 0 new, 1 on stack, 2 done
        var stack: [Int] = []
        func visit(_ i: Int) -> [Int]? {
            state[i] = 1
            stack.append(i)
            for j in edges[i] {
                if state[j] == 1 {
                    guard let start = stack.firstIndex(of: j) else { return [j] }
                    return Array(stack[start...]) + [j]
                }
                if state[j] == 0, let c = visit(j) { return c }
            }
            stack.removeLast()
            state[i] = 2
            return nil
        }
        for i in replaces.indices where state[i] == 0 {
            if let cycle = visit(i) { throw .cycle(cycle.map { replaces[$0].0.description }) }
        }
    }

    /// The rule for `url`, with its matched parameters.
    func lookup(_ url: String) -> (RoutePattern, Rule, PathParameters)? {
        guard let table, let m = try? table.match(url) else { return nil }
        return (m.pattern, m.target, m.parameters)
    }
}

/// One entry of TheRouter's relocation payload (its `TheRouterInfo`), as its server sends it. Every
/// field of that model is accepted on every entry: `routerType`, `orginPath`, `targetPath`, `path`,
/// `className` and `params`.
///
/// - 1 (replace): URLs matching `orginPath` open `targetPath`; `params` are added to the relocated URL.
/// - 2 (add): `path` becomes another path for the target `className`.
/// - 3 (delete): `path` (or `orginPath`) no longer opens anything.
/// - 4 (restore): undoes the relocation of `orginPath`. With a `targetPath` other than `orginPath` it
///   replaces `orginPath` with `targetPath` instead, as TheRouter does.
///
/// TheRouter's model sends its defaults, so a field the entry does not use is accepted when it is
/// empty (`""`, `{}` or null); with a value it is refused, since nothing would read it. Any other key,
/// and any other `routerType`, is refused.
struct TheRouterRelocation: Decodable {
    let entry: RelocationEntry

    private enum Keys: String, CodingKey, CaseIterable { case routerType, orginPath, targetPath, path, className, params }

    init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        guard let type = try o.integer(.routerType) else {
            throw o.refuse(.routerType, "missing (1 replace, 2 add, 3 delete, 4 restore)")
        }
        let unused = "not used by routerType \(type) (accepted only empty)"
        /// The string of `key`, nil when absent, null or empty.
        func text(_ key: Keys) throws -> String? {
            guard o.has(key) else { return nil }
            let value = try o.decode(String.self, key)
            return value.isEmpty ? nil : value
        }
        func pattern(_ key: Keys) throws -> (text: String, pattern: RoutePattern)? {
            try text(key) == nil ? nil : try o.compiledPattern(key)
        }
        func required(_ key: Keys) throws -> (text: String, pattern: RoutePattern) {
            guard let found = try pattern(key) else { throw o.refuse(key, "missing (routerType \(type) needs it)") }
            return found
        }
        let params = try o.metadata(.params)
        func refuseUnused(_ keys: [Keys]) throws {
            for key in keys {
                if key == .params ? !params.isEmpty : try text(key) != nil { throw o.refuse(key, unused) }
            }
        }
        switch type {
        case 1:
            try refuseUnused([.path, .className])
            let (from, source) = try required(.orginPath)
            let (to, destination) = try required(.targetPath)
            if let problem = RoutePattern.destinationProblem(from: source, to: destination) { throw o.refuse(.targetPath, problem) }
            entry = .replace(pattern: from, to: to, parameters: params)
        case 2:
            try refuseUnused([.orginPath, .targetPath, .params])
            guard let target = try text(.className) else { throw o.refuse(.className, "missing (routerType 2 needs it)") }
            entry = .add(pattern: try required(.path).text, target: target)
        case 3:
            try refuseUnused([.targetPath, .className, .params])
            let path = try pattern(.path)
            let origin = try pattern(.orginPath)
            if let path, let origin, path.pattern.shape != origin.pattern.shape {
                throw o.refuse(.orginPath, "names another route than path '\(path.text)'; give one of them")
            }
            guard let gone = path ?? origin else { throw o.refuse(.path, "missing (routerType 3 needs path or orginPath)") }
            entry = .delete(pattern: gone.text)
        case 4:
            try refuseUnused([.path, .className])
            let (from, source) = try required(.orginPath)
            if let (to, destination) = try pattern(.targetPath), destination.shape != source.shape {
                if let problem = RoutePattern.destinationProblem(from: source, to: destination) { throw o.refuse(.targetPath, problem) }
                entry = .replace(pattern: from, to: to, parameters: params)
            } else {
                try refuseUnused([.params])
                entry = .reset(pattern: from)
            }
        default:
            throw o.refuse(.routerType, "unknown routerType \(type) (1 replace, 2 add, 3 delete, 4 restore)")
        }
    }
}
