import SwitchyardNavigation
import Testing

/// `Transition.derive` as a table of state differences, and the one-line descriptions.
struct TransitionTests {
    typealias F = NavigationFixture

    struct Row {
        var name: String
        var old: NavigationState
        var new: NavigationState
        var action: NavigationAction
        var expected: Transition
    }

    static let a = F.order(1).with(id: 3)
    static let b = F.order(2).with(id: 4)
    static let c = F.order(3).with(id: 5)
    static let login = F.login.with(id: 6)
    static let step2 = F.step2.with(id: 7)

    static func tabs(_ orders: [Screen], _ profile: [Screen] = []) -> [Tab] {
        [
            Tab(title: "Orders", rootURL: "app://orders", stack: [F.orders] + orders),
            Tab(title: "Profile", rootURL: "app://profile", stack: [F.profile] + profile),
        ]
    }

    static func rows() throws -> [Row] {
        let root = try F.state(tabs([]), next: 8)
        let one = try F.state(tabs([a]), next: 8)
        let two = try F.state(tabs([a, b]), next: 8)
        let three = try F.state(tabs([a, b, c]), next: 8)
        let swapped = try F.state(tabs([a, c]), next: 8)
        let middle = try F.state(tabs([a, c, b]), next: 8)
        let profile = try F.state(tabs([a]), selected: 1, next: 8)
        let newRoot = try F.state([Tab(title: "Orders", rootURL: "app://orders", root: login), tabs([])[1]], next: 8)
        let sheet = try F.state(tabs([a]), modals: [Modal(root: login)], next: 8)
        let sheets = try F.state(tabs([a]), modals: [Modal(root: login), Modal(root: step2, style: .fullScreen)], next: 8)
        let navModal = try F.state(tabs([]), modals: [Modal(root: login, wrapsInNavigation: true)], next: 8)
        let navModalPushed = try F.state(
            tabs([]), modals: [Modal(stack: [login, step2], wrapsInNavigation: true)], next: 8
        )
        let sheetOnTwo = try F.state(tabs([a, b]), modals: [Modal(root: login)], next: 8)
        let guardedOne = try F.state(tabs([a.guarded()]), next: 8)
        let restyled = try F.state(tabs([a]), modals: [Modal(root: login, style: .fullScreen)], next: 8)

        return [
            Row(name: "equal", old: one, new: one, action: .pop(), expected: .none),
            Row(name: "guard only", old: one, new: guardedOne, action: .discardGuard(3), expected: .none),
            Row(name: "one trailing insert", old: one, new: two, action: .push(b),
                expected: .push(from: a, to: b, animation: .slideFromRight)),
            Row(name: "one trailing removal", old: two, new: one, action: .pop(animation: .fade),
                expected: .pop(from: b, to: a, animation: .fade)),
            Row(name: "contiguous trailing removal", old: three, new: root, action: .popToRoot(),
                expected: .popTo(from: c, to: F.orders, removed: 3, animation: .slideFromRight)),
            Row(name: "last swapped", old: two, new: swapped, action: .replaceTop(c),
                expected: .replace(from: b, to: c, animation: .fade)),
            Row(name: "insert in the middle", old: two, new: middle, action: .push(c),
                expected: .replace(from: b, to: b, animation: .slideFromRight)),
            Row(name: "two trailing inserts", old: one, new: three, action: .push(c),
                expected: .pushMany(from: a, pushed: [b, c], animation: .slideFromRight)),
            Row(name: "selected tab changed", old: one, new: profile, action: .selectTab(1),
                expected: .tabSwitch(from: 0, to: 1, animation: .none)),
            Row(name: "root changed", old: three, new: newRoot, action: .setRoot(login),
                expected: .rootReplaced(from: c, to: login, animation: .fade)),
            Row(name: "modal appended", old: one, new: sheet, action: .present(login),
                expected: .present(login, style: .sheet, animation: .slideFromBottom)),
            Row(name: "second modal appended", old: sheet, new: sheets, action: .present(step2, style: .fullScreen),
                expected: .present(step2, style: .fullScreen, animation: .slideFromBottom)),
            Row(name: "top modal removed", old: sheets, new: sheet, action: .dismiss(),
                expected: .dismiss(step2, animation: .slideFromBottom)),
            Row(name: "all modals removed: each screen that left is named, top first", old: sheets, new: one,
                action: .dismissAll(), expected: .dismissMany([step2, login], animation: .slideFromBottom)),
            Row(name: "a modal with a stack of its own dismissed", old: navModalPushed, new: root, action: .dismiss(),
                expected: .dismissMany([step2, login], animation: .slideFromBottom)),
            Row(name: "push in a modal", old: navModal, new: navModalPushed, action: .push(step2),
                expected: .push(from: login, to: step2, animation: .slideFromRight)),
            Row(name: "pop in a modal", old: navModalPushed, new: navModal, action: .pop(),
                expected: .pop(from: step2, to: login, animation: .slideFromRight)),
            Row(name: "modal restyled", old: sheet, new: restyled, action: .present(login),
                expected: .replace(from: login, to: login, animation: .slideFromBottom)),
            Row(name: "modal dismissed and tab pushed", old: sheet, new: two, action: .dismissThenPush(b),
                expected: .replace(from: login, to: b, animation: .slideFromRight)),
            Row(name: "tab popped under a dismissed modal", old: sheetOnTwo, new: one, action: .popTo(.screen(3)),
                expected: .replace(from: login, to: a, animation: .slideFromRight)),
        ]
    }

