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
            PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "="
                + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
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
            if let problem = RoutePattern.destinationProblem(from: source, to: destination) {
                throw o.refuse(.to, problem)
            }
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
