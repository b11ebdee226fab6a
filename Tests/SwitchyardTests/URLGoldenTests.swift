import Testing
@testable import Switchyard

/// The normalisation contract, pinned by a golden table. Each row: the input, then either the
/// expected parse (`scheme|host|port|segments|query|fragment`) or the expected error code and byte offset.
struct URLGoldenTests {
    enum Expect {
        case ok(String)
        case error(String, Int)
    }

    /// Renders a parse as one line: scheme|host|port|seg1/seg2|k=v&k=v|fragment, `-` for none.
    static func render(_ u: RouteURL) -> String {
        let q = u.query.items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return [u.scheme ?? "-", u.host, u.port.map(String.init) ?? "-",
                u.pathSegments.map { "[\($0)]" }.joined(), q.isEmpty ? "-" : q, u.fragment ?? "-"]
            .joined(separator: "|")
    }

    static let table: [(String, Expect)] = [
        // Plain app URLs.
        ("app://user/login/13800000000", .ok("app|user|-|[login][13800000000]|-|-")),
        ("app://user", .ok("app|user|-||-|-")),
        ("app://user/", .ok("app|user|-||-|-")),
        ("app://user//profile///5/", .ok("app|user|-|[profile][5]|-|-")),
        ("APP://User/Profile", .ok("app|user|-|[Profile]|-|-")),
        ("My-App+v2.x://home", .ok("my-app+v2.x|home|-||-|-")),
        // Schemeless: the first segment is the host.
        ("user/login/5", .ok("-|user|-|[login][5]|-|-")),
        ("/user/5", .ok("-|user|-|[5]|-|-")),
        ("//host/x", .ok("-|host|-|[x]|-|-")),
        ("share", .ok("-|share|-||-|-")),
        // Percent-decoding: once, after splitting.
        ("app://item/a%2Fb", .ok("app|item|-|[a/b]|-|-")),
        ("app://item/a%2fb/c", .ok("app|item|-|[a/b][c]|-|-")),
        ("app://item/%252F", .ok("app|item|-|[%2F]|-|-")),
        ("app://item/%2525", .ok("app|item|-|[%25]|-|-")),
        ("app://item/a%20b", .ok("app|item|-|[a b]|-|-")),
        ("app://item/a+b", .ok("app|item|-|[a+b]|-|-")),
        ("app://item/x?q=a+b", .ok("app|item|-|[x]|q=a b|-")),
        ("app://item/x?q=a%2Bb", .ok("app|item|-|[x]|q=a+b|-")),
        ("app://item/x?q=%2B+b", .ok("app|item|-|[x]|q=+ b|-")),
        ("app://item/%5C", .ok("app|item|-|[\\]|-|-")),
        ("app://item/%2e%2e", .ok("app|item|-|[..]|-|-")),
        ("app://item/..", .ok("app|item|-|[..]|-|-")),
        ("app://item/./x", .ok("app|item|-|[.][x]|-|-")),
        // An encoded slash or backslash is data inside its segment; it never splits it.
        ("app://search/AC%2FDC", .ok("app|search|-|[AC/DC]|-|-")),
        ("app://item/%2F", .ok("app|item|-|[/]|-|-")),
        ("app://item/%2F%2F/x", .ok("app|item|-|[//][x]|-|-")),
        ("app://item/a%5Cb%2fc", .ok("app|item|-|[a\\b/c]|-|-")),
        ("app://item/..%2F..%2Fetc", .ok("app|item|-|[../../etc]|-|-")),
        ("app://item/%252F%2F", .ok("app|item|-|[%2F/]|-|-")),
        // Mixed-case and half-encoded dot segments decode to `.` and `..` (no parameter takes them).
        ("app://item/%2E.", .ok("app|item|-|[..]|-|-")),
        ("app://item/.%2e", .ok("app|item|-|[..]|-|-")),
        ("app://item/%2e%2E/x", .ok("app|item|-|[..][x]|-|-")),
        ("app://item/%2E", .ok("app|item|-|[.]|-|-")),
        // Host case: decoded, then lowercased.
        ("app://USER/y", .ok("app|user|-|[y]|-|-")),
        ("APP://%55SeR/y", .ok("app|user|-|[y]|-|-")),
        // Unicode, raw and encoded.
        ("app://search/中文", .ok("app|search|-|[中文]|-|-")),
        ("app://search/%E4%B8%AD%E6%96%87", .ok("app|search|-|[中文]|-|-")),
        ("app://search/x?q=%F0%9F%98%80", .ok("app|search|-|[x]|q=😀|-")),
        ("app://search/😀?q=😀", .ok("app|search|-|[😀]|q=😀|-")),
        ("app://café/menü", .ok("app|café|-|[menü]|-|-")),
        ("app://%E4%B8%AD/x", .ok("app|中|-|[x]|-|-")),
        // Query: repeated keys, empty items, no '=', '=' in values.
        ("app://s/x?tag=a&tag=b&tag=c", .ok("app|s|-|[x]|tag=a&tag=b&tag=c|-")),
        ("app://s/x?a=1&&b=2&", .ok("app|s|-|[x]|a=1&b=2|-")),
        ("app://s/x?flag", .ok("app|s|-|[x]|flag=|-")),
        ("app://s/x?a=b=c", .ok("app|s|-|[x]|a=b=c|-")),
        ("app://s/x?", .ok("app|s|-|[x]|-|-")),
        ("app://s/x?=v", .ok("app|s|-|[x]|=v|-")),
        ("app://s?x=1", .ok("app|s|-||x=1|-")),
        // Nested URLs in the query do not confuse splitting.
        ("app://web/open?url=https://example.com/a/b?c=d", .ok("app|web|-|[open]|url=https://example.com/a/b?c=d|-")),
        ("app://web/open?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%26d%3De",
         .ok("app|web|-|[open]|url=https://example.com/a?b=c&d=e|-")),
        ("app://web/https%3A%2F%2Fevil.com", .ok("app|web|-|[https://evil.com]|-|-")),
        // Fragments are kept apart.
        ("app://doc/page#section-2", .ok("app|doc|-|[page]|-|section-2")),
        ("app://doc/page?x=1#frag?y=2", .ok("app|doc|-|[page]|x=1|frag?y=2")),
        ("app://doc/page#", .ok("app|doc|-|[page]|-|")),
        ("app://doc/page#a%20b", .ok("app|doc|-|[page]|-|a b")),
        // Ports and IPv6 in http(s).
        ("https://example.com:8443/a", .ok("https|example.com|8443|[a]|-|-")),
        ("https://example.com:/a", .ok("https|example.com|-|[a]|-|-")),
        ("http://[::1]:8080/x", .ok("http|::1|8080|[x]|-|-")),
        ("http://[2001:db8::1]/", .ok("http|2001:db8::1|-||-|-")),
        ("https://EXAMPLE.com/Path", .ok("https|example.com|-|[Path]|-|-")),
        ("https://example.com:0/", .ok("https|example.com|0|||-|-".replacingOccurrences(of: "|||", with: "||"))),
        ("https://example.com:65535", .ok("https|example.com|65535||-|-")),
        // Errors: bad escapes, with the byte offset of the '%'.
        ("app://item/a%2", .error("bad_percent_escape", 12)),
        ("app://item/a%zz", .error("bad_percent_escape", 12)),
        ("app://item/%", .error("bad_percent_escape", 11)),
        ("app://item/x?q=%G1", .error("bad_percent_escape", 15)),
        ("app://item/x#%", .error("bad_percent_escape", 13)),
        ("app://it%4/x", .error("bad_percent_escape", 8)),
        // Invalid UTF-8 after decoding.
        ("app://item/a%FFb/c", .error("invalid_utf8", 12)),
        ("app://item/%C3", .error("invalid_utf8", 14)),
        ("app://item/%C0%AF", .error("invalid_utf8", 11)),
        ("app://item/%ED%A0%80", .error("invalid_utf8", 14)),
        ("app://item/x?q=%E4%B8", .error("invalid_utf8", 21)),
        ("app://item/x?q=%E4&b=1", .error("invalid_utf8", 18)),
        // Control characters, raw and encoded.
        ("app://item/a b", .error("forbidden_character", 12)),
        ("app://item/a\tb", .error("forbidden_character", 12)),
        ("app://item/a\nb", .error("forbidden_character", 12)),
        ("app://item/a\rb", .error("forbidden_character", 12)),
        ("app://item/x?q=a b", .error("forbidden_character", 16)),
        ("app://item/a%00b", .error("encoded_control_character", 12)),
        ("app://item/x?q=%00", .error("encoded_control_character", 15)),
        ("app://item/a%0Ab", .error("encoded_control_character", 12)),
        ("app://item/a%7F", .error("encoded_control_character", 12)),
        ("app://item/a\\b", .error("forbidden_character", 12)),
        // Control characters encoded in a query value are allowed (but NUL).
        ("app://item/x?msg=line1%0Aline2", .ok("app|item|-|[x]|msg=line1\nline2|-")),
        // Structure.
        ("", .error("empty", 0)),
        ("/", .error("empty", 0)),
        ("app:///x", .error("empty_host", 6)),
        ("app://", .error("empty_host", 6)),
        ("app:x", .error("missing_authority", 4)),
        ("mailto:someone", .error("missing_authority", 7)),
        ("javascript:alert(1)", .error("missing_authority", 11)),
        ("1app://x", .error("invalid_scheme", 0)),
        ("ap_p://x", .error("invalid_scheme", 2)),
        ("://x", .error("invalid_scheme", 0)),
        ("app://user@host/x", .error("userinfo_not_allowed", 10)),
        ("https://good.com@evil.com/", .error("userinfo_not_allowed", 16)),
        ("https://example.com:99999999999/", .error("invalid_port", 20)),
        ("https://example.com:65536/", .error("invalid_port", 20)),
        ("https://example.com:8o/", .error("invalid_port", 20)),
        ("http://[::1/x", .error("invalid_ipv6", 7)),
        ("http://[zz::1]/x", .error("invalid_ipv6", 8)),
        ("http://ex%2Fample.com/", .error("invalid_host", 9)),
        ("http://ex<ample.com/", .error("invalid_host", 9)),
    ]

