/// A link shown on a screen: a title and the URL it opens.
public struct Link: Hashable, Sendable {
    /// The text shown for the link.
    public var title: String
    /// The URL the link opens through the router.
    public var url: String

    /// Creates a link.
    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}
