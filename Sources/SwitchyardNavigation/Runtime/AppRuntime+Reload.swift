import Switchyard
import SwitchyardKit

extension AppRuntime {
    // MARK: Reload

    /// What ``carryOn(from:)`` kept of the runtime a reloaded file replaced.
    public struct CarriedOver: Sendable, Equatable {
        /// The URL of the screen the user was on (a login screen aside).
        public var url: String
        /// Whether the user is still on that screen; false when its URL no longer routes, and the
        /// app is back at a tab's root.
        public var keptPlace: Bool
        /// The held open the reload ended (its login screen went with the old app), if any.
        public var cancelledHold: HeldNavigation?
        /// What happened, in words for the log: `still on Order #42`; when the screen's URL now
        /// reaches another route, `app://order/42 now routes to app://order/:id → OrderView (was
        /// app://order/:id<int> → OrderDetail): on Order 42`; `app://x/1 no longer routes: back at Home`.
        public var description: String
    }

    /// Takes over from `previous`, the runtime of the file this one was reloaded from, before the
    /// first command: open numbers (`#N`), timeline numbers and the timeline's clock go on from
    /// `previous`'s, so log lines stay unambiguous; the login state carries over; and the user stays where they
    /// were when the current screen's URL still routes here (the selected tab's stack and the modals rebuilt from
    /// their URLs, each screen that no longer routes left out), else the app shows the tab's root.
    /// A navigation `previous` held for login is cancelled: its login screen is not carried over.
    @discardableResult
    public func carryOn(from previous: AppRuntime) -> CarriedOver {
        router.nextOpenID = previous.router.nextOpenID
        clock.carryOn(from: previous.clock)
        // The login state stays, also across a reload whose file has no login gate: it is kept aside
        // until a gate comes back.
        let wasLoggedIn = previous.gate.map(\.isLoggedIn) ?? previous.loginKeptWithoutGate
        if let gate { gate.setLoggedIn(wasLoggedIn) } else { loginKeptWithoutGate = wasLoggedIn }
        let cancelled = previous.gate?.cancelHold(reason: "the route file was reloaded")
        previous.hold.release()

        let old = previous.state
        let isLogin = { (screen: Screen) in previous.loginKind.map { screen.kind == $0 } ?? false }
        let oldTab = old.currentTab
        // A generated app's tabs are its hosts: when they were regrouped (one Routes tab, then a tab a host
        // again), the screen goes back under its host's tab, not under whichever tab took the old root's URL.
        let shownURL = (oldTab.stack + old.modals.flatMap(\.stack)).last { !isLogin($0) }?.url
        let shownHost = shownURL.flatMap { try? RouteURL($0).host }
        let generated = oldTab.rootURL.hasPrefix(AppDescription.generatedIndexPrefix)
        let hostTab = generated ? shownHost.flatMap { host in state.tabs.firstIndex { $0.title == host } } : nil
        // A generated tab's root URL is its number (`…/3`), so the same root URL alone is no sign of the
        // same tab there: only the title is.
        let tabIndex = state.tabs.firstIndex { $0.rootURL == oldTab.rootURL && $0.title == oldTab.title }
            ?? hostTab
            ?? (generated ? nil : state.tabs.firstIndex { $0.rootURL == oldTab.rootURL })
            // The tab is gone: the first tab, a deliberate place (the tab that took its number is not).
            ?? 0
        let path = (oldTab.stack + old.modals.flatMap(\.stack)).filter { !isLogin($0) }
        let here = path.last ?? oldTab.stack[0]
        var tabs = state.tabs
        var modals: [Modal] = []
        tabs[tabIndex].stack += oldTab.stack.dropFirst().filter { !isLogin($0) }.compactMap(rebuilt)
        for modal in old.modals {
            let stack = modal.stack.filter { !isLogin($0) }.compactMap(rebuilt)
            guard let first = stack.first else { continue }
            modals.append(Modal(stack: modal.wrapsInNavigation ? stack : [first], style: modal.style,
                                wrapsInNavigation: modal.wrapsInNavigation))
        }
        let routes = here.id == oldTab.stack[0].id ? true : rebuilt(here) != nil
        let restored = routes
            ? try? NavigationState(tabs: tabs, selectedTab: tabIndex, modals: modals, idGenerator: state.idGenerator,
                                   duplicatePolicy: state.duplicatePolicy)
            : nil
        var rooted = state
        _ = rooted.apply(.selectTab(.index(tabIndex), popToRoot: true, animation: .none))
        state = restored ?? rooted
        var words: String
        // A login screen the reload took away moved the user: back at the screen under it, not "still" on it.
        let still = isLogin(old.top) ? "back at" : "still on"
        let oldTitles = old.tabs.map(\.title), newTitles = state.tabs.map(\.title)
        let tabsChanged = oldTitles != newTitles
        if restored == nil {
            words = "\(here.url) no longer routes: back at \(state.top.title)"
        } else if here.id == oldTab.stack[0].id {
            // At a tab's root: the root is the tab's, whatever route builds it now (a generated app's index
            // regrouped with its tabs is no route change the user made).
            words = tabsChanged
                ? "tabs now \(Self.titles(newTitles)) (were \(Self.titles(oldTitles))): on \(state.top.title)"
                : "\(still) \(state.top.title)"
        } else if let change = Self.routeChange(from: here, to: state.top) {
            words = "\(here.url) now routes to \(change): on \(state.top.title)"
        } else {
            words = "\(still) \(state.top.title)"
        }
        // Logged out, no screen the reloaded file puts behind the login gate stays up, as after a logout:
        // the app goes back to the nearest one that does not need login, and the words say what closed.
        var keptPlace = restored != nil
        if let departure = state.leaving(where: { asksForLogin($0.url) }) {
            state = departure.state
            keptPlace = false
            words = "the reloaded file puts screens behind the login gate, and you are logged out: "
                + Self.describe(departure, needsLogin: { asksForLogin($0.url) })
        }
        if let cancelled {
            words += "; the held open #\(cancelled.openID) \(cancelled.url) was cancelled "
                + "(its login screen went with the old table)"
        }
        return CarriedOver(url: here.url, keptPlace: keptPlace, cancelledHold: cancelled, description: words)
    }

    /// Tab titles for a reload message: `home, user, order`, the first five and how many more.
    static func titles(_ titles: [String]) -> String {
        let shown = titles.prefix(5).joined(separator: ", ")
        return titles.count > 5 ? shown + " and \(titles.count - 5) more" : shown
    }

    /// How the route of the screen the user was on (`old`) differs from the route that built it
    /// again after a reload (`new`): `app://user/:id<int> → Profile (was app://user/:id → UserProfile)`;
    /// nil when both have the same pattern and target.
    static func routeChange(from old: Screen, to new: Screen) -> String? {
        guard old.pattern != new.pattern || old.kind != new.kind else { return nil }
        func route(_ screen: Screen) -> String { screen.pattern.map { "\($0) → \(screen.kind)" } ?? screen.kind }
        return "\(route(new)) (was \(route(old)))"
    }

    /// `screen` as this app's routes build it from its URL (relocations and redirects followed), with
    /// the parameters the app passed it natively; nil when the URL no longer reaches a screen route.
    func rebuilt(_ screen: Screen) -> Screen? {
        // The rewrites only (`resolve`): `explain`'s candidates would cost a pass over the table per screen.
        let resolution = router.resolve(screen.url)
        guard resolution.stopped == nil else { return nil }
        let native = screen.parameters.filter { screen.pathParameters[$0.key] == nil }
        return Self.screen(for: resolution.finalURL, router: router, byKind: routesByKind, inheriting: native)
    }
}
