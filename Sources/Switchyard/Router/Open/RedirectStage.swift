/// Stage 2: the static redirects (``Router/addRedirect(from:to:)``), for a URL no relocation rule took.
///
/// A redirect that applies sends the open on to its destination and adds a
/// ``RouteTrace/Step/Kind/redirect`` step; one whose destination cannot be built ends the open as
/// failed, without a step.
struct RedirectStage {
    /// The static redirects, nil when there are none.
    let redirects: RouteTable<RedirectRule>?

    /// Returns when no redirect applies.
    func run(_ parsed: RouteURL, _ pass: inout OpenPass) throws(PassEnd) {
        switch Router.redirectStep(pass.url, parsed: parsed, redirects: redirects) {
        case .rewritten(_, let rule, let next):
            pass.addStep(.redirect, rule.description, "→ \(next)")
            throw .reopen(next, rewrite: true)
        case .unbuildable(let kind, let rule, let error):
            throw .finish(.failed(pattern: rule.description, error: "\(kind.rawValue): \(error)"))
        case nil, .deleted, .alias, .route:
            return
        }
    }
}
