extension Router {
    /// The URL that opens `target` with `parameters` (WLRRoute's internal calls by target): built from the
    /// first of the target's patterns, in registration order, that the parameters fill and that then
    /// matches back to the target. Parameters a pattern does not use go in the query, sorted by name.
    public func url(forTarget target: String, parameters: [String: String] = [:],
                    defaultScheme: String = "app") throws(TargetOpenError) -> String {
        let routes = table.targets.indices.filter { table.targets[$0].name == target }.map(table.route(at:))
        guard !routes.isEmpty else { throw .unknownTarget(target) }
        var lastError = "no pattern could be filled"
        for route in routes {
            let used = Set(route.pattern.parameterNames)
            let query = parameters.filter { !used.contains($0.key) }.sorted { $0.key < $1.key }
                .map { QueryItem(name: $0.key, value: $0.value) }
            do throws(URLBuildError) {
                let url = try route.pattern.url(parameters, query: query, defaultScheme: defaultScheme)
                if let m = try? table.match(url), m.target.name == target { return url }
                lastError = "\(url) would reach another route"
            } catch {
                lastError = error.description
            }
        }
        throw .cannotBuild(target: target, reason: lastError)
    }

    /// Opens `target` with `parameters` through the router (interceptors included), as if its URL had
    /// been opened. A URL that cannot be built ends as ``RouteOutcome/notFound(url:)`` (no route leads
    /// to the target) or ``RouteOutcome/failed(pattern:error:)`` (a parameter is missing), delivered
    /// once to `callback`.
    @discardableResult
    public func open(target: String, parameters: [String: String] = [:], native: NativeParameters = NativeParameters(),
                     callback: RouteCallback = RouteCallback(nil)) async -> RouteOutcome {
        do throws(TargetOpenError) {
            return await open(try url(forTarget: target, parameters: parameters), native: native, callback: callback)
        } catch {
            let outcome: RouteOutcome
            switch error {
            case .unknownTarget: outcome = .notFound(url: "target:\(target)")
            case .cannotBuild: outcome = .failed(pattern: nil, error: error.description)
            }
            callback.finish(outcome)
            return outcome
        }
    }
}

extension Router {
    /// Opens a web URL through the app's web routes in one call (TheRouter's openWebURL): only `https`
    /// URLs are opened; anything else ends as ``RouteOutcome/rejected(by:reason:)`` by `openWebURL`,
    /// delivered once to `callback`. The routes' interceptors (an allow list, say) still decide.
    @discardableResult
    public func openWebURL(_ url: String, native: NativeParameters = NativeParameters(),
                           callback: RouteCallback = RouteCallback(nil)) async -> RouteOutcome {
        guard let parsed = try? RouteURL(url, limits: options.limits), parsed.scheme == "https" else {
            let outcome = RouteOutcome.rejected(by: "openWebURL", reason: "only https URLs open as web pages")
            callback.finish(outcome)
            return outcome
        }
        return await open(url, native: native, callback: callback)
    }
}
