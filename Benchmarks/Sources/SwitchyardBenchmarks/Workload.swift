/// The generated route tables and lookup URLs.
///
/// Everything is derived from one seed, so every run (and the allocation-probe child process)
/// sees exactly the same routes and URLs. The 100- and 1,000-route tables are the first 100 and
/// 1,000 routes of the 10,000-route list.

/// One generated route.
struct RouteSpec: Sendable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        /// `:name`
        case parameter(String)
        /// `:name([0-9]+)`
        case digits(String)
        /// `:name<int>`
        case integer(String)
        /// `*name`
        case catchAll(String)
    }

    static let scheme = "app"

    let host: String
    let path: [Segment]

    /// The pattern in Switchyard's grammar.
    var switchyardPattern: String {
        let parts = path.map { seg -> String in
            switch seg {
            case .literal(let w): w
            case .parameter(let n): ":" + n
            case .digits(let n): ":" + n + "([0-9]+)"
            case .integer(let n): ":" + n + "<int>"
            case .catchAll(let n): "*" + n
            }
        }
        return Self.scheme + "://" + ([host] + parts).joined(separator: "/")
    }

    /// The pattern with parameter names erased: Switchyard refuses two routes of the same shape.
    var shape: String {
        let parts = path.map { seg -> String in
            switch seg {
            case .literal(let w): w
            case .parameter: ":"
            case .digits: ":([0-9]+)"
            case .integer: ":<int>"
            case .catchAll: "*"
            }
        }
        return ([host] + parts).joined(separator: "/")
    }

    /// The route as a RoutingKit path (host first, scheme dropped).
    ///
    /// RoutingKit has no constraints, so constrained parameters become plain ones, and it refuses
    /// two parameters with different names at the same trie position, so every parameter is named
    /// after its depth (`:p1`, `:p2`…). The catch-all becomes `**`.
    var routingKitPath: String {
        let parts = path.enumerated().map { depth, seg -> String in
            switch seg {
            case .literal(let w): w
            case .parameter, .digits, .integer: ":p\(depth + 1)"
            case .catchAll: "**"
            }
        }
        return ([host] + parts).joined(separator: "/")
    }

    /// The route as a Hummingbird router path (host first, scheme dropped), in Hummingbird's syntax.
    ///
    /// Hummingbird has no constraints either, so constrained parameters become plain `:name` captures.
    /// Two captures with different names at one trie position become two sibling nodes of which
    /// only the first is ever tried for a segment that reaches it (the second only by
    /// backtracking), and `Router.validate()` (which `buildResponder()` runs in debug builds) calls
    /// them a clash; so every parameter is named after its depth here too (`:p1`, `:p2`…). The
    /// catch-all becomes `**` (Hummingbird's recursive wildcard: one or more segments, kept as the
    /// catch-all parameter). The text happens to be the same as ``routingKitPath``.
    var hummingbirdPath: String {
        let parts = path.enumerated().map { depth, seg -> String in
            switch seg {
            case .literal(let w): w
            case .parameter, .digits, .integer: ":p\(depth + 1)"
            case .catchAll: "**"
            }
        }
        return ([host] + parts).joined(separator: "/")
    }
}

/// True for the first route of each converted path. The peers keep one handler per path, and routes
/// that differ only in a constraint collapse into one path; only the first is registered (Switchyard
/// would pick the constrained one: this changes which target some hits get, not whether they hit).
/// It also keeps RoutingKit from logging "Overriding duplicate route" and Hummingbird from stopping
/// on "GET already has a handler".
func firstOccurrences(_ paths: [String]) -> [Bool] {
    var seen = Set<String>()
    return paths.map { seen.insert($0).inserted }
}

/// How a peer resolved the concrete URL of each of the first routes.
struct Resolution: Codable, Sendable {
    /// Resolved to the route itself, or to the registered route it collapses onto.
    var own = 0
    /// Resolved to another registered route whose converted path also matches the URL (a literal
    /// that another route has where this one has a parameter or catch-all wins).
    var otherMatching = 0
    /// Resolved to a route whose converted path does not match the URL: a router or harness bug.
    var wrong = 0
    /// Not resolved (expected 0: every route's own path matches its URL).
    var unresolved = 0

    /// `targets[i]` is what the peer answered for `urls[i]`, the concrete URL of route `i`, with the
    /// routes' converted `paths` registered as `register` says (target = route number).
    init(targets: [Int], urls: ArraySlice<String>, paths: [String], register: [Bool]) {
        var firstOf: [String: Int] = [:]
        for i in urls.indices where register[i] { firstOf[paths[i]] = i }
        for (i, target) in zip(urls.indices, targets) {
            if target < 0 {
                unresolved += 1
            } else if target == firstOf[paths[i]] {
                own += 1
            } else if Self.matches(paths[target], urls[i]) {
                otherMatching += 1
            } else {
                wrong += 1
            }
        }
    }

