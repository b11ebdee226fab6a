import Switchyard

/// What a screen handler hands back: the screen to show and how to show it. The app
/// (``AppRuntime``) places it before the open ends, so the open's outcome says whether it was placed.
///
/// Code outside this module can write its own `RouteHandler` that returns a placement in its
/// `RouteResult`, and name a custom jump action (``AppRuntime/registerJumpAction(_:_:)``) in
/// ``customJump``.
public struct ScreenPlacement: Sendable {
    /// The screen, with title, body and links filled in.
    public var screen: Screen
    /// The route it came from, when it came from an app description (for its parent chain).
    public var route: ScreenRoute?
    /// How it opens: the route's style, or the URL's `jumpType`.
    public var style: OpenStyle
    /// Whether the URL asked for ``style`` explicitly (`?jumpType=push`). An explicit push that cannot
    /// happen fails; a default push with no navigation stack to push on presents instead (WLRRoute's rule).
    public var styleIsExplicit: Bool
    /// The name of a custom jump action to run instead of ``style``, when the URL asked for one.
    public var customJump: String?
    /// The animation to play; nil for the style's default.
    public var animation: Animation?
    /// The tab a tab jump selects (0-based, TheRouter's `tabBarSelecIndex`), when given.
    public var tabIndex: Int?
    /// The parameters the templates were filled with (for parent URLs).
    public var parameters: [String: String]

    /// Creates a placement.
    public init(screen: Screen, route: ScreenRoute? = nil, style: OpenStyle = .push, styleIsExplicit: Bool = false,
                customJump: String? = nil, animation: Animation? = nil, tabIndex: Int? = nil,
                parameters: [String: String] = [:]) {
        self.screen = screen
        self.route = route
        self.style = style
        self.styleIsExplicit = styleIsExplicit
        self.customJump = customJump
        self.animation = animation
        self.tabIndex = tabIndex
        self.parameters = parameters
    }
}

/// The handler behind every screen route of an app description, in WLRRoute's lifecycle: should handle →
/// target screen (``handle(_:)`` builds it) → the app picks the source stack and the transition (push, or
/// modal when there is no stack to push on) when it places the result.
public struct ScreenHandler: RouteHandler {
    /// The route this handler builds screens for.
    public let route: ScreenRoute

    /// Creates a handler.
    public init(route: ScreenRoute) { self.route = route }

    /// The native parameter that carries the tab index of a `tab N` command (0-based).
    public static let tabIndexKey = "tabIndex"

    /// Query items that steer the navigation rather than describe the screen; they are not shown as
    /// screen parameters.
    public static let controlKeys = ["jumpType", "animation", "tabBarSelecIndex"]

    /// Builds the placement for the request: the screen with its templates filled, the jump type and
    /// animation (the URL's `jumpType`, `animation` and `tabBarSelecIndex` override the route's).
    public func handle(_ request: RouteRequest) async throws -> RouteResult {
        var params = request.stringParameters
        for key in Self.controlKeys { params[key] = nil }
        for name in request.native.names where params[name] == nil && name != Self.tabIndexKey {
            if let text = request.native.describeValue(name) { params[name] = text }
        }
        var style = route.opens
        var explicit = false
        var custom: String?
        if let jump = request.query.last("jumpType") {
            if let named = OpenStyle(name: jump) {
                style = named
                explicit = true
            } else {
                custom = jump
            }
        }
        let animation = request.query.last("animation").flatMap(Animation.init(name:)) ?? route.animation
        var tabIndex = request.native.get(Self.tabIndexKey, as: Int.self)
        if let text = request.query.last("tabBarSelecIndex") {
            guard let index = Int(text) else {
                throw PlacementRequestError("tabBarSelecIndex must be a whole number, got '\(SafeText.visible(String(text.prefix(40))))'")
            }
            tabIndex = index
        }
        var path: [String: String] = [:]
        for (k, v) in request.path { path[k] = v }
        let screen = ScreenFactory.make(route, url: request.url.original, pattern: request.pattern.description,
                                        parameters: params, pathParameters: path)
        let placement = ScreenPlacement(screen: screen, route: route, style: style, styleIsExplicit: explicit,
                                        customJump: custom, animation: animation, tabIndex: tabIndex, parameters: params)
        return RouteResult(placement, note: "\(custom ?? style.rawValue) \(screen.title)")
    }

    /// The parent's URL (its template filled with this request's parameters), so interceptors judge a
    /// deep link's whole back stack.
    public func impliedURLs(for request: RouteRequest) -> [String] {
        guard let parent = route.parent else { return [] }
        return [ScreenFactory.fillURL(parent, request.stringParameters)]
    }
}

/// A request a screen handler cannot turn into a placement (a malformed `tabBarSelecIndex`).
public struct PlacementRequestError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
