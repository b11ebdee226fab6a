import Foundation

/// One route as written in a route file.
public struct RouteDefinition: Sendable, Equatable {
    /// The pattern text.
    public var pattern: String
    /// The target's name.
    public var target: String
    /// Tie-breaking priority (higher wins).
    public var priority: Int
    /// Free-form metadata (`requiresLogin`, `title`…).
    public var metadata: [String: String]

    /// Creates a definition.
    public init(pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:]) {
        self.pattern = pattern
        self.target = target
        self.priority = priority
        self.metadata = metadata
    }
}

/// Why a route file was refused: names the entry (`routes[3].pattern`) and what was wrong.
public struct RouteFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the file, as a path such as `routes[3].pattern`, or `file` for the whole file.
    public let location: String
    /// What was wrong.
    public let message: String

    /// Creates an error.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `routes[3].pattern: …`.
    public var description: String { "\(location): \(message)" }
}

/// A route table as data: the JSON format `switchyard match --routes FILE` and `--app FILE` read.
///
/// ```json
/// {
///   "routes": [
///     {"pattern": "app://user/:id<int>", "target": "UserProfile", "priority": 0,
///      "metadata": {"requiresLogin": "true"}}
///   ],
///   "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
///   "relocations": {"version": 1, "entries": [{"op": "replace", "pattern": "app://old", "to": "app://new"}]}
/// }
/// ```
/// Only `routes` is required; each route needs `pattern` and `target`. Unknown keys are ignored, so an
/// app description (which adds tabs, titles and links) is also a route file.
public struct RouteFile: Sendable, Equatable {
    /// The routes, in file order.
    public var routes: [RouteDefinition]
    /// Static redirects, in file order.
    public var redirects: [(from: String, to: String)]
    /// A relocation table applied after the routes, if present.
    public var relocations: RelocationTable?

    /// Creates a route file value.
    public init(routes: [RouteDefinition], redirects: [(from: String, to: String)] = [], relocations: RelocationTable? = nil) {
        self.routes = routes
        self.redirects = redirects
        self.relocations = relocations
    }

    /// Compares routes, redirects and relocations.
    public static func == (a: RouteFile, b: RouteFile) -> Bool {
        a.routes == b.routes && a.redirects.map { [$0.from, $0.to] } == b.redirects.map { [$0.from, $0.to] } && a.relocations == b.relocations
    }

    /// Reads a route file from JSON data, checking every entry; the error names the first bad one.
    public static func decode(json data: Data) throws(RouteFileError) -> RouteFile {
        let raw: Any
        do { raw = try JSONSerialization.jsonObject(with: data) } catch {
            throw RouteFileError("file", "not valid JSON (\(error.localizedDescription))")
        }
        guard let object = raw as? [String: Any] else { throw RouteFileError("file", "the top level must be a JSON object") }
        return try decode(object: object)
    }

    /// Reads a route file from an already parsed JSON object.
    public static func decode(object: [String: Any]) throws(RouteFileError) -> RouteFile {
        guard let list = object["routes"] as? [Any] else { throw RouteFileError("routes", "missing array of routes") }
        var routes: [RouteDefinition] = []
        for (i, item) in list.enumerated() {
            let at = "routes[\(i)]"
            guard let d = item as? [String: Any] else { throw RouteFileError(at, "must be an object") }
            guard let pattern = d["pattern"] as? String else { throw RouteFileError("\(at).pattern", "missing or not a string") }
            do throws(PatternError) { _ = try RoutePattern(pattern) } catch {
                throw RouteFileError("\(at).pattern", error.description)
            }
            guard let target = d["target"] as? String, !target.isEmpty else {
                throw RouteFileError("\(at).target", "missing or not a non-empty string")
            }
            var priority = 0
            if let p = d["priority"] {
                guard let n = JSONValue.integer(p) else { throw RouteFileError("\(at).priority", "must be an integer") }
                priority = n
            }
            var metadata: [String: String] = [:]
            if let m = d["metadata"] {
                guard let md = m as? [String: Any] else { throw RouteFileError("\(at).metadata", "must be an object") }
                for (k, v) in md {
                    guard let text = JSONValue.scalarText(v) else {
                        throw RouteFileError("\(at).metadata.\(k)", "must be a string, number or boolean")
                    }
                    metadata[k] = text
                }
            }
            routes.append(RouteDefinition(pattern: pattern, target: target, priority: priority, metadata: metadata))
        }
        var redirects: [(String, String)] = []
        if let r = object["redirects"] {
            guard let rl = r as? [Any] else { throw RouteFileError("redirects", "must be an array") }
            for (i, item) in rl.enumerated() {
                guard let d = item as? [String: Any], let from = d["from"] as? String, let to = d["to"] as? String else {
                    throw RouteFileError("redirects[\(i)]", "needs string fields \"from\" and \"to\"")
                }
                redirects.append((from, to))
            }
        }
        var relocations: RelocationTable?
        if let rel = object["relocations"] {
            do throws(RelocationError) {
                let data = try Self.reencode(rel)
                relocations = try RelocationTable.decode(json: data)
            } catch {
                throw RouteFileError("relocations", error.description)
            }
        }
        return RouteFile(routes: routes, redirects: redirects, relocations: relocations)
    }

