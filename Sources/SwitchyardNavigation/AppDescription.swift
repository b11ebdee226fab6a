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
/// description format". It is also a route file: `routes[].pattern`/`target` read the same.
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

    /// Reads an app description from JSON; errors name the entry (`routes[3].opens`).
    public static func decode(json data: Data) throws(RouteFileError) -> AppDescription {
        let raw: Any
        do { raw = try JSONSerialization.jsonObject(with: data) } catch {
            throw RouteFileError("file", "not valid JSON (\(error.localizedDescription))")
        }
        guard let o = raw as? [String: Any] else { throw RouteFileError("file", "the top level must be a JSON object") }
        let name = o["name"] as? String ?? "App"
        guard let tabList = o["tabs"] as? [Any], !tabList.isEmpty else { throw RouteFileError("tabs", "missing or empty array of tabs") }
        var tabs: [TabDescription] = []
        for (i, t) in tabList.enumerated() {
            guard let d = t as? [String: Any], let title = d["title"] as? String, let root = d["root"] as? String else {
                throw RouteFileError("tabs[\(i)]", "needs string fields \"title\" and \"root\"")
            }
            tabs.append(TabDescription(title: title, root: root))
        }
        guard let routeList = o["routes"] as? [Any] else { throw RouteFileError("routes", "missing array of routes") }
        var routes: [ScreenRoute] = []
        for (i, item) in routeList.enumerated() {
            routes.append(try decodeRoute(item, at: "routes[\(i)]"))
        }
        // Redirects and relocations read exactly as in a route file.
        let file = try RouteFile.decode(object: ["routes": [] as [Any], "redirects": o["redirects"] ?? [] as [Any]]
            .merging(o["relocations"].map { ["relocations": $0] } ?? [:]) { a, _ in a })
        var allow: [String] = []
        if let list = o["webAllowList"] {
            guard let strings = list as? [String] else { throw RouteFileError("webAllowList", "must be an array of host names") }
            allow = strings.map { $0.lowercased() }
        }
        let login = o["loginURL"] as? String
        let app = AppDescription(name: name, tabs: tabs, routes: routes,
                                 redirects: file.redirects.map { RedirectDescription(from: $0.from, to: $0.to) },
                                 relocations: file.relocations, loginURL: login, webAllowList: allow)
        try app.validate()
        return app
    }

    private static func decodeRoute(_ item: Any, at: String) throws(RouteFileError) -> ScreenRoute {
        guard let d = item as? [String: Any] else { throw RouteFileError(at, "must be an object") }
        guard let pattern = d["pattern"] as? String else { throw RouteFileError("\(at).pattern", "missing or not a string") }
        do throws(PatternError) { _ = try RoutePattern(pattern) } catch { throw RouteFileError("\(at).pattern", error.description) }
        guard let kind = (d["target"] ?? d["kind"]) as? String, !kind.isEmpty else {
            throw RouteFileError("\(at).target", "missing or not a non-empty string")
        }
        var aliases: [String] = []
        if let a = d["aliases"] {
            guard let list = a as? [String] else { throw RouteFileError("\(at).aliases", "must be an array of patterns") }
            for (k, p) in list.enumerated() {
                do throws(PatternError) { _ = try RoutePattern(p) } catch { throw RouteFileError("\(at).aliases[\(k)]", error.description) }
            }
            aliases = list
        }
        var opens = OpenStyle.push
        if let s = d["opens"] {
            guard let text = s as? String, let style = OpenStyle(name: text) else {
                throw RouteFileError("\(at).opens", "must be one of \(OpenStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            opens = style
        }
        var animation: Animation?
        if let a = d["animation"] {
            guard let text = a as? String, let anim = Animation(name: text) else {
                throw RouteFileError("\(at).animation", "must be one of slideFromRight, slideFromLeft, slideFromTop, slideFromBottom, fade, none")
            }
            animation = anim
        }
        var links: [Link] = []
        if let l = d["links"] {
            guard let list = l as? [Any] else { throw RouteFileError("\(at).links", "must be an array") }
            for (k, entry) in list.enumerated() {
                guard let ld = entry as? [String: Any], let title = ld["title"] as? String, let url = ld["url"] as? String else {
                    throw RouteFileError("\(at).links[\(k)]", "needs string fields \"title\" and \"url\"")
                }
                links.append(Link(title: title, url: url))
            }
        }
        var metadata: [String: String] = [:]
        if let m = d["metadata"] {
            guard let md = m as? [String: Any] else { throw RouteFileError("\(at).metadata", "must be an object") }
            for (k, v) in md {
                guard let text = JSONValue.scalarText(v) else { throw RouteFileError("\(at).metadata.\(k)", "must be a string, number or boolean") }
                metadata[k] = text
            }
        }
        var body: [String] = []
        if let b = d["body"] {
            if let s = b as? String { body = [s] } else if let list = b as? [String] { body = list } else {
                throw RouteFileError("\(at).body", "must be a string or an array of strings")
            }
        }
        var priority = 0
        if let p = d["priority"] {
            guard let n = JSONValue.integer(p) else { throw RouteFileError("\(at).priority", "must be an integer") }
            priority = n
        }
        return ScreenRoute(pattern: pattern, aliases: aliases, kind: kind, title: d["title"] as? String, body: body,
                           links: links, opens: opens, animation: animation, parent: d["parent"] as? String,
                           metadata: metadata, leaveGuard: d["guard"] as? String, priority: priority)
    }

    /// Checks what a JSON schema cannot: tab roots and parents must reach a route.
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
        for (i, t) in tabs.enumerated() {
            guard (try? table.match(t.root)) != nil else { throw RouteFileError("tabs[\(i)].root", "no route matches '\(t.root)'") }
        }
        if let loginURL, (try? table.match(loginURL)) == nil {
            throw RouteFileError("loginURL", "no route matches '\(loginURL)'")
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
