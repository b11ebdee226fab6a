import Foundation
import Switchyard
import Synchronization

/// A router's table as data: every route with its pattern, target, priority, metadata and the names of
/// the interceptors that apply to it, plus the static redirects and the relocation rules in force.
///
/// Written as JSON or an XML property list, byte-for-byte stable: exporting, importing and exporting
/// again gives the same bytes. The JSON form is also a route file, so `switchyard match --routes` reads it.
///
/// ```json
/// {
///   "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
///   "relocations": {"entries": [{"op": "delete", "pattern": "app://old"}], "version": 2},
///   "routes": [
///     {"interceptors": ["LoginGate"], "metadata": {"requiresLogin": "true"},
///      "pattern": "app://order/:id<int>", "priority": 0, "target": "OrderDetail"}
///   ]
/// }
/// ```
/// `redirects` is always written; `relocations` only when there are rules.
public struct RouteMap: Sendable, Equatable, Codable {
    /// One route of the map: the route as a route file writes it (`RouteDefinition`) and the
    /// interceptors that apply to it.
    public struct Route: Sendable, Equatable, Codable, RouteDefinitionHolder {
        /// The route as text, with its pattern in canonical form.
        public var definition: RouteDefinition
        /// The names of the interceptors that apply to the route, in the order they run.
        public var interceptors: [String]

        /// Creates a route entry from a definition.
        public init(_ definition: RouteDefinition, interceptors: [String] = []) {
            self.definition = definition
            self.interceptors = interceptors
        }

