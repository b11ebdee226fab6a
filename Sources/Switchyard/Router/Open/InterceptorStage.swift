/// Stage 4: the interceptors, in order (higher priority first), each under its deadline.
///
/// An interceptor judges the open when its scope covers the matched route or a route the open implies
/// (a deep link's parents, ``RouteHandler/impliedURLs(for:)``). Each one that judges adds a
/// ``RouteTrace/Step/Kind/interceptor`` step with its decision, `timed out` or `threw …`. `proceed` goes
/// on to the next; `reject`, a timeout or a throw ends the open; `redirect` sends it on to another URL
/// (with the original query items the new URL does not set, unless told not to).
struct InterceptorStage {
    /// The interceptors in the order they run.
    let registrations: [InterceptorRegistration]
    /// The route table of this pass, for the implied routes.
    let table: RouteTable<RouteEntry>
    /// The URL limits, for parsing implied URLs.
    let limits: URLLimits

    /// Returns when every interceptor that judges the open lets it proceed.
    func run(_ route: MatchedRoute, _ pass: inout OpenPass) async throws(PassEnd) {
        let request = route.request
        let pattern = request.pattern.description
        let implied = impliedRoutes(of: route.entry, request: request)
        for registration in registrations {
            let scope = registration.scope
            let direct = scope.applies(pattern: pattern, metadata: route.entry.metadata)
            let via = direct ? nil : implied.first { scope.applies(pattern: $0.pattern, metadata: $0.metadata) }
            guard direct || via != nil else { continue }
            let name = registration.interceptor.name
            let start = ContinuousClock.now
            let verdict = await Self.runWithDeadline(registration.interceptor, request, timeout: registration.timeout)
            let elapsed = (ContinuousClock.now - start).seconds
            guard pass.isCurrent() else { throw .finish(OpenPass.superseded) }
            switch verdict {
            case .timedOut:
                pass.addStep(.interceptor, name, "timed out", seconds: elapsed)
                throw .finish(.timedOut(interceptor: name, seconds: registration.timeout))
            case .threw(let error):
                pass.addStep(.interceptor, name, "threw \(error)", seconds: elapsed)
                throw .finish(.failed(pattern: pattern, error: "interceptor \(name): \(error)"))
            case .decided(let decision):
                let judgedFor = via.map { " (judged for \($0.url), which this navigation also shows)" } ?? ""
                pass.addStep(.interceptor, name, decision.description + judgedFor, seconds: elapsed)
                switch decision {
                case .proceed: continue
                case .reject(let reason): throw .finish(.rejected(by: name, reason: reason))
                case .redirect(let to, let keepParameters):
                    throw .reopen(keepParameters ? Self.carryQuery(from: request.url, into: to) : to, rewrite: false)
                }
            }
        }
    }

    /// The routes a navigation implies: the handler's ``RouteHandler/impliedURLs(for:)``, then theirs, up
    /// to a bounded number (a parent cycle ends there). URLs that match no route are left out.
    func impliedRoutes(of entry: RouteEntry, request: RouteRequest) -> [ImpliedRoute] {
        var pending = entry.handler?.impliedURLs(for: request) ?? []
        var out: [ImpliedRoute] = []
        var seen: Set<String> = []
        while !pending.isEmpty && out.count < 16 {
            let url = pending.removeFirst()
            guard seen.insert(url).inserted, let parsed = try? RouteURL(url, limits: limits),
                  let m = try? table.match(url) else { continue }
            out.append(ImpliedRoute(url: url, pattern: m.pattern.description, metadata: m.target.metadata))
            let parent = RouteRequest(url: parsed, pattern: m.pattern, target: m.target.name, path: m.parameters,
                                      native: request.native, metadata: m.target.metadata)
            pending += m.target.handler?.impliedURLs(for: parent) ?? []
        }
        return out
    }

    /// Appends the original query items that `to` does not already set.
    static func carryQuery(from original: RouteURL, into to: String) -> String {
        guard !original.query.isEmpty, let dest = try? RouteURL(to) else { return to }
        let present = Set(dest.query.names)
        let extra = original.query.items.filter { !present.contains($0.name) }
        guard !extra.isEmpty else { return to }
        let encoded = extra.map {
            PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "="
                + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
        }.joined(separator: "&")
        var base = to
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        return base + (base.contains("?") ? "&" : "?") + encoded + fragment
    }
}
