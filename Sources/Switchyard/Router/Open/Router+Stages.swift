extension Router {
    /// The resolve loop of an open: one pass of the stages per URL.
    ///
    /// Each pass parses the URL, reads the router's state once (``OpenStages``) and runs the stages in
    /// order: relocation, redirect, match (or, when no route matches, the fallback), interceptors,
    /// handler, placement. Each stage adds its own trace steps. A stage that sends the open on to another
    /// URL (a relocation, a redirect, an interceptor's redirect) starts a new pass, up to
    /// ``maxRedirectHops`` of them; a stage that ends the open gives its outcome. A pass checks first
    /// that a newer open in the lane has not superseded this one.
    func runStages(_ pass: inout OpenPass) async -> RouteOutcome {
        while true {
            guard pass.isCurrent() else { return pass.ending(OpenPass.superseded) }
            let parsed: RouteURL
            do throws(URLParseError) { parsed = try RouteURL(pass.url, limits: options.limits) } catch {
                return pass.ending(.invalidURL(error))
            }
            if pass.trace.normalized == nil { pass.trace.normalized = parsed.normalized }
            let stages = OpenStages(self)
            do throws(PassEnd) {
                let alias = try stages.relocation.run(parsed, &pass)
                if alias == nil { try stages.redirect.run(parsed, &pass) }
                let handled: HandledRequest
                if let route = try stages.match.run(parsed, alias: alias, &pass) {
                    try await stages.interceptors.run(route, &pass)
                    handled = try await stages.handler.run(route, &pass)
                } else {
                    handled = try await stages.fallback.run(parsed, &pass)
                }
                return pass.ending(await stages.placement.run(handled, &pass))
            } catch {
                switch error {
                case .reopen(let next, let rewrite): if let loop = pass.follow(next, rewrite: rewrite) { return loop }
                case .finish(let outcome): return pass.ending(outcome)
                }
            }
        }
    }
}
