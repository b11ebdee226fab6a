import SwitchyardNavigation

/// Screens and states shared by the tests: an app with an Orders tab and a Profile tab.
enum NavigationFixture {
    static let orders = Screen(id: 1, kind: "OrderList", url: "app://orders", pattern: "app://orders", title: "Orders")
    static let profile = Screen(id: 2, kind: "Profile", url: "app://profile", pattern: "app://profile", title: "Profile")
    static let unsaved = LeaveGuard(reason: "Unsaved changes")

    /// An order detail screen as the router would hand it over (no ID yet).
    static func order(_ number: Int) -> Screen {
        Screen(
            kind: "OrderDetail",
            url: "app://order/\(number)",
            pattern: "app://order/:id",
            title: "Order #\(number)",
            parameters: ["id": "\(number)"],
            pathParameters: ["id": "\(number)"],
            body: ["Order \(number)"],
            links: [Link(title: "Back to orders", url: "app://orders")]
        )
    }

    static let login = Screen(kind: "Login", url: "app://login", title: "Login")
    static let step2 = Screen(kind: "SignupStep", url: "app://signup/2", title: "Step 2")
    static let edit = Screen(kind: "EditAddress", url: "app://address/edit", title: "Edit address")

    /// The Orders tab holding `pushed` above its root.
    static func ordersTab(_ pushed: Screen...) -> Tab {
        Tab(title: "Orders", rootURL: "app://orders", stack: [orders] + pushed)
    }

    /// The Profile tab holding `pushed` above its root.
    static func profileTab(_ pushed: Screen...) -> Tab {
        Tab(title: "Profile", rootURL: "app://profile", stack: [profile] + pushed)
    }

    /// A state written literally, with an explicit next ID.
    static func state(
        _ tabs: [Tab],
        selected: Int = 0,
        modals: [Modal] = [],
        next: Int,
        policy: DuplicatePolicy = .ignore
    ) throws -> NavigationState {
        try NavigationState(
            tabs: tabs,
            selectedTab: selected,
            modals: modals,
            idGenerator: ScreenIDGenerator(nextValue: next),
            duplicatePolicy: policy
        )
    }

    /// Both tabs at their roots, Orders selected, next ID 3.
    static func base() throws -> NavigationState {
        try state([ordersTab(), profileTab()], next: 3)
    }
}

extension Screen {
    /// This screen with an ID, as it looks once inside a state.
    func with(id: ScreenID) -> Screen {
        var copy = self
        copy.id = id
        return copy
    }

    /// This screen with a leave guard.
    func guarded(_ leaveGuard: LeaveGuard = NavigationFixture.unsaved) -> Screen {
        var copy = self
        copy.leaveGuard = leaveGuard
        return copy
    }
}
