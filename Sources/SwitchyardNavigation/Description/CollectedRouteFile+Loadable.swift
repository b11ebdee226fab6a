import Switchyard

extension CollectedRouteFile {
    /// The file as an app opens it, by the one rule `switchyard lint` judges it by: a route whose
    /// `requiresLogin` no gate can read is left out first (it would open without login), then every
    /// route and redirect the router would refuse to register (`registrable(options:)`: an exact
    /// duplicate or the same shape as an earlier entry that is kept). Each entry left out is an error
    /// at its place, in file order. Leaving the unreadable `requiresLogin` out first means a later entry
    /// of the same pattern is not called a duplicate of one that never loads.
    ///
    /// - Parameter options: the matching options the table is used with.
    public func loadable(options: MatchOptions = MatchOptions()) -> CollectedRouteFile {
        var out = self
        var kept: [RouteDefinition] = []
        var keptIndices: [Int] = []
        var refused: [RouteFileError] = []
        let parsed = parsedPatterns.flatMap { $0.count == file.routes.count ? $0 : nil }
        var keptPatterns: [RoutePattern] = []
        // Room for every route (most are kept): a large table's lists are not grown step by step.
        kept.reserveCapacity(file.routes.count)
        keptIndices.reserveCapacity(file.routes.count)
        if parsed != nil { keptPatterns.reserveCapacity(file.routes.count) }
        for (k, (route, index)) in zip(file.routes, routeIndices).enumerated() {
            if let problem = ScreenRoute.loginMetadataKeyProblem(route.metadata) {
                refused.append(RouteFileError("routes[\(index)].metadata.\(problem.key)", problem.message,
                                              file: source))
            } else {
                kept.append(route)
                keptIndices.append(index)
                if let parsed { keptPatterns.append(parsed[k]) }
            }
        }
        out.file.routes = kept
        out.routeIndices = keptIndices
        out.parsedPatterns = parsed == nil ? nil : keptPatterns
        out.errors += refused
        out = out.registrable(options: options)
        out.errors = CollectedRouteFile.inFileOrder(out.errors)
        return out
    }
}
