import Foundation
import Switchyard

// The app description format (README, "App description format") as `Codable` conformances, read by
// the standard decoders through `RouteSchema`: strict, with every refusal naming its coding path.

extension AppDescription: Codable {
    /// The keys of an app description's top level.
    enum Keys: String, CodingKey, CaseIterable {
        case name, tabs, routes, redirects, relocations, loginURL, webAllowList, animations, defaultAnimation
    }

    /// Decodes an app description strictly and checks it (``validate()``): at least one tab, routes as
    /// ``ScreenRoute/init(from:)`` reads them, redirects and relocations as in a route file, and
    /// `webAllowList` host names (kept lowercased), `animations` (an object of named animations, each
    /// `{"slide": "left"}` or `{"keyframes": [...]}`) and `defaultAnimation` (a name). A route's animation
    /// that is neither a built-in nor in `animations` is refused, naming the route.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        name = try o.decodeIfPresent(String.self, .name) ?? "App"
        tabs = try o.decode([TabDescription].self, .tabs)
        if tabs.isEmpty { throw o.refuse(.tabs, "needs at least one tab") }
        let motions = try o.decodeIfPresent([String: AnimationMotion].self, .animations) ?? [:]
        var registry = AnimationRegistry()
        for (name, motion) in motions.sorted(by: { $0.key < $1.key }) {
            do throws(AnimationError) { try registry.register(Animation(name: name, motion: motion)) } catch {
                throw RouteFileError(o.path(.animations) + "." + name, error.description)
            }
        }
        animations = motions.keys.sorted().compactMap { registry.animation(named: $0) }
        if let name = try o.decodeIfPresent(String.self, .defaultAnimation) {
            do throws(AnimationError) { defaultAnimation = try registry.resolve(name) } catch {
                throw o.refuse(.defaultAnimation, error.description)
            }
        } else {
            defaultAnimation = nil
        }
        var routes = try o.decode([ScreenRoute].self, .routes)
        for i in routes.indices {
            guard let named = routes[i].animation, !named.isBuiltIn else { continue }
            do throws(AnimationError) { routes[i].animation = try registry.resolve(named.name) } catch {
                throw RouteFileError(o.path(.routes) + "[\(i)].animation", error.description)
            }
        }
        self.routes = routes
        redirects = try o.decodeIfPresent([RedirectDescription].self, .redirects) ?? []
        relocations = try o.decodeIfPresent(RelocationTable.self, .relocations)
        loginURL = try o.decodeIfPresent(String.self, .loginURL)
        webAllowList = (try o.decodeIfPresent([String].self, .webAllowList) ?? []).map { $0.lowercased() }
        do throws(RouteFileError) { try validate() } catch {
            let base = SchemaPath.render(decoder.codingPath)
            guard !base.isEmpty else { throw error }
            throw RouteFileError(error.location.hasPrefix("[") ? base + error.location : base + "." + error.location,
                                 error.message)
        }
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(tabs, forKey: .tabs)
        try c.encode(routes, forKey: .routes)
        try c.encode(redirects, forKey: .redirects)
        try c.encodeIfPresent(relocations, forKey: .relocations)
        try c.encodeIfPresent(loginURL, forKey: .loginURL)
        try c.encode(webAllowList, forKey: .webAllowList)
        if !animations.isEmpty {
            try c.encode(Dictionary(animations.map { ($0.name, $0.motion) }, uniquingKeysWith: { a, _ in a }),
                         forKey: .animations)
        }
        try c.encodeIfPresent(defaultAnimation?.name, forKey: .defaultAnimation)
    }
}

extension ScreenRoute: Codable {
    private enum Keys: String, CodingKey, CaseIterable {
        case pattern, aliases, target, kind, title, body, links, opens, animation, parent, metadata, `guard`, priority
    }

