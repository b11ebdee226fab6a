import Foundation
@testable import Switchyard
import Testing

/// For a URL whose host no route has, `explain` lists the nearest routes first (same scheme, the same
/// shape of path, shared literal segments, then a shared host prefix; equally near ones in table
/// order), at most five, and says how many more there are; `match`'s `nearest` is the first listed.
struct NearestRouteTests {
    static let patterns = [
        "shop://home", "shop://catalog", "shop://catalog/:category<slug>", "shop://product/:id<int>",
        "shop://product/:id<int>/reviews", "shop://cart", "other://thing/:id", "shop://files/*path",
        "shop://search/:q?", "shop://help/:topic/edit", "shop://nothingness",
    ]

    @Test("nearest first", arguments: [
        ("shop://nothing/1", ["shop://catalog/:category<slug>", "shop://product/:id<int>", "shop://files/*path",
                              "shop://search/:q?", "shop://product/:id<int>/reviews"], 6),
        ("shop://nothing/9/edit", ["shop://help/:topic/edit", "shop://product/:id<int>/reviews",
                                   "shop://files/*path", "shop://catalog/:category<slug>",
                                   "shop://product/:id<int>"], 6),
        ("shop://nothin", ["shop://nothingness", "shop://home", "shop://catalog", "shop://cart",
                           "shop://search/:q?"], 6),
    ])
    func ranked(_ url: String, _ listed: [String], _ more: Int) throws {
        let table = try MatcherTests.table(Self.patterns)
        let explanation = table.explain(url)
        #expect(explanation.candidates.map(\.pattern) == listed, "\(explanation)")
        #expect(explanation.unlisted == more)
        #expect(explanation.candidates.count + explanation.unlisted == Self.patterns.count,
                "every route is listed or counted: \(explanation)")
        #expect(explanation.description.hasSuffix("  … \(more) more routes, less near"))
    }
}
