import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import Testing

/// What the script runner counts as reached (the start screen once, then each command's), one way at a time, on `Apps/coverage.json`: a tab app
/// whose `List` is the parent of `Item`, a registered `Old` route that a static redirect shadows, a
/// registered `Legacy` route that a relocation rewrites, a gated `Secret`, and `Ping` and `Pong`, whose
/// redirects lead to each other.
@MainActor
struct RouteCoverageTests {
    static func app() throws -> AppDescription {
        let url = GoldenScriptTests.apps.appendingPathComponent("coverage.json")
        return try AppDescription.decode(json: Data(contentsOf: url))
    }

    /// Runs `script` on a fresh app and returns the reached counts by target, and whether it passed.
    static func run(_ script: String) async throws -> ([String: Int], Bool) {
        let runtime = try AppRuntime(app: app())
        let runner = ScriptRunner(runtime: runtime, showTraces: false) { _ in }
        let passed = await runner.run(script)
        var byTarget: [String: Int] = [:]
        for (route, n) in runner.coverage.counts { byTarget[route.target, default: 0] += n }
        return (byTarget, passed)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let script: String
        let reached: [String: Int]
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "the screen the app starts on counts once", script: "expect top Home", reached: ["Home": 1]),
        Case(name: "an open reaches its route", script: "open cov://never", reached: ["Home": 1, "Never": 1]),
        // A deep link placed in the second tab shows that tab's root under it: `Lists` comes into view.
        Case(name: "a deep link reaches its parents that it places, and the tab root it shows", script: "open cov://item/3/9",
             reached: ["Home": 1, "Item": 1, "List": 1, "Lists": 1]),
        Case(name: "a parent already on the stack is not placed again", script: "open cov://list/3\nopen cov://item/3/9",
             reached: ["Home": 1, "List": 1, "Item": 1, "Lists": 1]),
        Case(name: "a static redirect's source route counts", script: "open cov://old/5",
             reached: ["Home": 1, "Old": 1, "Item": 1, "List": 1, "Lists": 1]),
        Case(name: "a relocation's source route counts", script: "open cov://legacy/4",
             reached: ["Home": 1, "Legacy": 1, "List": 1, "Lists": 1]),
        Case(name: "a held open reaches the login route, not the gated one", script: "open cov://secret",
             reached: ["Home": 1, "Login": 1]),
        Case(name: "login resumes the held open: the gated route is reached", script: "open cov://secret\nlogin",
             reached: ["Home": 1, "Login": 1, "Secret": 1]),
        Case(name: "a tab jump opens the tab's root", script: "tab 2\ntab 1", reached: ["Lists": 1, "Home": 2]),
        Case(name: "a tap opens the link", script: "tap 1", reached: ["Home": 1, "List": 1, "Lists": 1]),
        Case(name: "a screen counts each time a tab switch brings it into view", script: "open cov://list/3\ntab 1\ntab 2",
             reached: ["Home": 2, "List": 2, "Lists": 2]),
        Case(name: "going back to a screen in view reaches nothing more", script: "open cov://list/3\nback",
             reached: ["Home": 1, "List": 1, "Lists": 1]),
        Case(name: "counts add up, an update in place too", script: "open cov://never\nback\nopen cov://never\nopen cov://never",
             reached: ["Home": 1, "Never": 3]),
        Case(name: "an open no route matches reaches nothing", script: "open cov://nowhere", reached: ["Home": 1]),
        Case(name: "an open caught in a redirect loop reaches nothing", script: "open cov://ping", reached: ["Home": 1]),
        Case(name: "commands that open nothing reach only the start screen", script: "back\ndismiss\nlogout", reached: ["Home": 1]),
    ]

    @Test("reached", arguments: cases)
    func reached(_ c: Case) async throws {
        let (reached, _) = try await Self.run(c.script)
        #expect(reached == c.reached)
    }

    /// A failed expectation does not undo what the script's commands reached.
    @Test func aFailingScriptStillCounts() async throws {
        let (reached, passed) = try await Self.run("open cov://never\nexpect top Somewhere else\nbogus line")
        #expect(!passed)
        #expect(reached == ["Home": 1, "Never": 1])
    }

    /// Every route is in exactly one list, in table order; gated routes are marked; a route a
    /// relocation aliases to a target counts for that target's first route.
    @Test func theReportSplitsTheTable() async throws {
        let runtime = try AppRuntime(app: Self.app())
        let runner = ScriptRunner(runtime: runtime, showTraces: false) { _ in }
        await runner.run("open cov://item/3/9\nopen cov://secret")
        let routes = runtime.coverageRoutes
        let (reached, untested) = runner.coverage.report(routes: routes)
        #expect(reached.map(\.target) == ["Home", "Lists", "List", "Item", "Login"])
        #expect(untested.map(\.target) == ["Old", "Legacy", "Secret", "Never", "Ping", "Pong"])
        #expect(untested.filter(\.gated).map(\.target) == ["Secret"])
        #expect(Set(reached.map(\.pattern)).isDisjoint(with: untested.map(\.pattern)))
        #expect(reached.count + untested.count == routes.count)

        var aliased = RouteCoverage()
        aliased.add(RouteCoverage.Route(pattern: "cov://elsewhere/:id", target: "List"), times: 2)
        aliased.add(RouteCoverage.Route(pattern: "cov://gone", target: "NoSuchTarget"))
        let split = aliased.report(routes: routes)
        #expect(split.reached == [CoverageLine(pattern: "cov://list/:list", target: "List", count: 2, gated: false)])
        #expect(split.untested.count == routes.count - 1)
    }

    /// A route file's app counts the file's routes only: its index tabs and its stand-in login screen
    /// are the app's own, and the login screen is named in words, not by its internal URL.
    @Test func aRouteFilesGeneratedScreensAreNotItsRoutes() async throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "shop://home", target: "Home"),
            RouteDefinition(pattern: "shop://account", target: "Account", metadata: ["requiresLogin": "true"]),
        ])
        let app = AppDescription.generated(from: file)
        let runtime = try AppRuntime(app: app)
        #expect(runtime.coverageRoutes.map(\.route.target) == ["Home", "Account"])
        #expect(app.isGeneratedScreen(AppDescription.generatedLoginURL) && !app.isGeneratedScreen("shop://home"))
        #expect(app.showingIndexNames(in: "shop://account → \(AppDescription.generatedLoginURL)") == "shop://account → the login screen")
    }

    /// The demo app's golden scripts reach a route whenever the runner reports an open handled, so the
    /// record agrees with the traces (a property over every golden script).
    @Test("coverage agrees with the handled opens", arguments: GoldenScriptTests.scripts.filter { !$0.contains("--") })
    func agreesWithHandledOpens(_ name: String) async throws {
        let script = try String(contentsOf: GoldenScriptTests.directory.appendingPathComponent(name + ".script"), encoding: .utf8)
        let runtime = try DemoApp.makeRuntime()
        let runner = ScriptRunner(runtime: runtime, showTraces: false) { _ in }
        await runner.run(script)
        var handled: [RouteCoverage.Route: Int] = [:]
        for event in runtime.timeline {
            guard case .open(let trace) = event.kind, trace.outcome.isHandled, let pattern = trace.matchedPattern,
                  let target = trace.target else { continue }
            handled[RouteCoverage.Route(pattern: pattern, target: target), default: 0] += 1
        }
        for (route, n) in handled {
            #expect(runner.coverage.count(of: route) >= n, "\(route.pattern) handled \(n)×, counted \(runner.coverage.count(of: route))×")
        }
    }
}