    @Test func deriveFollowsTheDiffTable() throws {
        for row in try Self.rows() {
            #expect(
                Transition.derive(from: row.old, to: row.new, action: row.action) == row.expected,
                "\(row.name)"
            )
        }
    }

    @Test func theActionOnlySuppliesTheAnimation() throws {
        let one = try F.state(Self.tabs([Self.a]), next: 8)
        let two = try F.state(Self.tabs([Self.a, Self.b]), next: 8)
        for animation in Animation.allCases {
            // Even a "wrong" action cannot change the kind of transition; only its animation.
            #expect(
                Transition.derive(from: one, to: two, action: .present(Self.login, animation: animation))
                    == .push(from: Self.a, to: Self.b, animation: animation)
            )
        }
    }

    @Test func descriptionsReadAsOneLine() {
        let orders = F.orders, order42 = F.order(42).with(id: 3), login = F.login.with(id: 4)
        let tracking = Screen(kind: "Tracking", url: "app://order/42/track", title: "Tracking #42").with(id: 5)
        let table: [(Transition, String)] = [
            (.push(from: orders, to: order42, animation: .slideFromRight), "push Orders → Order #42 (slideFromRight)"),
            (.pop(from: order42, to: orders, animation: .slideFromRight), "pop Order #42 → Orders (slideToRight)"),
            (.popTo(from: order42, to: orders, removed: 2, animation: .fade), "popTo Order #42 → Orders, removed 2 (fade)"),
            (.present(login, style: .sheet, animation: .slideFromBottom), "present Login as sheet (slideFromBottom)"),
            (.dismiss(login, animation: .slideFromBottom), "dismiss Login (slideToBottom)"),
            (.dismissMany([order42, login], animation: .slideFromBottom), "dismiss Order #42, Login (slideToBottom)"),
            (.pop(from: order42, to: orders, animation: .slideFromLeft), "pop Order #42 → Orders (slideToLeft)"),
            (.pushMany(from: orders, pushed: [order42, tracking], animation: .slideFromRight),
             "push 2 screens Orders → Order #42 → Tracking #42 (slideFromRight)"),
            (.pushMany(from: orders, pushed: [order42, tracking, login, order42, tracking], animation: .fade),
             "push 5 screens Orders → Order #42 → … → Order #42 → Tracking #42 (fade)"),
            (.sequence([.dismiss(login, animation: .slideFromBottom), .push(from: orders, to: order42, animation: .slideFromRight)]),
             "dismiss Login (slideToBottom), then push Orders → Order #42 (slideFromRight)"),
            (.tabSwitch(from: 0, to: 1, animation: .none), "tabSwitch 1 → 2 (none)"),
            (.rootReplaced(from: orders, to: login, animation: .fade), "rootReplaced Orders → Login (fade)"),
            (.replace(from: order42, to: login, animation: .slideFromLeft), "replace Order #42 → Login (slideFromLeft)"),
            (.none, "none"),
        ]
        for (transition, text) in table {
            #expect(transition.description == text)
        }
        #expect(Transition.none.animation == .none)
        #expect(Transition.pop(from: order42, to: orders, animation: .slideFromTop).animation == .slideFromTop)
    }
}
