import Switchyard
import SwitchyardTestSupport
import Testing
@testable import SwitchyardNavigation

/// A runtime made from a generated app whose index links are not checked yet checks them against its
/// own router (one route table registered and compiled). The definition stays
/// ``AppDescription/generated(from:name:)``, which checks them against a router of the file: the
/// runtime's app, its tab roots and an index screen opened by URL all have the same links.
@MainActor
@Suite struct GeneratedIndexLinksTests {
    static let files: [RouteFile] = [
        RouteFile(routes: [
            RouteDefinition(pattern: "app://share/:id<int>", target: "AppShareInt"),
            RouteDefinition(pattern: "app://share/:id", target: "AppShare"),
            RouteDefinition(pattern: "share/:id", target: "AnyShare"),
            RouteDefinition(pattern: "app://s/:q?", target: "Plain", priority: 1),
            RouteDefinition(pattern: "app://s/:n<int>?", target: "IntOptional", priority: 2),
            RouteDefinition(pattern: "app://never/:id<int>", target: "Never"),
            RouteDefinition(pattern: "app://never/:v([0-9]+)", target: "Always", priority: 1),
        ], redirects: [(from: "app://gone/:id", to: "app://share/:id")]),
        RouteFile(routes: [
            RouteDefinition(pattern: "app://a/x", target: "A", metadata: ["requiresLogin": "true"]),
            RouteDefinition(pattern: "app://a/:p", target: "P"),
            RouteDefinition(pattern: "app://b/moved", target: "Moved"),
            RouteDefinition(pattern: "app://b/:q<int>", target: "Q"),
            RouteDefinition(pattern: "**/x/:n<int>", target: "Suffix"),
        ], relocations: RelocationTable(entries: [.replace(pattern: "app://b/moved", to: "app://a/x"),
                                                  .delete(pattern: "app://b/42")])),
        // More hosts than tabs: one Routes tab.
        RouteFile(routes: (0..<9).map { RouteDefinition(pattern: "app://h\($0)/:id", target: "H\($0)") }
            + [RouteDefinition(pattern: ":host/fixed", target: "AnyHost")]),
        RouteFile(routes: []),
    ]

    /// Random route files: a few hosts, literals, constrained parameters, optionals and priorities, so
    /// that routes outrank one another's examples.
    static func randomFile(_ rng: inout SplitMix64) -> RouteFile {
        let pieces = ["x", "42", "abc", ":p", ":q<int>", ":s(abc)", ":t([0-9]+)", ":o?", "*rest"]
        var builder = RouteTableBuilder<Int>()
        var routes: [RouteDefinition] = []
        for k in 0..<(3 + rng.below(12)) {
            var text = (rng.oneIn(5) ? "" : "app://") + rng.pick(["a", "b", "c"])
            for _ in 0..<rng.below(3) {
                let piece = rng.pick(pieces)
                text += "/" + piece
                if piece.hasSuffix("?") || piece.hasPrefix("*") { break }
            }
            guard (try? builder.add(text, target: k)) != nil else { continue }
            routes.append(RouteDefinition(pattern: text, target: "T\(k)", priority: rng.oneIn(4) ? 1 : 0))
        }
        return RouteFile(routes: routes)
    }

    func check(_ file: RouteFile) async throws {
        let want = AppDescription.generated(from: file, name: "t.json")
        let unchecked = AppDescription.generatedUnchecked(from: file, name: "t.json")
        #expect(unchecked.uncheckedIndexLinks != nil)
        let runtime = try AppRuntime(app: unchecked)
        #expect(runtime.app == want)
        #expect(runtime.app.uncheckedIndexLinks == nil)
        for (k, tab) in runtime.state.tabs.enumerated() {
            let links = want.routes.first { $0.pattern == want.tabs[k].root }?.links
            #expect(tab.root?.links == links, "tab \(k + 1)")
        }
        // An index screen opened by URL has the checked links too.
        if let root = want.tabs.first?.root {
            _ = await runtime.perform(.open(root + "?jumpType=push"))
            #expect(runtime.state.top.links == want.routes.first { $0.pattern == root }?.links)
        }
    }

    @Test func theRuntimeChecksIndexLinksAsTheFilesRouterDoes() async throws {
        for file in Self.files { try await check(file) }
        // The first file has links that never open their route, which the check must keep.
        let notes = AppDescription.generated(from: Self.files[0]).routes.flatMap(\.links)
            .filter { $0.title.contains("never opens") }
        #expect(notes.count == 1)
    }

