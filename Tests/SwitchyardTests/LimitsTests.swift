import Foundation
import Testing
@testable import Switchyard

/// Limits are checked before parsing, are configurable, and exceeding one is a typed error naming it.
@Suite struct LimitsTests {
    static func parse(_ s: String, _ limits: URLLimits = URLLimits()) -> Result<RouteURL, URLParseError> {
        do throws(URLParseError) { return .success(try RouteURL(s, limits: limits)) } catch { return .failure(error) }
    }

    static func error(_ s: String, _ limits: URLLimits = URLLimits()) -> URLParseError? {
        if case .failure(let e) = parse(s, limits) { return e }
        return nil
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let d = URLLimits()
        #expect(d.maxLength == 8192 && d.maxSegments == 64 && d.maxQueryItems == 256 && d.maxComponentLength == 2048)
        #expect(Router().maxRedirectHops == 8)
    }

    // MARK: Length

    @Test(arguments: [8192 + 1, 64 * 1024, 1 << 20, 20 << 20])
    func aLongURLIsRefusedByLengthBeforeParsing(_ length: Int) async {
        // The text would fail on its first bytes if it were parsed (a bad escape right after the host),
        // so `too_long` proves that the length is checked first.
        let head = "app://user/%zz"
        let url = head + String(repeating: "a", count: length - head.utf8.count)
        #expect(url.utf8.count == length)
        let expected = URLParseError(.tooLong(length: length, limit: 8192), at: 8192)
        #expect(Self.error(url) == expected)
        #expect(Self.error(url)?.code == "too_long")
        let table = try? HostileCorpus.table()
        #expect(throws: expected) { try table?.match(url) }
        let router = Router()
        let outcome = await router.open(url)
        guard case .invalidURL(let e) = outcome else {
            Issue.record("open gave \(outcome.code), expected invalid_url")
            return
        }
        #expect(e == expected)
        #expect(!router.canOpen(url))
    }

