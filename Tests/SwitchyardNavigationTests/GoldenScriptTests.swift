import Foundation
import SwitchyardDemo
import SwitchyardNavigation
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
                                      "callbacks"]

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
        if ProcessInfo.processInfo.environment["SWITCHYARD_UPDATE_GOLDEN"] == "1" {
            try output.write(to: goldenURL, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(output == golden)
        // Scripts with an intentionally bad line say so in their golden output; all expects must pass.
        #expect(!output.contains("FAILED"), "\(output)")
        if !name.hasPrefix("features") { #expect(passed) }
    }
}
