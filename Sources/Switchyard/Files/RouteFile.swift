import Foundation

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
    public init(routes: [RouteDefinition], redirects: [(from: String, to: String)] = [],
                relocations: RelocationTable? = nil) {
        self.routes = routes
        self.redirects = redirects
        self.relocations = relocations
    }

    /// Compares routes, redirects and relocations.
    public static func == (a: RouteFile, b: RouteFile) -> Bool {
        a.routes == b.routes && a.redirects.map { [$0.from, $0.to] } == b.redirects.map { [$0.from, $0.to] }
            && a.relocations == b.relocations
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
                try router.register(r.pattern, target: r.target, priority: r.priority, metadata: r.metadata,
                                    handler: handler(r))
            } catch {
                throw RouteFileError("routes[\(i)]", error.description)
            }
        }
        try registerRewrites(on: router)
    }

    /// As ``register(on:handler:)``, with the routes' patterns already parsed (`parsed[i]` is `routes[i]`'s,
    /// as a reader that kept them gives them): every route is added under one hold of the router's lock,
    /// its pattern as given instead of parsed again. Without one pattern a route, as ``register(on:handler:)``.
    package func register(on router: Router, parsed: [RoutePattern]?,
                          handler: (RouteDefinition) -> (any RouteHandler)?) throws(RouteFileError) {
        guard let parsed, parsed.count == routes.count else {
            try register(on: router, handler: handler)
            return
        }
        let failed: (index: Int, error: RegistrationError)? = router.updateRoutes { builder in
            builder.reserveCapacity(builder.routes.count + routes.count)
            for (i, r) in routes.enumerated() {
                let entry = RouteEntry(name: r.target, handler: handler(r), metadata: r.metadata)
                do throws(RegistrationError) {
                    try builder.add(parsed[i], target: entry, priority: r.priority)
                } catch {
                    return (i, error)
                }
            }
            return nil
        }
        if let failed { throw RouteFileError("routes[\(failed.index)]", failed.error.description) }
        try registerRewrites(on: router)
    }

    /// Registers the redirects and the relocation table on `router`.
    private func registerRewrites(on router: Router) throws(RouteFileError) {
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

extension RouteFile: Codable {
    enum Keys: String, CodingKey, CaseIterable { case routes, redirects, relocations }

    /// Top-level keys of an app description, refused here with a pointer to the right reader.
    static let appDescriptionKeys: [String: String] = Dictionary(
        uniqueKeysWithValues: ["tabs", "name", "loginURL", "webAllowList"].map {
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
