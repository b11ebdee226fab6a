import SwitchyardNavigation
import Testing

/// Pushing or presenting the top screen's route again, under both policies.
struct DuplicatePolicyTests {
    typealias F = NavigationFixture

    static let order42 = F.order(42).with(id: 3)

    @Test func ignoreIsTheDefault() throws {
        #expect(try F.base().duplicatePolicy == .ignore)
    }

    @Test func ignoreRejectsPushingTheTopRouteAgain() throws {
        var state = try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 4)
        let before = state
        var again = F.order(42)
        again.title = "Same route, other content"
        #expect(state.apply(.push(again)) == .rejected(.duplicate(kind: "OrderDetail", url: "app://order/42")))
        #expect(state.apply(.present(F.order(42))) == .rejected(.duplicate(kind: "OrderDetail", url: "app://order/42")))
        #expect(state.apply(.dismissThenPush(F.order(42))) == .rejected(.duplicate(kind: "OrderDetail", url: "app://order/42")))
        #expect(state == before)
    }

    @Test func ignoreComparesKindAndPathParameters() throws {
        var state = try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 4)
        state.apply(.push(F.order(43)))
        var otherKind = F.order(43)
        otherKind.kind = "OrderInvoice"
        state.apply(.push(otherKind))
        #expect(state == (try F.state(
            [F.ordersTab(Self.order42, F.order(43).with(id: 4), otherKind.with(id: 5)), F.profileTab()], next: 6
        )))
    }

    @Test func ignoreIgnoresTheQueryAndTheURLText() throws {
        var state = try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 4)
        var withQuery = F.order(42)
        withQuery.url = "app://order/42?from=home"
        withQuery.parameters["from"] = "home"
        #expect(state.apply(.push(withQuery)) == .rejected(.duplicate(kind: "OrderDetail", url: "app://order/42?from=home")))
        var alias = F.order(42)
        alias.url = "app://o/42"
        alias.pattern = "app://o/:id"
        #expect(state.apply(.push(alias)) == .rejected(.duplicate(kind: "OrderDetail", url: "app://o/42")))
    }

    @Test func ignoreOnlyLooksAtTheTop() throws {
        var state = try F.state([F.ordersTab(Self.order42, F.edit.with(id: 4)), F.profileTab()], next: 5)
        state.apply(.push(F.order(42)))
        #expect(state == (try F.state(
            [F.ordersTab(Self.order42, F.edit.with(id: 4), F.order(42).with(id: 5)), F.profileTab()], next: 6
        )))
    }

    @Test func dismissThenPushComparesWithTheTabTopNotTheModal() throws {
        var state = try F.state(
            [F.ordersTab(Self.order42), F.profileTab()], modals: [Modal(root: F.order(7).with(id: 4))], next: 5
        )
        let before = state
        #expect(state.apply(.dismissThenPush(F.order(42))) == .rejected(.duplicate(kind: "OrderDetail", url: "app://order/42")))
        #expect(state == before)
        state.apply(.dismissThenPush(F.order(7)))
        #expect(state == (try F.state([F.ordersTab(Self.order42, F.order(7).with(id: 5)), F.profileTab()], next: 6)))
    }

    @Test func allowPushesASecondInstanceWithItsOwnID() throws {
        var state = try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 4, policy: .allow)
        let result = state.apply(.push(F.order(42)))
        let second = F.order(42).with(id: 4)
        #expect(state == (try F.state([F.ordersTab(Self.order42, second), F.profileTab()], next: 5, policy: .allow)))
        #expect(result == .applied(.push(from: Self.order42, to: second, animation: .slideFromRight)))
    }

    @Test func replaceTopWithTheSameRouteIsARefresh() throws {
        var state = try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 4)
        state.apply(.replaceTop(F.order(42)))
        #expect(state == (try F.state([F.ordersTab(F.order(42).with(id: 4)), F.profileTab()], next: 5)))
    }

    @Test func thePolicyCanBeChangedOnALiveState() throws {
        var state = try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 4)
        state.duplicatePolicy = .allow
        #expect(state.apply(.push(F.order(42))).isApplied)
    }
}
