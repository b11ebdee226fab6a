import Foundation

/// The formats a ``RouteMap`` is written in.
public enum RouteMapFormat: String, Sendable, CaseIterable {
    /// Pretty-printed JSON with sorted keys; also a valid route file (``RouteFile``).
    case json
    /// An XML property list with sorted keys.
    case plist
}

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
    /// One route of the map.
    public struct Route: Sendable, Equatable, Codable {
        /// The canonical pattern text.
        public var pattern: String
        /// The target's name.
        public var target: String
        /// The route's priority.
        public var priority: Int
        /// The route's metadata.
        public var metadata: [String: String]
        /// The names of the interceptors that apply to the route, in the order they run.
        public var interceptors: [String]

        /// Creates a route entry.
        public init(pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:], interceptors: [String] = []) {
            self.pattern = pattern
            self.target = target
            self.priority = priority
            self.metadata = metadata
            self.interceptors = interceptors
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
    public init(routes: [Route], redirects: [Redirect] = [], relocations: [RelocationEntry] = [], relocationVersion: Int = 0) {
        self.routes = routes
        self.redirects = redirects
        self.relocations = relocations
        self.relocationVersion = relocationVersion
    }

    /// The map of `router`'s current table. Interceptors are listed for a route when their scope
    /// applies to its pattern and metadata (``InterceptorScope/applies(pattern:metadata:)``).
    public init(router: Router) {
        let interceptors = router.interceptors
        routes = router.table.routes.map { r in
            let pattern = r.pattern.description
            let names = interceptors.filter { $0.scope.applies(pattern: pattern, metadata: r.target.metadata) }.map(\.interceptor.name)
            return Route(pattern: pattern, target: r.target.target, priority: r.priority, metadata: r.target.metadata, interceptors: names)
        }
        redirects = router.redirects.map { Redirect(from: $0.from, to: $0.to) }
        relocations = router.relocationRules.compactMap(Self.parseRule)
        relocationVersion = relocations.isEmpty ? 0 : router.withState { $0.relocations.version }
    }

    /// The map of a route file, with no interceptors (give `interceptors` to name some per route).
    public init(file: RouteFile, interceptors: (RouteDefinition) -> [String] = { _ in [] }) {
        routes = file.routes.map { d in
            let canonical = (try? RoutePattern(d.pattern))?.description ?? d.pattern
            return Route(pattern: canonical, target: d.target, priority: d.priority, metadata: d.metadata, interceptors: interceptors(d))
        }
        redirects = file.redirects.map { Redirect(from: $0.from, to: $0.to) }
        relocations = file.relocations?.entries ?? []
        relocationVersion = file.relocations?.version ?? 0
    }

    /// Parses one line of ``Router/relocationRules`` (`replace P → D`, `add P → target T`, `delete P`).
    static func parseRule(_ line: String) -> RelocationEntry? {
        let arrow = " → "
        if line.hasPrefix("delete ") { return .delete(pattern: String(line.dropFirst("delete ".count))) }
        if line.hasPrefix("replace "), let r = line.range(of: arrow) {
            return .replace(pattern: String(line[line.index(line.startIndex, offsetBy: "replace ".count)..<r.lowerBound]),
                            to: String(line[r.upperBound...]))
        }
        if line.hasPrefix("add "), let r = line.range(of: arrow + "target ") {
            return .add(pattern: String(line[line.index(line.startIndex, offsetBy: "add ".count)..<r.lowerBound]),
                        target: String(line[r.upperBound...]))
        }
        return nil
    }

    /// The map as a route file: routes (handlers are up to the caller), redirects and relocations,
    /// ready for ``RouteFile/register(on:handler:)``.
    public var routeFile: RouteFile {
        RouteFile(routes: routes.map { RouteDefinition(pattern: $0.pattern, target: $0.target, priority: $0.priority, metadata: $0.metadata) },
                  redirects: redirects.map { ($0.from, $0.to) },
                  relocations: relocations.isEmpty ? nil : RelocationTable(version: relocationVersion, entries: relocations))
    }

    // MARK: Writing

    /// The map in `format`, as bytes (UTF-8 text for both formats).
    public func encoded(as format: RouteMapFormat) throws(RouteFileError) -> Data {
        switch format {
        case .json:
            return Data((MapValue.json(tree) + "\n").utf8)
        case .plist:
            do {
                return try PropertyListSerialization.data(fromPropertyList: tree.foundationObject, format: .xml, options: 0)
            } catch {
                throw RouteFileError("file", "cannot write a property list (\(error.localizedDescription))")
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
                    switch e {
                    case .replace(let p, let to): .object(["op": .string("replace"), "pattern": .string(p), "to": .string(to)])
                    case .add(let p, let t): .object(["op": .string("add"), "pattern": .string(p), "target": .string(t)])
                    case .delete(let p): .object(["op": .string("delete"), "pattern": .string(p)])
                    case .reset(let p): .object(["op": .string("reset"), "pattern": .string(p)])
                    }
                }),
            ])
        }
        return .object(top)
    }

    // MARK: Reading

    /// Reads a map written by ``encoded(as:)`` (or any JSON route file); the error names the bad entry.
    public static func decode(_ data: Data, format: RouteMapFormat) throws(RouteFileError) -> RouteMap {
        let raw: Any
        switch format {
        case .json:
            do { raw = try JSONSerialization.jsonObject(with: data) } catch {
                throw RouteFileError("file", "not valid JSON (\(error.localizedDescription))")
            }
        case .plist:
            do { raw = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
                throw RouteFileError("file", "not a valid property list (\(error.localizedDescription))")
            }
        }
        return try decode(object: raw)
    }

    static func decode(object raw: Any) throws(RouteFileError) -> RouteMap {
        guard let top = MapReader.dictionary(raw) else { throw RouteFileError("file", "the top level must be a dictionary") }
        guard let list = top["routes"].flatMap(MapReader.array) else { throw RouteFileError("routes", "missing array of routes") }
        var routes: [Route] = []
        for (i, item) in list.enumerated() {
            let at = "routes[\(i)]"
            guard let d = MapReader.dictionary(item) else { throw RouteFileError(at, "must be a dictionary") }
            let pattern = try MapReader.string(d, "pattern", at)
            do throws(PatternError) { _ = try RoutePattern(pattern) } catch { throw RouteFileError("\(at).pattern", error.description) }
            let target = try MapReader.string(d, "target", at)
            var priority = 0
            if let p = d["priority"] {
                guard let n = MapReader.integer(p) else { throw RouteFileError("\(at).priority", "must be an integer") }
                priority = n
            }
            var metadata: [String: String] = [:]
            if let m = d["metadata"] {
                guard let md = MapReader.dictionary(m) else { throw RouteFileError("\(at).metadata", "must be a dictionary") }
                for (k, v) in md {
                    guard let text = JSONValue.scalarText(v) else { throw RouteFileError("\(at).metadata.\(k)", "must be a string") }
                    metadata[k] = text
                }
            }
            var interceptors: [String] = []
            if let l = d["interceptors"] {
                guard let names = MapReader.array(l)?.compactMap({ $0 as? String }), names.count == MapReader.array(l)?.count else {
                    throw RouteFileError("\(at).interceptors", "must be an array of strings")
                }
                interceptors = names
            }
            routes.append(Route(pattern: pattern, target: target, priority: priority, metadata: metadata, interceptors: interceptors))
        }
        var redirects: [Redirect] = []
        if let r = top["redirects"] {
            guard let rl = MapReader.array(r) else { throw RouteFileError("redirects", "must be an array") }
            for (i, item) in rl.enumerated() {
                let at = "redirects[\(i)]"
                guard let d = MapReader.dictionary(item) else { throw RouteFileError(at, "must be a dictionary") }
                redirects.append(Redirect(from: try MapReader.string(d, "from", at), to: try MapReader.string(d, "to", at)))
            }
        }
        var relocations: [RelocationEntry] = []
        var version = 0
        if let rel = top["relocations"] {
            guard let d = MapReader.dictionary(rel) else { throw RouteFileError("relocations", "must be a dictionary") }
            if let v = d["version"] {
                guard let n = MapReader.integer(v) else { throw RouteFileError("relocations.version", "must be an integer") }
                version = n
            }
            guard let entries = d["entries"].flatMap(MapReader.array) else { throw RouteFileError("relocations.entries", "missing array") }
            for (i, item) in entries.enumerated() {
                let at = "relocations.entries[\(i)]"
                guard let e = MapReader.dictionary(item) else { throw RouteFileError(at, "must be a dictionary") }
                let op = try MapReader.string(e, "op", at)
                let pattern = try MapReader.string(e, "pattern", at)
                switch op {
                case "replace": relocations.append(.replace(pattern: pattern, to: try MapReader.string(e, "to", at)))
                case "add": relocations.append(.add(pattern: pattern, target: try MapReader.string(e, "target", at)))
                case "delete": relocations.append(.delete(pattern: pattern))
                case "reset": relocations.append(.reset(pattern: pattern))
                default: throw RouteFileError("\(at).op", "unknown op '\(op)' (expected replace, add, delete or reset)")
                }
            }
        }
        return RouteMap(routes: routes, redirects: redirects, relocations: relocations, relocationVersion: version)
    }
}

