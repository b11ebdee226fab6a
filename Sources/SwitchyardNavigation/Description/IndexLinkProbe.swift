import Switchyard

/// Picks each index link's URL so that opening it opens the route it names: the first of the route's
/// example URLs that the router (the file's routes, redirects and relocations, as the app has them)
/// resolves to that route. A route no example reaches (it never wins) keeps its first example, and the
/// link says which route opens instead.
struct IndexLinkProbe: Sendable {
    let router: Router
    /// The router's table, when the router rewrites nothing (no redirect, no relocation rule): a URL then
    /// opens the route its match reaches, and the probe matches it directly instead of walking it.
    private let table: RouteTable<RouteEntry>?

    init(router: Router) {
        self.router = router
        table = router.redirects.isEmpty && router.relocationRules.isEmpty ? router.table : nil
    }

    /// A router of the file's routes, redirects and relocations, as the app registers them.
    static func router(for file: RouteFile) -> Router {
        let router = Router()
        for r in file.routes {
            try? router.register(r.pattern, target: r.target, priority: r.priority, metadata: r.metadata, handler: nil)
        }
        for r in file.redirects { try? router.addRedirect(from: r.from, to: r.to) }
        if let relocations = file.relocations { try? router.applyRelocations(relocations) }
        return router
    }

    /// Why a URL whose walk is `resolution` does not open the route it was made for, in words: the
    /// route that wins instead, or how the walk ended (a redirect loop, a relocation that deletes it).
    static func whyNot(_ resolution: Resolution) -> String {
        switch resolution.end {
        case .matched(let m): "\(m.pattern.description) wins"
        case .deleted: "a relocation deletes it"
        case .loop: "a redirect loop"
        case .failed: "a rewrite cannot build its destination"
        case .notFound: "nothing matches it after its rewrites"
        case .invalidURL: "its example URL is not valid"
        }
    }

    /// The link's URL for `source`, and why no example reaches it, when none does.
    func link(for source: GeneratedIndexLinks.Source) -> (url: String, instead: String?) {
        let pattern = source.parsed
        // The canonical text is made only when a match's pattern is not the route's own (equal patterns
        // have the same canonical text).
        var canonical: String?
        func opens(_ url: String) -> Bool {
            let reached: RoutePattern
            if let table {
                guard let m = try? table.match(url) else { return false }
                reached = m.pattern
            } else {
                guard let m = router.resolve(url).match, !m.isAlias else { return false }
                reached = m.pattern
            }
            if let pattern, reached == pattern { return true }
            if canonical == nil { canonical = pattern?.description ?? source.pattern }
            return reached.description == canonical
        }
        // The first example almost always opens its route: the others are made only when it does not,
        // one at a time until one opens it.
        let first = source.first
        if opens(first) { return (first, nil) }
        let instead = { Self.whyNot(router.resolve(first)) }
        // A pattern that does not parse has its text for its one example.
        guard let parsed = pattern else { return (first, instead()) }
        let count = AppDescription.exampleValues.count
        if let url = AppDescription.firstExampleURL(for: parsed, count: count, where: opens) { return (url, nil) }
        // A pattern for any scheme loses `app://` URLs to a pattern for that scheme: try another one.
        if parsed.scheme == nil, !parsed.isSuffix {
            for url in AppDescription.exampleURLs(for: parsed, count: count) where url.hasPrefix("app://") {
                let other = "other://" + url.dropFirst("app://".count)
                if opens(other) { return (other, nil) }
            }
        }
        return (first, instead())
    }
}
