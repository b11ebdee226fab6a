import Switchyard

/// What a screen route's handler hands back: the screen to show and how to show it.
public struct ScreenPlacement: Sendable {
    /// The screen, with title, body and links filled in.
    public let screen: Screen
    /// The route it came from.
    public let route: ScreenRoute
    /// How it opens (the route's style, or the URL's `jumpType`).
    public let style: OpenStyle
    /// The animation to play.
    public let animation: Animation?
    /// The parameters the templates were filled with (for parent URLs).
    public let parameters: [String: String]
}

/// The handler behind every screen route: should handle → target screen → (the runtime picks the
/// source stack and the transition: push or modal). WLRRoute's lifecycle, as a value.
public struct ScreenHandler: RouteHandler {
    /// The route this handler builds screens for.
    public let route: ScreenRoute

    /// Creates a handler.
    public init(route: ScreenRoute) { self.route = route }

    /// Builds the screen for the request.
    public func handle(_ request: RouteRequest) async throws -> RouteResult {
        var params = request.stringParameters
        for name in request.native.names where params[name] == nil {
            if let text = request.native.describeValue(name) { params[name] = text }
        }
        let style = request.query.last("jumpType").flatMap(OpenStyle.init(name:)) ?? route.opens
        let animation = request.query.last("animation").flatMap(Animation.init(name:)) ?? route.animation
        let screen = ScreenFactory.make(route, url: request.url.original, pattern: request.pattern.description, parameters: params)
        return RouteResult(ScreenPlacement(screen: screen, route: route, style: style, animation: animation, parameters: params),
                           note: "\(style) \(screen.title)")
    }
}

