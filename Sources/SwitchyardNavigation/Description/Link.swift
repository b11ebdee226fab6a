/// A link shown on a screen: a title and the URL it opens.
///
/// A generated app's index screen has a link for every route of its file, and each is checked against the
/// router before it is shown (its URL is an example the route takes, its title may say the route never opens):
/// such a link is worked out the first time its title or URL is read (`DeferredLinks`), so a table of a
/// hundred thousand routes checks the links that are drawn or opened, not all of them at start. A deferred
/// link reads exactly as the checked link would.
public struct Link: Hashable, Sendable {
    /// The text shown for the link.
    public var title: String {
        get { resolved.title }
        set { storage = .plain(title: newValue, url: url) }
    }
    /// The URL the link opens through the router.
    public var url: String {
        get { resolved.url }
        set { storage = .plain(title: title, url: newValue) }
    }

    /// Where the title and URL come from.
    private enum Storage: Sendable {
        /// Given.
        case plain(title: String, url: String)
        /// Link `index` of `links`, worked out when first read, then filled with `parameters` (the screen's
        /// templates, ``ScreenFactory``) when they are set.
        case deferred(links: DeferredLinks, index: Int, parameters: [String: String]?)
    }

    private var storage: Storage

    /// Creates a link.
    public init(title: String, url: String) {
        storage = .plain(title: title, url: url)
    }

    /// Link `index` of `links`, worked out when it is first read.
    package init(deferred links: DeferredLinks, index: Int) {
        storage = .deferred(links: links, index: index, parameters: nil)
    }

    /// The title and URL, worked out if they are deferred.
    private var resolved: (title: String, url: String) {
        switch storage {
        case .plain(let title, let url):
            return (title, url)
        case .deferred(let links, let index, let parameters):
            let link = links.link(at: index)
            guard let parameters else { return link }
            return (ScreenFactory.fillText(link.title, parameters), ScreenFactory.fillURL(link.url, parameters))
        }
    }

    /// The list of a deferred link (worked out when read, whether it has been already or not); nil for a
    /// link given its title and URL.
    package var deferredList: DeferredLinks? {
        if case .deferred(let links, _, _) = storage { return links }
        return nil
    }

    /// The link with its templates filled with `parameters` (``ScreenFactory/fillText(_:_:)`` for the title,
    /// ``ScreenFactory/fillURL(_:_:)`` for the URL); a deferred link stays deferred and is filled when read.
    package func filled(_ parameters: [String: String]) -> Link {
        if case .deferred(let links, let index, nil) = storage {
            var link = self
            link.storage = .deferred(links: links, index: index, parameters: parameters)
            return link
        }
        let (title, url) = resolved
        return Link(title: ScreenFactory.fillText(title, parameters), url: ScreenFactory.fillURL(url, parameters))
    }

    /// Whether this is link `index` of `list`, not yet filled with a screen's parameters.
    package func isDeferred(in list: DeferredLinks, at index: Int) -> Bool {
        if case .deferred(let links, let i, nil) = storage { return links === list && i == index }
        return false
    }

    /// Equal title and URL. Two deferred links of the same list, index and parameters are equal without
    /// working them out.
    public static func == (a: Link, b: Link) -> Bool {
        if case .deferred(let la, let ia, let pa) = a.storage, case .deferred(let lb, let ib, let pb) = b.storage,
           la === lb, ia == ib, pa == pb {
            return true
        }
        let (ra, rb) = (a.resolved, b.resolved)
        return ra.title == rb.title && ra.url == rb.url
    }

    /// Hashes the title and URL.
    public func hash(into hasher: inout Hasher) {
        let (title, url) = resolved
        hasher.combine(title)
        hasher.combine(url)
    }
}
