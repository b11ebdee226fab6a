import Switchyard

extension AppDescription {
    /// The most tabs a generated app gets one per host; with more hosts, every route goes in one tab.
    public static let generatedTabLimit = 6
    /// The stand-in login screen of a generated app whose routes require login.
    public static let generatedLoginURL = "switchyard-index://login"

    /// An app made from a plain route file, so any route table can be tried in the app
    /// (`switchyard --routes FILE`).
    ///
    /// The rule: every route becomes a screen that shows its pattern, target, priority, metadata and
    /// parameters. Routes are grouped in tabs by their literal host, in the order the hosts first appear;
    /// routes whose host is a parameter (and suffix patterns) go in a tab named "*", the one name the
    /// tab bar, the index screen, the log and the status line use for it. With more than
    /// ``generatedTabLimit`` groups, there is one tab, "Routes". Each tab's root is a generated index screen
    /// (`switchyard-index://tab/N`) that links to each of its routes with an example URL whose parameters
    /// are filled with values their constraints accept. Redirects and relocations are kept. When a route
    /// sets `requiresLogin`, the app gets a login gate and a stand-in login screen (``generatedLoginURL``).
    public static func generated(from file: RouteFile, name: String = "Routes") -> AppDescription {
        generatedUnchecked(from: file, name: name).checkingIndexLinks(on: IndexLinkProbe.router(for: file))
    }

    /// ``generated(from:name:)`` with its index links not yet checked: each link opens the route's first
    /// example URL, and ``uncheckedIndexLinks`` names the routes they stand for. An ``AppRuntime`` made from
    /// it checks them against its own router, which has the file's routes already, so the route table is
    /// registered and compiled once (`switchyard --routes FILE`); ``checkingIndexLinks(on:)`` checks them
    /// against any router. `patterns`, when given, are the routes' patterns parsed already (one a route,
    /// in order, as ``CollectedRouteFile/parsedPatterns`` holds them): they are used instead of a parse.
    package static func generatedUnchecked(from file: RouteFile, name: String = "Routes",
                                           patterns: [RoutePattern]? = nil) -> AppDescription {
        // Each pattern parsed once, for its group and for its index link (or not at all, when given).
        let parsed: [RoutePattern?]
        if let patterns, patterns.count == file.routes.count {
            parsed = patterns
        } else {
            parsed = file.routes.map { try? RoutePattern($0.pattern) }
        }
        // Each group's routes, by their place in the file.
        var groups: [(title: String, routes: [Int])] = []
        // Each group's place by title: a table of many hosts is not searched group by group per route.
        var groupIndex: [String: Int] = [:]
        for k in file.routes.indices {
            let title: String
            if let pattern = parsed[k], !pattern.isSuffix, case .literal(let host) = pattern.host {
                title = host
            } else {
                title = "*"
            }
            if let index = groupIndex[title] {
                groups[index].routes.append(k)
            } else {
                groupIndex[title] = groups.count
                groups.append((title, [k]))
            }
        }
        if groups.count > generatedTabLimit || groups.isEmpty {
            groups = [("Routes", Array(file.routes.indices))]
        }
        var unchecked = GeneratedIndexLinks()
        // The runtime registers each route with the pattern parsed here (one parse a route, not two).
        unchecked.routeTexts = file.routes.map(\.pattern)
        unchecked.routePatterns = parsed
        var tabs: [TabDescription] = []
        var routes: [ScreenRoute] = []
        // The file's routes, then a screen a tab and the login screen: the list is not grown step by step.
        routes.reserveCapacity(file.routes.count + groups.count + 1)
        // The file's routes first, so that a route's place in the app is its place in the file and an
        // error names the same `routes[i]` as `lint` and `match` do; the generated screens follow.
        for route in file.routes {
            // The phone already shows the route's pattern and its parameters; the body adds what it does not.
            var body = ["target   \(route.target)"]
            if route.priority != 0 { body.append("priority \(route.priority)") }
            for (key, value) in route.metadata.sorted(by: { $0.key < $1.key }) {
                // A value of several lines (an importer's warnings) shows them as lines, not as escapes.
                let lines = value.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                body.append("metadata \(key) = \(lines.first ?? "")")
                body += lines.dropFirst()
            }
            routes.append(ScreenRoute(pattern: route.pattern, kind: route.target, title: route.target, body: body,
                                      metadata: route.metadata, priority: route.priority))
        }
        // The generated screens' targets are named as the user reads them (`Orders index`, `login
        // screen`): the log and the status line show targets, and these must not read as internal
        // names. A file target of the same name keeps its own; the generated one is marked.
        let fileTargets = Set(file.routes.map(\.target))
        func generatedTarget(_ name: String) -> String {
            fileTargets.contains(name) ? name + " (generated)" : name
        }
        for (number, group) in groups.enumerated() {
            let root = generatedIndexPrefix + "\(number + 1)"
            tabs.append(TabDescription(title: group.title, root: root))
            let sources = group.routes.map { k in
                GeneratedIndexLinks.Source(pattern: file.routes[k].pattern, parsed: parsed[k],
                                           target: file.routes[k].target)
            }
            // Unchecked, a link opens its route's first example URL; it is made when the link is first read.
            let list = DeferredLinks(count: sources.count) { i in
                (GeneratedIndexLinks.title(of: sources[i], instead: nil), sources[i].first)
            }
            let links = list.links
            unchecked.screens.append(GeneratedIndexLinks.Screen(route: routes.count, sources: sources, links: list))
            let count = group.routes.count
            routes.append(ScreenRoute(
                pattern: root, kind: generatedTarget("\(group.title) index"), title: group.title,
                body: [count == 0 ? "This route file has no routes."
                    : "\(count) route\(count == 1 ? "" : "s"). Pick one to open it with example values."],
                links: links, opens: .tab))
        }
        // Routes marked `requiresLogin` get a login gate, with a stand-in login screen to hold them on.
        var loginURL: String?
        if file.routes.contains(where: { $0.metadata[.requiresLogin] == true }) {
            loginURL = generatedLoginURL
            routes.append(ScreenRoute(
                pattern: generatedLoginURL, kind: generatedTarget("login screen"), title: "Log in",
                body: ["A stand-in login screen: the route file marks routes requiresLogin,"
                           + " so the login gate holds them here.",
                       "L (or login in a script) logs in and resumes the held open; Esc cancels it."],
                opens: .presentFullScreen))
        }
        var app = AppDescription(name: name, tabs: tabs, routes: routes,
                                 redirects: file.redirects.map { RedirectDescription(from: $0.from, to: $0.to) },
                                 relocations: file.relocations, loginURL: loginURL)
        app.uncheckedIndexLinks = unchecked
        return app
    }

