/// Stage 3: finds the route, either the one a relocation `add` names or the table's best match, and makes
/// the request for it.
///
/// Adds a ``RouteTrace/Step/Kind/match`` step: `→ TARGET` for a route, `no route matches` when none does
/// (the fallback stage takes over then). It records the matched pattern, the target and the candidates in
/// the trace. An `add` whose target no route has ends the open as not found, without a step.
struct MatchStage {
    /// The route table of this pass.
    let table: RouteTable<RouteEntry>

    /// The matched route, or nil when no route matches.
    func run(_ parsed: RouteURL, alias: RelocationAlias?, _ pass: inout OpenPass) throws(PassEnd) -> MatchedRoute? {
        let pattern: RoutePattern
        let entry: RouteEntry
        let path: PathParameters
        if let alias {
            guard let aliased = table.targets.first(where: { $0.name == alias.target }) else {
                throw .finish(.notFound(url: pass.url))
            }
            (pattern, entry, path) = (alias.pattern, aliased, alias.parameters)
        } else {
            let found: RouteMatch<RouteEntry>?
            do throws(URLParseError) { found = try table.match(pass.url) } catch { throw .finish(.invalidURL(error)) }
            guard let found else {
                pass.trace.candidates = []
                pass.addStep(.match, pass.url, "no route matches")
                return nil
            }
            (pattern, entry, path) = (found.pattern, found.target, found.parameters)
        }
        pass.trace.matchedPattern = pattern.description
        pass.trace.target = entry.name
        pass.trace.candidates = table.candidates(for: parsed)
        pass.addStep(.match, pattern.description, "→ \(entry.name)")
        var request = RouteRequest(url: parsed, pattern: pattern, target: entry.name, path: path, native: pass.native,
                                   metadata: entry.metadata, callback: pass.callback,
                                   redirectedFrom: pass.redirectedFrom)
        request.openID = pass.trace.id
        return MatchedRoute(entry: entry, request: request)
    }
}
