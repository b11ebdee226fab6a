/// A route file read so that one bad entry does not hide the others: every route, redirect and
/// relocation entry that reads is kept, and every one that does not is an error naming its place.
///
/// ``RouteFile/decode(json:)`` refuses a file at its first bad value; `switchyard lint` and the app
/// opened with `--routes FILE` read with ``RouteFile/collecting(json:file:)`` instead, so that they
/// report every problem in one run and open the routes that load.
public struct CollectedRouteFile: Sendable, Equatable {
    /// The entries that read, in file order.
    public var file: RouteFile {
        // A change to the entries leaves the parsed patterns behind: they are dropped, not trusted.
        didSet { parsedPatterns = nil }
    }
    /// Every refusal, in file order: a value of the wrong type, an unknown or missing key, an invalid
    /// pattern, a redirect whose destination needs a parameter its source lacks, a bad relocation
    /// entry or one that closes a cycle, and (after ``registrable(options:)``) duplicates and same shapes.
    public var errors: [RouteFileError]
    /// For each route of ``file``, its index in the file as written.
    public var routeIndices: [Int]
    /// For each redirect of ``file``, its index in the file as written.
    public var redirectIndices: [Int]
    /// For each relocation entry of ``file``, its index in the file as written.
    public var relocationIndices: [Int]
    /// The file as it was named, for errors found later (``registrable(options:)``).
    public var source: String?
    /// Each route of ``file``'s pattern, parsed, when the reader kept them (nil when it did not): one
    /// per route, in order, so that what follows the reading (the duplicate check, an app made from the
    /// file) need not parse them again. A cache of ``file``'s pattern texts: it takes no part in `==`, and
    /// setting ``file`` drops it.
    package var parsedPatterns: [RoutePattern]?

    /// Whether two collected files hold the same entries, errors, places and source.
    public static func == (lhs: CollectedRouteFile, rhs: CollectedRouteFile) -> Bool {
        lhs.file == rhs.file && lhs.errors == rhs.errors && lhs.routeIndices == rhs.routeIndices
            && lhs.redirectIndices == rhs.redirectIndices && lhs.relocationIndices == rhs.relocationIndices
            && lhs.source == rhs.source
    }

    /// The same file without the routes and redirects the router would refuse to register (an exact
    /// duplicate, the same shape as an earlier pattern), each of them added to ``errors`` at its place.
    public func registrable(options: MatchOptions = MatchOptions()) -> CollectedRouteFile {
        var out = self
        var routes = RouteTableBuilder<Int>(options: options)
        var keptRoutes: [RouteDefinition] = [], keptIndices: [Int] = []
        // The patterns the reader parsed, when they are the routes' (one a route): added without a second parse.
        let parsed = parsedPatterns.flatMap { $0.count == file.routes.count ? $0 : nil }
        var keptPatterns: [RoutePattern] = []
        var extra: [(Int, RouteFileError)] = []
        // Room for every route (most are kept): a large table's lists are not grown step by step.
        routes.reserveCapacity(file.routes.count)
        keptRoutes.reserveCapacity(file.routes.count)
        keptIndices.reserveCapacity(file.routes.count)
        if parsed != nil { keptPatterns.reserveCapacity(file.routes.count) }
        for (k, r) in file.routes.enumerated() {
            do throws(RegistrationError) {
                if let parsed {
                    try routes.add(parsed[k], target: k, priority: r.priority)
                    keptPatterns.append(parsed[k])
                } else {
                    try routes.add(r.pattern, target: k, priority: r.priority)
                }
                keptRoutes.append(r)
                keptIndices.append(routeIndices[k])
            } catch {
                let refusal = RouteFileError("routes[\(routeIndices[k])]", error.description, file: source)
                extra.append((routeIndices[k], refusal))
            }
        }
        var redirects = RouteTableBuilder<Int>(options: options)
        var keptRedirects: [(from: String, to: String)] = [], keptRedirectIndices: [Int] = []
        var redirectErrors: [RouteFileError] = []
        for (k, r) in file.redirects.enumerated() {
            do throws(RegistrationError) {
                try redirects.add(r.from, target: k)
                keptRedirects.append(r)
                keptRedirectIndices.append(redirectIndices[k])
            } catch {
                redirectErrors.append(RouteFileError("redirects[\(redirectIndices[k])]",
                                                     "redirect source: \(error.description)", file: source))
            }
        }
        out.file.routes = keptRoutes
        out.routeIndices = keptIndices
        out.file.redirects = keptRedirects
        out.redirectIndices = keptRedirectIndices
        out.parsedPatterns = parsed == nil ? nil : keptPatterns
        out.errors = Self.inFileOrder(errors + extra.map(\.1) + redirectErrors)
        return out
    }

    /// Errors sorted by their place: routes, then redirects, then relocations, each by index; errors of
    /// one place keep their order.
    public static func inFileOrder(_ errors: [RouteFileError]) -> [RouteFileError] {
        func key(_ e: RouteFileError) -> (Int, Int) {
            let sections = ["routes[": 1, "redirects[": 2, "relocations": 3]
            for (prefix, rank) in sections where e.location.hasPrefix(prefix) {
                let digits = e.location.dropFirst(prefix.count).prefix { $0.isNumber }
                if prefix == "relocations", let open = e.location.firstIndex(of: "[") {
                    return (rank, Int(e.location[e.location.index(after: open)...].prefix { $0.isNumber }) ?? 0)
                }
                return (rank, Int(digits) ?? 0)
            }
            return (0, 0)
        }
        return errors.enumerated().sorted { a, b in
            let ka = key(a.element), kb = key(b.element)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }
}
