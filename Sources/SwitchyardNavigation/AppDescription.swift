import Foundation
import Switchyard

/// One route of an app: its pattern, the screen it shows and how that screen opens.
public struct ScreenRoute: Sendable, Equatable {
    /// The route pattern (with the pattern grammar).
    public var pattern: String
    /// More patterns for the same screen (for example a legacy path).
    public var aliases: [String]
    /// The screen kind (the route's target name).
    public var kind: String
    /// The title template; `{name}` is replaced by the parameter `name` (path, then query).
    public var title: String
    /// Body line templates.
    public var body: [String]
    /// Links the screen offers; titles and URLs are templates.
    public var links: [Link]
    /// How the screen opens unless the URL says otherwise (`jumpType` query parameter).
    public var opens: OpenStyle
    /// The animation to play; nil for the style's default.
    public var animation: Animation?
    /// The parent's URL template: a deep link builds the back stack through it, down to a tab root.
    public var parent: String?
    /// Metadata interceptors can read (`requiresLogin`…).
    public var metadata: [String: String]
    /// When set, the screen vetoes leaving it (a form with unsaved input), with this reason.
    public var leaveGuard: String?
    /// Tie-breaking priority.
    public var priority: Int

    /// Creates a route.
    public init(pattern: String, aliases: [String] = [], kind: String, title: String? = nil, body: [String] = [],
                links: [Link] = [], opens: OpenStyle = .push, animation: Animation? = nil, parent: String? = nil,
                metadata: [String: String] = [:], leaveGuard: String? = nil, priority: Int = 0) {
        self.pattern = pattern
        self.aliases = aliases
        self.kind = kind
        self.title = title ?? kind
        self.body = body
        self.links = links
        self.opens = opens
        self.animation = animation
        self.parent = parent
        self.metadata = metadata
        self.leaveGuard = leaveGuard
        self.priority = priority
    }
}

/// A tab of an app: its title and the URL of its root screen.
public struct TabDescription: Sendable, Equatable {
    /// The title shown in the tab bar.
    public var title: String
    /// The root screen's URL.
    public var root: String

    /// Creates a tab.
    public init(title: String, root: String) {
        self.title = title
        self.root = root
    }
}

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
                relocations: RelocationTable? = nil, loginURL: String? = nil, webAllowList: [String] = []) {
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
    /// since a tab is found by its root. Decoding calls it.
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
                throw RouteFileError("tabs[\(i)].root", "\(SchemaText.quoted(t.root)) is the same screen as tabs[\(same.tab)].root, "
                                     + "\(SchemaText.quoted(tabs[same.tab].root)); each tab needs its own root")
            }
            roots.append((m.target, parameters, i))
        }
        if let loginURL, (try? table.match(loginURL)) == nil {
            throw RouteFileError("loginURL", "no route matches \(SchemaText.quoted(loginURL))")
        }
    }

    /// The app as a route file (pattern and target of each route and alias, redirects, relocations).
    public var routeFile: RouteFile {
        var defs: [RouteDefinition] = []
        for r in routes {
            for p in [r.pattern] + r.aliases {
                defs.append(RouteDefinition(pattern: p, target: r.kind, priority: r.priority, metadata: r.metadata))
            }
        }
        return RouteFile(routes: defs, redirects: redirects.map { ($0.from, $0.to) }, relocations: relocations)
    }
}

extension Animation {
    /// Reads an animation by name (`slideFromRight`, `fromLeft`, `fade`, `none`…), case-insensitively.
    /// The exit names of pops and dismisses (`slideToRight`…) read as the animation they reverse.
    public init?(name: String) {
        switch name.lowercased() {
        case "slidefromright", "fromright", "right", "slidetoright", "toright": self = .slideFromRight
        case "slidefromleft", "fromleft", "left", "slidetoleft", "toleft": self = .slideFromLeft
        case "slidefromtop", "fromtop", "top", "slidetotop", "totop": self = .slideFromTop
        case "slidefrombottom", "frombottom", "bottom", "slidetobottom", "tobottom": self = .slideFromBottom
        case "fade": self = .fade
        case "none": self = Animation.none
        default: return nil
        }
    }
}
