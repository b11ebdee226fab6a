/// One screen of the simulated app: what a route resolved to, as plain data.
///
/// A screen is a value. Its ``id`` is its identity inside a ``NavigationState``; every other field is
/// content for display. Screens handed to an action keep their content but always receive a fresh
/// ``id`` when they enter the state, so callers can leave ``id`` as ``ScreenID/unassigned``.
public struct Screen: Hashable, Sendable {
    /// The identity of this instance; ``ScreenID/unassigned`` until the screen enters a state.
    public var id: ScreenID
    /// The route target's name, e.g. `"OrderDetail"`.
    public var kind: String
    /// The URL that opened the screen, e.g. `"app://order/42"`.
    public var url: String
    /// The route pattern that matched, e.g. `"app://order/:id"`, when it came from the router.
    public var pattern: String?
    /// The title shown in the navigation bar, e.g. `"Order #42"`.
    public var title: String
    /// Path and query parameters, kept for display.
    public var parameters: [String: String]
    /// The path parameters alone: with ``kind``, the screen's identity (see ``isSameRoute(as:)``).
    public var pathParameters: [String: String]
    /// The body text, one element per line.
    public var body: [String]
    /// The links the screen offers.
    public var links: [Link]
    /// The screen's veto on being left, if it has one (e.g. unsaved input).
    public var leaveGuard: LeaveGuard?

    /// Creates a screen. `title` defaults to `kind`.
    public init(
        id: ScreenID = .unassigned,
        kind: String,
        url: String,
        pattern: String? = nil,
        title: String? = nil,
        parameters: [String: String] = [:],
        pathParameters: [String: String] = [:],
        body: [String] = [],
        links: [Link] = [],
        leaveGuard: LeaveGuard? = nil
    ) {
        self.id = id
        self.kind = kind
        self.url = url
        self.pattern = pattern
        self.title = title ?? kind
        self.parameters = parameters
        self.pathParameters = pathParameters
        self.body = body
        self.links = links
        self.leaveGuard = leaveGuard
    }

    /// Whether `other` shows the same thing: the same ``kind`` and, for screens that came from the router
    /// (with a ``pattern``), the same ``pathParameters``, so `app://order/42?from=home` and `app://order/42`
    /// are one screen and an alias pattern reaches the same screen. Screens made by hand without a pattern
    /// compare by ``url``. Query values, titles and IDs do not count.
    public func isSameRoute(as other: Screen) -> Bool {
        guard kind == other.kind else { return false }
        if pattern != nil && other.pattern != nil { return pathParameters == other.pathParameters }
        return url == other.url
    }
}
