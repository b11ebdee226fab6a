import SwitchyardNavigation
import Testing

/// Each action on a whole state: the expected state is written literally and compared with `==`.
struct NavigationActionTests {
    typealias F = NavigationFixture

    // MARK: push

    @Test func pushAddsAFreshlyIdentifiedScreenOnTheSelectedTab() throws {
        var state = try F.base()
        let result = state.apply(.push(F.order(42)))
        let order42 = F.order(42).with(id: 3)
        #expect(state == (try F.state([F.ordersTab(order42), F.profileTab()], next: 4)))
        #expect(result == .applied(.push(from: F.orders, to: order42, animation: .slideFromRight)))
    }

    @Test func pushReplacesWhateverIDTheCallerGave() throws {
        var state = try F.base()
        state.apply(.push(F.order(42).with(id: 1), animation: .fade))
        #expect(state == (try F.state([F.ordersTab(F.order(42).with(id: 3)), F.profileTab()], next: 4)))
    }

    @Test func pushGoesOnTheTopModalStackWhenItWrapsNavigation() throws {
        var state = try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [Modal(root: F.login.with(id: 3), style: .fullScreen, wrapsInNavigation: true)],
            next: 4
        )
        let result = state.apply(.push(F.step2))
        let expected = try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [Modal(stack: [F.login.with(id: 3), F.step2.with(id: 4)], style: .fullScreen, wrapsInNavigation: true)],
            next: 5
        )
        #expect(state == expected)
        #expect(result == .applied(.push(from: F.login.with(id: 3), to: F.step2.with(id: 4), animation: .slideFromRight)))
    }

    @Test func pushOnAModalWithoutNavigationIsRejected() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        let before = state
        #expect(state.apply(.push(F.step2)) == .rejected(.modalHasNoNavigationStack))
        #expect(state == before)
    }

    // MARK: pop

    @Test func popRemovesTheTopScreen() throws {
        let order42 = F.order(42).with(id: 3)
        var state = try F.state([F.ordersTab(order42), F.profileTab()], next: 4)
        let result = state.apply(.pop())
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], next: 4)))
        #expect(result == .applied(.pop(from: order42, to: F.orders, animation: .slideFromRight)))
    }

    @Test func popOnTheRootIsRejected() throws {
        var state = try F.base()
        #expect(state.apply(.pop()) == .rejected(.cannotPopRoot))
        #expect(state == (try F.base()))
    }

    @Test func popActsOnTheTopModalStack() throws {
        let login = F.login.with(id: 3), step2 = F.step2.with(id: 4)
        var state = try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [Modal(stack: [login, step2], wrapsInNavigation: true)],
            next: 5
        )
        let result = state.apply(.pop(animation: .slideFromLeft))
        #expect(state == (try F.state(
            [F.ordersTab(), F.profileTab()], modals: [Modal(root: login, wrapsInNavigation: true)], next: 5
        )))
        #expect(result == .applied(.pop(from: step2, to: login, animation: .slideFromLeft)))
    }

    @Test func popOnTheRootOfAModalStackIsRejected() throws {
        var state = try F.state(
            [F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3), wrapsInNavigation: true)], next: 4
        )
        let before = state
        #expect(state.apply(.pop()) == .rejected(.cannotPopRoot))
        #expect(state == before)
    }

    @Test func popInAModalWithoutNavigationIsRejected() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        let before = state
        #expect(state.apply(.pop()) == .rejected(.modalHasNoNavigationStack))
        #expect(state == before)
    }

    // MARK: popToRoot

    @Test func popToRootKeepsOnlyTheRoot() throws {
        let order42 = F.order(42).with(id: 3), order7 = F.order(7).with(id: 4)
        var state = try F.state([F.ordersTab(order42, order7), F.profileTab()], next: 5)
        let result = state.apply(.popToRoot())
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], next: 5)))
        #expect(result == .applied(.popTo(from: order7, to: F.orders, removed: 2, animation: .slideFromRight)))
    }

    @Test func popToRootAtTheRootIsANoOp() throws {
        var state = try F.base()
        #expect(state.apply(.popToRoot()) == .applied(.none))
        #expect(state == (try F.base()))
    }

    @Test func popToRootInAModalWithoutNavigationIsANoOp() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        let before = state
        #expect(state.apply(.popToRoot()) == .applied(.none))
        #expect(state == before)
    }

    // MARK: popTo

    @Test func popToKindReturnsToTheNearestInstanceFromTheTop() throws {
        let a = F.order(1).with(id: 3), edit = F.edit.with(id: 4), b = F.order(2).with(id: 5), c = F.edit.with(id: 6)
        var state = try F.state([F.ordersTab(a, edit, b, c), F.profileTab()], next: 7)
        let result = state.apply(.popTo(.kind("OrderDetail")))
        #expect(state == (try F.state([F.ordersTab(a, edit, b), F.profileTab()], next: 7)))
        #expect(result == .applied(.pop(from: c, to: b, animation: .slideFromRight)))
    }

    @Test func popToPatternRemovesAContiguousRun() throws {
        let a = F.order(1).with(id: 3), e1 = F.edit.with(id: 4), e2 = F.edit.with(id: 5)
        var state = try F.state([F.ordersTab(a, e1, e2), F.profileTab()], next: 6, policy: .allow)
        let result = state.apply(.popTo(.pattern("app://order/:id"), animation: .fade))
        #expect(state == (try F.state([F.ordersTab(a), F.profileTab()], next: 6, policy: .allow)))
        #expect(result == .applied(.popTo(from: e2, to: a, removed: 2, animation: .fade)))
    }

    @Test func popToScreenIDFindsThatInstance() throws {
        let a = F.order(1).with(id: 3), b = F.order(2).with(id: 4), c = F.order(3).with(id: 5)
        var state = try F.state([F.ordersTab(a, b, c), F.profileTab()], next: 6)
        state.apply(.popTo(.screen(3)))
        #expect(state == (try F.state([F.ordersTab(a), F.profileTab()], next: 6)))
    }

    @Test func popToTheTopItselfIsANoOp() throws {
        let a = F.order(1).with(id: 3)
        var state = try F.state([F.ordersTab(a), F.profileTab()], next: 4)
        let before = state
        #expect(state.apply(.popTo(.screen(3))) == .applied(.none))
        #expect(state == before)
    }

    @Test func popToAScreenBelowTheModalsDismissesThem() throws {
        let a = F.order(1).with(id: 3), b = F.order(2).with(id: 4)
        let login = F.login.with(id: 5), step2 = F.step2.with(id: 6)
        var state = try F.state(
            [F.ordersTab(a, b), F.profileTab()],
            modals: [Modal(stack: [login, step2], wrapsInNavigation: true)],
            next: 7
        )
        let result = state.apply(.popTo(.kind("OrderDetail")))
        #expect(state == (try F.state([F.ordersTab(a, b), F.profileTab()], next: 7)))
        #expect(result == .applied(.dismissMany([step2, login], animation: .slideFromRight)))

        var deeper = try F.state(
            [F.ordersTab(a, b), F.profileTab()], modals: [Modal(root: login, style: .fullScreen)], next: 7
        )
        let deeperResult = deeper.apply(.popTo(.screen(3)))
        #expect(deeper == (try F.state([F.ordersTab(a), F.profileTab()], next: 7)))
        #expect(deeperResult == .applied(.replace(from: login, to: a, animation: .slideFromRight)))
    }

    @Test func popToInsideTheTopModalKeepsTheModal() throws {
        let login = F.login.with(id: 3), step2 = F.step2.with(id: 4), edit = F.edit.with(id: 5)
        var state = try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [Modal(stack: [login, step2, edit], wrapsInNavigation: true)],
            next: 6
        )
        let result = state.apply(.popTo(.kind("Login")))
        #expect(state == (try F.state(
            [F.ordersTab(), F.profileTab()], modals: [Modal(root: login, wrapsInNavigation: true)], next: 6
        )))
        #expect(result == .applied(.popTo(from: edit, to: login, removed: 2, animation: .slideFromRight)))
    }

    @Test func popToAMissingTargetIsRejected() throws {
        var state = try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()], next: 4)
        let before = state
        #expect(state.apply(.popTo(.kind("Settings"))) == .rejected(.targetNotFound(.kind("Settings"))))
        #expect(state.apply(.popTo(.screen(9))) == .rejected(.targetNotFound(.screen(9))))
        #expect(state.apply(.popTo(.pattern("app://nowhere"))) == .rejected(.targetNotFound(.pattern("app://nowhere"))))
        #expect(state == before)
    }

    @Test func popToFindsItsTargetInAnotherTabAndSelectsIt() throws {
        var state = try F.state([F.ordersTab(F.order(1).with(id: 3), F.order(2).with(id: 4)), F.profileTab()], selected: 1, next: 5)
        let result = state.apply(.popTo(.sameRoute(as: F.order(1))))
        #expect(state == (try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()], selected: 0, next: 5)))
        #expect(result == .applied(.tabSwitch(from: 1, to: 0, animation: .slideFromRight)))
    }

    @Test func removeTakesAScreenOutWhereverItIs() throws {
        let login = F.login.with(id: 5)
        var state = try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()],
                                modals: [Modal(root: login, style: .fullScreen), Modal(root: F.edit.with(id: 6))], next: 7)
        #expect(state.apply(.remove(5)).isApplied)
        #expect(state == (try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()],
                                      modals: [Modal(root: F.edit.with(id: 6))], next: 7)))
        #expect(state.apply(.remove(1)) == .rejected(.cannotPopRoot))
        #expect(state.apply(.remove(42)) == .rejected(.screenNotFound(42)))
    }

    @Test func updateKeepsTheIDAndTheGuard() throws {
        var state = try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()], next: 4)
        var fresh = F.order(1)
        fresh.url = "app://order/1?from=home"
        fresh.parameters["from"] = "home"
        #expect(state.apply(.update(3, with: fresh)) == .applied(.none))
        #expect(state.screen(withID: 3)?.url == "app://order/1?from=home")
        #expect(state.screen(withID: 3)?.id == 3)
    }

    // MARK: present, dismiss

    @Test func presentAddsAModal() throws {
        var state = try F.base()
        let result = state.apply(.present(F.login))
        #expect(state == (try F.state(
            [F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3), style: .sheet)], next: 4
        )))
        #expect(result == .applied(.present(F.login.with(id: 3), style: .sheet, animation: .slideFromBottom)))
    }

    @Test func presentStacksAModalWithNavigationOnAnother() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        let result = state.apply(.present(F.step2, style: .fullScreen, wrapsInNavigation: true, animation: .fade))
        #expect(state == (try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [
                Modal(root: F.login.with(id: 3)),
                Modal(root: F.step2.with(id: 4), style: .fullScreen, wrapsInNavigation: true),
            ],
            next: 5
        )))
        #expect(result == .applied(.present(F.step2.with(id: 4), style: .fullScreen, animation: .fade)))
    }

    @Test func dismissRemovesTheTopModal() throws {
        let login = F.login.with(id: 3), step2 = F.step2.with(id: 4)
        var state = try F.state(
            [F.ordersTab(), F.profileTab()], modals: [Modal(root: login), Modal(root: step2)], next: 5
        )
        let result = state.apply(.dismiss())
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: login)], next: 5)))
        #expect(result == .applied(.dismiss(step2, animation: .slideFromBottom)))
    }

    @Test func dismissWithoutModalsIsRejected() throws {
        var state = try F.base()
        #expect(state.apply(.dismiss()) == .rejected(.nothingToDismiss))
        #expect(state == (try F.base()))
    }

    @Test func dismissAllRemovesEveryModal() throws {
        let login = F.login.with(id: 3), step2 = F.step2.with(id: 4)
        var state = try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [Modal(root: login), Modal(root: step2, wrapsInNavigation: true)],
            next: 5
        )
        let result = state.apply(.dismissAll(animation: .fade))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], next: 5)))
        #expect(result == .applied(.dismissMany([step2, login], animation: .fade)))
    }

    @Test func dismissAllWithoutModalsIsANoOp() throws {
        var state = try F.base()
        #expect(state.apply(.dismissAll()) == .applied(.none))
        #expect(state == (try F.base()))
    }

    // MARK: selectTab

    @Test func selectTabByIndexKeepsEachTabsStack() throws {
        let order42 = F.order(42).with(id: 3)
        var state = try F.state([F.ordersTab(order42), F.profileTab()], next: 4)
        let result = state.apply(.selectTab(1))
        #expect(state == (try F.state([F.ordersTab(order42), F.profileTab()], selected: 1, next: 4)))
        #expect(result == .applied(.tabSwitch(from: 0, to: 1, animation: .none)))
    }

    @Test func selectTabByRootURLAndRootKind() throws {
        var state = try F.base()
        #expect(state.apply(.selectTab(.rootURL("app://profile"))) == .applied(.tabSwitch(from: 0, to: 1, animation: .none)))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], selected: 1, next: 3)))
        #expect(state.apply(.selectTab(.rootKind("OrderList"), animation: .fade)) == .applied(.tabSwitch(from: 1, to: 0, animation: .fade)))
        #expect(state == (try F.base()))
    }

    @Test func selectTabWithPopToRootPopsTheTargetTab() throws {
        let edit = F.edit.with(id: 3), order42 = F.order(42).with(id: 4)
        var state = try F.state([F.ordersTab(order42), F.profileTab(edit)], next: 5)
        state.apply(.selectTab(1, popToRoot: true))
        #expect(state == (try F.state([F.ordersTab(order42), F.profileTab()], selected: 1, next: 5)))
    }

    @Test func selectTabDismissesModals() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        let result = state.apply(.selectTab(1))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], selected: 1, next: 4)))
        #expect(result == .applied(.tabSwitch(from: 0, to: 1, animation: .none)))
    }

    @Test func selectingTheCurrentTabOnlyDismissesAndPops() throws {
        var idle = try F.base()
        #expect(idle.apply(.selectTab(0)) == .applied(.none))
        #expect(idle == (try F.base()))

        let login = F.login.with(id: 3)
        var presenting = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: login)], next: 4)
        #expect(presenting.apply(.selectTab(0)) == .applied(.dismiss(login, animation: .none)))
        #expect(presenting == (try F.state([F.ordersTab(), F.profileTab()], next: 4)))

        let order42 = F.order(42).with(id: 3)
        var deep = try F.state([F.ordersTab(order42), F.profileTab()], next: 4)
        #expect(deep.apply(.selectTab(0, popToRoot: true)) == .applied(.pop(from: order42, to: F.orders, animation: .none)))
        #expect(deep == (try F.state([F.ordersTab(), F.profileTab()], next: 4)))
    }

    @Test func selectTabRejectsUnknownTabs() throws {
        var state = try F.base()
        #expect(state.apply(.selectTab(2)) == .rejected(.tabOutOfRange(index: 2, count: 2)))
        #expect(state.apply(.selectTab(-1)) == .rejected(.tabOutOfRange(index: -1, count: 2)))
        #expect(state.apply(.selectTab(.rootURL("app://cart"))) == .rejected(.tabNotFound(.rootURL("app://cart"))))
        #expect(state.apply(.selectTab(.rootKind("Cart"))) == .rejected(.tabNotFound(.rootKind("Cart"))))
        #expect(state == (try F.base()))
    }

    // MARK: setRoot, dismissThenPush, replaceTop

    @Test func setRootReplacesTheSelectedStackAndDismissesModals() throws {
        let order42 = F.order(42).with(id: 3), edit = F.edit.with(id: 4)
        var state = try F.state(
            [F.ordersTab(order42), F.profileTab(edit)], modals: [Modal(root: F.step2.with(id: 5))], next: 6
        )
        let result = state.apply(.setRoot(F.login))
        let login = F.login.with(id: 6)
        let expected = try F.state(
            [Tab(title: "Orders", rootURL: "app://orders", stack: [login]), F.profileTab(edit)], next: 7
        )
        #expect(state == expected)
        #expect(result == .applied(.rootReplaced(from: F.step2.with(id: 5), to: login, animation: .fade)))
    }

    @Test func dismissThenPushPushesOnTheSelectedTab() throws {
        var state = try F.state(
            [F.ordersTab(), F.profileTab()],
            modals: [Modal(stack: [F.login.with(id: 3), F.step2.with(id: 4)], wrapsInNavigation: true)],
            next: 5
        )
        let result = state.apply(.dismissThenPush(F.order(42)))
        let order42 = F.order(42).with(id: 5)
        #expect(state == (try F.state([F.ordersTab(order42), F.profileTab()], next: 6)))
        #expect(result == .applied(.replace(from: F.step2.with(id: 4), to: order42, animation: .slideFromRight)))
    }

    @Test func dismissThenPushWithoutModalsIsAPush() throws {
        var state = try F.base()
        let result = state.apply(.dismissThenPush(F.order(42)))
        let order42 = F.order(42).with(id: 3)
        #expect(state == (try F.state([F.ordersTab(order42), F.profileTab()], next: 4)))
        #expect(result == .applied(.push(from: F.orders, to: order42, animation: .slideFromRight)))
    }

    @Test func replaceTopSwapsTheTopScreen() throws {
        let order42 = F.order(42).with(id: 3)
        var state = try F.state([F.ordersTab(order42), F.profileTab()], next: 4)
        let result = state.apply(.replaceTop(F.order(43)))
        let order43 = F.order(43).with(id: 4)
        #expect(state == (try F.state([F.ordersTab(order43), F.profileTab()], next: 5)))
        #expect(result == .applied(.replace(from: order42, to: order43, animation: .fade)))
    }

    @Test func replaceTopOfARootOnlyStackReplacesTheRoot() throws {
        var state = try F.base()
        let result = state.apply(.replaceTop(F.login))
        let login = F.login.with(id: 3)
        #expect(state == (try F.state([Tab(title: "Orders", rootURL: "app://orders", root: login), F.profileTab()], next: 4)))
        #expect(result == .applied(.rootReplaced(from: F.orders, to: login, animation: .fade)))
    }

    @Test func replaceTopWorksInAModalWithoutNavigation() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        let result = state.apply(.replaceTop(F.step2))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.step2.with(id: 4))], next: 5)))
        #expect(result == .applied(.replace(from: F.login.with(id: 3), to: F.step2.with(id: 4), animation: .fade)))
    }

    // MARK: leave guards as data

    @Test func setLeaveGuardAndDiscardGuardChangeOnlyThatScreen() throws {
        let edit = F.edit.with(id: 3)
        var state = try F.state([F.ordersTab(), F.profileTab(edit)], next: 4)
        #expect(state.apply(.setLeaveGuard(F.unsaved, on: 3)) == .applied(.none))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab(edit.guarded())], next: 4)))
        #expect(state.apply(.discardGuard(3)) == .applied(.none))
        #expect(state == (try F.state([F.ordersTab(), F.profileTab(edit)], next: 4)))
    }

    @Test func setLeaveGuardOnAModalScreen() throws {
        var state = try F.state([F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3))], next: 4)
        state.apply(.setLeaveGuard(F.unsaved, on: 3))
        #expect(state == (try F.state(
            [F.ordersTab(), F.profileTab()], modals: [Modal(root: F.login.with(id: 3).guarded())], next: 4
        )))
    }

    @Test func setLeaveGuardOnAnUnknownScreenIsRejected() throws {
        var state = try F.base()
        #expect(state.apply(.setLeaveGuard(F.unsaved, on: 9)) == .rejected(.screenNotFound(9)))
        #expect(state == (try F.base()))
    }

    // MARK: action helpers

    @Test func actionsCarryTheirDefaultAnimations() {
        #expect(NavigationAction.push(F.login).animation == .slideFromRight)
        #expect(NavigationAction.pop().animation == .slideFromRight)
        #expect(NavigationAction.popToRoot().animation == .slideFromRight)
        #expect(NavigationAction.popTo(.kind("x")).animation == .slideFromRight)
        #expect(NavigationAction.present(F.login).animation == .slideFromBottom)
        #expect(NavigationAction.dismiss().animation == .slideFromBottom)
        #expect(NavigationAction.dismissAll().animation == .slideFromBottom)
        #expect(NavigationAction.selectTab(0).animation == .none)
        #expect(NavigationAction.setRoot(F.login).animation == .fade)
        #expect(NavigationAction.dismissThenPush(F.login).animation == .slideFromRight)
        #expect(NavigationAction.replaceTop(F.login).animation == .fade)
        #expect(NavigationAction.discardGuard(1).animation == .none)
    }

    @Test func applyingLeavesTheReceiverUntouched() throws {
        let state = try F.base()
        let (next, transition) = try state.applying(.push(F.order(42)))
        #expect(state == (try F.base()))
        #expect(next.top == F.order(42).with(id: 3))
        #expect(transition == .push(from: F.orders, to: F.order(42).with(id: 3), animation: .slideFromRight))
        #expect(throws: NavigationError.cannotPopRoot) { try state.applying(.pop()) }
    }
}

/// `expect` lines read into ``ScriptExpectation`` and print back as written.
struct ScriptExpectationTests {
    @Test("expect lines round-trip", arguments: [
        ("top Order #42", ScriptExpectation.top("Order #42")), ("stack [Home] Home", .stack("[Home] Home")),
        ("outcome redirected", .outcome("redirected")), ("transition push", .transition("push")),
        ("held none", .held("none")), ("login yes", .login(true)), ("login no", .login(false)), ("error", .error), ("ok", .ok),
    ])
    func roundTrip(_ text: String, _ expected: ScriptExpectation) throws {
        let parsed = try ScriptExpectation(parsing: text)
        #expect(parsed == expected)
        #expect(parsed.description == text)
    }

    @Test("bad expect lines name what is wrong", arguments: [
        ("outcome nope", "unknown outcome code 'nope'"), ("login maybe", "expect login needs yes or no"),
        ("colour red", "unknown expectation 'colour'"),
    ])
    func refusals(_ text: String, _ message: String) {
        #expect(throws: CommandParseError.self) { try ScriptExpectation(parsing: text) }
        do { _ = try ScriptExpectation(parsing: text) } catch { #expect(error.message.hasPrefix(message)) }
    }
}
