import Switchyard
import SwitchyardKit
import SwitchyardNavigation

/// What the model and its view know of the running app, copied out of the `AppRuntime` as a value
/// after each command: the navigation state, the login state, the held navigation and the URLs that
/// would ask for login now. The view draws from it and never reads the runtime.
package struct RuntimeSnapshot: Equatable, Sendable {
    /// The navigation state of the simulated app.
    package var state: NavigationState
    /// Whether the top screen is the login screen or a screen of its flow (so `L` logs in).
    package var isShowingLogin = false
    /// Whether the top screen is a screen of the login flow (a detour over the login screen).
    package var isShowingLoginDetour = false
    /// The login state, when the app has a login gate (nil otherwise).
    package var isLoggedIn: Bool?
    /// The navigation the login gate holds, if any.
    package var held: HeldNavigation?
    /// The URL that made the gate hold ``held``: its own URL, or the tab root or deep-link parent it
    /// would show (`app://orders` for a showTab jump carried by `app://home?…`).
    package var heldFor: String?
    /// Tab roots and links of the top screen that would ask for login now (drawn with a lock).
    package var lockedURLs: Set<String> = []
    /// Tab roots whose routes require login, logged in or not: the tab bar keeps room for their lock,
    /// so its layout does not jump at login.
    package var gatedTabRoots: Set<String> = []

    /// A snapshot of a state alone (tests, and apps without a runtime).
    package init(state: NavigationState, isShowingLogin: Bool = false) {
        self.state = state
        self.isShowingLogin = isShowingLogin
    }

    /// How many of the top screen's links get a lock mark worked out: each costs an explanation of
    /// its URL, and a generated index of a big route file has a link for every route (100,000 of them
    /// kept the app from its first frame). Links past these are drawn without the hint; opening one
    /// still goes through the login gate.
    package static let lockCheckLimit = 64

    /// The runtime as it is now.
    @MainActor
    package init(_ runtime: AppRuntime) {
        state = runtime.state
        isShowingLogin = runtime.isShowingLogin
        isShowingLoginDetour = runtime.isShowingLoginDetour
        isLoggedIn = runtime.gate == nil ? nil : runtime.isLoggedIn
        held = runtime.heldNavigation
        heldFor = held.flatMap { runtime.loginGatedURL(for: $0.url) }
        let urls = runtime.state.tabs.map(\.rootURL) + runtime.state.top.links.prefix(Self.lockCheckLimit).map(\.url)
        lockedURLs = Set(urls.filter(runtime.asksForLogin))
        // Without a login gate (an app with no login URL) no tab is behind one, whatever its metadata says.
        gatedTabRoots = runtime.app.loginURL == nil ? [] : Set(runtime.state.tabs.map(\.rootURL).filter { root in
            (try? runtime.router.match(root))?.target.metadata[.requiresLogin] == true
        })
    }
}

extension RouteRow {
    /// How many routes the route table (F3) lists for `runtime`: its router's routes (a mounted service's
    /// included), less a generated app's own index screens. A reload's message counts them the same way,
    /// so the two numbers agree.
    @MainActor
    package static func listedRouteCount(_ runtime: AppRuntime) -> Int {
        let app = runtime.app
        return runtime.router.registeredRoutes.count { !app.isGeneratedScreen($0.definition.pattern) }
    }
}