    /// Decodes a route strictly. `pattern` and `target` (or the legacy `kind`, which must agree with
    /// `target` when both are given) are required; `body` is a string or an array of strings; `opens` takes the
    /// names ``OpenStyle/init(name:)`` reads; `animation` a built-in's name (``Animation/init(name:)``) or
    /// the name of one of the app's `animations`; metadata
    /// values are strings, numbers or booleans.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        let pattern = try o.pattern(.pattern)
        let aliases = try o.patterns(.aliases)
        let target = try o.decodeIfPresent(String.self, .target)
        let legacy = try o.decodeIfPresent(String.self, .kind)
        if let target, let legacy, target != legacy {
            throw o.refuse(.kind,
                           "\(SchemaText.quoted(legacy)) differs from target \(SchemaText.quoted(target)); "
                           + "give only target")
        }
        guard let kind = target ?? legacy else {
            throw RouteFileError(SchemaPath.render(decoder.codingPath), "missing required key \"target\"")
        }
        if kind.isEmpty { throw o.refuse(target == nil ? .kind : .target, "must not be empty") }
        var body: [String] = []
        if o.has(.body) {
            if let line = try? o.decode(String.self, .body) {
                body = [line]
            } else if o.index?.values[o.path(.body)]?.kind == .array {
                body = try o.decode([String].self, .body)
            } else {
                let found = o.index?.values[o.path(.body)]?.name(propertyList: false) ?? "a value of another type"
                throw o.refuse(.body, "expected a string or an array of strings, found \(found)")
            }
        }
        let opens = try o.choice(.opens, what: "style", names: OpenStyle.allCases.map(\.rawValue),
                                 parse: OpenStyle.init(name:))
        // A name that is not a built-in is kept as a reference; the app description resolves it against
        // its `animations` (or refuses it).
        let animation = try o.decodeIfPresent(String.self, .animation).map { name in
            Animation(name: name) ?? Animation(name: name, motion: .keyframes([]))
        }
        self.init(pattern: pattern, aliases: aliases, kind: kind, title: try o.decodeIfPresent(String.self, .title),
                  body: body,
                  links: try o.decodeIfPresent([Link].self, .links) ?? [], opens: opens ?? .push, animation: animation,
                  parent: try o.decodeIfPresent(String.self, .parent), metadata: try o.metadata(.metadata),
                  leaveGuard: try o.decodeIfPresent(String.self, .guard), priority: try o.integer(.priority) ?? 0)
    }

    /// Encodes the shape it decodes (`target`, never the legacy `kind`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(pattern, forKey: .pattern)
        if !aliases.isEmpty { try c.encode(aliases, forKey: .aliases) }
        try c.encode(kind, forKey: .target)
        try c.encode(title, forKey: .title)
        try c.encode(body, forKey: .body)
        try c.encode(links, forKey: .links)
        try c.encode(opens.rawValue, forKey: .opens)
        try c.encodeIfPresent(animation?.name, forKey: .animation)
        try c.encodeIfPresent(parent, forKey: .parent)
        try c.encode(metadata, forKey: .metadata)
        try c.encodeIfPresent(leaveGuard, forKey: .guard)
        try c.encode(priority, forKey: .priority)
    }
}

extension TabDescription: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case title, root }

    /// Decodes `{"title", "root"}`, both required strings.
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        self.init(title: try o.decode(String.self, .title), root: try o.decode(String.self, .root))
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(title, forKey: .title)
        try c.encode(root, forKey: .root)
    }
}

extension AppDescription.RedirectDescription: Codable {
    /// Decodes a redirect as a route file does (`RedirectDefinition.init(from:)`): both patterns valid,
    /// and no destination parameter the source lacks.
    public init(from decoder: any Decoder) throws {
        let r = try RedirectDefinition(from: decoder)
        self.init(from: r.from, to: r.to)
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        try RedirectDefinition(from: from, to: to).encode(to: encoder)
    }
}

extension Link: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case title, url }

    /// Decodes `{"title", "url"}`, both required strings (templates).
    public init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        self.init(title: try o.decode(String.self, .title), url: try o.decode(String.self, .url))
    }

    /// Encodes the shape it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(title, forKey: .title)
        try c.encode(url, forKey: .url)
    }
}