    private static func reencode(_ value: Any) throws(RelocationError) -> Data {
        do { return try JSONSerialization.data(withJSONObject: value) } catch { throw .malformed("not an object") }
    }

    /// Builds a route table whose targets are the route definitions; conflicts name the entry.
    public func table(options: MatchOptions = MatchOptions()) throws(RouteFileError) -> RouteTable<RouteDefinition> {
        var b = RouteTableBuilder<RouteDefinition>(options: options)
        for (i, r) in routes.enumerated() {
            do throws(RegistrationError) { try b.add(r.pattern, target: r, priority: r.priority) } catch {
                throw RouteFileError("routes[\(i)]", error.description)
            }
        }
        return b.build()
    }

    /// Registers every route, redirect and relocation on `router`, with `handler(definition)` as each
    /// route's handler. Stops at the first error, which names the entry.
    public func register(on router: Router, handler: (RouteDefinition) -> (any RouteHandler)?) throws(RouteFileError) {
        for (i, r) in routes.enumerated() {
            do throws(RegistrationError) {
                try router.register(r.pattern, target: r.target, priority: r.priority, metadata: r.metadata, handler: handler(r))
            } catch {
                throw RouteFileError("routes[\(i)]", error.description)
            }
        }
        for (i, r) in redirects.enumerated() {
            do throws(RegistrationError) { try router.addRedirect(from: r.from, to: r.to) } catch {
                throw RouteFileError("redirects[\(i)]", error.description)
            }
        }
        if let relocations {
            do throws(RelocationError) { try router.applyRelocations(relocations) } catch {
                throw RouteFileError("relocations", error.description)
            }
        }
    }
}

/// Helpers for values from `JSONSerialization`, where booleans and numbers both arrive as `NSNumber`.
public enum JSONValue {
    /// The value as an integer, when it is a JSON integer (not a boolean, not a fraction).
    public static func integer(_ v: Any) -> Int? {
        guard let n = v as? NSNumber, !isBoolean(n) else { return nil }
        let type = String(cString: n.objCType)
        guard type != "d" && type != "f" else {
            let d = n.doubleValue
            return d == d.rounded() && abs(d) < 9e15 ? Int(d) : nil
        }
        return n.intValue
    }

    /// The value as a boolean, when it is a JSON boolean.
    public static func boolean(_ v: Any) -> Bool? {
        guard let n = v as? NSNumber, isBoolean(n) else { return nil }
        return n.boolValue
    }

    /// A string, number or boolean as text (`"true"`, `"42"`); nil for arrays, objects and null.
    public static func scalarText(_ v: Any) -> String? {
        if let s = v as? String { return s }
        guard let n = v as? NSNumber else { return nil }
        if isBoolean(n) { return n.boolValue ? "true" : "false" }
        return n.stringValue
    }

    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped (also U+2028/9),
    /// everything else as it is. Used for stable one-line and pretty JSON output.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (0x2028...0x2029).contains(u.value) {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func isBoolean(_ n: NSNumber) -> Bool {
        String(cString: n.objCType) == "c"
    }
}
