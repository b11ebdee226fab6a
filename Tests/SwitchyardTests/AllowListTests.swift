import Testing
@testable import Switchyard
import SwitchyardKit

/// `HostAllowList` decides which external web URLs may open (for example from a route with
/// `"metadata": {"web": true}`, or an `app://web/open?url=…` handler): https only, on a listed host or a
/// subdomain of one on a dot boundary. It is not for in-app `app://` routes, which the router matches
/// against its table: an app URL is never "web" and the list refuses it.
@Suite struct AllowListTests {
    static let list = HostAllowList(["example.com", "pay.example.org"])

    enum Kind: String, Sendable { case invalid, notHTTPS, hostNotAllowed }

    static func kind(_ r: HostAllowList.Refusal) -> Kind {
        switch r {
        case .invalid: .invalid
        case .notHTTPS: .notHTTPS
        case .hostNotAllowed: .hostNotAllowed
        }
    }

    /// Known bypasses of host allow lists, each with how it is refused.
    static let bypasses: [(String, Kind)] = [
        // Other schemes.
        ("javascript:alert(1)", .invalid),
        ("JavaScript:alert(document.domain)//https://example.com", .invalid),
        ("javascript://example.com/%0Aalert(1)", .invalid),
        ("jAvAsCrIpT://example.com/x", .notHTTPS),
        ("data:text/html,<script>alert(1)</script>", .invalid),
        ("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", .invalid),
        ("file:///etc/passwd", .invalid),
        ("file://example.com/etc/passwd", .notHTTPS),
        ("http://example.com/", .notHTTPS),
        ("HTTP://example.com/", .notHTTPS),
        ("ftp://example.com/", .notHTTPS),
        ("wss://example.com/", .notHTTPS),
        ("https+evil://example.com/", .notHTTPS),
        ("app://web/open?url=https://example.com", .notHTTPS),
        ("vbscript:msgbox(1)", .invalid),
        // No scheme, protocol-relative and backslash tricks.
        ("//evil.com", .notHTTPS),
        ("//example.com", .notHTTPS),
        ("example.com", .notHTTPS),
        ("/\\evil.com", .invalid),
        ("\\\\evil.com", .invalid),
        ("https:\\\\evil.com", .invalid),
        ("https:/\\evil.com", .invalid),
        ("https://evil.com\\@example.com", .invalid),
        ("https://evil.com\\.example.com", .invalid),
        ("https://example.com\\evil.com", .invalid),
        // Missing or malformed authority.
        ("https:evil.com", .invalid),
        ("https:/evil.com", .invalid),
        ("https:///evil.com", .invalid),
        ("https://", .invalid),
        ("https://:443/", .invalid),
        // Userinfo.
        ("https://example.com@evil.com/", .invalid),
        ("https://example.com:443@evil.com/", .invalid),
        ("https://example.com%40evil.com/", .invalid),
        ("https://evil.com@example.com/", .invalid),
        ("https://user:pass@example.com/", .invalid),
        ("https://example.com%252F@evil.com/", .invalid),
        // Look-alike hosts.
        ("https://example.com.evil.com/", .hostNotAllowed),
        ("https://EXAMPLE.COM.EVIL.COM/", .hostNotAllowed),
        ("https://evil.com/example.com", .hostNotAllowed),
        ("https://evil.com/?example.com", .hostNotAllowed),
        ("https://evil.com#example.com", .hostNotAllowed),
        ("https://evilexample.com/", .hostNotAllowed),
        ("https://evil-example.com/", .hostNotAllowed),
        ("https://example.co/", .hostNotAllowed),
        ("https://example.comm/", .hostNotAllowed),
        ("https://xample.com/", .hostNotAllowed),
        ("https://example.com./", .hostNotAllowed),
        ("https://example.com%2e/", .hostNotAllowed),
        ("https://.example.com/", .hostNotAllowed),
        ("https://example.com.%2e/", .hostNotAllowed),
        ("https://example.com%2eevil.com/", .hostNotAllowed),
        ("https://evil%2ecom/", .hostNotAllowed),
        ("https://example.org/", .hostNotAllowed),
        ("https://evil.pay.example.org.evil.com/", .hostNotAllowed),
        ("https://org/", .hostNotAllowed),
        ("https://com/", .hostNotAllowed),
        // IDN and punycode look-alikes.
        ("https://exаmple.com/", .hostNotAllowed),             // Cyrillic а
        ("https://еxample.com/", .hostNotAllowed),             // Cyrillic е
        ("https://xn--exmple-4nf.com/", .hostNotAllowed),
        ("https://exampIe.com/", .hostNotAllowed),             // capital I
        ("https://ｅxample.com/", .hostNotAllowed),             // fullwidth e
        ("https://example。com/", .hostNotAllowed),             // ideographic full stop
        ("https://example.com．evil.com/", .hostNotAllowed),    // fullwidth full stop
        ("https://ex\u{00AD}ample.com/", .hostNotAllowed),      // soft hyphen
        ("https://example\u{200B}.com/", .hostNotAllowed),      // zero-width space
        ("https://\u{202E}moc.elpmaxe/", .hostNotAllowed),      // right-to-left override
        // Encoded and double-encoded separators in the host.
        ("https://evil.com%2F.example.com/", .invalid),
        ("https://evil.com%2f@example.com/", .invalid),
        ("https://evil.com%5C.example.com/", .invalid),
        ("https://evil.com%3F.example.com/", .invalid),
        ("https://evil.com%23.example.com/", .invalid),
        ("https://evil.com%3A443.example.com/", .invalid),
        ("https://evil.com%252F.example.com/", .invalid),
        ("https://evil.com%2525.example.com/", .invalid),
        ("https://evil.com%00.example.com/", .invalid),
        ("https://evil.com%C0%AE.example.com/", .invalid),
        // Whitespace and control characters.
        ("https://exa\tmple.com/", .invalid),
        ("https://exa\nmple.com/", .invalid),
        ("https://example.com\r\n.evil.com/", .invalid),
        (" https://example.com/", .invalid),
        ("\thttps://example.com/", .invalid),
        ("https ://example.com/", .invalid),
        ("https://evil.com%09.example.com/", .invalid),
        ("https://evil.com%0A.example.com/", .invalid),
        ("https://example.com /", .invalid),
        ("\u{0000}https://example.com/", .invalid),
        // Ports.
        ("https://evil.com:443/", .hostNotAllowed),
        ("https://example.com:99999/", .invalid),
        ("https://example.com:-1/", .invalid),
        ("https://example.com:443:evil.com/", .invalid),
        ("https://example.com:.evil.com/", .invalid),
        ("https://example.com:80@evil.com/", .invalid),
        // IP literals and local names.
        ("https://[::1]/", .hostNotAllowed),
        ("https://[::ffff:7f00:1]/", .hostNotAllowed),
        ("https://127.0.0.1/", .hostNotAllowed),
        ("https://2130706433/", .hostNotAllowed),
        ("https://0x7f.0.0.1/", .hostNotAllowed),
        ("https://localhost/", .hostNotAllowed),
        ("https://[example.com]/", .invalid),
        // Bad escapes and invalid UTF-8 anywhere.
        ("https://example.com/%zz", .invalid),
        ("https://example.com/%C0%AF", .invalid),
        ("https://example.com/?q=%00", .invalid),
        ("", .invalid),
    ]

