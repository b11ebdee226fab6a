import Switchyard
import Synchronization

/// The handler behind every screen route of an app description, in WLRRoute's lifecycle: should handle →
/// target screen (``handle(_:)`` builds it) → the app picks the source stack and the transition (push, or
/// modal when there is no stack to push on) when it places the result.
public struct ScreenHandler: RouteHandler {
    /// The route this handler builds screens for.
    public let route: ScreenRoute

    /// The app's tab roots, in tab order: a tab jump by index (TheRouter's showTab,
    /// `tabBarSelecIndex`) shows the root at that index, so the navigation implies that root's URL
    /// and interceptors (the login gate) judge it too.
    public let tabRoots: [String]

    /// The animations a URL's `?animation=` may name, and the default played when neither the URL nor
    /// the route names one.
    public let animations: AnimationRegistry

    /// Where the screen's links are set after registration, when the route's links are checked against
    /// the router it is registered on (a generated app's index screens); nil for the route's own links.
    var lateLinks: LateLinks?

    /// Creates a handler.
    /// - Parameters:
    ///   - route: the route it builds screens for.
    ///   - tabRoots: the app's tab root URLs in tab order (see ``tabRoots``).
    ///   - animations: the app's animations (see ``animations``).
    public init(route: ScreenRoute, tabRoots: [String] = [], animations: AnimationRegistry = AnimationRegistry()) {
        self.route = route
        self.tabRoots = tabRoots
        self.animations = animations
    }

    /// How a request asks its screen to open: the style, whether the URL named it, a custom jump
    /// action's name, and the tab index of a tab jump.
    struct Jump {
        var style: OpenStyle
        var explicit = false
        var custom: String?
        var tabIndex: Int?

        /// The root of the tab this jump selects by index, when it is a tab jump with an index in range.
        func tabRoot(in roots: [String]) -> String? {
            guard custom == nil, style == .tab, let tabIndex, roots.indices.contains(tabIndex) else { return nil }
            return roots[tabIndex]
        }
    }

    /// Reads the request's `jumpType`, `tabBarSelecIndex` and the native tab index over the route's
    /// own style. The one reading behind both ``handle(_:)`` and ``impliedURLs(for:)``, so the screen a
    /// tab jump shows is the screen interceptors judged.
    func readJump(for request: RouteRequest) throws(PlacementRequestError) -> Jump {
        let tabIndex = request.native.get(Self.tabIndexKey, as: Int.self)
        // `tab N` opens the tab's root as written; a screen it reaches after a redirect (the login
        // screen) opens as its own route says.
        let opensTabRoot = tabIndex.map { tabRoots.indices.contains($0) && tabRoots[$0] == request.url.original }
        return try Self.readJump(query: request.query, nativeTabIndex: tabIndex, opensTabRoot: opensTabRoot ?? false,
                                 opens: route.opens)
    }

    /// The jump a URL's query asks of a route that opens as `opens` (see ``readJump(for:)``).
    static func readJump(query: QueryParameters, nativeTabIndex: Int?, opensTabRoot: Bool = false,
                         opens: OpenStyle) throws(PlacementRequestError) -> Jump {
        var jump = Jump(style: opens)
        if let name = query.last("jumpType") {
            if let named = OpenStyle(name: name) {
                jump.style = named
                jump.explicit = true
            } else {
                jump.custom = name
            }
        }
        jump.tabIndex = nativeTabIndex
        if opensTabRoot {
            // `tab N` asks for a tab jump natively, so the URL it opens (and logs, and holds) is the
            // tab's root as written, with no control key added to it.
            jump.style = .tab
            jump.explicit = true
            jump.custom = nil
        }
        if let text = query.last("tabBarSelecIndex") {
            guard let index = Int(text) else {
                throw PlacementRequestError(
                    "tabBarSelecIndex must be a whole number, got '\(SafeText.visible(String(text.prefix(40))))'")
            }
            jump.tabIndex = index
        }
        return jump
    }