    /// A link that never opens its route says why: the route that wins instead, or how the walk ended.
    @Test func aLinkThatNeverOpensSaysWhy() throws {
        let file = RouteFile(
            routes: [RouteDefinition(pattern: "app://a", target: "A"), RouteDefinition(pattern: "app://b", target: "B"),
                     RouteDefinition(pattern: "app://c/:x", target: "C", priority: -1),
                     RouteDefinition(pattern: "app://c/:y<int>", target: "Int"),
                     RouteDefinition(pattern: "app://gone", target: "Gone")],
            redirects: [("app://a", "app://b"), ("app://b", "app://a")],
            relocations: RelocationTable(version: 1, entries: [.delete(pattern: "app://gone")]))
        let titles = AppDescription.generated(from: file).routes.flatMap(\.links).map(\.title)
        #expect(titles.contains("app://a → A (never opens: a redirect loop)"), "\(titles)")
        #expect(titles.contains("app://b → B (never opens: a redirect loop)"), "\(titles)")
        #expect(titles.contains("app://gone → Gone (never opens: a relocation deletes it)"), "\(titles)")
        #expect(titles.contains("app://c/:y<int> → Int"), "\(titles)")
    }

    @Test func randomFilesGiveTheSameLinks() async throws {
        var rng = SplitMix64(seed: 0x1d_0001)
        for _ in 0..<150 { try await check(Self.randomFile(&rng)) }
    }

    /// The definition of a checked link, by walking every URL through the runtime's router: a link opens
    /// the route it names, unless it says that route never opens, and then none of the route's example
    /// URLs (nor, for a pattern of any scheme, their `other://` forms) opens it.
    @Test func eachCheckedLinkOpensItsRouteOrSaysWhyNot() throws {
        var rng = SplitMix64(seed: 0x1d_0002)
        var opened = 0, never = 0
        for k in 0..<200 {
            var file = Self.randomFile(&rng)
            if k % 4 == 1 { file.redirects = [(from: "app://zz/:p", to: "app://a/:p")] }
            if k % 4 == 2 { file.relocations = RelocationTable(entries: [.delete(pattern: "app://a/42")]) }
            let runtime = try AppRuntime(app: AppDescription.generatedUnchecked(from: file))
            let links = runtime.app.routes.filter { runtime.app.isGeneratedScreen($0.pattern) }.flatMap(\.links)
            #expect(links.count == file.routes.count)
            for route in file.routes {
                let named = "\(route.pattern) → \(route.target)"
                let link = try #require(links.first { $0.title == named || $0.title.hasPrefix(named + " (") })
                let pattern = try RoutePattern(route.pattern)
                let reaches = { (url: String) in
                    runtime.router.resolve(url).match.map { !$0.isAlias && $0.pattern == pattern } ?? false
                }
                if link.title.contains("(never opens:") {
                    never += 1
                    var urls = AppDescription.exampleURLs(for: pattern, count: AppDescription.exampleValues.count)
                    if pattern.scheme == nil, !pattern.isSuffix {
                        urls += urls.filter { $0.hasPrefix("app://") }.map { "other://" + $0.dropFirst("app://".count) }
                    }
                    #expect(!urls.contains(where: reaches), "\(route.pattern): \(link.title)")
                } else {
                    opened += 1
                    #expect(reaches(link.url), "\(route.pattern): \(link.url)")
                }
            }
        }
        #expect(opened > 500, "\(opened)")
        #expect(never > 20, "\(never)")
    }

    /// A table shaped like the benchmark tables: `count` routes on a few hosts, literals, `<int>` and plain
    /// parameters, an optional now and then, some priorities, every 50th route `requiresLogin`.
    static func generatedFile(_ count: Int, _ rng: inout SplitMix64) -> RouteFile {
        var routes: [RouteDefinition] = []
        var builder = RouteTableBuilder<Int>()
        let words = ["user", "order", "item", "list", "edit", "42", "feed", "a"]
        while routes.count < count {
            var text = "app://h\(rng.below(7))"
            for _ in 0..<(1 + rng.below(4)) {
                text += "/" + rng.pick(words + [":id<int>", ":name", ":p", ":o?"])
                if text.hasSuffix("?") { break }
            }
            guard (try? builder.add(text, target: routes.count)) != nil else { continue }
            let login: [String: String] = routes.count % 50 == 0 ? ["requiresLogin": "true"] : [:]
            routes.append(RouteDefinition(pattern: text, target: "T\(routes.count)",
                                          priority: rng.oneIn(6) ? rng.below(3) - 1 : 0, metadata: login))
        }
        return RouteFile(routes: routes)
    }