    @Test("golden URL table", arguments: 0..<table.count)
    func golden(_ index: Int) {
        let (input, expect) = Self.table[index]
        switch expect {
        case .ok(let rendered):
            do {
                let u = try RouteURL(input)
                #expect(Self.render(u) == rendered, "\(input)")
            } catch {
                Issue.record("\(input): unexpected error \(error)")
            }
        case .error(let code, let offset):
            do {
                let u = try RouteURL(input)
                Issue.record("\(input): expected \(code) at \(offset), parsed as \(Self.render(u))")
            } catch {
                #expect(error.code == code, "\(input): \(error)")
                #expect(error.offset == offset, "\(input): \(error)")
            }
        }
    }

    @Test func tableIsLargeEnough() {
        #expect(Self.table.count >= 80)
    }

    @Test func limitsAreCheckedAndNamed() throws {
        let limits = URLLimits(maxLength: 64, maxSegments: 3, maxQueryItems: 2, maxComponentLength: 10)
        #expect(throws: URLParseError(.tooLong(length: 65, limit: 64), at: 64)) {
            try RouteURL("app://x/" + String(repeating: "a", count: 57), limits: limits)
        }
        #expect(throws: URLParseError(.tooManySegments(limit: 3), at: 14)) {
            try RouteURL("app://x/a/b/c/d", limits: limits)
        }
        #expect(throws: URLParseError(.tooManyQueryItems(limit: 2), at: 18)) {
            try RouteURL("app://x/a?a=1&b=2&c=3", limits: limits)
        }
        #expect(throws: URLParseError(.componentTooLong(limit: 10), at: 8)) {
            try RouteURL("app://x/aaaaaaaaaaaa", limits: limits)
        }
        // The default length limit is 8 KiB and is checked before anything else.
        let long = "app://x/" + String(repeating: "%", count: 9000)
        #expect(throws: URLParseError(.tooLong(length: 9008, limit: 8192), at: 8192)) { try RouteURL(long) }
    }

    @Test func errorsDescribeThemselves() {
        let e = URLParseError(.badPercentEscape, at: 12)
        #expect(e.description == "'%' is not followed by two hexadecimal digits at byte 12")
        #expect(URLParseError(.forbiddenCharacter(0x0A), at: 3).description.contains("LF (0x0A)"))
        // A path written after three slashes (some routers' own sample URLs) is told how to write it.
        #expect(throws: URLParseError.self) { try RouteURL("dpl:///product/93598") }
        do {
            _ = try RouteURL("dpl:///product/93598")
        } catch {
            #expect(error.description.contains("'scheme://a/b' reads 'a' as the host") && error.offset == 6, "\(error)")
        }
    }

    @Test("normalised text parses back to the same URL", arguments: 0..<table.count)
    func roundTrip(_ index: Int) throws {
        let (input, expect) = Self.table[index]
        guard case .ok = expect else { return }
        let u = try RouteURL(input)
        let again = try RouteURL(u.normalized)
        #expect(again == u, "\(input) → \(u.normalized)")
    }

    @Test func lastWinsAccessorAndGrouping() throws {
        let u = try RouteURL("app://s/x?tag=a&x=1&tag=b")
        #expect(u.query["tag"] == "b")
        #expect(u.query.first("tag") == "a")
        #expect(u.query.values(for: "tag") == ["a", "b"])
        #expect(u.query.names == ["tag", "x"])
    }

    @Test func foundationURLIsAcceptedAsInput() throws {
        let f = try #require(URL(string: "app://order/42?from=push"))
        let u = try RouteURL(f)
        #expect(Self.render(u) == "app|order|-|[42]|from=push|-")
    }
}

import Foundation