    /// The description with the index links ``uncheckedIndexLinks`` names checked against `router`: each
    /// opens the first of its route's example URLs that `router` resolves to that route, and a route no
    /// example reaches keeps its first example with a note naming the route that opens instead
    /// and why (`(never opens: P wins)`, `(never opens: a redirect loop)`). The description as it is when
    /// nothing is unchecked.
    package func checkingIndexLinks(on router: Router) -> AppDescription {
        guard let unchecked = uncheckedIndexLinks else { return self }
        var app = self
        let probe = IndexLinkProbe(router: router)
        for screen in unchecked.screens where app.routes.indices.contains(screen.route) {
            app.routes[screen.route].links = screen.sources.map { source in
                let (url, instead) = probe.link(for: source)
                return Link(title: GeneratedIndexLinks.title(of: source, instead: instead), url: url)
            }
        }
        app.uncheckedIndexLinks = nil
        return app
    }

    /// Does what ``checkingIndexLinks(on:)`` does, in place (the route list is not copied), with each link
    /// checked the first time its title or URL is read (it is drawn
    /// on the phone, opened, completed or exported), not all at once: a link reads exactly as the checked one
    /// would. `router` must have the app's routes, redirects and relocations registered; a route registered on
    /// it later can change what a link not read yet says.
    package mutating func deferIndexLinks(on router: Router) {
        guard let unchecked = uncheckedIndexLinks else { return }
        let probe = IndexLinkProbe(router: router)
        for screen in unchecked.screens where routes.indices.contains(screen.route) {
            let sources = screen.sources
            routes[screen.route].links = DeferredLinks(count: sources.count) { i in
                let (url, instead) = probe.link(for: sources[i])
                return (GeneratedIndexLinks.title(of: sources[i], instead: instead), url)
            }.links
        }
        uncheckedIndexLinks = nil
    }

