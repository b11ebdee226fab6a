import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Link labels on the phone: a long label takes a second line while the screen has rows to spare
/// (only the selected one's when not all fit), and a generated index link keeps its target, cutting
/// the pattern instead.
extension AppViewGoldenTests {
    /// The fixture app with two long link labels on its home screen.
    static func longLabelsLoop(width: Int, height: Int) throws -> (AppLoop, MemoryTerminal) {
        let json = AppFixture.json
            .replacingOccurrences(of: "Edit profile (leave guard)",
                                  with: "Edit profile (form with a leave guard that asks first)")
            .replacingOccurrences(of: "Legacy profile (redirect)",
                                  with: "Legacy profile (a redirect to the user profile screen)")
        let runtime = try AppRuntime(app: AppDescription.decode(json: Data(json.utf8)))
        let terminal = MemoryTerminal(width: width, height: height)
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false, stopsWhenIdle: true)
        return (loop, terminal)
    }

    /// With rows to spare, every long label is on two lines.
    @Test func longLinkLabelsWrapWhenThereIsRoom() async throws {
        let (loop, terminal) = try Self.longLabelsLoop(width: 100, height: 30)
        await AppFixture.send([], to: loop, terminal)
        let text = try #require(terminal.lastFrame).text()
        #expect(!text.contains { $0.contains("…") }, "no label is cut")
        #expect(text.contains { $0.contains("›") && $0.contains("Edit profile (form with a leave") })
        try Self.assertGolden("long-links-100x30", terminal.lastFrame)
    }

    /// With one row to spare, only the selected long label takes it; the others stay cut.
    @Test func theSelectedLinkLabelWrapsWhenOnlyItFits() async throws {
        let (loop, terminal) = try Self.longLabelsLoop(width: 80, height: 24)
        await AppFixture.send([.down, .down, .down, .down, .down], to: loop, terminal)
        #expect(loop.model.selection == 5)
        let text = try #require(terminal.lastFrame).text()
        #expect(text.contains { $0.contains("▸ Edit profile (form with a") }, "\(text.joined(separator: "\n"))")
        #expect(text.contains { $0.contains("› Legacy profile") && $0.contains("…") })
        try Self.assertGolden("long-links-selected-80x24", terminal.lastFrame)
    }

    /// A generated app's index: each link's target is in sight, its pattern cut at its components.
    @Test func generatedIndexLinksKeepTheirTargets() async throws {
        let routes = (0..<6).map { k in
            RouteDefinition(pattern: "shop://product/category\(k)/:id<int>/reviews", target: "ProductReviews\(k)")
        } + (0..<20).map { k in
            RouteDefinition(pattern: "shop://catalogue/section\(k)/:slug", target: "Section\(k)")
        }
        let app = AppDescription.generated(from: RouteFile(routes: routes), name: "routes.json")
        let terminal = MemoryTerminal(width: 80, height: 24)
        let runtime = try AppRuntime(app: app)
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false, stopsWhenIdle: true)
        await AppFixture.send([], to: loop, terminal)
        let text = try #require(terminal.lastFrame).text()
        for k in 0..<3 {
            #expect(text.contains { $0.contains("→ ProductReviews\(k)") }, "\(text.joined(separator: "\n"))")
        }
        try Self.assertGolden("generated-index-80x24", terminal.lastFrame)
    }

    @Test(arguments: [
        ("shop://product/:id<int> → ProductDetail", 40, "shop://product/:id<int> → ProductDetail"),
        // The pattern is cut, in its middle when its host and last component do not fit together.
        ("shop://product/:id<int> → ProductDetail", 30, "shop://…d<int> → ProductDetail"),
        ("shop://product/:id<int> → ProductDetail", 25, "shop…int> → ProductDetail"),
        ("shop://catalogue/section3/:slug → Section3", 30, "shop://ca…on3/:slug → Section3"),
        ("shop://a/section3/:slug/reviews → Section3", 30, "shop://a…/reviews → Section3"),
        // Too narrow to keep the target beside eight columns of pattern: cut at the end.
        ("shop://product/:id<int> → ProductDetail", 12, "shop://…"),
        // A note after the target goes before the pattern is cut.
        ("app://a/b → T (never opens: app://a/b is taken by another route)", 30,
         "app://a/b → T (never opens:…"),
        ("Edit profile (form with a leave guard)", 30, "Edit profile (form with a…"),
    ])
    func linkTitlesKeepTheirTargets(_ title: String, _ width: Int, _ expected: String) {
        let fitted = AppView.itemTitle(title, width: width)
        #expect(fitted == expected)
        #expect(DisplayWidth.of(fitted) <= width)
    }
}
