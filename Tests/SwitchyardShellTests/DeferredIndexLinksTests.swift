import Switchyard
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing
import TerminalKit
@testable import SwitchyardShell

/// A generated app's index links are checked when they are drawn or opened, and the route table panel's rows
/// are made when F3 first shows them: the app draws the same frames as the app whose links were all checked
/// at start, key after key, and its first frame checks only the links it draws or marks.
@Suite("Deferred index links")
@MainActor
struct DeferredIndexLinksTests {
    /// Routes that shadow one another (links that note the route that wins), a redirect loop, and many links,
    /// so that the index scrolls.
    static func file() -> RouteFile {
        var routes: [RouteDefinition] = []
        for k in 0..<900 {
            routes.append(RouteDefinition(pattern: "app://h\(k % 3)/item\(k)/:id<int>", target: "Item\(k)"))
            if k % 10 == 0 {
                routes.append(RouteDefinition(pattern: "app://h\(k % 3)/item\(k)/:name", target: "Named\(k)",
                                              priority: -1))
                routes.append(RouteDefinition(pattern: "app://h\(k % 3)/item\(k)/:v([0-9]+)", target: "Wins\(k)",
                                              priority: 1, metadata: ["requiresLogin": "true"]))
            }
        }
        routes.append(RouteDefinition(pattern: "app://h0/a", target: "A"))
        routes.append(RouteDefinition(pattern: "app://h0/b", target: "B"))
        return RouteFile(routes: routes, redirects: [("app://h0/a", "app://h0/b"), ("app://h0/b", "app://h0/a")])
    }

    static let keys: [[Key]] = [
        [], [.down, .down], [.pageDown, .pageDown, .pageDown], [.end], [.pageUp], [.up, .up, .up],
        [.function(3)], Key.typing("wins"), [.down], [.escape], Key.typing("\r"), [.escape],
        Key.typing(":app://h0/it"), [.tab], [.escape, .escape],
    ]

    @Test func theFramesAreThoseOfTheAppCheckedAtStart() async throws {
        let file = Self.file()
        let eagerTerminal = MemoryTerminal(width: 120, height: 40)
        let eager = AppLoop(runtime: try AppRuntime(app: AppDescription.generated(from: file, name: "t.json")),
                            terminal: eagerTerminal, animations: false, stopsWhenIdle: true)
        let lazyTerminal = MemoryTerminal(width: 120, height: 40)
        let runtime = try AppRuntime(app: AppDescription.generatedUnchecked(from: file, name: "t.json"))
        let list = try #require(runtime.state.top.links.first?.deferredList)
        // The first tab lists the routes of host h0.
        #expect(runtime.state.top.links.count == file.routes.filter { $0.pattern.hasPrefix("app://h0/") }.count)
        #expect(list.madeCount == 0)
        let lazy = AppLoop(runtime: runtime, terminal: lazyTerminal, animations: false, stopsWhenIdle: true)
        for (step, keys) in Self.keys.enumerated() {
            await AppFixture.send(keys, to: eager, eagerTerminal)
            await AppFixture.send(keys, to: lazy, lazyTerminal)
            let want = try #require(eagerTerminal.lastFrame).description
            let got = try #require(lazyTerminal.lastFrame).description
            #expect(got == want, "step \(step) (\(keys))")
            if step == 0 {
                // The first frame: the links it draws, and those the lock marks are worked out for.
                #expect(list.madeCount <= RuntimeSnapshot.lockCheckLimit + 40, "\(list.madeCount)")
                #expect(list.madeCount < runtime.state.top.links.count / 2, "\(list.madeCount)")
            }
        }
        // Among the links compared, some note the route that wins instead.
        #expect(runtime.app.routes.flatMap(\.links).contains { $0.title.contains("(never opens: ") })
        #expect(lazy.model.state == eager.model.state)
        #expect(lazy.model.routes == eager.model.routes)
    }
}