    /// The native parameter that carries the tab index of a `tab N` command (0-based).
    public static let tabIndexKey = "tabIndex"

    /// Query items that steer the navigation rather than describe the screen; they are not shown as
    /// screen parameters.
    public static let controlKeys = ["jumpType", "animation", "tabBarSelecIndex"]

    /// Builds the placement for the request: the screen with its templates filled, the jump type and
    /// animation (the URL's `jumpType`, `animation` and `tabBarSelecIndex` override the route's; with no
    /// animation named, the app's default animation, if any). An `animation` the app does not know is
    /// refused with a ``PlacementRequestError`` naming it.
    public func handle(_ request: RouteRequest) async throws -> RouteResult {
        var params = request.stringParameters
        for key in Self.controlKeys { params[key] = nil }
        for name in request.native.names where params[name] == nil && name != Self.tabIndexKey {
            if let text = request.native.describeValue(name) { params[name] = text }
        }
        let jump = try readJump(for: request)
        let (style, custom) = (jump.style, jump.custom)
        var animation = route.animation ?? animations.defaultAnimation
        if let name = request.query.last("animation") {
            do throws(AnimationError) { animation = try animations.resolve(name) } catch {
                throw PlacementRequestError(SafeText.visible(String(error.description.prefix(200))))
            }
        }
        var path: [String: String] = [:]
        for (k, v) in request.path { path[k] = v }
        var route = route
        if let links = lateLinks?.links { route.links = links }
        let screen = ScreenFactory.make(route, url: Self.withoutControlKeys(request.url.original),
                                        pattern: request.pattern.description,
                                        parameters: params, pathParameters: path)
        var placement = ScreenPlacement(screen: screen, route: route, style: style, styleIsExplicit: jump.explicit,
                                        customJump: custom, animation: animation, tabIndex: jump.tabIndex,
                                        parameters: params)
        placement.keepsTabStack = request.native.get(Self.tabIndexKey, as: Int.self) != nil
            && request.query.last("tabBarSelecIndex") == nil
        // A jump type that is not built in is the app's own (placement decides whether it knows it).
        let how = custom.map { "jumpType '\(SafeText.visible(String($0.prefix(40))))':" } ?? style.rawValue
        return RouteResult(placement, note: "\(how) \(screen.title)")
    }

    /// `url` without the query items that steer the navigation (``controlKeys``), which say how the
    /// screen was opened, not which screen it is: the screen's URL is what opens it again
    /// (`app://orders?jumpType=popTo&x=1` shows as `app://orders?x=1`). Other items, their order and
    /// spelling, and the fragment are kept.
    package static func withoutControlKeys(_ url: String) -> String {
        let fragment = url.firstIndex(of: "#") ?? url.endIndex
        guard let mark = url[..<fragment].firstIndex(of: "?") else { return url }
        let kept = url[url.index(after: mark)..<fragment].split(separator: "&").filter { item in
            let name = item.prefix { $0 != "=" }
            return !controlKeys.contains(String(name).removingPercentEncoding ?? String(name))
        }
        let query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
        return String(url[..<mark]) + query + String(url[fragment...])
    }

    /// What else the navigation shows, so interceptors judge it too: the parent's URL (its template
    /// filled with this request's parameters) of a deep link's back stack, and the root of the tab a
    /// tab jump by index selects (`?jumpType=showTab&tabBarSelecIndex=2` on any carrier URL shows the
    /// third tab, so a gated tab asks for login as `tab 3` does).
    public func impliedURLs(for request: RouteRequest) -> [String] {
        var urls: [String] = []
        if let parent = route.parent { urls.append(ScreenFactory.fillURL(parent, request.stringParameters)) }
        if let jump = try? readJump(for: request), let root = jump.tabRoot(in: tabRoots) { urls.append(root) }
        return urls
    }
}