    @Test func lengthLimitIsExactAndConfigurable() {
        // 8192 bytes in five segments (one segment may hold at most 2048).
        let segment = String(repeating: "a", count: 1999) + "/"
        let at = "app://x/" + String(repeating: segment, count: 4) + String(repeating: "a", count: 184)
        #expect(at.utf8.count == 8192)
        #expect(Self.error(at) == nil)
        #expect(Self.error(at + "b")?.reason == .tooLong(length: 8193, limit: 8192))
        // Counted in UTF-8 bytes, not characters.
        let wide = "app://x/" + String(repeating: "中", count: 3000)
        #expect(Self.error(wide)?.reason == .tooLong(length: 8 + 9000, limit: 8192))
        let roomy = URLLimits(maxLength: 100_000, maxSegments: 64, maxQueryItems: 256, maxComponentLength: 2048)
        let long = "app://x/" + Array(repeating: String(repeating: "a", count: 1000), count: 60).joined(separator: "/")
        #expect(Self.error(long) != nil)
        #expect(Self.error(long, roomy) == nil)
        #expect(Self.error("app://x/abc", URLLimits(maxLength: 10))?.description
                    == "the URL is 11 bytes long, over the limit of 10 at byte 10")
    }

    // MARK: Segments

    @Test func segmentLimitIsExactAndConfigurable() {
        let sixtyFour = "app://files/" + Array(repeating: "s", count: 64).joined(separator: "/")
        #expect(Self.error(sixtyFour) == nil)
        let e = Self.error(sixtyFour + "/s")
        #expect(e?.reason == .tooManySegments(limit: 64))
        #expect(e?.code == "too_many_segments")
        #expect(e?.offset == sixtyFour.utf8.count + 1)
        #expect(e?.description.contains("64 segments (limit)") == true)
        // Empty segments do not count.
        #expect(Self.error("app://files/" + Array(repeating: "s", count: 64).joined(separator: "//") + "///") == nil)
        #expect(Self.error("app://x/a/b/c", URLLimits(maxSegments: 2))?.reason == .tooManySegments(limit: 2))
        #expect(Self.error("app://x/a/b", URLLimits(maxSegments: 2)) == nil)
        #expect(Self.error("app://x/a", URLLimits(maxSegments: 0))?.reason == .tooManySegments(limit: 0))
        #expect(Self.error("app://x", URLLimits(maxSegments: 0)) == nil)
    }

    @Test func hundredsOfThousandsOfSegmentsAreALimitError() {
        let url = "app://files/" + String(repeating: "a/", count: 300_000)
        // Default limits: the length limit comes first.
        #expect(Self.error(url)?.code == "too_long")
        // With no length limit, the segment limit stops the scan at the 65th segment.
        let unbounded = URLLimits(maxLength: .max, maxSegments: 64, maxQueryItems: 256, maxComponentLength: 2048)
        let e = Self.error(url, unbounded)
        #expect(e == URLParseError(.tooManySegments(limit: 64), at: 12 + 64 * 2))
        // Same through a table whose options carry the limits.
        var b = RouteTableBuilder<Int>(options: MatchOptions(limits: unbounded))
        #expect(throws: Never.self) { try b.add("app://files/*path", target: 1) }
        #expect(throws: URLParseError(.tooManySegments(limit: 64), at: 140)) { try b.build().match(url) }
    }

    // MARK: Query items

    @Test func queryItemLimitIsExactAndConfigurable() {
        let items = (0..<256).map { "k\($0)=v" }.joined(separator: "&")
        #expect(Self.error("app://x/y?" + items) == nil)
        let e = Self.error("app://x/y?" + items + "&last=1")
        #expect(e?.reason == .tooManyQueryItems(limit: 256))
        #expect(e?.code == "too_many_query_items")
        #expect(e?.description.contains("256 items (limit)") == true)
        // Empty items (`&&`) do not count.
        #expect(Self.error("app://x/y?" + items + "&&&&") == nil)
        #expect(Self.error("app://x/y?a&b&c", URLLimits(maxQueryItems: 2))?.reason == .tooManyQueryItems(limit: 2))
        #expect(Self.error("app://x/y?a&b", URLLimits(maxQueryItems: 2)) == nil)
    }

    @Test func hundredsOfThousandsOfQueryItemsAreALimitError() {
        let url = "app://x/y?" + String(repeating: "a=1&", count: 300_000)
        #expect(Self.error(url)?.code == "too_long")
        let unbounded = URLLimits(maxLength: .max, maxSegments: 64, maxQueryItems: 256, maxComponentLength: 2048)
        #expect(Self.error(url, unbounded) == URLParseError(.tooManyQueryItems(limit: 256), at: 10 + 256 * 4))
        // Repeated keys count one by one.
        let same = "app://x/y?" + String(repeating: "k=&", count: 300_000)
        #expect(Self.error(same, unbounded)?.reason == .tooManyQueryItems(limit: 256))
    }

    // MARK: Component length

    @Test func componentLimitAppliesToSegmentsQueryNamesAndValues() {
        let max = String(repeating: "a", count: 2048)
        let over = max + "a"
        #expect(Self.error("app://x/" + max) == nil)
        #expect(Self.error("app://x/" + over) == URLParseError(.componentTooLong(limit: 2048), at: 8))
        #expect(Self.error("app://x/y?" + max + "=1") == nil)
        #expect(Self.error("app://x/y?" + over + "=1")?.reason == .componentTooLong(limit: 2048))
        #expect(Self.error("app://x/y?k=" + max) == nil)
        #expect(Self.error("app://x/y?k=" + over)?.reason == .componentTooLong(limit: 2048))
        #expect(Self.error("app://x/y?k=" + over)?.code == "component_too_long")
        #expect(Self.error("app://x/" + over)?.description.contains("2048 bytes (limit)") == true)
        // Counted in raw bytes: an escape counts three.
        let escaped = String(repeating: "%41", count: 700)
        #expect(Self.error("app://x/" + escaped)?.reason == .componentTooLong(limit: 2048))
        #expect(Self.error("app://x/abcdef", URLLimits(maxComponentLength: 5))?.reason == .componentTooLong(limit: 5))
        #expect(Self.error("app://x/abcde", URLLimits(maxComponentLength: 5)) == nil)
    }

    @Test func limitsComeFromTheTableAndTheRouterOptions() async throws {
        let tight = URLLimits(maxLength: 64, maxSegments: 2, maxQueryItems: 1, maxComponentLength: 8)
        var b = RouteTableBuilder<Int>(options: MatchOptions(limits: tight))
        try b.add("app://files/*path", target: 1)
        let table = b.build()
        #expect(throws: URLParseError(.tooManySegments(limit: 2), at: 16)) { try table.match("app://files/a/b/c") }
        #expect(throws: URLParseError(.componentTooLong(limit: 8), at: 12)) { try table.match("app://files/aaaaaaaaa") }
        #expect(throws: URLParseError(.tooManyQueryItems(limit: 1), at: 18)) {
            try table.match("app://files/a?x=1&y=2")
        }
        #expect(try table.match("app://files/a/b?x=1")?.target == 1)

        let router = Router(options: MatchOptions(limits: tight))
        try router.register("app://files/*path", target: "Files") { _ in RouteResult() }
        #expect(await router.open("app://files/a/b").isHandled)
        guard case .invalidURL(let e) = await router.open("app://files/a/b/c") else {
            Issue.record("expected invalid_url")
            return
        }
        #expect(e.reason == .tooManySegments(limit: 2))
    }

    // MARK: Redirect hops

    /// A router with a chain of static redirects `app://r/0 → app://r/1 → … → app://r/<length>`, and a
    /// handler at the end.
    static func chainRouter(length: Int, maxHops: Int) throws -> Router {
        let router = Router(maxRedirectHops: maxHops)
        for i in 0..<length { try router.addRedirect(from: "app://r\(i)/:x", to: "app://r\(i + 1)/:x") }
        try router.register("app://r\(length)/:x", target: "End") { _ in RouteResult() }
        return router
    }

    @Test(arguments: [0, 1, 3, 8, 20])
    func redirectHopLimitIsExactAndConfigurable(_ maxHops: Int) async throws {
        // Exactly at the limit: handled after `maxHops` hops.
        let atLimit = try Self.chainRouter(length: maxHops, maxHops: maxHops)
        let ok = await atLimit.open("app://r0/1")
        #expect(ok.isHandled, "\(ok)")
        if maxHops > 0 {
            guard case .redirected(let chain, _) = ok else { Issue.record("expected redirected: \(ok)"); return }
            #expect(chain.count == maxHops + 1)
        }
        // One more hop: a redirect loop that lists the chain, one hop over the limit.
        let over = try Self.chainRouter(length: maxHops + 1, maxHops: maxHops)
        let loop = await over.open("app://r0/1")
        guard case .redirectLoop(let chain) = loop else { Issue.record("expected redirect_loop: \(loop)"); return }
        #expect(chain.count == maxHops + 2)
        #expect(chain.first == "app://r0/1")
        #expect(loop.code == "redirect_loop")
    }

    /// A cycle of redirects depends on the URL alone, so the open stops at the first URL met again,
    /// well inside the hop limit, as `switchyard explain` does.
    @Test func aRedirectCycleEndsAtTheFirstRepeatedURL() async throws {
        let router = Router(maxRedirectHops: 5)
        try router.addRedirect(from: "app://a/:x", to: "app://b/:x")
        try router.addRedirect(from: "app://b/:x", to: "app://a/:x")
        let outcome = await router.open("app://a/1")
        guard case .redirectLoop(let chain) = outcome else {
            Issue.record("expected redirect_loop: \(outcome)")
            return
        }
        #expect(chain == ["app://a/1", "app://b/1", "app://a/1"])
        #expect(!router.canOpen("app://a/1"))
    }
}
