import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// The runtime's contracts in isolation: outcomes after placement, callbacks, custom handlers and jump
/// actions, templates, and the command vocabulary.
@MainActor
struct AppRuntimeTests {
    @Test func aVetoedPlacementReachesTheCallbackAndTheFailureHandlerOnce() async throws {
        let runtime = try DemoApp.makeRuntime()
        let failures = Deliveries()
        runtime.router.setFailureHandler { outcome, _ in failures.callback().finish(outcome) }
        _ = await runtime.perform(.login)
        _ = await runtime.perform(.open("app://settings/edit"))
        let got = Deliveries()
        let report = await runtime.perform(.open("app://discover/item/7"), callback: got.callback())
        #expect(report.outcome?.code == "vetoed")
        #expect(got.all == ["vetoed"])
        #expect(failures.all == ["vetoed"])
        #expect(runtime.state.top.title == "Edit profile")
    }

    /// The resumed open's placement line names the login screen's dismissal that came first, as the
    /// step's transition does.
    @Test func aResumedOpensPlacementSaysTheLoginScreenWasDismissedFirst() async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.open("app://order/42"))
        let report = await runtime.perform(.login)
        let placement = try #require(report.trace?.steps.last { $0.kind == .placement })
        #expect(placement.detail == "dismiss Log in (slideToBottom), then tabSwitch 1 → 3, then push Orders → Order #42 (slideFromRight)")
        #expect(report.transition.summary == placement.detail)
        // An open that resumes nothing says only what it placed.
        let next = await runtime.perform(.open("app://order/7"))
        #expect(next.trace?.steps.last { $0.kind == .placement }?.detail == "push Order #42 → Order #7 (slideFromRight)")
    }

    /// A screen's URL is what opens it again: the query items that say how it was opened (`jumpType`,
    /// `animation`, `tabBarSelecIndex`) are left out, the rest kept as written; a tab's root reopened
    /// by `tab N` does not keep the jump type of an earlier open.
    @Test func aScreensURLLeavesOutTheKeysThatSteerTheNavigation() async throws {
        let cases: [(String, String)] = [
            ("app://orders?jumpType=popTo", "app://orders"),
            ("app://orders?jumpType=popTo&x=1", "app://orders?x=1"),
            ("app://u/7?a=1&animation=fade&b=%20#top", "app://u/7?a=1&b=%20#top"),
            ("app://home?jumpType=5&tabBarSelecIndex=2", "app://home"),
            ("app://home?jump%54ype=push&k", "app://home?k"),
            ("app://home#f?jumpType=push", "app://home#f?jumpType=push"),
            ("app://home?", "app://home"),
            ("app://home", "app://home"),
        ]
        for (url, expected) in cases {
            #expect(ScreenHandler.withoutControlKeys(url) == expected, "\(url)")
        }
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.login)
        _ = await runtime.perform(.open("app://orders?jumpType=popTo"))
        #expect(runtime.state.top.url == "app://orders")
        _ = await runtime.perform(.tab(1))
        _ = await runtime.perform(.tab(3))
        #expect(runtime.state.top.url == "app://orders")
    }

    /// A tab jump's placement line says what else moved (a sheet closed, a stack popped) and names
    /// the screen that shows when it is not the tab's own root.
    @Test func aTabJumpsPlacementNamesWhatMovedAndWhatShows() async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.login)
        _ = await runtime.perform(.open("app://order/42"))
        _ = await runtime.perform(.open("app://discover/item/7?jumpType=present"))
        let jump = await runtime.perform(.open("app://discover/item/7?jumpType=5&tabBarSelecIndex=1"))
        let placement = try #require(jump.trace?.steps.last { $0.kind == .placement }?.detail)
        #expect(placement == "closed Item #7, then back to Orders, then showed tab 2 (Discover)", "\(placement)")
        #expect(runtime.state.top.title == "Discover")

        let reset = try DemoApp.makeRuntime()
        _ = await reset.perform(.login)
        _ = await reset.perform(.open("app://settings"))
        _ = await reset.perform(.open("app://home/reset"))
        let root = reset.state.top.title
        _ = await reset.perform(.tab(1))
        let back = await reset.perform(.tab(4))
        let note = try #require(back.trace?.steps.last { $0.kind == .placement }?.detail)
        #expect(reset.state.top.title == root)
        #expect(root == "Me" || note.contains("showing \(root)"), "the note names the screen on top: \(note)")
    }

    /// A deep link whose parent is on the user's own path keeps that path, over a sheet too: the sheet
    /// is dismissed and the screen pushed on top, no back stack dropped.
    @Test func aDeepLinkOverASheetKeepsTheBackStack() async throws {
        let runtime = try DemoApp.makeRuntime()
        for url in ["app://discover/item/7", "app://discover/item/9", "app://share/9"] {
            _ = await runtime.perform(.open(url))
        }
        let report = await runtime.perform(.open("app://discover/item/10"))
        #expect(runtime.state.compactDescription == "[Discover] Discover > Item #7 > Item #9 > Item #10")
        #expect(report.transition.description.hasPrefix("dismiss Share #9"), "\(report.transition)")
    }

    @Test func aHoldCancelledByATabSwitchFiresCancelledOnce() async throws {
        let runtime = try DemoApp.makeRuntime()
        let got = Deliveries()
        _ = await runtime.perform(.open("app://order/42"), callback: got.callback())
        #expect(got.all.isEmpty)
        #expect(runtime.heldNavigation?.url == "app://order/42")
        let report = await runtime.perform(.tab(2))
        #expect(got.all == ["cancelled"])
        #expect(report.cancelledHold?.url == "app://order/42")
        _ = await runtime.perform(.login)
        #expect(got.all == ["cancelled"])
        #expect(runtime.state.compactDescription == "[Discover] Discover")
    }

    @Test func aTabSwitchToAnotherGatedTabEndsTheFirstHoldOnceAndHoldsTheSecond() async throws {
        let runtime = try DemoApp.makeRuntime()
        let first = Deliveries()
        _ = await runtime.perform(.tab(3), callback: first.callback())
        let report = await runtime.perform(.tab(4))
        #expect(first.all == ["cancelled"])
        #expect(report.cancelledHold?.openID == 1)
        #expect((report.message ?? "").components(separatedBy: " cancelled: ").count == 2, "\(report.message ?? "")")
        let cancels = runtime.timeline.compactMap { event -> Int? in
            if case .cancel(let id, _, _) = event.kind { return id }
            return nil
        }
        #expect(cancels == [1], "one cancel event for #1, none for the new hold")
        #expect(runtime.heldNavigation?.url == "app://me", "the tab's root as written: the tab jump is native")
    }

    /// A callback the demo allows is placed in the step of the open that named it and logged after it;
    /// an app description without a callback allow list refuses callbacks and says why.
    @Test func aCallbackIsPlacedInTheSameStepAndLogged() async throws {
        let runtime = try DemoApp.makeRuntime()
        let report = await runtime.perform(.open("app://user/7?callBack=app%3A%2F%2Fdiscover"))
        #expect(report.outcome?.code == "handled")
        #expect(runtime.state.top.title == "Discover")
        #expect(runtime.timeline.map(\.description) == [
            "#1 open app://user/7?callBack=app%3A%2F%2Fdiscover",
            "#1 callback app://discover?outcome=handled (#2): handled by app://discover (tab Discover)",
        ])
        let other = try DemoApp.makeRuntime(app: try DemoApp.description())
        let refused = await other.perform(.open("app://user/7?callBack=app%3A%2F%2Fdiscover"))
        #expect(other.state.top.title == "User 7")
        #expect(refused.message == "callback refused: no callback allow list is set, so callback URLs are refused")
    }

    @Test func theCommandThatClosesTheLoginScreenIsLoggedBeforeTheCancelItCauses() async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.open("app://order/42"))
        _ = await runtime.perform(.back())
        let lines = runtime.timeline.map(\.description)
        let back = try #require(lines.firstIndex { $0.hasPrefix("back") }, "\(lines)")
        let cancel = try #require(lines.firstIndex { $0.hasPrefix("cancel #1") }, "\(lines)")
        #expect(back < cancel, "\(lines)")
    }

    @Test func aLoginScreenWhoseHoldWasCancelledHoldsNothing() async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.open("app://order/42"))
        #expect(runtime.heldNavigation?.openID == 1)
        // Another screen takes the login screen's place: the hold ends and the login screen goes.
        _ = await runtime.perform(.open("app://share/5"))
        #expect(runtime.heldNavigation == nil)
        #expect(!runtime.state.screensFromTop.contains { $0.title == "Log in" })
        _ = await runtime.perform(.dismiss())
        // The login screen opened directly holds nothing.
        _ = await runtime.perform(.open("app://login"))
        #expect(runtime.state.top.title == "Log in")
        #expect(runtime.heldNavigation == nil)
        #expect(runtime.holdViolation == nil)
        // The state never stores what the login screen waits for: the app reads it from the hold.
        #expect(!runtime.state.screensFromTop.contains { $0.body.contains { $0.contains("Waiting to open") } })
        // Logging in now resumes nothing.
        let report = await runtime.perform(.login)
        #expect(report.trace == nil)
        #expect(runtime.state.compactDescription == "[Home] Home")
    }

    @Test func aResumedHoldFiresOnceWithTheResumedOutcome() async throws {
        let runtime = try DemoApp.makeRuntime()
        let got = Deliveries()
        _ = await runtime.perform(.open("app://order/42"), callback: got.callback())
        let report = await runtime.perform(.login)
        #expect(got.all == ["handled"])
        #expect(report.outcome?.code == "handled")
        #expect(report.transition.kind == "dismiss+tabSwitch+push")
    }

    /// A handler written outside the package returns a placement and names a custom jump action.
    struct BannerHandler: RouteHandler {
        func handle(_ request: RouteRequest) async throws -> RouteResult {
            let screen = Screen(kind: "Banner", url: request.url.original, pattern: request.pattern.description,
                                title: "Banner \(request["text"] ?? "")")
            return RouteResult(ScreenPlacement(screen: screen, customJump: "banner"))
        }
    }

    @Test func customHandlersAndJumpActionsPlaceScreens() async throws {
        let runtime = try DemoApp.makeRuntime()
        try runtime.router.register("app://banner", target: "Banner", handler: BannerHandler())
        _ = await runtime.perform(.open("app://cart"))
        let failed = await runtime.perform(.open("app://banner?text=hi"))
        #expect(failed.outcome?.code == "placement_failed")
        runtime.registerJumpAction("banner") { placement, state throws(NavigationError) in
            try state.applying(.replaceTop(placement.screen, animation: .fade))
        }
        let placed = await runtime.perform(.open("app://banner?text=hi"))
        #expect(placed.outcome?.code == "handled")
        #expect(runtime.state.top.title == "Banner hi")
        #expect(placed.transition.kind == "replace")
    }

    @Test func commandsReadAndPrintScriptLines() throws {
        let table: [(String, NavigationCommand)] = [
            ("open app://x?a=1", .open("app://x?a=1")), ("back", .back()),
            ("back slideFromLeft", .back(animation: .slideFromLeft)),
            ("dismiss", .dismiss()), ("tab 2", .tab(2)), ("tap 1", .tap(1)), ("login", .login), ("logout", .logout),
            ("discard", .discard),
        ]
        for (line, command) in table {
            #expect(try NavigationCommand(parsing: line) == command)
            #expect(command.description == line)
        }
        #expect(try NavigationCommand(parsing: "  back slideToRight \t") == .back(animation: .slideFromRight))
        // A back or dismiss names the animation by its own name; the exit names read as the same one.
        #expect(try NavigationCommand(parsing: "back slideToLeft").description == "back slideFromLeft")
        #expect(NavigationCommand.dismiss(animation: .slideFromTop).description == "dismiss slideFromTop")
        #expect(NavigationCommand.back(animation: .slideFromLeft).withoutAnimation == .back())
        let bad: [(String, String)] = [
            ("tab 0", "tab needs a tab number (a number from 1)"), ("open", "open needs a URL"),
            ("back sideways", "unknown animation 'sideways' (slideFromRight, slideFromLeft, slideFromTop, slideFromBottom, fade, none; slideToRight… name the same ones)"),
            ("login now", "login takes no argument (got 'now')"),
            ("jump 3", "unknown command 'jump' (open, back, dismiss, tab, tap, login, logout, discard, expect)"),
        ]
        for (line, message) in bad {
            #expect(throws: CommandParseError(message)) { try NavigationCommand(parsing: line) }
        }
    }

    /// Every command the recorder can write (`--record` writes each command's description) reads back
    /// as the same command, and each animation it names is one the README's animation list names.
    @Test func everyRecordedCommandParsesBackToItself() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let list = try #require(text.split(separator: "\n").first { $0.hasPrefix("  | `animation` |") })
        var commands: [NavigationCommand] = [.open("app://x?a=1"), .back(), .dismiss(), .tab(3), .tap(2), .login,
                                             .logout, .discard]
        for animation in Animation.builtIns {
            commands += [.back(animation: animation), .dismiss(animation: animation)]
        }
        for command in commands {
            let line = command.description
            #expect(try NavigationCommand(parsing: line) == command, "\(line)")
            let animated = line.hasPrefix("back") || line.hasPrefix("dismiss")
            if let word = line.split(separator: " ").dropFirst().first, animated {
                #expect(list.contains("`\(word)`"), "the README's animation list names \(word)")
            }
        }
        // The `<` key's command, as the README's key table writes it.
        #expect(text.contains("(`\(NavigationCommand.back(animation: .slideFromLeft))` in a script"))
    }

    @Test func scriptsWithCRLFAndABOMRunLineByLine() async throws {
        for text in ["\u{FEFF}open app://cart\r\nexpect top Cart\r\nexpect top Nope\r\n",
                     "open app://cart\rexpect top Cart\rexpect top Nope", "open app://cart\nexpect top Cart\nexpect top Nope\n"] {
            let runtime = try DemoApp.makeRuntime()
            var lines: [String] = []
            let runner = ScriptRunner(runtime: runtime, showTraces: false) { lines.append($0) }
            let passed = await runner.run(text)
            #expect(!passed)
            #expect(runner.passedExpectations == 1)
            #expect(runner.failures == 1)
            #expect(lines.contains("line 2: ok: expect top Cart"))
        }
        #expect(ScriptRunner.lines(of: "a\r\nb\n\nc\r") == ["a", "b", "", "c", ""])
    }

    @Test("URL templates encode values for their component", arguments: [
        ("app://search/{q}", ["q": "50%"], "app://search/50%25"),
        ("app://search/{q}", ["q": "a/b"], "app://search/a%2Fb"),
        ("app://search/{q}", ["q": ".."], "app://search/%2E%2E"),
        ("app://x?q={q}", ["q": "x&jumpType=setRoot"], "app://x?q=x%26jumpType%3DsetRoot"),
        ("app://x?q={q}#top", ["q": "a#b c"], "app://x?q=a%23b%20c#top"),
        ("app://{host}/y", ["host": "evil.com/z"], "app://evil.com%2Fz/y"),
        ("app://x/{missing}?a={gone}", [:], "app://x/?a="),
        ("app://x/{id}{id}", ["id": "7"], "app://x/77"),
        ("app://x/{not a name}", ["q": "1"], "app://x/{not a name}"),
    ])
    func urlTemplates(_ template: String, _ values: [String: String], _ expected: String) {
        #expect(ScreenFactory.fillURL(template, values) == expected)
    }

    @Test func textTemplatesShowDecodedValuesWithControlsEscapedAndNeverRawPlaceholders() {
        #expect(ScreenFactory.fillText("Search: {q}", ["q": "50%"]) == "Search: 50%")
        #expect(ScreenFactory.fillText("Hi {name}", ["name": "a\u{1B}[2Jb"]) == "Hi a\\u{1B}[2Jb")
        #expect(ScreenFactory.fillText("Sort: {sort}", [:]) == "Sort: —", "a parameter the open did not carry")
        #expect(ScreenFactory.fillText("Sort: {sort}", ["sort": ""]) == "Sort: ", "a parameter given empty")
        #expect(ScreenFactory.fillURL("app://s?sort={sort}", [:]) == "app://s?sort=", "URLs are not filled with a mark")
    }
}

