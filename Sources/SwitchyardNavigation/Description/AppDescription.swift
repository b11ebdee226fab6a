import Foundation
import Switchyard

/// An app described as data: tabs, routes with their screens, redirects and relocations.
///
/// This is how a team puts its own route table into Switchyard (`--app FILE`); see README, "App
/// description format". It is `Codable` and read strictly (`RouteSchema`); its routes read `pattern`,
/// `target`, `priority` and `metadata` as a route file does, and ``routeFile`` gives it as one.
public struct AppDescription: Sendable, Equatable {
    /// The app's name, shown in the title bar.
    public var name: String
    /// The tabs, left to right.
    public var tabs: [TabDescription]
    /// The routes.
    public var routes: [ScreenRoute]
    /// Static redirects (from pattern, to pattern).
    public var redirects: [RedirectDescription]
    /// A relocation table applied at start, if any.
    public var relocations: RelocationTable?
    /// The login route's URL; when set, a login gate guards routes with `requiresLogin`.
    public var loginURL: String?
    /// Hosts that https links may open in the simulated web screen (exact or a subdomain).
    public var webAllowList: [String]
    /// The animations the app registers (JSON `"animations"`), which routes and URLs (`?animation=`) name.
    public var animations: [Animation]
    /// The animation played when neither the URL nor the route names one (JSON `"defaultAnimation"`);
    /// nil for each open style's own default.
    public var defaultAnimation: Animation?
    /// For an app generated from a route file whose index links are not checked yet, the routes they
    /// stand for (``generatedUnchecked(from:name:)``); nil otherwise.
    var uncheckedIndexLinks: GeneratedIndexLinks?

    /// A static redirect.
    public struct RedirectDescription: Sendable, Equatable {
        /// The pattern redirected from.
        public var from: String
        /// The pattern redirected to.
        public var to: String
        /// Creates a redirect.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Creates a description.
    public init(name: String, tabs: [TabDescription], routes: [ScreenRoute], redirects: [RedirectDescription] = [],
                relocations: RelocationTable? = nil, loginURL: String? = nil, webAllowList: [String] = [],
                animations: [Animation] = [], defaultAnimation: Animation? = nil) {
        self.animations = animations
        self.defaultAnimation = defaultAnimation
        self.name = name
        self.tabs = tabs
        self.routes = routes
        self.redirects = redirects
        self.relocations = relocations
        self.loginURL = loginURL
        self.webAllowList = webAllowList
    }

    /// Reads an app description from JSON strictly (`RouteSchema.decode(_:json:file:)`) and checks
    /// it (``validate()``); errors name the value (`routes[3].opens`).
    public static func decode(json data: Data) throws(RouteFileError) -> AppDescription {
        try RouteSchema.decode(AppDescription.self, json: data)
    }

    /// Checks what a schema cannot: the routes must not conflict, every tab root and the login URL must
    /// reach a route, and no two tabs may have the same root screen (same route, same path parameters),
    /// since a tab is found by its root; each route's animation must be a built-in or one of ``animations``.
    /// Decoding calls it.
    public func validate() throws(RouteFileError) {
        var b = RouteTableBuilder<Int>()
        for (i, r) in routes.enumerated() {
            for p in [r.pattern] + r.aliases {
                do throws(RegistrationError) { try b.add(p, target: i, priority: r.priority) } catch {
                    throw RouteFileError("routes[\(i)]", error.description)
                }
            }
        }
        let table = b.build()
        var roots: [(route: Int, parameters: [String: String], tab: Int)] = []
        for (i, t) in tabs.enumerated() {
            guard let m = try? table.match(t.root) else {
                throw RouteFileError("tabs[\(i)].root", "no route matches \(SchemaText.quoted(t.root))")
            }
            let parameters = m.parameters.dictionary
            if let same = roots.first(where: { $0.route == m.target && $0.parameters == parameters }) {
                throw RouteFileError("tabs[\(i)].root",
                                     "\(SchemaText.quoted(t.root)) is the same screen as tabs[\(same.tab)].root, "
                                     + "\(SchemaText.quoted(tabs[same.tab].root)); each tab needs its own root")
            }
            roots.append((m.target, parameters, i))
        }
        if let loginURL, (try? table.match(loginURL)) == nil {
            throw RouteFileError("loginURL", "no route matches \(SchemaText.quoted(loginURL))")
        }
        let registry: AnimationRegistry
        do throws(AnimationError) { registry = try animationRegistry() } catch {
            throw RouteFileError("animations", error.description)
        }
        for (i, r) in routes.enumerated() {
            if let a = r.animation, registry.animation(named: a.name) != a {
                throw RouteFileError("routes[\(i)].animation",
                                     AnimationError.unknown(a.name, known: registry.names).description)
            }
        }
    }

    /// The app's animations as a registry: the built-ins, ``animations`` and ``defaultAnimation``.
    public func animationRegistry() throws(AnimationError) -> AnimationRegistry {
        var registry = try AnimationRegistry(animations)
        if let defaultAnimation {
            if registry.animation(named: defaultAnimation.name) != defaultAnimation {
                try registry.register(defaultAnimation)
            }
            try registry.setDefault(defaultAnimation.name)
        }
        return registry
    }

    /// The app as a route file (pattern and target of each route and alias, redirects, relocations).
    public var routeFile: RouteFile {
        RouteFile(routes: routes.flatMap(\.definitions), redirects: redirects.map { ($0.from, $0.to) },
                  relocations: relocations)
    }
}
