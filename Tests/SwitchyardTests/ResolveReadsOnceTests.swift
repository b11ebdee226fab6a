import Foundation
@testable import Switchyard
import SwitchyardTestSupport
import Testing

/// A walk with no relocations or redirects leaves reading the URL to the table's lookup: it must refuse
/// what the walk's own reading refuses, with the same error, and reach the same route. Compared on a
/// router without rewrites and the same router with a redirect no URL here takes (which makes the walk
/// read every URL itself), over hand-picked URLs and random byte strings.
struct ResolveReadsOnceTests {
    static let patterns = ["app://a/:id", "app://b", "app://a/:id<int>/x", "**/help", "web://:host/*rest"]

    static func routers() throws -> (plain: Router, rewriting: Router) {
        let plain = Router(), rewriting = Router()
        for (k, p) in patterns.enumerated() {
            try plain.register(p, target: "T\(k)") { _ in RouteResult() }
            try rewriting.register(p, target: "T\(k)") { _ in RouteResult() }
        }
        try rewriting.addRedirect(from: "never://taken", to: "app://b")
        return (plain, rewriting)
    }

    static func sameEnd(_ a: Resolution, _ b: Resolution) -> Bool {
        switch (a.end, b.end) {
        case (.invalidURL(let u1, let e1), .invalidURL(let u2, let e2)):
            return u1 == u2 && e1.description == e2.description && e1.code == e2.code
        case (.matched(let m1), .matched(let m2)):
            return m1.pattern == m2.pattern && m1.entry.name == m2.entry.name
                && m1.parameters.map { "\($0.0)=\($0.1)" } == m2.parameters.map { "\($0.0)=\($0.1)" }
        case (.notFound(let u1), .notFound(let u2)):
            return u1 == u2
        default:
            return false
        }
    }

    @Test func withoutRewritesTheLookupReadsTheURLAsTheWalkWould() throws {
        let (plain, rewriting) = try Self.routers()
        var urls = [
            "app://a/7", "app://a/7/x", "app://b", "app://b?x=1#f", "APP://B", "app://a/%41", "app://a/%zz",
            "app://a/%", "app://a b", "app:///x", "app://", "", "app", "x://y/help", "web://h/a/b/c", "app://a/7?q=%",
            "app://a/7#%", "app://[::1]/a", "app://a:99/7", "app://a:x/7", "app://a/../b", "app://a/./7",
            "app://a/7\u{0}", "app://a/\u{202E}", "app://é/7", "//a/7", "app:a/7", "app://a//7",
            String(repeating: "a", count: 5000), "app://a/" + String(repeating: "x/", count: 300),
        ]
        var rng = SplitMix64(seed: 0x7ead_0001)
        let bytes = Array("app:/%?#[]@!$&'()*+,;= abAB09-._~\u{0}\u{7f}é".unicodeScalars)
        for _ in 0..<3_000 {
            var text = rng.oneIn(2) ? "app://" : ""
            for _ in 0..<rng.below(14) { text.unicodeScalars.append(rng.pick(bytes)) }
            urls.append(text)
        }
        var invalid = 0
        for url in urls {
            let a = plain.resolve(url), b = rewriting.resolve(url)
            #expect(Self.sameEnd(a, b), "\(url.debugDescription): \(a.end) vs \(b.end)")
            if case .invalidURL = a.end { invalid += 1 }
        }
        // Both ways of ending are compared: refused URLs and read ones.
        #expect(invalid > 300 && invalid < urls.count - 300, "\(invalid) of \(urls.count)")
    }
}