    /// Legitimate URLs that must open, with the host they open.
    static let legitimate: [(String, String)] = [
        ("https://example.com", "example.com"),
        ("https://example.com/", "example.com"),
        ("https://example.com/a", "example.com"),
        ("https://example.com/a/b/c/d/e/f", "example.com"),
        ("https://www.example.com/", "www.example.com"),
        ("https://shop.example.com/cart", "shop.example.com"),
        ("https://a.b.c.example.com/x", "a.b.c.example.com"),
        ("https://pay.example.org/checkout", "pay.example.org"),
        ("https://eu.pay.example.org/checkout?step=2", "eu.pay.example.org"),
        ("https://EXAMPLE.COM/", "example.com"),
        ("https://Example.Com/Path", "example.com"),
        ("HTTPS://example.com/", "example.com"),
        ("hTtPs://www.Example.com/", "www.example.com"),
        ("https://example.com:443/", "example.com"),
        ("https://example.com:8443/a", "example.com"),
        ("https://example.com:/a", "example.com"),
        ("https://example.com:0/", "example.com"),
        ("https://example.com/?q=1", "example.com"),
        ("https://example.com/search?q=a+b&lang=en", "example.com"),
        ("https://example.com/?q=a&q=b&q=c", "example.com"),
        ("https://example.com/#top", "example.com"),
        ("https://example.com/page#section-2", "example.com"),
        ("https://example.com/a?b=c#d", "example.com"),
        ("https://example.com/a%20b", "example.com"),
        ("https://example.com/%E4%B8%AD%E6%96%87", "example.com"),
        ("https://example.com/中文", "example.com"),
        ("https://example.com/😀", "example.com"),
        ("https://example.com/a%2Fb", "example.com"),
        ("https://example.com/..%2F..%2Fadmin", "example.com"),
        ("https://example.com/../admin", "example.com"),
        ("https://example.com/./a", "example.com"),
        ("https://example.com/evil.com", "example.com"),
        ("https://example.com/@evil.com", "example.com"),
        ("https://example.com/?next=https://evil.com", "example.com"),
        ("https://example.com/?redirect=//evil.com", "example.com"),
        ("https://example.com/#@evil.com", "example.com"),
        ("https://example.com/login?return=%2Fhome", "example.com"),
        ("https://example.com//double//slashes", "example.com"),
        ("https://example.com/a;b=c", "example.com"),
        ("https://example.com/~user", "example.com"),
        ("https://example.com/a!$&'()*+,;=:@b", "example.com"),
        ("https://example.com/?q=%E2%9C%93", "example.com"),
        ("https://example.com/?empty", "example.com"),
        ("https://example.com/?", "example.com"),
        ("https://example.com/#", "example.com"),
        ("https://ex%61mple.com/", "example.com"),
        ("https://%45XAMPLE.com/", "example.com"),
        ("https://evil.com.example.com/", "evil.com.example.com"),
        ("https://example-com.example.com/", "example-com.example.com"),
        ("https://xn--bcher-kva.example.com/", "xn--bcher-kva.example.com"),
        ("https://bücher.example.com/", "bücher.example.com"),
        ("https://1.example.com/", "1.example.com"),
        ("https://www.example.com:8080/a/b?c=d#e", "www.example.com"),
        ("https://example.com/" + String(repeating: "a", count: 2000), "example.com"),
    ]

