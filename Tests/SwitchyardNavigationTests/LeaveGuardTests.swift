import SwitchyardNavigation
import Testing

/// Leave guards veto every action that would remove or switch away from a guarded screen.
struct LeaveGuardTests {
    typealias F = NavigationFixture

    static let order42 = F.order(42).with(id: 3)
    static let form = F.edit.with(id: 4).guarded()
    static let vetoed = NavigationResult.rejected(.vetoed(by: 4, reason: "Unsaved changes"))

    /// Orders > Order #42 > Edit address (guarded), next ID 5.
    static func formOnTab() throws -> NavigationState {
        try F.state([F.ordersTab(order42, form), F.profileTab()], next: 5)
    }

    /// Orders > Order #42, with the guarded form presented in a modal with navigation.
    static func formInModal() throws -> NavigationState {
        try F.state([F.ordersTab(order42), F.profileTab()], modals: [Modal(root: form, wrapsInNavigation: true)], next: 5)
    }

    @Test(arguments: [
        NavigationAction.pop(),
        .popToRoot(),
        .popTo(.kind("OrderDetail")),
        .popTo(.screen(1)),
        .selectTab(1),
        .selectTab(.rootURL("app://profile"), popToRoot: true),
        .setRoot(F.login),
        .replaceTop(F.login),
    ])
    func vetoesLeavingAGuardedScreenOnATab(action: NavigationAction) throws {
        var state = try Self.formOnTab()
        #expect(state.apply(action) == Self.vetoed)
        #expect(state == (try Self.formOnTab()))
    }

    @Test(arguments: [
        NavigationAction.dismiss(),
        .dismissAll(),
        .popTo(.kind("OrderDetail")),
        .selectTab(0),
        .selectTab(1),
        .setRoot(F.login),
        .dismissThenPush(F.login),
        .replaceTop(F.login),
    ])
    func vetoesLeavingAGuardedScreenInAModal(action: NavigationAction) throws {
        var state = try Self.formInModal()
        #expect(state.apply(action) == Self.vetoed)
        #expect(state == (try Self.formInModal()))
    }

    @Test func coveringAGuardedScreenIsAllowed() throws {
        var pushed = try Self.formOnTab()
        pushed.apply(.push(F.login))
        #expect(pushed == (try F.state([F.ordersTab(Self.order42, Self.form, F.login.with(id: 5)), F.profileTab()], next: 6)))

        var presented = try Self.formOnTab()
        presented.apply(.present(F.login))
        #expect(presented == (try F.state(
            [F.ordersTab(Self.order42, Self.form), F.profileTab()], modals: [Modal(root: F.login.with(id: 5))], next: 6
        )))
    }

    @Test func aGuardBelowTheTopStillVetoesRemovingIt() throws {
        var state = try F.state([F.ordersTab(Self.form, Self.order42.with(id: 5)), F.profileTab()], next: 6)
        let before = state
        #expect(state.apply(.popToRoot()) == Self.vetoed)
        #expect(state == before)
        // Popping only the unguarded screen above it is fine.
        state.apply(.pop())
        #expect(state == (try F.state([F.ordersTab(Self.form), F.profileTab()], next: 6)))
    }

    @Test func switchingBackToATabWhoseTopIsGuardedIsAllowed() throws {
        var state = try F.state([F.ordersTab(), F.profileTab(Self.form)], next: 5)
        #expect(state.apply(.selectTab(1)) == .applied(.tabSwitch(from: 0, to: 1, animation: .none)))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab(Self.form)], selected: 1, next: 5)))
    }

    @Test func theTopmostGuardedScreenIsReported() throws {
        let deeper = F.order(7).with(id: 5).guarded(LeaveGuard(reason: "Draft message"))
        var state = try F.state(
            [F.ordersTab(Self.form), F.profileTab()], modals: [Modal(root: deeper)], next: 6
        )
        #expect(state.apply(.setRoot(F.login)) == .rejected(.vetoed(by: 5, reason: "Draft message")))
        state.apply(.discardGuard(5))
        #expect(state.apply(.setRoot(F.login)) == .rejected(.vetoed(by: 4, reason: "Unsaved changes")))
    }

    @Test func discardGuardThenPopSucceeds() throws {
        var state = try Self.formOnTab()
        #expect(state.apply(.discardGuard(4)) == .applied(.none))
        let result = state.apply(.pop())
        #expect(state == (try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 5)))
        #expect(result == .applied(.pop(from: F.edit.with(id: 4), to: Self.order42, animation: .slideFromRight)))
    }

    @Test func overridingGuardsAppliesTheAction() throws {
        var onTab = try Self.formOnTab()
        let result = onTab.apply(.setRoot(F.login), overridingGuards: true)
        let login = F.login.with(id: 5)
        #expect(onTab == (try F.state([Tab(title: "Orders", rootURL: "app://orders", root: login), F.profileTab()], next: 6)))
        #expect(result == .applied(.rootReplaced(from: Self.form, to: login, animation: .fade)))

        var inModal = try Self.formInModal()
        inModal.apply(.dismiss(), overridingGuards: true)
        #expect(inModal == (try F.state([F.ordersTab(Self.order42), F.profileTab()], next: 5)))

        var switching = try Self.formOnTab()
        switching.apply(.selectTab(1), overridingGuards: true)
        #expect(switching == (try F.state([F.ordersTab(Self.order42, Self.form), F.profileTab()], selected: 1, next: 5)))
    }

    @Test func structuralErrorsComeBeforeTheVeto() throws {
        var state = try Self.formOnTab()
        #expect(state.apply(.selectTab(5)) == .rejected(.tabOutOfRange(index: 5, count: 2)))
        #expect(state.apply(.dismiss()) == .rejected(.nothingToDismiss))
        #expect(state == (try Self.formOnTab()))
    }
}
