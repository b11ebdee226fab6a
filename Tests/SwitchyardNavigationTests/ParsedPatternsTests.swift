import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing
@testable import SwitchyardNavigation

/// A route file's patterns are parsed once, by the reader, and handed along: the duplicate check
/// (`registrable`), the app's load rule (`loadable`) and a generated app take them instead of parsing
/// the texts again. Each step must come out as it does from the texts: the same entries kept, the same
/// errors at the same places, the same app, and patterns that are the parses of the routes kept.
@MainActor
@Suite struct ParsedPatternsTests {
    /// A random route file as JSON, of the shape the direct reader reads: duplicates, same shapes (a
    /// parameter renamed, a host's case changed), routes whose `requiresLogin` no gate can read, a few
    /// hosts, literals, constrained parameters, optionals and catch-alls.
    static func randomJSON(_ rng: inout SplitMix64) -> String {
        let pieces = ["x", "X", "42", "abc", ":p", ":q", ":n<int>", ":s(abc)", ":t([0-9]+)", ":o?", "*rest"]
        var written: [String] = []
        var entries: [String] = []
        for k in 0..<(2 + rng.below(30)) {
            var text: String
            if !written.isEmpty, rng.oneIn(5) {
                // The same text again, or the same with another parameter name or host case.
                text = rng.pick(written)
                if rng.oneIn(2) { text = text.replacingOccurrences(of: ":p", with: ":r") }
                if rng.oneIn(3) { text = text.replacingOccurrences(of: "://a", with: "://A") }
            } else {
                text = (rng.oneIn(5) ? "" : "app://") + rng.pick(["a", "b", "c", ":h"])
                var used: Set<String> = []
                for _ in 0..<rng.below(4) {
                    var piece = rng.pick(pieces)
                    // A parameter name once a pattern (the reader refuses a pattern that repeats one).
                    if piece.hasPrefix(":") || piece.hasPrefix("*"), !used.insert(piece).inserted { piece = "abc" }
                    text += "/" + piece
                    if piece.hasSuffix("?") || piece.hasPrefix("*") { break }
                }
            }
            written.append(text)
            var entry = #"{"pattern": "\#(text)", "target": "T\#(k)""#
            if rng.oneIn(4) { entry += #", "priority": \#(rng.below(3))"# }
            switch rng.below(8) {
            case 0: entry += #", "metadata": {"requiresLogin": true}"#
            case 1: entry += #", "metadata": {"requiresLogin": "yes"}"#
            case 2: entry += #", "metadata": {"title": "t"}"#
            default: break
            }
            entries.append(entry + "}")
        }
        return #"{"routes": ["# + entries.joined(separator: ", ") + "]}"
    }

    /// `file` as read, without the parsed patterns: every step parses the texts, as before.
    static func withoutPatterns(_ file: CollectedRouteFile) -> CollectedRouteFile {
        var out = file
        out.parsedPatterns = nil
        return out
    }

    /// The parses of `file`'s route texts, one a route.
    static func parses(_ file: CollectedRouteFile) throws -> [RoutePattern] {
        try file.file.routes.map { try RoutePattern($0.pattern) }
    }

    @Test func theReaderKeepsEachPatternAsItParsedIt() throws {
        var rng = SplitMix64(seed: 0x9a25_0001)
        for _ in 0..<200 {
            let json = Self.randomJSON(&rng)
            let collected = try RouteFile.collecting(json: Data(json.utf8), file: "t.json")
            let patterns = try #require(collected.parsedPatterns, "\(json)")
            #expect(patterns == (try Self.parses(collected)), "\(json)")
            // The standard reader (a file the direct reader does not take) keeps none; the entries are the same.
            let standard = try RouteFile.collectingStandard(json: Data(json.utf8), file: "t.json")
            #expect(standard.parsedPatterns == nil)
            #expect(standard == collected, "\(json)")
        }
    }

    @Test(arguments: [false, true])
    func theLoadRuleKeepsAndRefusesAsFromTheTexts(fold: Bool) throws {
        var rng = SplitMix64(seed: fold ? 0x9a25_0002 : 0x9a25_0003)
        let options = MatchOptions(caseInsensitivePaths: fold)
        var refusedSome = 0
        for _ in 0..<300 {
            let json = Self.randomJSON(&rng)
            let collected = try RouteFile.collecting(json: Data(json.utf8), file: "t.json")
            #expect(collected.parsedPatterns != nil)
            let fromTexts = Self.withoutPatterns(collected)
            for (step, handed, parsed) in [
                ("registrable", collected.registrable(options: options), fromTexts.registrable(options: options)),
                ("loadable", collected.loadable(options: options), fromTexts.loadable(options: options)),
            ] {
                #expect(handed == parsed, "\(step): \(json)")
                #expect(handed.errors.map(\.description) == parsed.errors.map(\.description), "\(step): \(json)")
                #expect(parsed.parsedPatterns == nil)
                // The patterns handed on are those of the routes kept, in order.
                let kept = try #require(handed.parsedPatterns, "\(step): \(json)")
                #expect(kept == (try Self.parses(handed)), "\(step): \(json)")
                if handed.file.routes.count < collected.file.routes.count { refusedSome += 1 }
            }
        }
        // The files are made so that the rule refuses entries, not only keeps them.
        #expect(refusedSome > 100)
    }

    @Test func changingTheEntriesDropsThePatterns() throws {
        let json = #"{"routes": [{"pattern": "app://a/:id", "target": "A"}, {"pattern": "app://b", "target": "B"}]}"#
        var collected = try RouteFile.collecting(json: Data(json.utf8))
        #expect(collected.parsedPatterns?.count == 2)
        collected.file.routes[0].pattern = "app://c/:id"
        #expect(collected.parsedPatterns == nil)
        // What follows parses the texts as they are now.
        let loaded = collected.loadable()
        #expect(loaded.file.routes.map(\.pattern) == ["app://c/:id", "app://b"])
        #expect(loaded.parsedPatterns == nil)
    }

    @Test func anAppMadeWithTheParsedPatternsIsTheAppMadeFromTheTexts() async throws {
        var rng = SplitMix64(seed: 0x9a25_0004)
        for _ in 0..<60 {
            let json = Self.randomJSON(&rng)
            let loaded = try RouteFile.collecting(json: Data(json.utf8), file: "t.json").loadable()
            let patterns = try #require(loaded.parsedPatterns)
            let handed = AppDescription.generatedUnchecked(from: loaded.file, name: "t.json", patterns: patterns)
            let parsed = AppDescription.generatedUnchecked(from: loaded.file, name: "t.json")
            #expect(handed.uncheckedIndexLinks?.routePatterns == parsed.uncheckedIndexLinks?.routePatterns, "\(json)")
            // The same app once its links are checked, and the same app in a runtime (which registers the
            // routes with the patterns it is given).
            let want = AppDescription.generated(from: loaded.file, name: "t.json")
            #expect(handed.checkingIndexLinks(on: IndexLinkProbe.router(for: loaded.file)) == want, "\(json)")
            let runtime = try AppRuntime(app: handed)
            #expect(runtime.app == want, "\(json)")
            let fromTexts = try AppRuntime(app: parsed)
            #expect(runtime.router.table.routes.map(\.pattern) == fromTexts.router.table.routes.map(\.pattern))
        }
        // Patterns that are not one a route are not used: the texts are parsed.
        let file = RouteFile(routes: [RouteDefinition(pattern: "app://a/:id", target: "A")])
        let short = AppDescription.generatedUnchecked(from: file, patterns: [])
        #expect(short.uncheckedIndexLinks?.routePatterns == [try RoutePattern("app://a/:id")])
    }
}