    /// Whether a link of the app opens a URL that starts with `prefix`:
    /// `routes.contains { $0.links.contains { $0.url.hasPrefix(prefix) } }`. For a `prefix` of a scheme, a
    /// host and `/` (`app://services/`), the unchecked index links of a generated app are not all made for it:
    /// a link's URL is its route's first example, which starts with the pattern's scheme and literal host, so
    /// only the routes whose scheme and host may be the prefix's have theirs made.
    public func hasLink(toPrefix prefix: String) -> Bool {
        let unchecked = uncheckedIndexLinks?.screens ?? []
        guard !unchecked.isEmpty, let (scheme, host) = GeneratedIndexLinks.schemeAndHost(of: prefix) else {
            return routes.contains { $0.links.contains { $0.url.hasPrefix(prefix) } }
        }
        var sourcesByRoute: [Int: GeneratedIndexLinks.Screen] = [:]
        for screen in unchecked { sourcesByRoute[screen.route] = screen }
        // By position, so a route without links (most of a generated app's) is not copied to be looked at.
        for place in routes.indices where !routes[place].links.isEmpty {
            let screen = sourcesByRoute[place]
            for (k, link) in routes[place].links.enumerated() {
                if let screen, k < screen.sources.count, link.isDeferred(in: screen.links, at: k) {
                    let source = screen.sources[k]
                    if source.mayStart(scheme: scheme, host: host), source.first.hasPrefix(prefix) { return true }
                } else if link.url.hasPrefix(prefix) {
                    return true
                }
            }
        }
        return false
    }

    /// The prefix of a generated index screen's internal URL; the tab's number follows.
    static let generatedIndexPrefix = "switchyard-index://tab/"

    /// What a generated index screen's internal URL (`switchyard-index://tab/N`, with or without a
    /// query) stands for, in words: its screen's title and its tab, `user index (tab 1)`. Nil for any
    /// other URL, and in an app that was not generated from a route file.
    public func generatedIndexName(for url: String) -> String? {
        guard url.hasPrefix(Self.generatedIndexPrefix) else { return nil }
        let rest = url.dropFirst(Self.generatedIndexPrefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).first.map({ $0 == "?" || $0 == "#" }) ?? true else {
            return nil
        }
        return indexName(number: String(digits))
    }

    /// What a match of `pattern` says when `pattern` is the stand-in login screen the app generated for a
    /// route file (`the stand-in login screen (a route table names no login screen, so the app adds
    /// one)`); nil for any other pattern.
    /// Its internal URL and made-up target would read `the login screen → login screen`.
    public func standInWords(for pattern: String) -> String? {
        guard pattern == Self.generatedLoginURL, loginURL == Self.generatedLoginURL else { return nil }
        return "the stand-in login screen (a route table names no login screen, so the app adds one)"
    }

    /// Whether `pattern` is a screen the app generated around a route file (an index tab, the stand-in
    /// login screen) rather than one of the file's routes: the route table, coverage and the graph
    /// leave these out.
    public func isGeneratedScreen(_ pattern: String) -> Bool {
        generatedIndexName(for: pattern) != nil
            || (pattern == Self.generatedLoginURL && loginURL == Self.generatedLoginURL)
    }