    /// A runtime checks an index link the first time it is read, not at start; read in any order, one by one,
    /// each link reads as the link checked eagerly against the same router
    /// (``AppDescription/checkingIndexLinks(on:)``), note included.
    @Test func deferredLinksReadAsEagerOnesInAnyOrder() throws {
        var rng = SplitMix64(seed: 0x1d_0003)
        var files = (0..<120).map { k in
            var file = Self.randomFile(&rng)
            if k % 3 == 1 {
                file.redirects = [(from: "app://zz/:p", to: "app://a/:p"), (from: "app://c/x", to: "app://b/x")]
            }
            if k % 3 == 2 {
                file.relocations = RelocationTable(entries: [.delete(pattern: "app://a/42"),
                                                             .replace(pattern: "app://b/abc", to: "app://c/7")])
            }
            return file
        }
        files += Self.files
        var big = Self.generatedFile(3_000, &rng)
        files.append(big)
        // A redirect loop between two hosts, and a redirect into a table route.
        big.redirects = [(from: "app://h1/user/:id<int>", to: "app://h2/user/:id"),
                         (from: "app://h2/user/:id<int>", to: "app://h1/user/:id"),
                         (from: "app://h9/:p", to: "app://h3/:p")]
        files.append(big)
        var compared = 0, notes = 0
        for file in files {
            let runtime = try AppRuntime(app: AppDescription.generatedUnchecked(from: file))
            let eager = AppDescription.generatedUnchecked(from: file).checkingIndexLinks(on: runtime.router)
            for (place, route) in runtime.app.routes.enumerated()
            where runtime.app.isGeneratedScreen(route.pattern) {
                let want = eager.routes[place].links
                #expect(route.links.count == want.count)
                guard let list = route.links.first?.deferredList else { continue }
                #expect(route.links.allSatisfy { $0.deferredList === list })
                #expect(list.madeCount == 0, "no link is checked at start")
                var order = Array(route.links.indices)
                for i in order.indices.reversed() { order.swapAt(i, rng.below(i + 1)) }
                for (n, i) in order.enumerated() {
                    #expect(route.links[i].title == want[i].title, "\(route.links[i].title) ≠ \(want[i].title)")
                    #expect(route.links[i].url == want[i].url, "\(want[i].title)")
                    #expect(list.madeCount == n + 1)
                    compared += 1
                    if want[i].title.contains("(never opens:") { notes += 1 }
                }
            }
        }
        #expect(compared > 6_500, "\(compared)")
        #expect(notes > 50, "\(notes)")
    }

    /// ``AppDescription/hasLink(toPrefix:)`` answers as reading every link's URL does, on generated apps
    /// (whose index links it does not all make) and on their checked and hand-written forms.
    @Test func aLinkToAPrefixIsFoundAsReadingEveryLinkFindsIt() throws {
        var rng = SplitMix64(seed: 0x1d_0004)
        let patterns = ["app://services/:m", "services/x/:id", "APP://Services/y", "app://services",
                        "other://services/z", "app://:h(services)/w", "app://servicesx/q", "**/services/:n",
                        "app://ser%76ices/v", "app://a/:p", "app://b/x"]
        let prefixes = ["app://services/", "app://services", "other://services/", "app://example/", "app://b/"]
        var found = 0
        for k in 0..<300 {
            var file = Self.randomFile(&rng)
            var builder = RouteTableBuilder<Int>()
            for route in file.routes { _ = try? builder.add(route.pattern, target: 0) }
            for _ in 0..<rng.below(3) {
                let text = rng.pick(patterns)
                guard (try? builder.add(text, target: 0)) != nil else { continue }
                let route = RouteDefinition(pattern: text, target: "S\(k)")
                file.routes.insert(route, at: rng.below(file.routes.count + 1))
            }
            let runtime = try AppRuntime(app: AppDescription.generatedUnchecked(from: file))
            for app in [AppDescription.generatedUnchecked(from: file), AppDescription.generated(from: file),
                        runtime.app] {
                for prefix in prefixes {
                    let want = app.routes.contains { $0.links.contains { $0.url.hasPrefix(prefix) } }
                    #expect(app.hasLink(toPrefix: prefix) == want, "\(prefix) \(file.routes.map(\.pattern))")
                    if want { found += 1 }
                }
            }
        }
        #expect(found > 300, "\(found)")
    }

    /// A generated app's routes are registered with the patterns parsed for its description: the runtime's
    /// router has the routes the patterns' texts give it, in order, and a duplicate is refused as it is then.
    @Test func parsedPatternsRegisterAsTheirTexts() throws {
        var rng = SplitMix64(seed: 0x1d_0005)
        var refused = 0
        for k in 0..<150 {
            var file = Self.randomFile(&rng)
            if k % 5 == 0, let first = file.routes.first { file.routes.append(first) }
            if k % 7 == 0 { file.routes.append(RouteDefinition(pattern: "app://a/(", target: "Bad")) }
            let parsed = AppDescription.generatedUnchecked(from: file)
            var texts = parsed
            texts.uncheckedIndexLinks?.routePatterns = []
            let routes = { (runtime: AppRuntime) in
                runtime.router.registeredRoutes.map { route in
                    let metadata = route.target.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    return "\(route.pattern) \(route.target.name) \(route.priority) \(metadata)"
                }
            }
            let got = Result { () throws(RouteFileError) in try AppRuntime(app: parsed) }
            let want = Result { () throws(RouteFileError) in try AppRuntime(app: texts) }
            switch (got, want) {
            case (.success(let runtime), .success(let wanted)):
                #expect(routes(runtime) == routes(wanted))
                #expect(runtime.app == wanted.app)
            case (.failure(let error), .failure(let wanted)):
                #expect(error.description == wanted.description)
                refused += 1
            default:
                Issue.record("registered with parsed patterns: \(got), with texts: \(want)")
            }
        }
        #expect(refused > 20, "\(refused)")
    }
}
