import SwitchyardNavigation
import Testing

/// Building states, their invariants, computed views and the compact rendering.
struct NavigationStateTests {
    typealias F = NavigationFixture

    @Test func initAssignsFreshIDsToUnassignedScreensInOrder() throws {
        let state = try NavigationState(tabs: [
            Tab(title: "Orders", root: Screen(kind: "OrderList", url: "app://orders", title: "Orders")),
            Tab(title: "Profile", root: Screen(kind: "Profile", url: "app://profile")),
        ])
        let expected = try F.state([
            Tab(title: "Orders", rootURL: "app://orders", root: Screen(id: 1, kind: "OrderList", url: "app://orders", title: "Orders")),
            Tab(title: "Profile", rootURL: "app://profile", root: Screen(id: 2, kind: "Profile", url: "app://profile")),
        ], next: 3)
        #expect(state == expected)
        #expect(state.idGenerator == ScreenIDGenerator(nextValue: 3))
    }

    @Test func initKeepsExplicitIDsAndStartsTheGeneratorAboveThem() throws {
        let state = try NavigationState(
            tabs: [F.ordersTab(F.order(1).with(id: 10)), F.profileTab()],
            modals: [Modal(root: F.login)]
        )
        #expect(state.idGenerator.nextValue == 12)
        #expect(state.modals == [Modal(root: F.login.with(id: 11))])
    }

    @Test func initRejectsEveryBrokenInvariant() {
        #expect(throws: NavigationError.invalidState(["there are no tabs"])) {
            try NavigationState(tabs: [])
        }
        #expect(throws: NavigationError.invalidState(["selected tab 2 is out of range 0..<2"])) {
            try NavigationState(tabs: [F.ordersTab(), F.profileTab()], selectedTab: 2)
        }
        #expect(throws: NavigationError.invalidState([
            "tab 1 (Empty) has an empty stack",
            "modal 0 has an empty stack",
            "modal 1 has no navigation but holds 2 screens",
        ])) {
            try NavigationState(
                tabs: [F.ordersTab(), Tab(title: "Empty", rootURL: "app://empty", stack: [])],
                modals: [Modal(stack: [], wrapsInNavigation: true), Modal(stack: [F.login, F.step2])]
            )
        }
        #expect(throws: NavigationError.invalidState(["screen ID #1 appears more than once"])) {
            try NavigationState(tabs: [F.ordersTab(F.login.with(id: 1)), F.profileTab()])
        }
        #expect(throws: NavigationError.invalidState(["screen ID #2 is not below the generator's next value 2"])) {
            try NavigationState(tabs: [F.ordersTab(), F.profileTab()], idGenerator: ScreenIDGenerator(nextValue: 2))
        }
        #expect(throws: NavigationError.invalidState(["screen ID #-4 is not positive"])) {
            try NavigationState(tabs: [Tab(title: "Orders", root: F.orders.with(id: -4))])
        }
    }

    @Test func anExhaustedGeneratorRejectsInsteadOfTrapping() throws {
        var state = try NavigationState(
            tabs: [F.ordersTab(), F.profileTab()], idGenerator: ScreenIDGenerator(nextValue: Int.max)
        )
        let before = state
        let result = state.apply(.push(F.order(1)))
        guard case .rejected(.invalidState(let violations)) = result else {
            Issue.record("expected invalidState, got \(result)")
            return
        }
        #expect(!violations.isEmpty)
        #expect(state == before)
    }

    @Test func aValidStateHasNoViolations() throws {
        #expect(try F.base().checkInvariants().isEmpty)
    }

    @Test func topIsTheTopModalsTopElseTheSelectedTabsTop() throws {
        let order42 = F.order(42).with(id: 3)
        let tabOnly = try F.state([F.ordersTab(order42), F.profileTab()], next: 4)
        #expect(tabOnly.top == order42)
        #expect(tabOnly.activeStack == [F.orders, order42])
        #expect(tabOnly.activeStackIsNavigable)
        #expect(tabOnly.topModal == nil)

        let login = F.login.with(id: 4), step2 = F.step2.with(id: 5)
        let presenting = try F.state(
            [F.ordersTab(order42), F.profileTab()],
            modals: [Modal(root: login), Modal(stack: [step2], wrapsInNavigation: true)],
            next: 6
        )
        #expect(presenting.top == step2)
        #expect(presenting.activeStack == [step2])
        #expect(presenting.visiblePath == [step2, login, order42, F.orders])
        #expect(presenting.screensFromTop == [step2, login, order42, F.orders, F.profile])
        #expect(presenting.screen(withID: 4) == login)
        #expect(presenting.screen(withID: 2) == F.profile)
        #expect(presenting.screen(withID: 99) == nil)
        #expect(presenting.currentTab == F.ordersTab(order42))
    }

    @Test func compactDescriptionShowsTabStackAndModals() throws {
        let state = try F.state(
            [F.ordersTab(F.order(42).with(id: 3)), F.profileTab()],
            modals: [Modal(root: F.login.with(id: 4))],
            next: 5
        )
        #expect(state.compactDescription == "[Orders] Orders > Order #42 ^ Login")
        #expect(state.description == state.compactDescription)

        let nested = try F.state(
            [F.ordersTab(), F.profileTab()],
            selected: 1,
            modals: [Modal(root: F.login.with(id: 3)), Modal(stack: [F.step2.with(id: 4), F.edit.with(id: 5)], wrapsInNavigation: true)],
            next: 6
        )
        #expect(nested.compactDescription == "[Profile] Profile ^ Login ^ Step 2 > Edit address")
    }

    @Test func screenDefaultsItsTitleToItsKind() {
        let screen = Screen(kind: "Settings", url: "app://settings")
        #expect(screen.title == "Settings")
        #expect(screen.id == .unassigned)
        #expect(screen.isSameRoute(as: Screen(id: 4, kind: "Settings", url: "app://settings", title: "Other")))
        #expect(!screen.isSameRoute(as: Screen(kind: "Settings", url: "app://settings?tab=2")))
    }

    @Test func tabRootURLDefaultsToTheRootScreensURL() {
        #expect(Tab(title: "Orders", root: F.orders).rootURL == "app://orders")
        #expect(Tab(title: "Empty", stack: []).rootURL == "")
    }

    @Test func generatorCountsUp() {
        var generator = ScreenIDGenerator()
        #expect(generator.next() == 1)
        #expect(generator.next() == 2)
        #expect(generator.nextValue == 3)
    }

    @Test func errorsDescribeThemselves() {
        #expect(NavigationError.tabOutOfRange(index: 5, count: 2).description == "tab index 5 is out of range (2 tabs, counted from 0)")
        #expect(NavigationError.vetoed(by: 4, reason: "Unsaved changes").description == "screen #4 refuses to be left: Unsaved changes")
        #expect(NavigationError.targetNotFound(.kind("Cart")).description == "no screen on the visible path matches kind Cart")
        #expect(NavigationError.duplicate(kind: "OrderDetail", url: "app://order/1").description == "OrderDetail app://order/1 is already on top")
        #expect(NavigationResult.rejected(.cannotPopRoot).description == "rejected: cannot pop: the stack holds only its root")
        #expect(NavigationResult.rejected(.cannotPopRoot).error == .cannotPopRoot)
        #expect(!NavigationResult.rejected(.cannotPopRoot).isApplied)
        #expect(NavigationResult.applied(.none).isApplied)
    }
}
