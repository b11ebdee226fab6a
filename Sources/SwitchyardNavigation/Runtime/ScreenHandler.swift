import Switchyard

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
