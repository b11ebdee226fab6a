/// One tab of the tab bar and its navigation stack.
///
/// Inside a valid ``NavigationState`` the ``stack`` is never empty; element 0 is the root and the
/// last element is the screen on top. ``rootURL`` is the tab's home route, used by
/// ``TabSelector/rootURL(_:)``; it stays the same when ``NavigationAction/setRoot(_:animation:)``
/// replaces the stack.
public struct Tab: Hashable, Sendable {
    /// The title shown in the tab bar.
    public var title: String
    /// The tab's home route, e.g. `"app://orders"`.
    public var rootURL: String
    /// The screens of the tab, root first.
    public var stack: [Screen]

    /// Creates a tab from its whole stack. `rootURL` defaults to the URL of the stack's first screen.
    public init(title: String, rootURL: String? = nil, stack: [Screen]) {
        self.title = title
        self.rootURL = rootURL ?? stack.first?.url ?? ""
        self.stack = stack
    }

    /// Creates a tab showing only its root screen. `rootURL` defaults to the root's URL.
    public init(title: String, rootURL: String? = nil, root: Screen) {
        self.init(title: title, rootURL: rootURL, stack: [root])
    }

    /// The root screen (`nil` only for an empty stack, which a valid state never holds).
    public var root: Screen? {
        stack.first
    }

    /// The screen on top (`nil` only for an empty stack, which a valid state never holds).
    public var top: Screen? {
        stack.last
    }
}
