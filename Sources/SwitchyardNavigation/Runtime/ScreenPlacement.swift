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
    /// Whether the jump is a tap on the tab bar (`tab N`), which shows another tab as it was left, its
    /// stack kept, as a tab bar does; a URL's tab jump, and a tap on the selected tab, return it to its root.
    public var keepsTabStack = false

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
