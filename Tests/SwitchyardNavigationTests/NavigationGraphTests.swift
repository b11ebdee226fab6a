import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing
import SwitchyardDemo
@testable import SwitchyardNavigation

/// The navigation graph: edges resolved through the app's router, and the demo app's graph pinned
/// as golden DOT and Mermaid text (SWITCHYARD_UPDATE_GOLDEN=1 rewrites them).
@MainActor
@Suite struct NavigationGraphTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Graphs")

    static let app = #"""
    {
      "name": "Tiny",
      "loginURL": "app://login",
      "tabs": [{"title": "Home", "root": "app://home"}, {"title": "Orders", "root": "app://orders"}],
      "routes": [
        {"pattern": "app://home", "target": "Home", "opens": "tab",
         "links": [{"title": "Order 5", "url": "app://order/5"}, {"title": "Old", "url": "app://legacy/5"},
                   {"title": "Broken", "url": "app://nowhere"}, {"title": "Bad id", "url": "app://order/abc"}]},
        {"pattern": "app://orders", "target": "Orders", "opens": "tab", "metadata": {"requiresLogin": true}},
        {"pattern": "app://order/:id<int>", "target": "Order", "title": "Order \"{id}\"", "parent": "app://orders",
         "links": [{"title": "Track", "url": "app://order/{id}/track"}]},
        {"pattern": "app://order/:id<int>/track", "target": "Track", "parent": "app://order/{id}"},
        {"pattern": "app://login", "target": "Login", "opens": "modal"}
      ],
      "redirects": [{"from": "app://legacy/:id", "to": "app://order/:id"}]
    }
    """#

    @Test func edgesGoWhereOpeningTheURLWouldGo() throws {
        let description = try AppDescription.decode(json: Data(Self.app.utf8))
        let graph = NavigationGraph(runtime: try AppRuntime(app: description))
        func edge(_ from: String, _ label: String) -> String? {
            graph.edges.first { $0.from == from && $0.label == label }?.to
        }
        #expect(graph.edges.filter { $0.kind == .root }.map { "\($0.from)→\($0.to)" } == ["tab1→screen0", "tab2→screen1"])
        #expect(edge("screen0", "Order 5") == "screen2")
        #expect(edge("screen0", "Old") == "screen2", "a link through a redirect ends at the redirect's destination")
        #expect(edge("screen2", "Track") == "screen3", "a link template is filled from the screen's own parameters")
        // A link that reaches no screen ends in a missing node that says so.
        let broken = try #require(graph.nodes.first { $0.id == edge("screen0", "Broken") })
        #expect(broken.kind == .missing)
        #expect(broken.label == ["app://nowhere", "no route"])
        #expect(graph.nodes.first { $0.id == edge("screen0", "Bad id") }?.kind == .missing, "`abc` fails :id<int>")
        // Parents point at the screens built under them.
        #expect(graph.edges.filter { $0.kind == .parent }.map { "\($0.from)→\($0.to)" } == ["screen1→screen2", "screen2→screen3"])
        #expect(graph.nodes.filter(\.isGated).map(\.id) == ["screen1"])
        let rule = try #require(graph.edges.first { $0.kind == .redirect })
        #expect(graph.nodes.first { $0.id == rule.from }?.label == ["app://legacy/:id"])
        #expect(rule.to == "screen2")
        // Quotes in titles are escaped in both outputs.
        #expect(graph.dot.contains(#"label="Order \"{id}\"\napp://order/:id<int>""#))
        #expect(graph.mermaid.contains(#"screen2("Order #quot;{id}#quot;<br/>app://order/:id#lt;int#gt;")"#))
        #expect(graph.mermaid.contains("class screen1 gated"))
    }

    /// A generated app's index screens are named after their tab, as the app names them, not by
    /// their internal `switchyard-index://tab/N` URLs.
    @Test func aGeneratedAppsIndexScreensAreNamedAsTheAppNamesThem() throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile"),
            RouteDefinition(pattern: "https://:host/*path", target: "Web"),
        ])
        let graph = NavigationGraph(runtime: try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json")))
        #expect(graph.nodes.filter { $0.kind == .tab }.map(\.label) == [["Tab 1: user"], ["Tab 2: *"]])
        let roots = graph.edges.filter { $0.kind == .root }.map(\.to)
        #expect(roots.map { id in graph.nodes.first { $0.id == id }?.label } == [["user index (tab 1)"], ["* index (tab 2)"]])
        for text in [graph.dot, graph.mermaid] {
            #expect(!text.contains("switchyard-index://tab"), "\(text)")
        }
        #expect(graph.mermaid.contains(#"("user index (tab 1)")"#))
    }

    /// Routes that share a target (as imported tables' do) are each their own screen in the graph: an
    /// edge goes to the screen of the route that opens. Every route that can win is reached from its
    /// index; the rest are summarised per host, not drawn one by one.
    @Test func routesSharingATargetAreEachReachedAndTheUnreachableAreSummarised() throws {
        var routes: [RouteDefinition] = []
        for host in ["video", "channel", "playlist"] {
            for k in 0..<15 { routes.append(RouteDefinition(pattern: "https://\(host).example/p\(k)/:id", target: "Stream")) }
        }
        let graph = NavigationGraph(runtime: try AppRuntime(app: AppDescription.generated(from: RouteFile(routes: routes), name: "big.json")))
        let screens = graph.nodes.filter { $0.kind == .screen && !$0.label[0].contains("index") }
        #expect(screens.count == routes.count, "every route is drawn: \(screens.count)")
        #expect(!graph.nodes.contains { $0.kind == .unreachable })
        let reached = Set(graph.edges.filter { $0.kind == .link }.map(\.to))
        #expect(screens.allSatisfy { reached.contains($0.id) })
        // Past 40 screens, they are drawn in one box per host.
        #expect(graph.groups.map(\.title) == ["video.example", "channel.example", "playlist.example"])
        #expect(graph.groups.map(\.nodes.count) == [15, 15, 15])
        #expect(graph.dot.contains(#"subgraph cluster_1 { label="channel.example"; style=dashed; screen15; screen16;"#))
        #expect(graph.mermaid.contains("  subgraph group2 [\"playlist.example\"]\n    screen30\n"))

        // Twenty screens no link reaches: one summary node per host, not twenty nodes.
        var screensOnly = [ScreenRoute(pattern: "app://home", kind: "Home", opens: .tab)]
        for k in 0..<20 { screensOnly.append(ScreenRoute(pattern: "app://a\(k % 2)/x\(k)", kind: "S\(k)")) }
        let lonely = NavigationGraph(runtime: try AppRuntime(app: AppDescription(
            name: "T", tabs: [TabDescription(title: "Home", root: "app://home")], routes: screensOnly)))
        let summaries = lonely.nodes.filter { $0.kind == .unreachable }
        #expect(summaries.map { $0.label[0] } == ["10 unreachable screens on host a0", "10 unreachable screens on host a1"])
        #expect(summaries.first?.label.last == "… and 7 more")
        #expect(!lonely.nodes.contains { $0.kind == .screen && $0.label.last?.hasPrefix("app://a") == true })
    }

    /// In a generated app each index link opens the route it names, even when another route outranks
    /// the route's first example URL (`app://share/:id` takes `app://share/42` from `share/:id`).
    @Test func eachIndexLinkOpensTheRouteItNames() throws {
        // The share table the index-link tests use.
        let file = GeneratedIndexLinksTests.files[0]
        let app = AppDescription.generated(from: file, name: "share.json")
        let runtime = try AppRuntime(app: app)
        var checked = 0
        for link in app.routes.flatMap(\.links) {
            let named = String(link.title.prefix { $0 != " " })
            guard let pattern = try? RoutePattern(named) else { continue }
            let reached = runtime.router.resolve(link.url).match?.pattern.description
            if link.title.contains("never opens") {
                #expect(reached != pattern.description, "\(link.title)")
            } else {
                #expect(reached == pattern.description, "\(link.title) → \(link.url) opens \(reached ?? "nothing")")
                checked += 1
            }
        }
        #expect(checked == 6)
    }

    @Test(arguments: ["dot", "mmd"])
    func theDemoAppsGraph(_ format: String) throws {
        let graph = NavigationGraph(runtime: try DemoApp.makeRuntime())
        let text = (format == "dot" ? graph.dot : graph.mermaid) + "\n"
        let file = Self.directory.appendingPathComponent("demo.\(format)")
        if let note = try GoldenFile.update(text, at: file) { Issue.record(Comment(rawValue: note)) }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "the demo app's graph changed; rerun with SWITCHYARD_UPDATE_GOLDEN=1 if intended")
    }
}
