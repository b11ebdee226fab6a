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

/// Why a route file, app description, relocation table or route map was refused: the file, the coding
/// path of the bad value (`routes[3].pattern`), what was wrong, and for syntax errors the line and column.
///
/// ``description`` reads `routes.json: routes[1].guard: expected a string, found a boolean`, or for a
/// syntax error `routes.json:4:7: routes[0]: trailing comma before '}'`. Control characters, bidi
/// controls and DEL in it are escaped (`\u{1B}`), and values from the file are echoed at most 80
/// characters long, so a message can be printed to a terminal as it is.
public struct RouteFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The coding path of the bad value, such as `routes[3].pattern`; empty when the file as a whole is
    /// wrong (not found, empty, not an object).
    public let location: String
    /// What was wrong.
    public let message: String
    /// The file as it was named (`--routes FILE`); nil when the data did not come from a file.
    public var file: String?
    /// The line of a syntax error, from 1.
    public var line: Int?
    /// The column of a syntax error, in characters, from 1.
    public var column: Int?

    /// Creates an error.
    public init(_ location: String, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.location = location
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same error naming `file`, unless it already names one.
    public func naming(_ file: String?) -> RouteFileError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }

    /// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out the parts that are unknown or empty; without a
    /// file, the position reads `line L, column C`.
    public var description: String {
        var parts: [String] = []
        var head = file ?? ""
        if let line, let column { head += file == nil ? "line \(line), column \(column)" : ":\(line):\(column)" }
        if !head.isEmpty { parts.append(head) }
        if !location.isEmpty { parts.append(location) }
        parts.append(message)
        return SchemaText.visible(parts.joined(separator: ": "))
    }
}

/// A route table as data: the JSON format `switchyard match --routes FILE` reads (README, "Route file format").
///
/// ```json
/// {
///   "routes": [
///     {"pattern": "app://user/:id<int>", "target": "UserProfile", "priority": 0,
///      "metadata": {"requiresLogin": true}}
///   ],
///   "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
///   "relocations": {"version": 1, "entries": [{"op": "replace", "pattern": "app://old", "to": "app://new"}]}
/// }
/// ```
/// Only `routes` is required; each route needs `pattern` and `target`. The reading is strict (see
/// ``RouteSchema``): unknown keys, values of the wrong type, invalid patterns and redirects whose
/// destination needs a parameter the source lacks are refused with their coding path. A route's
/// `interceptors` (which a route map writes) is accepted and not kept, so a route map is a route file.
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

    /// Reads a route file from JSON data (``RouteSchema/decode(_:json:file:)``); the error names the first bad value.
    public static func decode(json data: Data) throws(RouteFileError) -> RouteFile {
        try RouteSchema.decode(RouteFile.self, json: data)
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

/// Writing JSON text by hand, for output that is the same on every platform.
package enum JSONValue {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped (also U+2028/9),
    /// everything else as it is. Used for stable one-line and pretty JSON output.
    package static func quoted(_ s: String) -> String {
        // Most text needs no escape: copied whole. 0xE2 starts U+2028 and U+2029 (and other characters,
        // which the loop below copies as they are).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + s + "\""
        }
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
}

extension RouteFile: Codable {
    enum Keys: String, CodingKey, CaseIterable { case routes, redirects, relocations }

    /// Top-level keys of an app description, refused here with a pointer to the right reader.
    static let appDescriptionKeys: [String: String] = Dictionary(uniqueKeysWithValues: ["tabs", "name", "loginURL", "webAllowList"].map {
        ($0, "this looks like an app description; read it with --app")
    })

    /// Decodes the route file format strictly (see ``RouteSchema``).
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self, hints: Self.appDescriptionKeys)
        routes = try o.decode([RouteDefinition].self, .routes)
        redirects = (try o.decodeIfPresent([RedirectDefinition].self, .redirects) ?? []).map { ($0.from, $0.to) }
        relocations = try o.decodeIfPresent(RelocationTable.self, .relocations)
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(routes, forKey: .routes)
        try c.encode(redirects.map { RedirectDefinition(from: $0.from, to: $0.to) }, forKey: .redirects)
        try c.encodeIfPresent(relocations, forKey: .relocations)
    }
}

extension RouteDefinition: Codable {
    package enum Keys: String, CodingKey, CaseIterable { case pattern, target, priority, metadata, interceptors }

    /// Decodes `{"pattern", "target", "priority"?, "metadata"?, "interceptors"?}` strictly: the pattern
    /// must parse, the target must not be empty, the priority must be an integer, and metadata values
    /// must be strings, numbers or booleans (kept as text). `interceptors` is checked and not kept.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        pattern = try o.pattern(.pattern)
        target = try o.nonEmptyString(.target)
        priority = try o.integer(.priority) ?? 0
        metadata = try o.metadata(.metadata)
        _ = try o.decodeIfPresent([String].self, .interceptors)
    }

    /// Encodes the shape it decodes (without `interceptors`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(pattern, forKey: .pattern)
        try c.encode(target, forKey: .target)
        try c.encode(priority, forKey: .priority)
        try c.encode(metadata, forKey: .metadata)
    }
}
