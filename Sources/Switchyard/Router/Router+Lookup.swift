// Matching without opening.

extension Router {
    /// Matches a URL against the routes, without interceptors, redirects or handlers.
    public func match(_ url: String) throws(URLParseError) -> RouteMatch<RouteEntry>? {
        try table.match(url)
    }

    /// True when `url` is valid and would reach a route (relocations and redirects included) or the
    /// fallback. Has no side effects: no handler or interceptor runs.
    public func canOpen(_ url: String) -> Bool {
        let t = table
        let (relocations, redirects, hasFallback) = withState { ($0.relocations, $0.redirects, $0.fallback != nil) }
        var current = url
        for _ in 0...maxRedirectHops {
            guard (try? RouteURL(current, limits: options.limits)) != nil else { return false }
            if let (_, rule, params) = relocations.lookup(current) {
                switch rule {
                case .delete: return false
                case .alias(let target): return t.targets.contains { $0.name == target }
                case .replace(let to, _):
                    guard let next = try? to.url(params.dictionary, defaultScheme: "app") else { return false }
                    current = next
                    continue
                }
            }
            if let m = try? redirects?.match(current) {
                guard let next = try? m.target.destination.url(m.parameters.dictionary, defaultScheme: "app") else {
                    return false
                }
                current = next
                continue
            }
            return t.canMatch(current) || hasFallback
        }
        return false
    }
}