/// Fills a route's templates to make a screen.
public enum ScreenFactory {
    /// Replaces `{name}` with `parameters[name]`; unknown names stay as written.
    public static func fill(_ template: String, _ parameters: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            out += parameters[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Makes the screen for `route` with `parameters`.
    public static func make(_ route: ScreenRoute, url: String, pattern: String, parameters: [String: String]) -> Screen {
        Screen(kind: route.kind, url: url, pattern: pattern, title: fill(route.title, parameters),
               parameters: parameters, body: route.body.map { fill($0, parameters) },
               links: route.links.map { Link(title: fill($0.title, parameters), url: fill($0.url, parameters)) },
               leaveGuard: route.leaveGuard.map { LeaveGuard(reason: $0) })
    }
}

/// What one step of the app did: the outcome of the URL opened (if any), the transition played, the
/// state after it, and the trace.
public struct StepReport: Sendable {
    /// The command that ran (`open app://order/42`, `back`…).
    public var command: String
    /// The router's outcome, when a URL was opened.
    public var outcome: RouteOutcome?
    /// The transition to animate (`.none` when nothing moved).
    public var transition: Transition
    /// A sentence about an error or a notable event, for the status line.
    public var message: String?
    /// True when the step failed (invalid URL, no route, rejected, vetoed…).
    public var isError: Bool
    /// The navigation state after the step.
    public var state: NavigationState
    /// The trace of the open, when a URL was opened.
    public var trace: RouteTrace?
}

/// An app running on Switchyard: a router whose screen routes come from an ``AppDescription``, a
/// login gate, and the navigation state those routes drive. Used by the script runner and the terminal.
@MainActor
public final class AppRuntime {
    /// The app.
    public let app: AppDescription
    /// The router every navigation goes through.
    public let router: Router
    /// The login gate, when the app has a login route.
    public let gate: LoginGate?
    /// The current navigation state.
    public private(set) var state: NavigationState
    private let routesByKind: [String: ScreenRoute]
    private let loginKind: String?

    /// Builds the router and the initial state (each tab's root screen).
    /// - Parameter configure: extra registration (services, native handlers) before the first open.
    public init(app: AppDescription, router: Router = Router(), configure: (Router) throws -> Void = { _ in }) throws(RouteFileError) {
        self.app = app
        self.router = router
        var byKind: [String: ScreenRoute] = [:]
        for (i, r) in app.routes.enumerated() {
            byKind[r.kind] = byKind[r.kind] ?? r
            do throws(RegistrationError) {
                try router.register([r.pattern] + r.aliases, target: r.kind, priority: r.priority, metadata: r.metadata,
                                    handler: ScreenHandler(route: r))
            } catch {
                throw RouteFileError("routes[\(i)]", error.description)
            }
        }
        routesByKind = byKind
        for (i, r) in app.redirects.enumerated() {
            do throws(RegistrationError) { try router.addRedirect(from: r.from, to: r.to) } catch {
                throw RouteFileError("redirects[\(i)]", error.description)
            }
        }
        if let relocations = app.relocations {
            do throws(RelocationError) { try router.applyRelocations(relocations) } catch {
                throw RouteFileError("relocations", error.description)
            }
        }
        if !app.webAllowList.isEmpty {
            let list = HostAllowList(app.webAllowList)
            router.addInterceptor(ClosureInterceptor("WebAllowList") { request in
                switch list.check(request.url.original) {
                case .success: .proceed
                case .failure(let why): .reject(reason: why.description)
                }
            }, priority: 2000, scope: .metadata(key: "web", value: "true"))
        }
        if let loginURL = app.loginURL {
            let g = LoginGate(loginURL: loginURL)
            g.install(on: router)
            gate = g
            loginKind = (try? router.match(loginURL))?.target.target
        } else {
            gate = nil
            loginKind = nil
        }
        do {
            try configure(router)
        } catch {
            throw RouteFileError("configure", String(describing: error))
        }
        var tabs: [Tab] = []
        for (i, t) in app.tabs.enumerated() {
            guard let screen = Self.screen(for: t.root, router: router, byKind: byKind) else {
                throw RouteFileError("tabs[\(i)].root", "no screen route matches '\(t.root)'")
            }
            tabs.append(Tab(title: t.title, rootURL: t.root, root: screen))
        }
        do throws(NavigationError) { state = try NavigationState(tabs: tabs) } catch {
            throw RouteFileError("tabs", error.description)
        }
    }

    /// The screen a URL leads to, built without running interceptors or handlers (for tab roots and parents).
    static func screen(for url: String, router: Router, byKind: [String: ScreenRoute]) -> Screen? {
        guard let m = try? router.match(url), let route = byKind[m.target.target] else { return nil }
        var params = m.query.grouped.compactMapValues(\.last)
        for (k, v) in m.parameters { params[k] = v }
        return ScreenFactory.make(route, url: url, pattern: m.pattern.description, parameters: params)
    }

    // MARK: Commands

    /// Opens a URL through the router and applies the screen it leads to.
    /// The title of the screen it was opened from is passed as the native parameter `openedFrom`.
    public func open(_ url: String, native: NativeParameters = NativeParameters()) async -> StepReport {
        var native = native
        if native.get("openedFrom", as: String.self) == nil { native.set("openedFrom", state.top.title) }
        let outcome = await router.open(url, native: native)
        return apply(outcome, command: "open \(url)", trace: router.history.last)
    }

    /// Goes back: pops the active stack, or dismisses the top modal when it shows one screen.
    /// Dismissing the login screen cancels the held navigation.
    public func back() -> StepReport {
        if let modal = state.topModal, modal.stack.count <= 1 { return dismiss() }
        return perform(.pop(animation: .slideFromRight), command: "back")
    }

    /// Dismisses the top modal.
    public func dismiss() -> StepReport {
        let wasLogin = isShowingLogin
        var report = perform(.dismiss(animation: .slideFromBottom), command: "dismiss")
        if wasLogin && !report.isError && !isShowingLogin {
            gate?.loginCancelled()
            report.message = "login cancelled; the held navigation was rejected"
        }
        return report
    }

    /// Switches to tab `index` (0-based) by opening its root URL, so the tab's route goes through the
    /// router's interceptors (a login gate on a tab works).
    public func selectTab(_ index: Int) async -> StepReport {
        guard state.tabs.indices.contains(index) else {
            return failure("tab \(index + 1)", "there is no tab \(index + 1) (the app has \(state.tabs.count))")
        }
        if index == state.selectedTab && state.modals.isEmpty {
            return perform(.selectTab(.index(index), popToRoot: true, animation: .none), command: "tab \(index + 1)")
        }
        let outcome = await router.open(state.tabs[index].rootURL + (state.tabs[index].rootURL.contains("?") ? "&" : "?") + "jumpType=tab")
        return apply(outcome, command: "tab \(index + 1)", trace: router.history.last)
    }

    /// Follows link `number` (1-based) of the top screen.
    public func tap(_ number: Int) async -> StepReport {
        let links = state.top.links
        guard number >= 1 && number <= links.count else {
            return failure("tap \(number)", "the top screen has \(links.count) link\(links.count == 1 ? "" : "s")")
        }
        var report = await open(links[number - 1].url)
        report.command = "tap \(number)"
        return report
    }

    /// Logs in: dismisses the login screen if shown and resumes the navigation the gate held.
    public func login() async -> StepReport {
        guard let gate else { return failure("login", "this app has no login route") }
        let before = state
        var dismissed = Transition.none
        if isShowingLogin, case .applied(let t) = state.apply(.dismiss(animation: .slideFromBottom)) { dismissed = t }
        guard let outcome = await gate.loginSucceeded() else {
            return StepReport(command: "login", outcome: nil, transition: dismissed, message: "logged in", isError: false,
                              state: state, trace: nil)
        }
        var report = apply(outcome, command: "login", trace: router.history.last)
        if report.transition == .none && state != before { report.transition = dismissed }
        if !report.isError { report.message = "logged in; resumed \(report.trace?.url ?? "navigation")" }
        return report
    }

    /// Logs out (the next gated navigation asks for login again).
    public func logout() -> StepReport {
        guard let gate else { return failure("logout", "this app has no login route") }
        gate.logout()
        return StepReport(command: "logout", outcome: nil, transition: .none, message: "logged out", isError: false, state: state, trace: nil)
    }

    /// Removes the top screen's leave guard (the user confirmed discarding their input).
    public func discardGuard() -> StepReport {
        perform(.discardGuard(state.top.id), command: "discard")
    }

    /// True when the top screen is the login route's screen.
    public var isShowingLogin: Bool {
        guard let loginKind else { return false }
        return state.top.kind == loginKind
    }

    // MARK: Applying outcomes

    private func failure(_ command: String, _ message: String, outcome: RouteOutcome? = nil, trace: RouteTrace? = nil) -> StepReport {
        StepReport(command: command, outcome: outcome, transition: .none, message: message, isError: true, state: state, trace: trace)
    }

    private func perform(_ action: NavigationAction, command: String) -> StepReport {
        switch state.apply(action) {
        case .applied(let t):
            return StepReport(command: command, outcome: nil, transition: t, message: nil, isError: false, state: state, trace: nil)
        case .rejected(let e):
            return failure(command, describe(e))
        }
    }

    /// Names a vetoing screen by its title rather than its id.
    private func describe(_ e: NavigationError) -> String {
        if case .vetoed(let id, let reason) = e, let screen = state.screen(withID: id) {
            return "\(screen.title) refuses to be left: \(reason)"
        }
        return e.description
    }

    private func apply(_ outcome: RouteOutcome, command: String, trace: RouteTrace?) -> StepReport {
        guard case .handled(_, let result) = outcome.final else {
            return failure(command, outcome.description, outcome: outcome, trace: trace)
        }
        guard let placement = result.payload(as: ScreenPlacement.self) else {
            // A service call or another non-screen route: nothing moves.
            return StepReport(command: command, outcome: outcome, transition: .none, message: result.description,
                              isError: false, state: state, trace: trace)
        }
        do throws(NavigationError) {
            let (next, transition) = try place(placement)
            state = next
            return StepReport(command: command, outcome: outcome, transition: transition, message: nil, isError: false,
                              state: state, trace: trace)
        } catch {
            if case .duplicate = error {
                return StepReport(command: command, outcome: outcome, transition: .none,
                                  message: "already showing \(placement.screen.title)", isError: false, state: state, trace: trace)
            }
            return failure(command, describe(error), outcome: outcome, trace: trace)
        }
    }

    /// Computes the state after showing `p`, from the current state; nothing changes on error.
    func place(_ p: ScreenPlacement) throws(NavigationError) -> (NavigationState, Transition) {
        let screen = p.screen
        switch p.style {
        case .push:
            if p.route.parent != nil, let built = try deepLink(p) { return built }
            return try state.applying(.push(screen, animation: p.animation ?? .slideFromRight))
        case .present:
            return try state.applying(.present(screen, style: .sheet, wrapsInNavigation: false, animation: p.animation ?? .slideFromBottom))
        case .presentFullScreen:
            return try state.applying(.present(screen, style: .fullScreen, wrapsInNavigation: false, animation: p.animation ?? .slideFromBottom))
        case .presentInNavigation:
            return try state.applying(.present(screen, style: .sheet, wrapsInNavigation: true, animation: p.animation ?? .slideFromBottom))
        case .tab:
            if let index = tabIndex(forRoot: screen.url) {
                return try state.applying(.selectTab(.index(index), popToRoot: true, animation: p.animation ?? .none))
            }
            return try state.applying(.push(screen, animation: p.animation ?? .slideFromRight))
        case .popTo:
            let target = ScreenTarget.pattern(screen.pattern ?? "")
            if state.screensFromTop.contains(where: target.matches) {
                return try state.applying(.popTo(target, animation: p.animation ?? .slideFromRight))
            }
            return try state.applying(.push(screen, animation: p.animation ?? .slideFromRight))
        case .setRoot:
            return try state.applying(.setRoot(screen, animation: p.animation ?? .fade))
        case .dismissThenPush:
            return try state.applying(.dismissThenPush(screen, animation: p.animation ?? .slideFromRight))
        case .replace:
            return try state.applying(.replaceTop(screen, animation: p.animation ?? .fade))
        }
    }

    /// The tab whose root URL is `url` (compared in normalised form, ignoring the query).
    func tabIndex(forRoot url: String) -> Int? {
        guard let target = try? RouteURL(url) else { return nil }
        return state.tabs.firstIndex { tab in
            guard let root = try? RouteURL(tab.rootURL) else { return false }
            return root.scheme == target.scheme && root.host == target.host && root.pathSegments == target.pathSegments
        }
    }

    /// Builds the back stack of a deep link: the parent chain down to a tab root, reusing screens
    /// already on that tab's stack. Returns nil when no tab root is reached (then it is a plain push).
    func deepLink(_ p: ScreenPlacement) throws(NavigationError) -> (NavigationState, Transition)? {
        var chain: [Screen] = []
        var template = p.route.parent
        var params = p.parameters
        var tab: Int?
        var depth = 0
        while let t = template, depth < 8 {
            depth += 1
            let url = ScreenFactory.fill(t, params)
            if let index = tabIndex(forRoot: url) { tab = index; break }
            guard let m = try? router.match(url), let route = routesByKind[m.target.target] else { return nil }
            for (k, v) in m.parameters { params[k] = v }
            chain.insert(ScreenFactory.make(route, url: url, pattern: m.pattern.description, parameters: params), at: 0)
            template = route.parent
        }
        guard let tab else { return nil }
        // Already browsing that tab with the immediate parent on the stack: a plain push keeps the
        // user's own path (and Back still reaches the parent).
        let parentURL = chain.last?.url ?? state.tabs[tab].rootURL
        if state.modals.isEmpty && state.selectedTab == tab && state.currentTab.stack.contains(where: { $0.url == parentURL }) {
            return nil
        }
        var next = state
        let animation = p.animation ?? .slideFromRight
        if !next.modals.isEmpty { _ = try next.applying(.dismissAll(animation: .none)).0.assign(to: &next) }
        if next.selectedTab != tab { _ = try next.applying(.selectTab(.index(tab), popToRoot: false, animation: .none)).0.assign(to: &next) }
        // Keep the longest prefix of the stack that already matches root + chain.
        let stack = next.currentTab.stack
        var keep = 1
        while keep < stack.count && keep - 1 < chain.count && stack[keep].url == chain[keep - 1].url { keep += 1 }
        if keep < stack.count {
            _ = try next.applying(.popTo(.screen(stack[keep - 1].id), animation: .none)).0.assign(to: &next)
        }
        for s in chain.dropFirst(keep - 1) { _ = try next.applying(.push(s, animation: .none)).0.assign(to: &next) }
        let action = NavigationAction.push(p.screen, animation: animation)
        _ = try next.applying(action).0.assign(to: &next)
        return (next, Transition.derive(from: state, to: next, action: action))
    }
}

extension NavigationState {
    /// Stores `self` into `target` (keeps the deep-link builder's chained steps readable).
    fileprivate func assign(to target: inout NavigationState) -> Bool {
        target = self
        return true
    }
}