    /// Whether a converted path (`host/literal/:p2/**`) matches a concrete URL without a query:
    /// literals equal, a parameter any one segment, `**` one or more segments.
    static func matches(_ path: String, _ url: String) -> Bool {
        let pattern = path.split(separator: "/")
        let start = url.range(of: "://")?.upperBound ?? url.startIndex
        let segments = url[start...].split(separator: "/")
        for (k, p) in pattern.enumerated() {
            if p == "**" { return segments.count > k }
            guard k < segments.count else { return false }
            if p.first != ":" && p != segments[k] { return false }
        }
        return segments.count == pattern.count
    }
}

enum Vocabulary {
    /// About 30 app "hosts" (the first segment of an app URL).
    static let hosts = [
        "home", "order", "user", "product", "cart", "checkout", "search", "settings", "profile", "feed",
        "message", "chat", "notification", "wallet", "payment", "coupon", "store", "category", "video", "live",
        "article", "topic", "help", "account", "address", "review", "shop", "ticket", "trip", "map",
    ]

    /// Hosts no route uses (for misses).
    static let unknownHosts = ["legacy", "promo", "beta", "lab", "debug", "partner", "kiosk", "widget", "games", "music"]

    /// Literal path segments.
    static let words = [
        "detail", "list", "edit", "settings", "history", "items", "reviews", "comments", "photos", "followers",
        "following", "share", "report", "status", "track", "invoice", "refund", "address", "payment", "coupons",
        "favorites", "messages", "new", "create", "preview", "summary", "stats", "members", "invite", "search",
        "filter", "sort", "category", "tags", "gallery", "video", "live", "replay", "schedule", "calendar",
        "tickets", "booking", "cancel", "confirm", "success", "failure", "help", "faq", "contact", "feedback",
        "about", "terms", "privacy", "security", "notifications", "badges", "rewards", "points", "level", "ranking",
        "inbox", "drafts", "archive", "export",
    ]

    static let parameterNames = ["id", "name", "slug", "tab", "section", "code", "key", "ref", "kind", "page"]
    static let constrainedNames = ["id", "orderId", "userId", "itemId", "page", "index"]
    static let slugWords = ["summer", "sale", "new", "best", "red", "shoes", "city", "tour", "daily", "deal", "spring", "kids"]
    static let tokenBytes = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    static let query = "?from=push&ref=abc"
}

/// The whole generated data set: 10,000 routes and one concrete URL per route.
struct Workload: Sendable {
    static let seed: UInt64 = 0x5EED_5317_C4A8_2024
    static let sizes = [100, 1_000, 10_000, 100_000]
    /// The size the build-time, heap and RoutingKit targets speak about.
    static let measuredSize = 10_000
    static let queryFraction = 0.3
    /// Distinct miss URLs collected per table size.
    static let missPoolSize = 500

    let routes: [RouteSpec]
    /// One concrete URL per route (no query), parameters filled with plausible values.
    let concreteURLs: [String]

    init(routeCount: Int = Workload.sizes.max() ?? 10_000) {
        var rng = SplitMix64(seed: Self.seed)
        routes = Self.generateRoutes(count: routeCount, &rng)
        var urlRNG = SplitMix64(seed: Self.seed ^ 0x00C0_FFEE)
        concreteURLs = routes.map { Self.concreteURL(for: $0, &urlRNG) }
    }

    // MARK: Routes

    static func generateRoutes(count: Int, _ rng: inout SplitMix64) -> [RouteSpec] {
        var shapes = Set<String>()
        var out: [RouteSpec] = []
        out.reserveCapacity(count)
        while out.count < count {
            let host = rng.pick(Vocabulary.hosts)
            // 2–4 path segments after the host: 40% two, 40% three, 20% four.
            let r = rng.unit()
            let length = r < 0.4 ? 2 : (r < 0.8 ? 3 : 4)
            let endsInCatchAll = rng.chance(0.03)
            var used = Set<String>()
            var path: [RouteSpec.Segment] = []
            for depth in 1...length {
                if depth == length && endsInCatchAll {
                    path.append(.catchAll("rest"))
                    break
                }
                let kind = rng.unit()
                if kind < 0.10 {
                    let name = uniqueName(rng.pick(Vocabulary.constrainedNames), depth, &used)
                    path.append(rng.chance(0.5) ? .digits(name) : .integer(name))
                } else if kind < 0.40 {
                    path.append(.parameter(uniqueName(rng.pick(Vocabulary.parameterNames), depth, &used)))
                } else {
                    path.append(.literal(rng.pick(Vocabulary.words)))
                }
            }
            let spec = RouteSpec(host: host, path: path)
            if shapes.insert(spec.shape).inserted { out.append(spec) }
        }
        return out
    }

