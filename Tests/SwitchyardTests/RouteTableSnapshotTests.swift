import Foundation
import SwitchyardTestSupport
import Testing
@testable import Switchyard

/// Route-table snapshots (issue 13): a loaded table matches like the one it was saved from, a version
/// change invalidates it, and damaged or hostile bytes are typed errors, never a crash.
@Suite struct RouteTableSnapshotTests {
    static let words = ["home", "user", "order", "list", "Detail", "café", "订单", "a.b", "x-y", "v2"]
    static let regexes = ["[0-9]+", "[a-f]{2,8}", "v[0-9]+(\\.[0-9]+)*", "(cat|dog)s?"]
    static let types = ["int", "uint", "uuid", "hex", "alpha", "slug"]
    static let values = ["42", "-7", "abc", "7f3a", "v1.2", "cats", "x-y", "Home", "%2Fz", "123e4567-e89b-12d3-a456-426614174000", "..", "a%20b"]

    /// A random table using every pattern kind, and the patterns it holds.
    static func randomTable(_ rng: inout SplitMix64, routes: Int) -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: rng.oneIn(2)))
        var name = 0
        func param() -> String {
            name += 1
            switch rng.below(4) {
            case 0: return ":p\(name)(\(rng.pick(regexes)))"
            case 1: return ":p\(name)<\(rng.pick(types))>"
            default: return ":p\(name)"
            }
        }
        for i in 0..<routes {
            name = 0
            var text = rng.pick(["app://", "web://", "", ""])
            if rng.oneIn(8) { text += "**/" + (0...rng.below(2)).map { _ in rng.oneIn(2) ? rng.pick(words) : param() }.joined(separator: "/") } else {
                text += rng.oneIn(6) ? param() : rng.pick(["home", "user", "order", "shop"])
                for _ in 0..<rng.below(4) { text += "/" + (rng.below(3) == 0 ? param() : rng.pick(words)) }
                switch rng.below(6) {
                case 0: text += "/" + param() + "?"
                case 1: text += rng.oneIn(2) ? "/*rest" : "/*"
                default: break
                }
            }
            try? builder.add(text, target: "T\(i)", priority: rng.below(3))
        }
        return builder.build()
    }

    /// URLs that hit (one per route, parameters filled with random values) and that miss.
    static func urls(for table: RouteTable<String>, _ rng: inout SplitMix64) -> [String] {
        var out: [String] = []
        for route in table.routes {
            for _ in 0..<3 {
                var parts: [String] = []
                for seg in route.pattern.segments {
                    switch seg {
                    case .literal(let s): parts.append(rng.oneIn(4) ? s.uppercased() : s)
                    case .parameter: parts.append(rng.pick(values))
                    case .optional: if rng.oneIn(2) { parts.append(rng.pick(values)) }
                    case .catchAll: parts.append(rng.oneIn(2) ? "a/b%2Fc" : "z")
                    }
                }
                if route.pattern.isSuffix { parts.insert(rng.pick(["home", "h"]), at: 0) }
                let scheme = route.pattern.scheme ?? rng.pick(["app", "web", "other"])
                out.append(scheme + "://" + parts.joined(separator: "/") + (rng.oneIn(4) ? "?q=1" : ""))
            }
        }
        for _ in 0..<100 {
            let path = (0..<rng.below(5)).map { _ in rng.oneIn(2) ? rng.pick(words) : rng.pick(values) }.joined(separator: "/")
            out.append(rng.pick(["app", "web", "x"]) + "://" + rng.pick(["home", "user", "nope"]) + "/" + path)
        }
        out.append("not a url")
        return out
    }

    /// The same outcome from both tables: the same error, or no match, or the same route and parameters.
    static func expectSameMatches(_ a: RouteTable<String>, _ b: RouteTable<String>, _ urls: [String]) {
        for url in urls {
            let x = Result { () throws(URLParseError) in try a.match(url) }
            let y = Result { () throws(URLParseError) in try b.match(url) }
            switch (x, y) {
            case (.failure(let e), .failure(let f)): #expect(e == f, "\(url)")
            case (.success(let m?), .success(let n?)):
                #expect(m.target == n.target, "\(url)")
                #expect(m.pattern == n.pattern, "\(url)")
                #expect(m.parameters == n.parameters, "\(url)")
            case (.success(nil), .success(nil)): break
            default: Issue.record("\(url): \(x) vs \(y)")
            }
        }
    }

    @Test func roundTripMatchesTheOriginalOnRandomTables() throws {
        var rng = SplitMix64(seed: 0x5A4B_5107)
        var hits = 0
        for _ in 0..<25 {
            let table = Self.randomTable(&rng, routes: 40 + rng.below(60))
            let bytes = try table.snapshot(version: "1.0")
            let loaded = try RouteTable<String>(snapshot: bytes, version: "1.0")
            #expect(loaded.routes.map(\.pattern) == table.routes.map(\.pattern))
            #expect(loaded.routes.map(\.priority) == table.routes.map(\.priority))
            #expect(loaded.routes.map(\.order) == table.routes.map(\.order))
            #expect(loaded.options == table.options)
            // Everything, trie arrays included, survives: the loaded table's snapshot is the same bytes.
            #expect(try loaded.snapshot(version: "1.0") == bytes)
            let urls = Self.urls(for: table, &rng)
            hits += urls.filter { (try? table.match($0)) != nil }.count
            Self.expectSameMatches(table, loaded, urls)
        }
        #expect(hits > 1_000)
    }

    struct Screen: Codable, Sendable, Equatable {
        let name: String
        let modal: Bool
    }

    @Test func intAndCodableTargetsRoundTrip() throws {
        var ints = RouteTableBuilder<Int>()
        try ints.add("app://user/:id<int>", target: 7)
        try ints.add("app://user/:id<int>/posts/*rest", target: -3)
        let intTable = try RouteTable<Int>(snapshot: ints.build().snapshot(version: "2"), version: "2")
        #expect(try intTable.match("app://user/5/posts/a/b")?.target == -3)
        #expect(try intTable.match("app://user/5")?.target == 7)

        var screens = RouteTableBuilder<Screen>()
        try screens.add("app://login", target: Screen(name: "Login", modal: true))
        try screens.add("**/help/:topic", target: Screen(name: "Help", modal: false))
        let screenTable = try RouteTable<Screen>(snapshot: screens.build().snapshot(version: "2"), version: "2")
        #expect(try screenTable.match("app://LOGIN")?.target == Screen(name: "Login", modal: true))
        #expect(try screenTable.match("web://a/b/help/x")?.parameter("topic") == "x")
    }

    @Test func anotherVersionIsAVersionMismatch() throws {
        var rng = SplitMix64(seed: 1)
        let bytes = try Self.randomTable(&rng, routes: 20).snapshot(version: "3.1.0 (417)")
        #expect(throws: SnapshotError.versionMismatch(expected: "3.2.0 (420)", found: "3.1.0 (417)")) {
            try RouteTable<String>(snapshot: bytes, version: "3.2.0 (420)")
        }
        #expect(throws: Never.self) { try RouteTable<String>(snapshot: bytes, version: "3.1.0 (417)") }
    }

    @Test func anotherTargetTypeOrLayoutOrFormatIsAFormatMismatch() throws {
        var rng = SplitMix64(seed: 2)
        let bytes = try Self.randomTable(&rng, routes: 20).snapshot(version: "1")
        func isFormatMismatch(_ bytes: [UInt8]) -> Bool {
            do throws(SnapshotError) {
                _ = try RouteTable<String>(snapshot: bytes, version: "1")
                return false
            } catch {
                if case .formatMismatch = error { return true }
                return false
            }
        }
        // A binary built with another struct layout computes another fingerprint.
        for k in 0..<8 {
            var other = bytes
            other[SnapshotFormat.fingerprintOffset + k] ^= 0x10
            #expect(isFormatMismatch(other))
        }
        var format = bytes
        format[SnapshotFormat.formatOffset] &+= 1
        #expect(isFormatMismatch(format))
        var magic = bytes
        magic[0] = UInt8(ascii: "X")
        #expect(isFormatMismatch(magic))
        do throws(SnapshotError) {
            _ = try RouteTable<Int>(snapshot: bytes, version: "1")
            Issue.record("String targets loaded as Int")
        } catch {
            #expect(error.description.contains("Swift.String"))
        }
        #expect(SnapshotFormat.layoutFingerprint != 0)
    }

    @Test func everyTruncationIsTruncated() throws {
        var rng = SplitMix64(seed: 3)
        let bytes = try Self.randomTable(&rng, routes: 12).snapshot(version: "1")
        for n in 0..<bytes.count {
            do throws(SnapshotError) {
                _ = try RouteTable<String>(snapshot: Array(bytes.prefix(n)), version: "1")
                Issue.record("a snapshot cut at \(n) of \(bytes.count) loaded")
            } catch {
                guard case .truncated(let at) = error else {
                    Issue.record("cut at \(n): \(error)")
                    continue
                }
                #expect(at <= n)
            }
        }
        // And bytes after the payload are refused.
        #expect(throws: SnapshotError.corrupt("1 bytes after the payload", offset: bytes.count)) {
            try RouteTable<String>(snapshot: bytes + [0], version: "1")
        }
    }

    /// Random byte flips: with the checksum, a typed error; without it (the structural checks alone, as
    /// a forged checksum would leave them), a typed error or a table whose lookups do not crash.
    @Test func byteFlipsAreTypedErrorsOrHarmlessTables() throws {
        var rng = SplitMix64(seed: 4)
        let table = Self.randomTable(&rng, routes: 40)
        let bytes = try table.snapshot(version: "1")
        let urls = Self.urls(for: table, &rng)
        var refused = 0
        var loaded = 0
        for trial in 0..<3_000 {
            var damaged = bytes
            for _ in 0...rng.below(3) { damaged[rng.below(damaged.count)] ^= UInt8(1 << rng.below(8)) }
            if damaged == bytes { continue }
            #expect(throws: SnapshotError.self, "trial \(trial)") { try RouteTable<String>(snapshot: damaged, version: "1") }
            do throws(SnapshotError) {
                let t = try RouteTable<String>(snapshot: damaged, version: "1", verifyingChecksum: false)
                loaded += 1
                for url in urls.prefix(60) {
                    if let m = try? t.match(url) { _ = (m.target, m.parameters, m.pattern.description) }
                }
            } catch {
                refused += 1
            }
        }
        #expect(refused > 100)
        #expect(loaded > 100)
    }

    @Test func structuralDamageIsNamedWithItsOffset() throws {
        var b = RouteTableBuilder<String>()
        try b.add("app://user/:id<int>", target: "U")
        let bytes = try b.build().snapshot(version: "1")
        // The last 4 bytes are the any-scheme root (-1 here): point it at a node that does not exist.
        var damaged = bytes
        for k in 0..<4 { damaged[damaged.count - 4 + k] = k == 3 ? 0x10 : 0 }
        do throws(SnapshotError) {
            _ = try RouteTable<String>(snapshot: damaged, version: "1", verifyingChecksum: false)
            Issue.record("loaded")
        } catch {
            guard case .corrupt(let why, let offset) = error else { Issue.record("\(error)"); return }
            #expect(why.contains("scheme root"))
            #expect(offset == bytes.count - 4)
        }
        #expect(throws: SnapshotError.self) { try RouteTable<String>(snapshot: damaged, version: "1") }
    }

    @Test func cacheServesItsVersionAndDropsOthers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-snapshot-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = RouteTableCache<String>(directory: dir)
        #expect(cache.load(version: "1") == nil)
        var builds = 0
        func build() throws -> RouteTable<String> {
            builds += 1
            var b = RouteTableBuilder<String>()
            try b.add("app://user/:id<int>", target: "UserProfile")
            return b.build()
        }
        let first = try cache.table(version: "1", build: build)
        let second = try cache.table(version: "1", build: build)
        #expect(builds == 1)
        #expect(try second.match("app://user/42")?.target == first.routes[0].target)
        // A new app version: the file is removed and the table rebuilt.
        #expect(cache.load(version: "2") == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL.path))
        _ = try cache.table(version: "2", build: build)
        #expect(builds == 2)
        // A damaged file is dropped too.
        try Data("garbage".utf8).write(to: cache.fileURL)
        #expect(cache.load(version: "2") == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL.path))
    }
}
