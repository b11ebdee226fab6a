import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// Runs the demo app through the script runner and compares the whole output with a golden file.
/// Set SWITCHYARD_UPDATE_GOLDEN=1 to rewrite the golden files after an intended change.
@MainActor
struct GoldenScriptTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")
    nonisolated static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Apps")
    /// Demo app scripts, then `APP--NAME` scripts that run the app `Apps/APP.json`.
    nonisolated static let scripts = ["login-gate", "login-cancel", "login-hold", "deep-links", "features", "modals-and-guards",
                                      "mail--hold", "mail--placement", "clinic--pushed-login", "gate-every-screen",
                                      "callbacks", "tab-stacks", "login-flow"]

    @Test("golden script", arguments: scripts)
    func golden(_ name: String) async throws {
        let script = try String(contentsOf: Self.directory.appendingPathComponent(name + ".script"), encoding: .utf8)
        let runtime: AppRuntime
        if let split = name.range(of: "--") {
            let data = try Data(contentsOf: Self.apps.appendingPathComponent(name[..<split.lowerBound] + ".json"))
            runtime = try AppRuntime(app: AppDescription.decode(json: data))
        } else {
            runtime = try DemoApp.makeRuntime()
        }
        var lines: [String] = []
        let runner = ScriptRunner(runtime: runtime, showTraces: false) { lines.append($0) }
        let passed = await runner.run(script)
        let output = lines.joined(separator: "\n") + "\n"
        let goldenURL = Self.directory.appendingPathComponent(name + ".golden")
        if let note = try GoldenFile.update(output, at: goldenURL) { Issue.record(Comment(rawValue: note)) }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(output == golden)
        // Scripts with an intentionally bad line say so in their golden output; all expects must pass.
        #expect(!output.contains("FAILED"), "\(output)")
        if !name.hasPrefix("features") { #expect(passed) }
    }
    /// The demo's screen routes loaded from its route cache behave as the routes its description registers:
    /// the golden scripts give the golden output. The cached file is marked first (an extra metadata key
    /// on every route), so the test sees that the routes came from it.
    @Test func theDemoRunsTheGoldenScriptsOnRoutesLoadedFromItsCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-demo-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RouterCache(directory: directory, name: "demo-routes", isEnabled: true)
        _ = try DemoApp.makeRuntime(routeCache: cache)
        let saved = try #require(cache.table.load(version: DemoApp.routeCacheVersion))
        let marked = saved.mapTargets { CachedRoute(target: $0.target, metadata: $0.metadata.merging(["cached": "yes"]) { a, _ in a }) }
        try cache.table.save(marked, version: DemoApp.routeCacheVersion)
        for name in ["deep-links", "features", "gate-every-screen", "login-hold", "callbacks"] {
            let runtime = try DemoApp.makeRuntime(routeCache: cache)
            let screens = runtime.router.table.routes.filter { !$0.pattern.description.hasPrefix("app://services") }
            #expect(screens.count == saved.count)
            #expect(screens.allSatisfy { $0.target.metadata["cached"] == "yes" })
            let script = try String(contentsOf: Self.directory.appendingPathComponent(name + ".script"), encoding: .utf8)
            var lines: [String] = []
            let runner = ScriptRunner(runtime: runtime, showTraces: false) { lines.append($0) }
            _ = await runner.run(script)
            let golden = try String(contentsOf: Self.directory.appendingPathComponent(name + ".golden"), encoding: .utf8)
            #expect(lines.joined(separator: "\n") + "\n" == golden, "\(name)")
        }
    }
}
