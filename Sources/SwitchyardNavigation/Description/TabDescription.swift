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
