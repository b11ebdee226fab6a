import Switchyard
import Testing

@testable import SwitchyardImport

/// Each router's own matching meaning, pinned as (router syntax → Switchyard patterns), and checked on
/// URLs: the converted patterns route exactly the URLs the router itself routes.
@Suite struct RouterMeaningTests {
    struct Case: Sendable, CustomStringConvertible {
        let dialect: String
        let source: String
        let patterns: [String]
        /// URLs the router routes to this registration.
        let routes: [String]
        /// URLs it does not.
        let misses: [String]
        var description: String { "\(dialect) \(source)" }
    }

    static func dialect(_ name: String) -> PatternDialect {
        switch name {
        case "ARouter": .aRouter
        case "DeepLinkKit": .deepLinkKit
        case "JLRoutes": .jlRoutes
        case "MGJRouter": .mgjRouter
        case "URLNavigator": .urlNavigator
        case "WLRRoute": .wlrRoute
        default: .plain
        }
    }

    static let cases: [Case] = [
        // ARouter matches `uri.getPath()`: scheme and host take no part.
        Case(dialect: "ARouter", source: "/test/activity", patterns: [":host/test/activity"],
             routes: ["arouter://m.example.com/test/activity", "https://other.example/test/activity"],
             misses: ["arouter://test/activity", "arouter://m.example.com/test/activity/x"]),
        // DeepLinkKit matches host+path; a route starting with `/` is not anchored at the start.
        Case(dialect: "DeepLinkKit", source: "/product/:id", patterns: ["**/product/:id"],
             routes: ["dpl://dpl.com/product/93598", "dpl://a/b/product/1"],
             misses: ["dpl://product/93598", "dpl://dpl.com/product/1/more"]),
        Case(dialect: "DeepLinkKit", source: "product/:id", patterns: ["product/:id"],
             routes: ["dpl://product/93598"], misses: ["dpl://dpl.com/product/93598"]),
        // JLRoutes: the host is the first component only when it has no `.` and is not `localhost`.
        Case(dialect: "JLRoutes", source: "/show/:id", patterns: ["show/:id", ":host(localhost|[^.]*\\..*)/show/:id"],
             routes: ["app://show/x", "https://www.example.com/show/x", "http://localhost/show/x"],
             misses: ["app://other/show/x", "https://www.example.com/x"]),
        // JLRoutes: `*` takes zero or more components; alone, every URL of the scheme.
        Case(dialect: "JLRoutes", source: "/foo/*", patterns: ["foo", "foo/*rest", ":host(localhost|[^.]*\\..*)/foo",
                                                              ":host(localhost|[^.]*\\..*)/foo/*rest"],
             routes: ["app://foo", "app://foo/a/b", "https://www.example.com/foo", "https://www.example.com/foo/x"],
             misses: ["app://bar", "https://www.example.com/bar"]),
        Case(dialect: "JLRoutes", source: "feed://*", patterns: ["feed://:host", "feed://:host/*rest"],
             routes: ["feed://example.com", "feed://example.com/rss/x", "feed://news"], misses: ["other://x"]),
        Case(dialect: "JLRoutes", source: "/", patterns: [":host(localhost|[^.]*\\..*)"],
             routes: ["https://www.artsy.net", "https://www.artsy.net/"], misses: ["artsy://home", "https://www.artsy.net/x"]),
        // MGJRouter: the longest registered prefix takes longer URLs; `mgj://` catches the whole scheme.
        Case(dialect: "MGJRouter", source: "mgj://foo/bar", patterns: ["mgj://foo/bar", "mgj://foo/bar/*rest"],
             routes: ["mgj://foo/bar", "mgj://foo/bar/baz/qux"], misses: ["mgj://foo", "other://foo/bar"]),
        Case(dialect: "MGJRouter", source: "mgj://", patterns: ["mgj://:host", "mgj://:host/*rest"],
             routes: ["mgj://anything", "mgj://a/b/c"], misses: ["other://a"]),
        // URLNavigator: `<path:_>` spans `/`, and in the host position also takes a URL with no path.
        Case(dialect: "URLNavigator", source: "http://<path:url>", patterns: ["http://:host", "http://:host/*url"],
             routes: ["http://example.com", "http://example.com/a/b"], misses: ["https://example.com"]),
        Case(dialect: "URLNavigator", source: "app://files/<path:p>", patterns: ["app://files/*p"],
             routes: ["app://files/a/b"], misses: ["app://files"]),
        // WLRRoute: `(.*)` last runs over the rest of the URL.
        Case(dialect: "WLRRoute", source: "x-call-back/:path(.*)", patterns: ["x-call-back/*path"],
             routes: ["app://x-call-back/a/b"], misses: ["app://other/a"]),
        Case(dialect: "WLRRoute", source: "/signin/:phone([0-9]+)", patterns: ["**/signin/:phone([0-9]+)"],
             routes: ["app://user/signin/138"], misses: ["app://user/signin/abc"]),
        Case(dialect: "TheRouter", source: "http://kymjs.com/therouter/test", patterns: ["http://kymjs.com/therouter/test"],
             routes: ["http://kymjs.com/therouter/test"], misses: ["http://other.com/therouter/test"]),
    ]

    @Test(arguments: cases)
    func conversion(_ c: Case) throws {
        let converted = PatternConversion.convert(c.source, dialect: Self.dialect(c.dialect))
        #expect(converted.refusal == nil)
        #expect(converted.patterns == c.patterns)
        var builder = RouteTableBuilder<String>()
        for p in converted.patterns { try builder.add(p, target: p) }
        let table = builder.build()
        for url in c.routes { #expect(try table.match(url) != nil, "\(c): \(url) should route") }
        for url in c.misses { #expect(try table.match(url) == nil, "\(c): \(url) should not route") }
    }

    /// Conversions that widen or narrow say so (a note becomes a warning and the route's importWarning).
    @Test func lossyConversionsHaveNotes() {
        #expect(!PatternConversion.convert("mgj://foo/bar", dialect: .mgjRouter).notes.isEmpty)
        #expect(!PatternConversion.convert("/user", dialect: .wlrRoute).notes.isEmpty)
        #expect(!PatternConversion.convert("a/:x(.+x)/b", dialect: .wlrRoute).notes.isEmpty)
        #expect(PatternConversion.convert("/test/activity", dialect: .aRouter).notes.isEmpty)
        #expect(PatternConversion.convert("/product/:id", dialect: .deepLinkKit).notes.isEmpty)
    }
}