    @Test func listsAreLargeEnough() {
        #expect(Self.bypasses.count >= 50)
        #expect(Self.legitimate.count >= 50)
    }

    @Test(arguments: 0..<bypasses.count)
    func bypassIsRefused(_ index: Int) {
        let (url, expected) = Self.bypasses[index]
        switch Self.list.check(url) {
        case .success(let u):
            Issue.record("BYPASS: \(JSONText.quote(url)) is allowed (host \(JSONText.quote(u.host)))")
        case .failure(let refusal):
            #expect(Self.kind(refusal) == expected, "\(JSONText.quote(url)): \(refusal)")
        }
    }

    @Test(arguments: 0..<legitimate.count)
    func legitimateURLOpens(_ index: Int) {
        let (url, host) = Self.legitimate[index]
        switch Self.list.check(url) {
        case .success(let u):
            #expect(u.host == host)
            #expect(u.scheme == "https")
        case .failure(let refusal):
            Issue.record("\(JSONText.quote(url)) refused: \(refusal)")
        }
    }

    @Test func hostChecksAreOnDotBoundaries() {
        let list = HostAllowList(["Example.COM", ""])
        #expect(list.hosts == ["example.com"])
        for h in ["example.com", "EXAMPLE.com", "a.example.com", "a.b.example.com"] { #expect(list.allows(host: h), "\(h)") }
        for h in ["", ".", "..", "com", "example.com.", ".example.com", "xexample.com", "example.com.evil", "example.co",
                  "a..example.com.", "example.comx"] {
            #expect(!list.allows(host: h), "\(h)")
        }
    }

    @Test func anEmptyListRefusesEverything() {
        let empty = HostAllowList([])
        for (url, _) in Self.legitimate {
            guard case .failure(.hostNotAllowed) = empty.check(url) else {
                Issue.record("\(url) is not refused for its host")
                continue
            }
        }
    }

    @Test func inAppURLsAreNotWebURLs() {
        for url in ["app://web/open", "app://example.com/x", "myapp://example.com", "example://example.com"] {
            guard case .failure(.notHTTPS) = Self.list.check(url) else {
                Issue.record("\(url) is not refused as not-https")
                continue
            }
        }
    }

    @Test func refusalsDescribeThemselves() {
        guard case .failure(let r) = Self.list.check("http://example.com") else { Issue.record("allowed"); return }
        #expect(r.description == "only https URLs may open (got 'http')")
        guard case .failure(let h) = Self.list.check("https://evil.com") else { Issue.record("allowed"); return }
        #expect(h.description == "host 'evil.com' is not on the allow list")
        guard case .failure(let i) = Self.list.check("https://a@b") else { Issue.record("allowed"); return }
        #expect(i.description.hasPrefix("invalid URL: userinfo"))
    }
}
