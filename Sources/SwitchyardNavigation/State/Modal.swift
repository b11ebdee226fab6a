/// A presented layer above the tab bar.
///
/// When ``wrapsInNavigation`` is `true` the modal carries its own navigation stack and push/pop act
/// on it; otherwise it shows exactly one screen and push/pop are rejected with
/// ``NavigationError/modalHasNoNavigationStack``.
public struct Modal: Hashable, Sendable {
    /// The modal's screens, root first (exactly one when it does not wrap navigation).
    public var stack: [Screen]
    /// How the modal covers what lies beneath.
    public var style: PresentationStyle
    /// Whether the modal has its own navigation stack.
    public var wrapsInNavigation: Bool

    /// Creates a modal from its whole stack.
    public init(stack: [Screen], style: PresentationStyle = .sheet, wrapsInNavigation: Bool = false) {
        self.stack = stack
        self.style = style
        self.wrapsInNavigation = wrapsInNavigation
    }

    /// Creates a modal showing one screen.
    public init(root: Screen, style: PresentationStyle = .sheet, wrapsInNavigation: Bool = false) {
        self.init(stack: [root], style: style, wrapsInNavigation: wrapsInNavigation)
    }

    /// The screen on top (`nil` only for an empty stack, which a valid state never holds).
    public var top: Screen? {
        stack.last
    }
}
