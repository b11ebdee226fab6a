import Foundation
import Testing
@testable import Switchyard

/// Every finding of the fuzz targets (Fuzz/, `Scripts/fuzz.sh`) and of the hostile-input work, kept as a
/// regression test. Library bugs that are reported but not fixed yet are `.disabled("bug: …")` and
/// listed in RELIABILITY.md.
@Suite struct HostileRegressionTests {
    static func parse(_ s: String, _ limits: URLLimits = URLLimits()) -> Result<RouteURL, URLParseError> {
        do throws(URLParseError) { return .success(try RouteURL(s, limits: limits)) } catch { return .failure(error) }
    }

    // MARK: FuzzURL

    /// FuzzURL, first run: `app://./user/login/138://us0` (a harness finding, not a library bug). A host of
    /// `.` or `..` parses, and no host parameter captures it, as the contract says for every parameter.
    @Test func dotHostParsesButNoParameterCapturesIt() throws {
        for (url, host) in [("app://./user/login/138://us0", "."), ("app://../x", ".."), ("app://%2e%2e/x", "..")] {
            let u = try RouteURL(url)
            #expect(u.host == host)
            var b = RouteTableBuilder<Int>()
            try b.add(":h/*rest", target: 1)
            try b.add(":h", target: 2)
            #expect(try b.build().match(url) == nil, "\(url)")
        }
    }

    /// FuzzURL: `/00:0#[0…` (minimised: `//host:80/x`). Without a scheme, `normalized` starts with
    /// `host:80`, which reads as a scheme: the canonical text no longer parses (`missing_authority`, or
    /// `invalid_scheme` when the host does not start with a letter), against the documented promise
    /// "Parsing the canonical text gives back an equal RouteURL".
    @Test(
          arguments: ["//host:80/x", "/00:0#[0", "//h:1/x?y=1", "//[::1]/x", "//[::1]:8080/x"])
    func schemelessPortRoundTrip(_ url: String) throws {
        let u = try RouteURL(url)
        let canonical = u.normalized
        let again = Self.parse(canonical)
        guard case .success(let v) = again else {
            Issue.record("\(url) → \(canonical) → \(again)")
            return
        }
        #expect(v == u, "\(url) → \(canonical)")
    }

    /// The cases of `schemelessPortRoundTrip` that do work, as a guard on the rest of the rule.
    @Test(arguments: ["//host/x", "host/x:80", "//h/a:b", "h/x?p=1:2#f:3", "app://host:80/x", "app://[::1]:8080/x"])
    func schemelessRoundTripWithoutPort(_ url: String) throws {
        let u = try RouteURL(url)
        #expect(try RouteURL(u.normalized) == u, "\(url) → \(u.normalized)")
    }

    // MARK: FuzzPatterns

    /// FuzzPatterns (issue 12; seed `Fuzz/Corpus/FuzzPatterns/finding-host-case`): with these three
    /// patterns, `APP://USER` matched nothing in the trie while the reference matcher found `:slug<slug>`.
    /// The trie checked a constrained host parameter against the host as written, not lowercased, so
    /// `<slug>` refused `USER` and `<alpha>` took `USER` but reported `user`. Every kind of host segment
    /// now sees the lowercased host, as `RouteURL.host` and the reference matcher do.
    @Test(arguments: ["APP://USER", "app://USER", "App://User", "app://user", "app://%55SER"])
    func constrainedHostParameterSeesTheLowercasedHost(_ url: String) throws {
        var b = RouteTableBuilder<String>()
        for p in ["app://:tenant/home", "app://shop/item/:slug<slug>", ":slug<slug>"] { try b.add(p, target: p) }
        let table = b.build()
        let m = try table.match(url)
        #expect(m?.pattern.description == ":slug<slug>")
        #expect(m?.parameters["slug"] == "user")
        #expect(table.candidates(for: try RouteURL(url)).first == m?.pattern.description)
    }

