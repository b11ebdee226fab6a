import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import SwitchyardTestSupport
import Testing
@testable import SwitchyardShell

/// The route table's indexed filter against the plain definition (every word of the lowercased
/// filter is in the row's lowercased pattern, target and notes), over random rows and random typing,
/// with narrowing from the previous result as the model does it; and the reached marks.
@Suite("Route table filter")
@MainActor
struct RouteTableIndexTests {
    /// The filter's definition, written the plain way.
    static func oracle(_ rows: [RouteRow], _ filter: String) -> [RouteRow] {
        let words = filter.lowercased().split(separator: " ").map(String.init)
        return rows.filter { row in
            let text = ([row.pattern, row.target] + row.notes).joined(separator: " ").lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }

    nonisolated static let pieces = ["app://", "order", "Order", "/:id", "<int>", "user", "ÜBER", "straße", "订单", "x", "Login", " ", "-", "42"]

    static func rows(_ random: inout SplitMix64, count: Int) -> [RouteRow] {
        (0..<count).map { index in
            func word() -> String { (0..<Int(random.next() % 4 + 1)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
            let kind: RouteRow.Kind = index % 7 == 6 ? .redirect : .route
            return RouteRow(kind: kind, pattern: "app://" + word(), target: word(), metadata: random.next() % 3 == 0 ? ["requiresLogin"] : [],
                            interceptors: random.next() % 5 == 0 ? ["LoginGate"] : [], priority: Int(random.next() % 3))
        }
    }

    @Test func theIndexedFilterAgreesWithItsDefinitionWhileTyping() {
        var random = SplitMix64(seed: 21)
        for _ in 0..<40 {
            let rows = Self.rows(&random, count: 60)
            let index = RouteTableIndex(rows: rows)
            var text = ""
            var previous = index.all
            for _ in 0..<12 {
                // Mostly typing, sometimes a backspace or a new word.
                switch random.next() % 6 {
                case 0: if !text.isEmpty { text.removeLast() }
                case 1: text += " "
                default:
                    let piece = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
                    text += String(piece.prefix(Int(random.next() % 3 + 1)))
                }
                let list = index.filtered(by: text, narrowing: previous)
                #expect(Array(list) == Self.oracle(rows, text), "filter '\(text)'")
                #expect(list.widestPattern == (list.map { AppViewText.width($0.pattern) }.max() ?? 0))
                previous = list
            }
        }
    }

    @Test func theModelFiltersAsTheFilterLineChanges() throws {
        var random = SplitMix64(seed: 7)
        let rows = Self.rows(&random, count: 200)
        var model = AppModel(appName: "T", state: try NavigationState(tabs: [Tab(title: "A", rootURL: "app://a", root: Screen(kind: "A", url: "app://a", title: "A"))]),
                             width: 100, height: 30, routes: rows)
        for text in ["o", "or", "ord", "ord ", "ord x", "ord", "", "LOGIN"] {
            model.filter.setText(text)
            #expect(Array(model.routePanel.filtered) == Self.oracle(rows, text), "filter '\(text)'")
        }
        model.routes = Array(rows.prefix(10))
        #expect(Array(model.routePanel.filtered) == Self.oracle(Array(rows.prefix(10)), "LOGIN"))
    }

    @Test func theRouteTableMarksTheRoutesThisRunReached() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("R", to: loop, terminal)
        // The screen the app starts on is reached, as `switchyard coverage` counts it.
        let atStart = loop.model.routePanel.filtered.filter(loop.model.routePanel.isReached).map(\.pattern)
        #expect(atStart == ["app://home"])
        await loop.perform(.open("app://discover/item/7"))
        loop.present()
        // The item is placed in the Discover tab, whose root comes into view under it: reached too.
        let reached = loop.model.routePanel.filtered.filter(loop.model.routePanel.isReached).map(\.pattern)
        #expect(reached == ["app://home", "app://discover", "app://discover/item/:id<int>"])
        #expect(loop.model.routePanel.reachedCount == 3)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("· 3 reached · F3"))
        #expect(text.contains("app://discover/item/:id<int> ● Item"), "a space apart from the pattern: \(text)")
    }
}

/// The route table's title counts what `coverage` counts: routes, with the redirect and relocation rows
/// counted apart as rewrites.
@MainActor
struct RouteTableTitleCountTests {
    @Test func theTitleCountsRoutesAndRewritesApart() {
        func rows(_ routes: Int, _ redirects: Int, _ relocations: Int) -> [RouteRow] {
            (0..<routes).map { RouteRow(kind: .route, pattern: "app://r\($0)", target: "R") }
                + (0..<redirects).map { RouteRow(kind: .redirect, pattern: "app://d\($0)", target: "⇒ app://r0") }
                + (0..<relocations).map { RouteRow(kind: .relocation, pattern: "app://l\($0)", target: "delete") }
        }
        let cases: [([RouteRow], Int?, String)] = [
            (rows(25, 1, 1), nil, "25 routes, 2 rewrites"),
            (rows(25, 1, 1), 4, "4 shown of 25 routes, 2 rewrites"),
            (rows(1, 0, 0), nil, "1 route"),
            (rows(3, 1, 0), nil, "3 routes, 1 rewrite"),
            (rows(0, 0, 0), nil, "0 routes"),
            (rows(2, 0, 0), 0, "0 shown of 2 routes"),
        ]
        for (table, shown, expected) in cases {
            #expect(AppView.routeCounts(shown: shown ?? table.count, of: table) == expected)
        }
    }

    /// The demo app: the title's route count is the number of routes `coverage` reports on.
    @Test func theTitleAndCoverageCountTheSameRoutes() async throws {
        let (loop, terminal) = try AppFixture.loop()
        await AppFixture.type("R", to: loop, terminal)
        let routes = loop.model.routes.count { $0.kind == .route }
        let rewrites = loop.model.routes.count - routes
        #expect(routes == loop.runtime.coverageRoutes.count)
        let text = try #require(terminal.lastFrame).description
        #expect(text.contains("─ \(routes) routes" + (rewrites == 0 ? "" : ", \(rewrites) rewrites")), "\(text)")
    }
}