    /// `text` with every generated index screen's internal URL in it (and its query) replaced by
    /// ``generatedIndexName(for:)``, so what the user reads names the tab, not an internal URL. The
    /// router still routes the URL; only what is shown changes. Other text is returned as it is.
    public func showingIndexNames(in text: String) -> String {
        if loginURL == Self.generatedLoginURL, text.contains(Self.generatedLoginURL) {
            return showingIndexNames(
                in: text.replacingOccurrences(of: Self.generatedLoginURL, with: "the login screen"))
        }
        guard text.contains(Self.generatedIndexPrefix) else { return text }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: Self.generatedIndexPrefix) {
            out += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            var end = after.index(after.startIndex, offsetBy: digits.count)
            // The query or fragment belongs to the URL: it ends at a space, a closing mark, or a
            // colon that ends a clause (`URL: reason`).
            if end < after.endIndex, after[end] == "?" || after[end] == "#" {
                while end < after.endIndex {
                    let character = after[end]
                    let next = after.index(after: end)
                    if character.isWhitespace || character == ")" || character == "," || character == ";"
                        || (character == ":" && (next == after.endIndex || after[next].isWhitespace)) {
                        break
                    }
                    end = next
                }
            }
            let isWhole = end == after.endIndex || !(after[end].isLetter || after[end].isNumber || after[end] == "/")
            if !digits.isEmpty, isWhole, let name = indexName(number: String(digits)) {
                out += name
            } else {
                out += rest[range.lowerBound..<end]
            }
            rest = after[end...]
        }
        return out + rest
    }

    /// The name of the index screen of tab `number` (1-based) of a generated app, else nil.
    private func indexName(number: String) -> String? {
        // The index screens come after the file's routes, and a running app has one route of a pattern
        // (a second one is refused at registration): looked for from the end, so a frame that names the
        // tab does not scan a hundred thousand routes first.
        guard let n = Int(number), tabs.indices.contains(n - 1), tabs[n - 1].root == Self.generatedIndexPrefix + number,
              let route = routes.last(where: { $0.pattern == tabs[n - 1].root }) else { return nil }
        return "\(route.title) index (tab \(n))"
    }

    /// Values tried, in order, for a parameter: the first its constraint accepts is used.
    package static let exampleValues = [
        "42", "7", "abc", "my-slug", "a1", "ff", "123e4567-e89b-42d3-a456-426614174000", "example", "x", "0",
    ]

    /// An example URL for `pattern`: literals as written, each parameter the first example value its
    /// constraint accepts, optional segments left out, a catch-all `a/b`, `app` for a pattern
    /// without a scheme, and `app://example/` in front of a suffix pattern. The pattern text itself when it
    /// does not parse.
    public static func exampleURL(for patternText: String) -> String {
        exampleURLs(for: patternText, count: 1).first ?? patternText
    }

    /// Up to `count` different example URLs for `pattern`: the first is ``exampleURL(for:)``'s; the
    /// next ones give each parameter the next example value its constraint accepts (`42`, `7`, `abc`…
    /// for a plain parameter), so URLs that only some routes of a table take are among them.
    public static func exampleURLs(for patternText: String, count: Int) -> [String] {
        guard let pattern = try? RoutePattern(patternText) else { return [patternText] }
        return exampleURLs(for: pattern, count: count)
    }

    /// The first of ``exampleURLs(for:count:)`` that `accept` takes, made one at a time (nil for none).
    static func firstExampleURL(for pattern: RoutePattern, count: Int, where accept: (String) -> Bool) -> String? {
        let choices = exampleChoices(for: pattern, limit: max(1, count))
        let base = pattern.isSuffix ? "\(pattern.scheme ?? "app")://example" : nil
        var tried: [String] = []
        for variant in 0..<max(1, count) {
            guard let url = try? pattern.url(exampleParameters(choices, variant: variant), defaultScheme: "app",
                                             base: base),
                  !tried.contains(url) else { continue }
            if accept(url) { return url }
            tried.append(url)
        }
        return nil
    }

    /// ``exampleURLs(for:count:)`` for a pattern already parsed.
    public static func exampleURLs(for pattern: RoutePattern, count: Int) -> [String] {
        let choices = exampleChoices(for: pattern, limit: max(1, count))
        // A suffix pattern's examples end the path of one example host.
        let base = pattern.isSuffix ? "\(pattern.scheme ?? "app")://example" : nil
        var urls: [String] = []
        for variant in 0..<max(1, count) {
            if let url = try? pattern.url(exampleParameters(choices, variant: variant), defaultScheme: "app",
                                          base: base),
               !urls.contains(url) {
                urls.append(url)
            }
        }
        return urls
    }

    /// The example value of each of `pattern`'s parameters: the `variant`-th value its constraint
    /// accepts (the last accepted one past the end).
    static func exampleParameters(for pattern: RoutePattern, variant: Int = 0) -> [String: String] {
        exampleParameters(exampleChoices(for: pattern, limit: max(0, variant) + 1), variant: variant)
    }

    /// For each parameter of `pattern` in order, the first `limit` example values its constraint accepts
    /// (a variant past them takes the last, as past all of them), or (when none is accepted: a regex such
    /// as `[A-Z]{3}`) the one value found on the constraint's automaton.
    private static func exampleChoices(for pattern: RoutePattern, limit: Int) -> [(name: String, values: [String])] {
        var choices: [(name: String, values: [String])] = []
        for segment in pattern.segments {
            switch segment {
            case .parameter(let name, let constraint), .optional(let name, let constraint):
                let accepted = constraint.map { c in Array(exampleValues.lazy.filter { c.matches($0) }.prefix(limit)) }
                    ?? Array(exampleValues.prefix(limit))
                choices.append((name, accepted.isEmpty ? [constraint?.exampleValue() ?? "x"] : accepted))
            case .catchAll(let name):
                choices.append((name ?? "*", ["a/b"]))
            case .literal:
                break
            }
        }
        return choices
    }

    /// The `variant`-th choice of each parameter (the last one past the end).
    private static func exampleParameters(_ choices: [(name: String, values: [String])],
                                          variant: Int) -> [String: String] {
        var values: [String: String] = [:]
        for choice in choices { values[choice.name] = choice.values[min(variant, choice.values.count - 1)] }
        return values
    }
}