        /// Creates a route entry.
        public init(pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:],
                    interceptors: [String] = []) {
            self.init(RouteDefinition(pattern: pattern, target: target, priority: priority, metadata: metadata),
                      interceptors: interceptors)
        }
    }

    /// One static redirect.
    public struct Redirect: Sendable, Equatable, Codable {
        /// The pattern redirected from.
        public var from: String
        /// The pattern redirected to.
        public var to: String

        /// Creates a redirect entry.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// The routes, in registration order.
    public var routes: [Route]
    /// The static redirects, in registration order.
    public var redirects: [Redirect]
    /// The relocation rules in force, as entries that recreate them (`replace`, `add`, `delete`).
    public var relocations: [RelocationEntry]
    /// The version of the last relocation table applied (0 when none).
    public var relocationVersion: Int

    /// Creates a map from its parts.
    public init(routes: [Route], redirects: [Redirect] = [], relocations: [RelocationEntry] = [],
                relocationVersion: Int = 0) {
        self.routes = routes
        self.redirects = redirects
        self.relocations = relocations
        self.relocationVersion = relocationVersion
    }

    /// The map of `router`'s current table. Interceptors are listed for a route when their scope
    /// applies to its pattern and metadata (`InterceptorScope.applies(pattern:metadata:)`).
    public init(router: Router) {
        self = Deferred(router: router).map
    }

    /// The map of a router's table as it was when this was made, put together the first time it is read
    /// (``init(router:)`` at that moment): taking the router's parts is cheap, making every route's canonical
    /// text is not, and a big table's map is often not needed at once.
    package final class Deferred: Sendable {
        private let make: @Sendable () -> RouteMap
        private let made = Mutex<RouteMap?>(nil)

        /// The router's map as it is now, made on first use.
        package init(router: Router) {
            let interceptors = router.interceptors
            // The registered routes in order, as the table has them: reading the table's routes would put
            // each one together again from the compiled storage. (Reading the table first runs lazy registrars.)
            _ = router.table
            let registered = router.registeredRoutes
            let redirects = router.redirects.map { Redirect(from: $0.from, to: $0.to) }
            let rules = router.relocationRules
            let version = router.relocationVersion
            make = {
                let routes = registered.map { r in
                    let d = r.definition
                    let applying = interceptors.filter { $0.scope.applies(pattern: d.pattern, metadata: d.metadata) }
                    return Route(d, interceptors: applying.map(\.interceptor.name))
                }
                let relocations = rules.compactMap(RouteMap.parseRule)
                return RouteMap(routes: routes, redirects: redirects, relocations: relocations,
                                relocationVersion: relocations.isEmpty ? 0 : version)
            }
        }

        /// The map (made now if it was not yet).
        package var map: RouteMap {
            made.withLock { made in
                if let made { return made }
                let map = make()
                made = map
                return map
            }
        }
    }

    /// The map of a route file, with no interceptors (give `interceptors` to name some per route).
    package init(file: RouteFile, interceptors: (RouteDefinition) -> [String] = { _ in [] }) {
        routes = file.routes.map { d in
            var canonical = d
            canonical.pattern = (try? RoutePattern(d.pattern))?.description ?? d.pattern
            return Route(canonical, interceptors: interceptors(d))
        }
        redirects = file.redirects.map { Redirect(from: $0.from, to: $0.to) }
        relocations = file.relocations?.entries ?? []
        relocationVersion = file.relocations?.version ?? 0
    }

    /// Parses one line of `Router.relocationRules` (`RelocationEntry.description`: `replace P → D`,
    /// `add P → target T`, `delete P`).
    static func parseRule(_ line: String) -> RelocationEntry? {
        let arrow = " → "
        for op in RelocationEntry.Operation.allCases where line.hasPrefix(op.rawValue + " ") {
            let rest = String(line.dropFirst(op.rawValue.count + 1))
            switch op {
            case .delete: return .delete(pattern: rest)
            case .reset: return .reset(pattern: rest)
            case .replace:
                guard let r = rest.range(of: arrow) else { return nil }
                var to = String(rest[r.upperBound...])
                var parameters: [String: String] = [:]
                if let adding = to.range(of: " adding ") {
                    // The parameters as query text (``RelocationEntry/queryText(_:)``).
                    guard let items = try? RouteURL("x://y?" + to[adding.upperBound...]).query.items else { return nil }
                    for item in items { parameters[item.name] = item.value }
                    to = String(to[..<adding.lowerBound])
                }
                return .replace(pattern: String(rest[..<r.lowerBound]), to: to, parameters: parameters)
            case .add:
                guard let r = rest.range(of: arrow + "target ") else { return nil }
                return .add(pattern: String(rest[..<r.lowerBound]), target: String(rest[r.upperBound...]))
            }
        }
        return nil
    }

    /// The map as a route file: routes (handlers are up to the caller), redirects and relocations,
    /// ready for `RouteFile.register(on:handler:)`.
    public var routeFile: RouteFile {
        RouteFile(routes: routes.map(\.definition),
                  redirects: redirects.map { ($0.from, $0.to) },
                  relocations: relocations.isEmpty ? nil
                      : RelocationTable(version: relocationVersion, entries: relocations))
    }

    // MARK: Writing

    /// The map in `format`, as bytes (UTF-8 text for both formats).
    public func encoded(as format: RouteMapFormat) throws(RouteFileError) -> Data {
        switch format {
        case .json:
            return Data((MapValue.json(tree) + "\n").utf8)
        case .plist:
            do {
                return try PropertyListSerialization.data(fromPropertyList: tree.foundationObject, format: .xml,
                                                          options: 0)
            } catch {
                throw RouteFileError("",
                                     "cannot write a property list (\(SchemaText.echo(error.localizedDescription)))")
            }
        }
    }

    /// The map in `format`, as text.
    public func text(as format: RouteMapFormat) throws(RouteFileError) -> String {
        String(decoding: try encoded(as: format), as: UTF8.self)
    }

    /// The map as a tree of plain values, keys sorted when written.
    private var tree: MapValue {
        var top: [String: MapValue] = [
            "routes": .array(routes.map { r in
                .object([
                    "pattern": .string(r.pattern), "target": .string(r.target), "priority": .int(r.priority),
                    "metadata": .object(r.metadata.mapValues(MapValue.string)),
                    "interceptors": .array(r.interceptors.map(MapValue.string)),
                ])
            }),
            "redirects": .array(redirects.map { .object(["from": .string($0.from), "to": .string($0.to)]) }),
        ]
        if !relocations.isEmpty {
            top["relocations"] = .object([
                "version": .int(relocationVersion),
                "entries": .array(relocations.map { e in
                    var fields: [String: MapValue] = [
                        "op": .string(e.operation.rawValue), "pattern": .string(e.pattern),
                    ]
                    switch e {
                    case .replace(_, let to, let parameters):
                        fields["to"] = .string(to)
                        if !parameters.isEmpty { fields["parameters"] = .object(parameters.mapValues { .string($0) }) }
                    case .add(_, let t): fields["target"] = .string(t)
                    case .delete, .reset: break
                    }
                    return .object(fields)
                }),
            ])
        }
        return .object(top)
    }

    // MARK: Reading

    /// Reads a map written by ``encoded(as:)`` (or any JSON route file) strictly (`RouteSchema`); the
    /// error names the bad value.
    package static func decode(_ data: Data, format: RouteMapFormat) throws(RouteFileError) -> RouteMap {
        switch format {
        case .json: try RouteSchema.decode(RouteMap.self, json: data)
        case .plist: try RouteSchema.decode(RouteMap.self, propertyList: data)
        }
    }

    private enum Keys: String, CodingKey, CaseIterable { case routes, redirects, relocations }

    /// Decodes the map format strictly: `routes` (required), `redirects` and `relocations` (a relocation table).
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        routes = try o.decode([Route].self, .routes)
        redirects = try o.decodeIfPresent([Redirect].self, .redirects) ?? []
        let table = try o.decodeIfPresent(RelocationTable.self, .relocations)
        relocations = table?.entries ?? []
        relocationVersion = table?.version ?? 0
    }

    /// Encodes the shape it decodes: `relocations` only when there are rules.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(routes, forKey: .routes)
        try c.encode(redirects, forKey: .redirects)
        if !relocations.isEmpty {
            try c.encode(RelocationTable(version: relocationVersion, entries: relocations), forKey: .relocations)
        }
    }
}