@MainActor
struct TemplateLoadTests {
    @Test func aParentPlaceholderThatCanNeverBeBoundIsRefusedAtLoad() throws {
        let app = AppDescription(name: "T", tabs: [TabDescription(title: "Home", root: "app://home")], routes: [
            ScreenRoute(pattern: "app://home", kind: "Home", opens: .tab),
            ScreenRoute(pattern: "app://item/:id", aliases: ["app://i/:key"], kind: "Item", parent: "app://list/{id}"),
            ScreenRoute(pattern: "app://list/:id", kind: "List", parent: "app://home?from={ref}"),
        ])
        #expect(app.unboundPlaceholders().map(\.description) == [
            "routes[1].parent: {id} can never be bound: it is not a path parameter of app://item/:id and every alias",
            "routes[2].parent: {ref} can never be bound: it is not a path parameter of app://list/:id",
        ])
        #expect(throws: RouteFileError("routes[1].parent", "{id} can never be bound: it is not a path parameter of app://item/:id and every alias")) {
            _ = try AppRuntime(app: app)
        }
        #expect(try DemoApp.description().unboundPlaceholders().isEmpty)
    }
}

@MainActor
struct GeneratedAppTests {
    static let json = #"""
    {"routes": [
      {"pattern": "app://user/:id<int>", "target": "UserProfile"},
      {"pattern": "app://user/login/:phone([0-9]+)", "target": "PhoneLogin"},
      {"pattern": "app://order/:id<uuid>/track", "target": "Tracking", "metadata": {"requiresLogin": true}},
      {"pattern": "app://search/:q?", "target": "Search"},
      {"pattern": "share/:id", "target": "Share"},
      {"pattern": "https://:host/*path", "target": "Web"}
    ], "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}]}
    """#

    @Test func aPlainRouteFileBecomesAnAppWithATabPerHost() async throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        let app = AppDescription.generated(from: file, name: "routes.json")
        #expect(app.tabs.map(\.title) == ["user", "order", "search", "share", "*"])
        let runtime = try AppRuntime(app: app)
        #expect(runtime.state.compactDescription == "[user] user")
        // Every example link of every tab opens its own route.
        for (index, tab) in app.tabs.enumerated() {
            _ = await runtime.perform(.tab(index + 1))
            #expect(runtime.state.currentTab.title == tab.title)
            let links = runtime.state.top.links
            for number in links.indices {
                let report = await runtime.perform(.tap(number + 1))
                #expect(report.outcome?.code == "handled", "\(tab.title) link \(number + 1): \(links[number].url)")
                _ = await runtime.perform(.tab(index + 1))
            }
        }
        #expect(AppDescription.exampleURL(for: "app://user/login/:phone([0-9]+)") == "app://user/login/42")
        #expect(AppDescription.exampleURL(for: "app://order/:id<uuid>/track") == "app://order/123e4567-e89b-42d3-a456-426614174000/track")
        #expect(AppDescription.exampleURL(for: "share/:id") == "app://share/42")
        let report = await runtime.perform(.open("app://profile/7"))
        #expect(report.state.top.pathParameters["id"] == "7" && report.state.top.body == ["target   UserProfile"])
    }

    @Test(arguments: [
        ("https://:host([a-z]+\\.example\\.com)/x", "https://a.example.com/x"),
        ("x://y/:code([A-Z]{3})/:n<uuid>", "x://y/AAA/123e4567-e89b-42d3-a456-426614174000"),
        ("app://p/:phone(\\d{11})", "app://p/11111111111"),
    ])
    func exampleURLsSatisfyEveryConstraint(_ pattern: String, _ expected: String) async throws {
        #expect(AppDescription.exampleURL(for: pattern) == expected)
        // The generated app's index links to the route, and its title keeps the pattern's `{n}`.
        let app = AppDescription.generated(from: RouteFile(routes: [RouteDefinition(pattern: pattern, target: "T")]))
        let runtime = try AppRuntime(app: app)
        #expect(runtime.state.top.links.map(\.title) == ["\(pattern) → T"])
        let report = await runtime.perform(.tap(1))
        #expect(report.outcome?.code == "handled", "\(runtime.state.top.links)")
    }

    @Test func aGeneratedAppGatesRoutesThatRequireLogin() async throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "shop://home", target: "Home"),
            RouteDefinition(pattern: "shop://account", target: "Account", metadata: ["requiresLogin": "true"]),
        ])
        let app = AppDescription.generated(from: file)
        #expect(app.loginURL == AppDescription.generatedLoginURL)
        let runtime = try AppRuntime(app: app)
        #expect(runtime.asksForLogin("shop://account"))
        _ = await runtime.perform(.open("shop://account"))
        #expect(runtime.heldNavigation?.url == "shop://account")
        #expect(runtime.state.top.title == "Log in")
        let resumed = await runtime.perform(.login)
        #expect(resumed.outcome?.code == "handled")
        #expect(runtime.state.top.title == "Account")
        // A relocation `add` path to the gated target asks for login, as opening it is held.
        let aliased = RouteFile(routes: file.routes, relocations: RelocationTable(version: 1, entries: [.add(pattern: "shop://me", target: "Account")]))
        let aliasRuntime = try AppRuntime(app: AppDescription.generated(from: aliased))
        #expect(aliasRuntime.asksForLogin("shop://me"))
        _ = await aliasRuntime.perform(.open("shop://me"))
        #expect(aliasRuntime.heldNavigation?.url == "shop://me")
        #expect(!aliasRuntime.asksForLogin("shop://home"))
        // Without a gated route there is no gate and no login screen.
        #expect(AppDescription.generated(from: RouteFile(routes: [file.routes[0]])).loginURL == nil)
        #expect(AppDescription.generated(from: RouteFile(routes: [])).routes[0].body == ["This route file has no routes."])
    }

    /// The tab of routes on any host has one name, the tab bar's `*`: its index screen's title (the
    /// phone's navigation bar, the script's state) and its name in the log are the same.
    @Test func theAnyHostTabHasOneName() async throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        let app = AppDescription.generated(from: file, name: "routes.json")
        let tab = try #require(app.tabs.last)
        #expect(tab.title == "*")
        let index = try #require(app.routes.first { $0.pattern == tab.root })
        #expect(index.title == "*")
        #expect(app.generatedIndexName(for: tab.root) == "* index (tab 5)")
        let runtime = try AppRuntime(app: app)
        let report = await runtime.perform(.tab(5))
        #expect(report.state.compactDescription == "[*] *")
        _ = await runtime.perform(.tap(1))
        #expect(runtime.state.compactDescription == "[*] * > Web")
    }

    /// The script runner names a generated index screen after its tab in what a step did (the
    /// outcome, the trace), as the tab bar and `switchyard graph` do; it printed
    /// `handled by switchyard-index://tab/2`. The command itself is echoed as written.
    @Test func theScriptRunnerNamesGeneratedIndexScreensAfterTheirTab() async throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        let runtime = try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
        var lines: [String] = []
        let runner = ScriptRunner(runtime: runtime, showTraces: true) { lines.append($0) }
        #expect(await runner.run("tab 2\nexpect outcome handled\nopen switchyard-index://tab/5\nexpect top *\n"))
        #expect(lines.contains { $0.hasPrefix("  outcome: handled by order index (tab 2) (") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  outcome: handled by * index (tab 5)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  trace: ") && $0.contains("order index (tab 2)") }, "\(lines)")
        #expect(lines.contains("> open switchyard-index://tab/5"))
        let shown = lines.filter { !$0.hasPrefix("> ") }
        #expect(!shown.contains { $0.contains("switchyard-index://tab") }, "\(shown)")
    }

    /// A tab switch over modals says in its placement line (the trace, the app's log) what it dismissed
    /// first, as the step's transition does; the log named only the tab switch.
    @Test(arguments: [
        ("open app://order/42\nopen app://user/login/13800000000\ntab 2\n",
         "dismiss Log in as 13800000000, Log in (slideToBottom), then tabSwitch 1 → 2"),
        ("login\nopen app://checkout/5\ntab 2\n", "dismiss Checkout #5 (slideToBottom), then tabSwitch 1 → 2"),
        ("tab 2\n", "placement Discover: tabSwitch 1 → 2"),
    ])
    func aTabSwitchsPlacementNamesWhatItDismissed(_ script: String, _ placed: String) async throws {
        let runtime = try DemoApp.makeRuntime(routeCache: DemoRoutesTests.noCache)
        var lines: [String] = []
        let runner = ScriptRunner(runtime: runtime, showTraces: true) { lines.append($0) }
        _ = await runner.run(script)
        let last = lines.split { $0.hasPrefix("> tab") }.last ?? []
        #expect(last.contains { $0.hasPrefix("  trace: placement Discover: ") && $0.contains(placed) }, "\(lines)")
        #expect(last.contains { $0.hasPrefix("  transition: ") && placed.hasSuffix($0.dropFirst(14)) }, "\(last)")
    }

    @Test func manyHostsShareOneRoutesTab() throws {
        let routes = (1...8).map { RouteDefinition(pattern: "app://h\($0)/x", target: "T\($0)") }
        let app = AppDescription.generated(from: RouteFile(routes: routes))
        #expect(app.tabs.map(\.title) == ["Routes"])
        let index = try #require(app.routes.first { $0.pattern == app.tabs[0].root })
        #expect(index.links.count == 8)
        // The file's routes come first, in file order, so errors and the app name the same `routes[i]`.
        #expect(app.routes.prefix(8).map(\.pattern) == routes.map(\.pattern))
    }

    @Test func generatedIndexScreensAreNamedAfterTheirTabNotTheirInternalURL() throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        let app = AppDescription.generated(from: file, name: "routes.json")
        #expect(app.generatedIndexName(for: "switchyard-index://tab/1") == "user index (tab 1)")
        #expect(app.generatedIndexName(for: "switchyard-index://tab/5?jumpType=tab") == "* index (tab 5)")
        #expect(app.generatedIndexName(for: "switchyard-index://tab/6") == nil, "no such tab")
        #expect(app.generatedIndexName(for: "switchyard-index://tab/1/x") == nil)
        #expect(app.generatedIndexName(for: "app://user/42") == nil)
        #expect(app.showingIndexNames(in: "#1 switchyard-index://tab/2?jumpType=tab: handled by switchyard-index://tab/2 · 1 ms")
            == "#1 order index (tab 2): handled by order index (tab 2) · 1 ms")
        #expect(app.showingIndexNames(in: "app://user/42 and switchyard-index://login") == "app://user/42 and the login screen")
        // An app that was not generated keeps such URLs as they are.
        let plain = AppDescription(name: "x", tabs: [TabDescription(title: "A", root: "app://a")],
                                   routes: [ScreenRoute(pattern: "app://a", kind: "A")])
        #expect(plain.showingIndexNames(in: "switchyard-index://tab/1") == "switchyard-index://tab/1")
    }

    /// A reload's runtime takes over: numbers go on, the login state stays, the user stays put.
    @Test func aReloadedRuntimeCarriesOnFromTheOneItReplaces() async throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        let app = AppDescription.generated(from: file, name: "routes.json")
        let old = try AppRuntime(app: app)
        _ = await old.perform(.tab(3))
        _ = await old.perform(.tap(1))
        #expect(old.state.compactDescription == "[search] search > Search")
        _ = await old.perform(.open("app://order/123e4567-e89b-42d3-a456-426614174000/track"))
        _ = await old.perform(.login)
        _ = await old.perform(.tab(3))
        _ = await old.perform(.tap(1))
        let lastOpen = try #require(old.router.history.last?.id)

        let next = try AppRuntime(app: app)
        let carried = next.carryOn(from: old)
        #expect(carried.keptPlace)
        #expect(carried.description == "still on Search")
        #expect(next.state.compactDescription == "[search] search > Search")
        #expect(next.isLoggedIn)
        let report = await next.perform(.open("app://user/7"))
        #expect(report.trace?.id == lastOpen + 1, "open numbers go on after a reload")
        #expect((next.timeline.first?.sequence ?? 0) > (old.timeline.last?.sequence ?? 0))

        // A table without the current screen's route: back at the tab's root, said in words.
        let fewer = AppDescription.generated(from: RouteFile(routes: file.routes.filter { $0.target != "UserProfile" }), name: "routes.json")
        let third = try AppRuntime(app: fewer)
        let lost = third.carryOn(from: next)
        #expect(!lost.keptPlace)
        #expect(lost.description == "app://user/7 no longer routes: back at search")
        #expect(third.state.compactDescription == "[search] search")
    }

    /// The login state stays across reloads, also across one whose file needs no login (no gate, no
    /// indicator): the next reload that brings the gate back finds the user logged in, and a user
    /// logged out stays logged out.
    @Test(arguments: [true, false])
    func theLoginStateOutlivesAReloadWithoutAGate(loggedIn: Bool) async throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        #expect(file.routes.contains { $0.metadata["requiresLogin"] == "true" }, "the table has gated routes")
        let gated = AppDescription.generated(from: file, name: "routes.json")
        var open = file
        open.routes = file.routes.map { r in
            var r = r
            r.metadata["requiresLogin"] = nil
            return r
        }
        let ungated = AppDescription.generated(from: open, name: "routes.json")
        let first = try AppRuntime(app: gated)
        if loggedIn { _ = await first.perform(.login) }
        #expect(first.isLoggedIn == loggedIn)
        let second = try AppRuntime(app: ungated)
        second.carryOn(from: first)
        #expect(!second.isLoggedIn, "no gate, no login state shown")
        let third = try AppRuntime(app: gated)
        third.carryOn(from: second)
        #expect(third.isLoggedIn == loggedIn)
    }

    /// Logged out, a reload never leaves up a screen its file puts behind the login gate: the app goes back
    /// as a logout does and says what closed; logged in, the user stays. Every screen of a generated app,
    /// gated by the reload, is tried both ways.
    @Test(arguments: [false, true])
    func aReloadThatGatesTheShownScreenClosesItWhenLoggedOut(loggedIn: Bool) async throws {
        let file = try RouteFile.decode(json: Data(Self.json.utf8))
        // A gated route elsewhere keeps a login gate in both tables, so the user can log in in either.
        let vault = RouteDefinition(pattern: "app://vault", target: "Vault", metadata: ["requiresLogin": "true"])
        func table(gated: Bool) -> AppDescription {
            var routes = file.routes.map { r in
                var r = r
                r.metadata["requiresLogin"] = gated ? "true" : nil
                return r
            }
            routes.append(vault)
            return AppDescription.generated(from: RouteFile(routes: routes, redirects: file.redirects), name: "routes.json")
        }
        let urls = ["app://user/7", "app://order/123e4567-e89b-42d3-a456-426614174000/track", "app://search/shoes",
                    "app://user/login/13800000000", "https://example.com/a/b", "app://profile/5"]
        for url in urls {
            let before = try AppRuntime(app: table(gated: false))
            #expect(before.gate != nil, "the open table has a login gate")
            if loggedIn { _ = await before.perform(.login) }
            let report = await before.perform(.open(url))
            #expect(!report.isError && !before.isShowingLogin, "\(url): \(report.message ?? "")")
            let shown = before.state.top.title
            let after = try AppRuntime(app: table(gated: true))
            let carried = after.carryOn(from: before)
            let visible = (after.state.currentTab.stack + after.state.modals.flatMap(\.stack)).map(\.url)
            if loggedIn {
                #expect(after.state.top.title == shown, "\(url): \(carried.description)")
            } else {
                #expect(!visible.contains { after.asksForLogin($0) }, "\(url): \(after.state.compactDescription)")
                #expect(carried.description.contains("behind the login gate"), "\(url): \(carried.description)")
                #expect(!carried.keptPlace)
            }
        }
    }

    /// A reload that removes the selected tab lands on the first tab, not on the tab that took its
    /// number.
    @Test func aReloadThatRemovesTheSelectedTabLandsOnTheFirstTab() async throws {
        let hosts = ["h1", "h2", "h3", "h4", "h5"]
        func app(_ hosts: [String]) -> AppDescription {
            let routes = hosts.flatMap { h in
                [RouteDefinition(pattern: "app://\(h)", target: h.uppercased()),
                 RouteDefinition(pattern: "app://\(h)/:id", target: h.uppercased() + "Item")]
            }
            return AppDescription.generated(from: RouteFile(routes: routes), name: "routes.json")
        }
        let old = try AppRuntime(app: app(hosts))
        _ = await old.perform(.tab(4))
        _ = await old.perform(.open("app://h4/7"))
        #expect(old.state.tabs[old.state.selectedTab].title == "h4", "\(old.state.compactDescription)")
        let next = try AppRuntime(app: app(hosts.filter { $0 != "h4" }))
        let carried = next.carryOn(from: old)
        #expect(!carried.keptPlace)
        #expect(next.state.selectedTab == 0, "\(next.state.compactDescription)")
        #expect(carried.description.hasSuffix("back at \(next.state.top.title)"), "\(carried.description)")
    }

    /// A reload that keeps the screen's URL but routes it elsewhere says so instead of "still on".
    @Test func aReloadThatRoutesTheScreenElsewhereSaysSo() async throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://home", target: "Home"),
            RouteDefinition(pattern: "app://user/:id", target: "UserProfile"),
        ])
        let old = try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
        _ = await old.perform(.open("app://user/7"))
        #expect(old.state.top.title == "UserProfile")

        let same = try AppRuntime(app: AppDescription.generated(from: file, name: "routes.json"))
        #expect(same.carryOn(from: old).description == "still on UserProfile")

        let changed = RouteFile(routes: [
            RouteDefinition(pattern: "app://home", target: "Home"),
            RouteDefinition(pattern: "app://user/:id<int>", target: "Profile"),
        ])
        let next = try AppRuntime(app: AppDescription.generated(from: changed, name: "routes.json"))
        let carried = next.carryOn(from: same)
        #expect(carried.keptPlace)
        #expect(next.state.top.title == "Profile")
        #expect(carried.description == "app://user/7 now routes to app://user/:id<int> → Profile (was app://user/:id → UserProfile): on Profile")
    }

    /// A reload that regroups a generated app's tabs (five hosts, then seven: one Routes tab) while the
    /// user is at a tab's root says the tabs changed; it said the index `now routes to` an index.
    @Test func aReloadThatRegroupsTheTabsSaysSo() async throws {
        func app(hosts: Int) -> AppDescription {
            let routes = (1...hosts).map { RouteDefinition(pattern: "app://h\($0)/x", target: "T\($0)") }
            return AppDescription.generated(from: RouteFile(routes: routes), name: "live.json")
        }
        let old = try AppRuntime(app: app(hosts: 5))
        let same = try AppRuntime(app: app(hosts: 5))
        #expect(same.carryOn(from: old).description == "still on h1")
        let regrouped = try AppRuntime(app: app(hosts: 7))
        let carried = regrouped.carryOn(from: same)
        #expect(carried.keptPlace)
        #expect(carried.description == "tabs now Routes (were h1, h2, h3, h4, h5): on Routes", "\(carried.description)")
        // Split again while a screen is open: the screen goes back under its host's tab, not the first tab.
        _ = await regrouped.perform(.open("app://h4/x"))
        let split = try AppRuntime(app: app(hosts: 5))
        let back = split.carryOn(from: regrouped)
        #expect(back.keptPlace && split.state.currentTab.title == "h4", "\(split.state.compactDescription)")
        #expect(split.state.top.url == "app://h4/x")
    }

    @Test func aReloadCancelsTheHeldOpenWithItsLoginScreen() async throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "shop://home", target: "Home"),
            RouteDefinition(pattern: "shop://account", target: "Account", metadata: ["requiresLogin": "true"]),
        ])
        let app = AppDescription.generated(from: file)
        let old = try AppRuntime(app: app)
        let cancelled = Deliveries()
        _ = await old.perform(.open("shop://account"), callback: cancelled.callback())
        #expect(old.state.top.title == "Log in")
        let next = try AppRuntime(app: app)
        let carried = next.carryOn(from: old)
        #expect(carried.cancelledHold?.url == "shop://account")
        #expect(next.state.compactDescription == "[home] home")
        #expect(next.heldNavigation == nil && next.holdViolation == nil)
        #expect(cancelled.outcomes.map(\.code) == ["cancelled"], "the held open's callback hears once that it ended")
    }
}