/// The routes the links of a generated app's index screens stand for, while the links are not checked
/// (``AppDescription/generatedUnchecked(from:name:)``).
struct GeneratedIndexLinks: Sendable, Equatable {
    /// The route a link stands for: its pattern as written and parsed (nil when it does not parse) and its
    /// target.
    struct Source: Sendable, Equatable {
        let pattern: String
        let parsed: RoutePattern?
        let target: String

        /// The route's first example URL (the pattern's text when it does not parse).
        var first: String {
            parsed.map { AppDescription.exampleURLs(for: $0, count: 1).first ?? pattern } ?? pattern
        }

        /// Whether ``first`` may start with `scheme://host/` (plain lowercase ones,
        /// ``schemeAndHost(of:)``): false only when the pattern's scheme (`app` when it has none) or its
        /// literal host of plain characters, which start its example URLs as they are, differ from them.
        func mayStart(scheme: String, host: String) -> Bool {
            guard let parsed, !parsed.isSuffix else { return true }
            if (parsed.scheme ?? "app") != scheme { return false }
            if case .literal(let literal) = parsed.host,
               literal.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0)
                   || $0 == "." || $0 == "-" }) {
                return literal == host
            }
            return true
        }
    }

    /// A link's title: the route's pattern and target, and, when no example URL opens the route, why
    /// (`(never opens: P wins)`).
    static func title(of source: Source, instead: String?) -> String {
        "\(source.pattern) → \(source.target)" + (instead.map { " (never opens: \($0))" } ?? "")
    }

    /// An index screen: its place in the description's routes, the routes of its links in order, and its
    /// unchecked links.
    struct Screen: Sendable, Equatable {
        let route: Int
        let sources: [Source]
        let links: DeferredLinks

        /// The same place and routes (the unchecked links follow from them).
        static func == (a: Screen, b: Screen) -> Bool { a.route == b.route && a.sources == b.sources }
    }

    /// The scheme and host of a prefix `scheme://host/` whose scheme and host are plain (lowercase letters,
    /// digits, `.`, `-`, `+` in the scheme); nil for any other prefix.
    static func schemeAndHost(of prefix: String) -> (scheme: String, host: String)? {
        guard prefix.hasSuffix("/"), let separator = prefix.range(of: "://") else { return nil }
        let scheme = String(prefix[..<separator.lowerBound])
        let host = String(prefix[separator.upperBound...].dropLast())
        let plain = { (text: String, extra: String) in
            !text.isEmpty && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
                    || extra.unicodeScalars.contains($0)
            }
        }
        guard plain(scheme, "+"), plain(host, "") else { return nil }
        return (scheme, host)
    }

    var screens: [Screen] = []
    /// The pattern text of each of the file's routes, which come first in the description, and the pattern
    /// parsed (nil when it does not parse): the runtime registers a route whose text is still this one with
    /// the parsed pattern.
    var routeTexts: [String] = []
    var routePatterns: [RoutePattern?] = []
}
