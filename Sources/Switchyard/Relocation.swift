import Foundation

/// One entry of a relocation table (TheRouter's server-delivered route changes), matched by pattern.
public enum RelocationEntry: Sendable, Equatable, Codable, CustomStringConvertible {
    /// URLs matching `pattern` open `to` instead; `to` is a pattern whose parameters take the matched values.
    case replace(pattern: String, to: String)
    /// `pattern` becomes another path for the route target `target`.
    case add(pattern: String, target: String)
    /// URLs matching `pattern` no longer open anything.
    case delete(pattern: String)
    /// Undoes an earlier `replace`, `add` or `delete` of `pattern`.
    case reset(pattern: String)

    /// The pattern the entry is about.
    public var pattern: String {
        switch self {
        case .replace(let p, _), .add(let p, _), .delete(let p), .reset(let p): p
        }
    }

    /// One line, e.g. `replace app://a/:id → app://b/:id`.
    public var description: String {
        switch self {
        case .replace(let p, let to): "replace \(p) → \(to)"
        case .add(let p, let t): "add \(p) → target \(t)"
        case .delete(let p): "delete \(p)"
        case .reset(let p): "reset \(p)"
        }
    }

    private enum Keys: String, CodingKey { case op, pattern, to, target }

    /// Decodes `{"op": "replace|add|delete|reset", "pattern": …, "to": …, "target": …}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let op = try c.decode(String.self, forKey: .op)
        let pattern = try c.decode(String.self, forKey: .pattern)
        switch op {
        case "replace": self = .replace(pattern: pattern, to: try c.decode(String.self, forKey: .to))
        case "add": self = .add(pattern: pattern, target: try c.decode(String.self, forKey: .target))
        case "delete": self = .delete(pattern: pattern)
        case "reset": self = .reset(pattern: pattern)
        default:
            throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "unknown op '\(op)' (expected replace, add, delete or reset)")
        }
    }

    /// Encodes the same shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .replace(let p, let to): try c.encode("replace", forKey: .op); try c.encode(p, forKey: .pattern); try c.encode(to, forKey: .to)
        case .add(let p, let t): try c.encode("add", forKey: .op); try c.encode(p, forKey: .pattern); try c.encode(t, forKey: .target)
        case .delete(let p): try c.encode("delete", forKey: .op); try c.encode(p, forKey: .pattern)
        case .reset(let p): try c.encode("reset", forKey: .op); try c.encode(p, forKey: .pattern)
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

    /// Decodes a table from JSON, naming the bad entry on failure.
    public static func decode(json data: Data) throws(RelocationError) -> RelocationTable {
        let raw: Any
        do { raw = try JSONSerialization.jsonObject(with: data) } catch {
            throw .malformed("not JSON (\(error.localizedDescription))")
        }
        guard let object = raw as? [String: Any] else { throw .malformed("the top level must be an object") }
        let version = object["version"] as? Int ?? 0
        guard let list = object["entries"] as? [Any] else { throw .malformed("missing \"entries\" array") }
        var entries: [RelocationEntry] = []
        for (i, item) in list.enumerated() {
            guard let dict = item as? [String: Any] else { throw .invalidEntry(index: i, reason: "not an object") }
            guard let op = dict["op"] as? String else { throw .invalidEntry(index: i, reason: "missing \"op\"") }
            guard let pattern = dict["pattern"] as? String else { throw .invalidEntry(index: i, reason: "missing \"pattern\"") }
            switch op {
            case "replace":
                guard let to = dict["to"] as? String else { throw .invalidEntry(index: i, reason: "replace needs \"to\"") }
                entries.append(.replace(pattern: pattern, to: to))
            case "add":
                guard let target = dict["target"] as? String else { throw .invalidEntry(index: i, reason: "add needs \"target\"") }
                entries.append(.add(pattern: pattern, target: target))
            case "delete": entries.append(.delete(pattern: pattern))
            case "reset": entries.append(.reset(pattern: pattern))
            default: throw .invalidEntry(index: i, reason: "unknown op '\(op)' (expected replace, add, delete or reset)")
            }
        }
        return RelocationTable(version: version, entries: entries)
    }
}

/// The relocation rules in force: the result of applying tables in turn. Immutable once built.
struct RelocationState: Sendable {
    enum Rule: Sendable {
        case replace(to: RoutePattern)
        case alias(target: String)
        case delete
    }

    /// Canonical pattern → rule, in the order they were first set.
    private(set) var rules: [(pattern: RoutePattern, rule: Rule)] = []
    private(set) var table: RouteTable<Rule>?
    private(set) var version: Int = 0

    /// Applies `table` to a copy and validates it; returns the new state or throws leaving `self` as it was.
    func applying(_ table: RelocationTable) throws(RelocationError) -> RelocationState {
        var next = self
        next.version = table.version
        for (i, entry) in table.entries.enumerated() {
            let pattern: RoutePattern
            do throws(PatternError) { pattern = try RoutePattern(entry.pattern) } catch {
                throw .invalidEntry(index: i, reason: error.description)
            }
            next.rules.removeAll { $0.pattern.shape == pattern.shape }
            switch entry {
            case .replace(_, let to):
                let dest: RoutePattern
                do throws(PatternError) { dest = try RoutePattern(to) } catch {
                    throw .invalidEntry(index: i, reason: "destination: \(error.description)")
                }
                let available = Set(pattern.parameterNames)
                for name in dest.parameterNames where !available.contains(name) {
                    if case .optional = dest.segments.first(where: { $0.parameterName == name }) { continue }
                    throw .invalidEntry(index: i, reason: "destination parameter '\(name)' is not in '\(pattern)'")
                }
                if dest.shape == pattern.shape { throw .cycle([pattern.description, dest.description]) }
                next.rules.append((pattern, .replace(to: dest)))
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
            if case .replace(let to) = r.rule { return (r.pattern, to) }
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