    /// The minimised shapes of the same finding: a typed, a regex and a plain host parameter, each
    /// compared with the reference matcher on upper, mixed and lower case hosts.
    @Test func everyKindOfHostParameterAgreesWithTheReferenceOnCase() throws {
        var b = RouteTableBuilder<String>()
        let patterns = ["app://:h<slug>/y", "app://:h<alpha>/x", "app://:h<uuid>/v", "app://:h([a-z]+)/r",
                        "app://:h([A-Z]+)/u", "app://:h/p"]
        for p in patterns { try b.add(p, target: p) }
        let table = b.build()
        let hosts = ["user", "USER", "uSeR", "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0",
                     "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"]
        for host in hosts {
            for last in ["y", "x", "v", "r", "u", "p"] {
                let url = "app://\(host)/\(last)"
                let m = try table.match(url)
                #expect(m?.pattern.description == table.candidates(for: try RouteURL(url)).first, "\(url)")
                if let h = m?.parameters["h"] { #expect(h == host.lowercased(), "\(url)") }
            }
        }
    }

    // MARK: Hostile corpus

    /// hostile.tsv: malformed IPv6 literals are accepted (README: "a malformed IPv6 address →
    /// invalid_ipv6"); the scanner checks the characters between the brackets, not the address's shape.
    @Test(
            arguments: ["app://[1::2::3]/home", "app://[:::]/home", "app://[12345::]/home",
                        "app://[1:2:3:4:5:6:7:8:9]/home",
                      "app://[::1.2.3.4.5]/home"])
    func malformedIPv6IsRefused(_ url: String) {
        guard case .failure(let e) = Self.parse(url) else {
            Issue.record("\(url) parses")
            return
        }
        #expect(e.code == "invalid_ipv6")
    }

    /// hostile.tsv: a leading space, TAB or LF is refused as `invalid_scheme` at byte 0; the README's error
    /// table says raw control characters and spaces are `forbidden_character`.
    @Test(
          arguments: [" app://user/1", "\tapp://user/1", "\napp://user/1", "\u{0}app://x"])
    func leadingControlIsAForbiddenCharacter(_ url: String) {
        guard case .failure(let e) = Self.parse(url) else {
            Issue.record("\(url) parses")
            return
        }
        #expect(e.code == "forbidden_character")
        #expect(e.offset == 0)
    }

    /// The same characters elsewhere, and a leading one without a scheme, are already right.
    @Test(arguments: [" //share/5", "share/5 ", "app://user/1 ", "ap\tp://x", "app://us\ner/1"])
    func controlCharactersElsewhereAreForbiddenCharacters(_ url: String) {
        guard case .failure(let e) = Self.parse(url) else {
            Issue.record("\(url) parses")
            return
        }
        #expect(e.code == "forbidden_character")
    }

    // MARK: Configuration

    /// Found while checking the hop limit: `Router(maxRedirectHops: -1)` is accepted, and then `canOpen`
    /// traps (`0...maxRedirectHops` is an invalid range). Expected: the initializer clamps or refuses a
    /// negative limit; no call traps.
    @Test
    func negativeHopLimitDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            _ = Router(maxRedirectHops: -1).canOpen("app://x")
        }
    }

    /// `Router(historyLimit: -1)` is accepted, and then the first `open` traps in
    /// `history.removeFirst(count - historyLimit)` (more than the history holds).
    @Test
    func negativeHistoryLimitDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            _ = await Router(historyLimit: -1).open("app://x")
        }
    }

    /// The limits that do work at zero, as a guard on the rest.
    @Test func zeroLimitsDoNotTrap() async throws {
        let router = Router(maxRedirectHops: 0, historyLimit: 0)
        try router.register("app://x", target: "X") { _ in RouteResult() }
        #expect(await router.open("app://x").isHandled)
        #expect(router.canOpen("app://x"))
        #expect(router.history.isEmpty)
    }
}
