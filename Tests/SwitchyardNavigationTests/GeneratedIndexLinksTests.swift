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
}