/// Reading values that came from `JSONSerialization` or `PropertyListSerialization`.
private enum MapReader {
    static func dictionary(_ v: Any) -> [String: Any]? {
        if let d = v as? [String: Any] { return d }
        guard let d = v as? [AnyHashable: Any] else { return nil }
        var out: [String: Any] = [:]
        for (k, value) in d {
            guard let key = k.base as? String else { return nil }
            out[key] = value
        }
        return out
    }

    static func array(_ v: Any) -> [Any]? { v as? [Any] }

    static func integer(_ v: Any) -> Int? {
        if let n = JSONValue.integer(v) { return n }
        if v is Bool { return nil }
        return v as? Int
    }

    static func string(_ d: [String: Any], _ key: String, _ at: String) throws(RouteFileError) -> String {
        guard let s = d[key] as? String else { throw RouteFileError("\(at).\(key)", "missing or not a string") }
        return s
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
            return "[\n" + items.map { pad + json($0, indent: indent + 1) }.joined(separator: ",\n") + "\n" + close + "]"
        case .object(let d):
            if d.isEmpty { return "{}" }
            let keys = d.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            return "{\n" + keys.compactMap { k in d[k].map { pad + quote(k) + ": " + json($0, indent: indent + 1) } }.joined(separator: ",\n")
                + "\n" + close + "}"
        }
    }

    /// A JSON string literal (see ``JSONValue/quoted(_:)``).
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}