    private static func uniqueName(_ name: String, _ depth: Int, _ used: inout Set<String>) -> String {
        let chosen = used.contains(name) ? name + String(depth) : name
        used.insert(chosen)
        return chosen
    }

    // MARK: Concrete URLs

    static func token(_ rng: inout SplitMix64, _ length: ClosedRange<Int>) -> String {
        let n = rng.inRange(length)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(n)
        for _ in 0..<n { bytes.append(rng.pick(Vocabulary.tokenBytes)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A plausible value for an unconstrained parameter: a numeric id, a token or a slug.
    static func plainValue(_ rng: inout SplitMix64) -> String {
        switch rng.below(3) {
        case 0: String(rng.inRange(10_000...9_999_999))
        case 1: token(&rng, 6...10)
        default: (0..<rng.inRange(2...3)).map { _ in rng.pick(Vocabulary.slugWords) }.joined(separator: "-")
        }
    }

    static func concreteURL(for route: RouteSpec, _ rng: inout SplitMix64) -> String {
        var parts = [route.host]
        for seg in route.path {
            switch seg {
            case .literal(let w): parts.append(w)
            case .parameter: parts.append(plainValue(&rng))
            case .digits, .integer: parts.append(String(rng.inRange(1...99_999_999)))
            case .catchAll:
                for _ in 0..<rng.inRange(1...3) { parts.append(rng.chance(0.5) ? rng.pick(Vocabulary.words) : token(&rng, 4...8)) }
            }
        }
        return RouteSpec.scheme + "://" + parts.joined(separator: "/")
    }
}

/// The lookup URLs for one table size.
struct SizeWorkload {
    let size: Int
    /// Concrete URLs (no query) of the first `size` routes that the table matches.
    let hitPool: [String]
    /// Distinct URLs (no query) the table does not match.
    let missPool: [String]
    /// The timed lookup lists: drawn from the pools, 30% carrying a query.
    let hitLookups: [String]
    let missLookups: [String]
    /// Concrete URLs that the table unexpectedly did not match (should be 0).
    let unmatchedConcrete: Int

    /// `classify` answers true for a URL some route matches, false for none, nil for an invalid URL.
    init(size: Int, workload: Workload, lookups: Int, classify: (String) -> Bool?) {
        self.size = size
        var hits: [String] = []
        var unmatched = 0
        for url in workload.concreteURLs.prefix(size) {
            if classify(url) == true { hits.append(url) } else { unmatched += 1 }
        }
        hitPool = hits
        unmatchedConcrete = unmatched

        var rng = SplitMix64(seed: Workload.seed ^ UInt64(size) &* 0x9E37_79B9)
        missPool = Self.generateMisses(hits, &rng, classify)
        hitLookups = Self.lookupList(hits, lookups, &rng)
        missLookups = Self.lookupList(missPool, lookups, &rng)
    }

    static func lookupList(_ pool: [String], _ count: Int, _ rng: inout SplitMix64) -> [String] {
        guard !pool.isEmpty else { return [] }
        return (0..<count).map { _ in
            let url = rng.pick(pool)
            return rng.chance(Workload.queryFraction) ? url + Vocabulary.query : url
        }
    }

    /// Misses of four kinds, kept only when the table really has no route for them:
    /// an unknown host, an unknown literal in place of one segment, two extra trailing segments,
    /// and a URL cut one segment short.
    static func generateMisses(_ hits: [String], _ rng: inout SplitMix64, _ classify: (String) -> Bool?) -> [String] {
        guard !hits.isEmpty else { return [] }
        let prefix = RouteSpec.scheme + "://"
        var seen = Set<String>()
        var out: [String] = []
        var attempt = 0
        while out.count < Workload.missPoolSize && attempt < Workload.missPoolSize * 40 {
            attempt += 1
            let base = rng.pick(hits)
            var segments = base.dropFirst(prefix.count).split(separator: "/").map(String.init)
            switch attempt % 4 {
            case 0:
                segments[0] = rng.pick(Vocabulary.unknownHosts)
            case 1:
                segments[rng.inRange(1...max(1, segments.count - 1)) % segments.count] = "old-" + Workload.token(&rng, 4...6)
            case 2:
                segments.append(rng.pick(Vocabulary.words))
                segments.append(Workload.token(&rng, 4...8))
            default:
                if segments.count > 1 { segments.removeLast() } else { segments[0] = rng.pick(Vocabulary.unknownHosts) }
            }
            let candidate = prefix + segments.joined(separator: "/")
            if classify(candidate) == false && seen.insert(candidate).inserted { out.append(candidate) }
        }
        return out
    }
}
