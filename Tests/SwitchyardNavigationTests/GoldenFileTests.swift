import Foundation
import SwitchyardTestSupport
import Testing

/// A golden test cannot pass by rewriting its golden file.
@Suite("Golden files")
struct GoldenFileTests {
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-golden-\(UUID().uuidString)/x.golden")
    }

    @Test func withoutTheVariableNothingIsWritten() throws {
        let file = Self.scratch()
        #expect(try GoldenFile.update("new", at: file, environment: [:]) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func anUpdateRewritesTheFileAndStillFails() throws {
        let file = Self.scratch()
        let note = try GoldenFile.update("new", at: file, environment: ["SWITCHYARD_UPDATE_GOLDEN": "1"])
        #expect(note?.hasPrefix("rewrote x.golden") == true, "the run that rewrites reports it")
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
    }

    @Test(arguments: ["1", "true", "yes"])
    func underCIAnUpdateIsRefused(_ ci: String) throws {
        let file = Self.scratch()
        let note = try GoldenFile.update("new", at: file, environment: ["SWITCHYARD_UPDATE_GOLDEN": "1", "CI": ci])
        #expect(note?.contains("refused under CI") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing is rewritten")
    }

    @Test func ciValuesThatMeanNo() {
        #expect(!GoldenFile.isCI(["CI": "0"]) && !GoldenFile.isCI(["CI": "false"]) && !GoldenFile.isCI(["CI": ""]) && !GoldenFile.isCI([:]))
    }
}