extension RouteMap.Route {
    /// Decodes a route as a route file does (`RouteDefinition.init(from:)`), keeping `interceptors`.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, RouteDefinition.Keys.self)
        self.init(try RouteDefinition(from: decoder),
                  interceptors: try o.decodeIfPresent([String].self, .interceptors) ?? [])
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        try definition.encode(to: encoder)
        var c = encoder.container(keyedBy: RouteDefinition.Keys.self)
        try c.encode(interceptors, forKey: .interceptors)
    }
}

extension RouteMap.Redirect {
    /// Decodes `{"from", "to"}` as a route file does (`RedirectDefinition`): both must be patterns, and
    /// the destination may only use parameters the source captures.
    public init(from decoder: any Decoder) throws {
        let r = try RedirectDefinition(from: decoder)
        self.init(from: r.from, to: r.to)
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        try RedirectDefinition(from: from, to: to).encode(to: encoder)
    }
}

/// A plain value tree, written as JSON by hand (for output that is the same on every platform) or
/// handed to `PropertyListSerialization`.
private indirect enum MapValue {
    case string(String)
    case int(Int)
    case array([MapValue])
    case object([String: MapValue])

    /// The value as Foundation property-list objects.
    var foundationObject: Any {
        switch self {
        case .string(let s): s
        case .int(let n): NSNumber(value: n)
        case .array(let items): items.map(\.foundationObject)
        case .object(let d): d.mapValues(\.foundationObject)
        }
    }

    /// Pretty JSON: two-space indent, keys sorted by code point, `[]`/`{}` when empty, slashes unescaped.
    static func json(_ v: MapValue, indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch v {
        case .string(let s): return quote(s)
        case .int(let n): return String(n)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + json($0, indent: indent + 1) }.joined(separator: ",\n")
                + "\n" + close + "]"
        case .object(let d):
            if d.isEmpty { return "{}" }
            let keys = d.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            return "{\n"
                + keys.compactMap { k in d[k].map { pad + quote(k) + ": " + json($0, indent: indent + 1) } }
                    .joined(separator: ",\n")
                + "\n" + close + "}"
        }
    }

    /// A JSON string literal (see `JSONValue/quoted(_:)`).
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}
