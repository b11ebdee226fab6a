import Switchyard
import SwitchyardKit

/// An app running on Switchyard: a router whose screen routes come from an ``AppDescription``, a
/// login gate, and the navigation state those routes drive. Used by the script runner, the terminal and
/// tests, all through ``perform(_:callback:)``.
///
/// The runtime is the router's `PlacementApplier`: every open ends only after the runtime placed (or
/// failed to place) the screen its handler produced, so the outcome a caller's callback receives says
/// what reached the screen.
///
/// The login hold belongs to the login screen: a navigation the gate holds exists exactly while the
/// login screen shown for it is the top screen. Every way that screen goes away (dismiss, back, a tab
/// switch, another open that replaces or covers it, a redirect chain that never shows it) cancels the
/// hold, and its callback receives `RouteOutcome.cancelled(reason:)` once.
@MainActor
public final class AppRuntime {
    /// A custom jump action (TheRouter's customJumpAction): computes the state after placing the screen,
    /// usually with ``NavigationState/applying(_:overridingGuards:)``. A thrown error fails the placement.
    public typealias JumpAction = @MainActor (ScreenPlacement, NavigationState) throws(NavigationError)
        -> (state: NavigationState, transition: Transition)

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
    private var jumpActions: [String: JumpAction] = [:]
    /// The held open and the login screen shown for it.
    private var holdBinding: (openID: Int, screen: ScreenID)?
    /// The transitions placed during the command being performed, in order.
    private var placedTransitions: [Transition] = []
    /// Notes from placements during the command being performed.
    private var placementNotes: [String] = []
    /// What the command did before the open it causes (a login removes its login screens, then
    /// resumes the held open): the next placement's line names it first.
    private var transitionsBeforePlacement: [Transition] = []
    private let placementTarget: PlacementTarget
    /// The most recent events, oldest first (at most ``timelineLimit``).
    public private(set) var timeline: [TimelineEvent] = []
    /// How many events ``timeline`` keeps.
    public var timelineLimit = 500
    private var nextEventNumber = 1
    /// When the app started (a reloaded app keeps its predecessor's, so log times do not jump back).
    private var started = ContinuousClock.now

    /// Seconds since the app started, on the clock the timeline's events are stamped with (a
    /// reloaded app goes on from its predecessor's), for lines the app logs beside its timeline.
    public var secondsSinceStart: Double {
        let time = (ContinuousClock.now - started).components
        return Double(time.seconds) + Double(time.attoseconds) / 1e18
    }

    /// Appends an event to the timeline.
    private func record(_ kind: TimelineEvent.Kind) {
        timeline.append(TimelineEvent(sequence: nextEventNumber, kind: kind, time: secondsSinceStart))
        nextEventNumber += 1
        if timeline.count > timelineLimit { timeline.removeFirst(timeline.count - timelineLimit) }
    }

    /// Builds the router and the initial state (each tab's root screen).
    /// - Parameters:
    ///   - app: the app to run; its routes, redirects and relocations are registered on `router`.
    ///   - router: the router every navigation goes through (a new one by default).
    ///   - configure: extra registration (services, native handlers) before the first open.
    public init(app: AppDescription, router: Router = Router(), configure: (Router) throws -> Void = { _ in }) throws(RouteFileError) {
        if let problem = app.unboundPlaceholders().first { throw problem }
        self.app = app
        self.router = router
        var byKind: [String: ScreenRoute] = [:]
        for (i, r) in app.routes.enumerated() {
            byKind[r.kind] = byKind[r.kind] ?? r
            do throws(RegistrationError) {
                try router.register([r.pattern] + r.aliases, target: r.kind, priority: r.priority, metadata: r.metadata,
                                    handler: ScreenHandler(route: r, tabRoots: app.tabs.map(\.root)))
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
            }, priority: 2000, scope: .metadata(.web, true))
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
        placementTarget = PlacementTarget()
        placementTarget.runtime = self
        router.setPlacementApplier(RuntimePlacer(target: placementTarget))
    }

    /// The screen a URL leads to, built without running interceptors or handlers (for tab roots and parents).
    static func screen(for url: String, router: Router, byKind: [String: ScreenRoute],
                       inheriting inherited: [String: String] = [:]) -> Screen? {
        guard let m = try? router.match(url), let route = byKind[m.target.target] else { return nil }
        var params = inherited
        for (k, v) in m.query.grouped.compactMapValues(\.last) { params[k] = v }
        var path: [String: String] = [:]
        for (k, v) in m.parameters {
            params[k] = v
            path[k] = v
        }
        return ScreenFactory.make(route, url: url, pattern: m.pattern.description, parameters: params, pathParameters: path)
    }

    // MARK: Public state

    /// Whether the user is logged in (false when the app has no login gate).
    public var isLoggedIn: Bool { gate?.isLoggedIn ?? false }

    /// The navigation the login gate holds, if any.
    public var heldNavigation: HeldNavigation? { gate?.heldNavigation }

    /// True when the top screen is the login route's screen.
    public var isShowingLogin: Bool {
        guard let loginKind else { return false }
        return state.top.kind == loginKind
    }

    /// Checks the hold rule: a held navigation exists exactly while the login screen shown for it is the
    /// top screen. Returns the violation in words, or nil. Holds after every ``perform(_:callback:)``.
    public var holdViolation: String? {
        switch (gate?.heldNavigation, holdBinding) {
        case (nil, nil):
            return nil
        case (nil, .some(let binding)):
            return "no navigation is held, but login screen \(binding.screen) is still bound to open #\(binding.openID)"
        case (.some(let held), nil):
            return "open #\(held.openID) (\(held.url)) is held, but no login screen is bound to it"
        case (.some(let held), .some(let binding)):
            if held.openID != binding.openID {
                return "open #\(held.openID) is held, but the login screen is bound to open #\(binding.openID)"
            }
            if state.top.id != binding.screen {
                return "open #\(held.openID) is held, but its login screen \(binding.screen) is not the top screen"
            }
            return nil
        }
    }

    /// Whether opening `url` now would ask for login: the app has a login gate, the user is logged out,
    /// and the route the URL reaches (after redirects and relocations), a parent its deep link would
    /// build, or the tab a tab jump by index would show requires login.
    public func asksForLogin(_ url: String) -> Bool {
        guard gate != nil, !isLoggedIn else { return false }
        // The rewrites only: the app asks this of every link on the screen, and `explain`'s list of
        // candidates costs a pass over the table per URL.
        let resolution = router.resolve(url)
        guard resolution.stopped == nil, let m = try? router.match(resolution.finalURL) else { return false }
        if m.target.metadata[.requiresLogin] == true { return true }
        var route = routesByKind[m.target.target]
        if let opens = route?.opens, let jump = try? ScreenHandler.readJump(query: m.query, nativeTabIndex: nil, opens: opens),
           let root = jump.tabRoot(in: app.tabs.map(\.root)), root != url, asksForLogin(root) {
            return true
        }
        var params: [String: String] = [:]
        for (k, v) in m.parameters { params[k] = v }
        var depth = 0
        while let parent = route?.parent, depth < 8 {
            depth += 1
            guard let pm = try? router.match(ScreenFactory.fillURL(parent, params)) else { return false }
            if pm.target.metadata[.requiresLogin] == true { return true }
            for (k, v) in pm.parameters { params[k] = v }
            route = routesByKind[pm.target.target]
        }
        return false
    }

    /// Registers a custom jump action under `name`; a URL selects it with `?jumpType=name`.
    public func registerJumpAction(_ name: String, _ action: @escaping JumpAction) {
        jumpActions[name.lowercased()] = action
    }

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
    /// `previous`'s, so log lines stay unambiguous; the login state carries over; and the user stays where they were when the
    /// current screen's URL still routes here (the selected tab's stack and the modals rebuilt from
    /// their URLs, each screen that no longer routes left out), else the app shows the tab's root.
    /// A navigation `previous` held for login is cancelled: its login screen is not carried over.
    @discardableResult
    public func carryOn(from previous: AppRuntime) -> CarriedOver {
        router.nextOpenID = previous.router.nextOpenID
        nextEventNumber = max(nextEventNumber, previous.nextEventNumber)
        started = min(started, previous.started)
        if let gate, previous.isLoggedIn { gate.setLoggedIn(true) }
        let cancelled = previous.gate?.cancelHold(reason: "the route file was reloaded")
        previous.holdBinding = nil

        let old = previous.state
        let isLogin = { (screen: Screen) in previous.loginKind.map { screen.kind == $0 } ?? false }
        let oldTab = old.currentTab
        let tabIndex = state.tabs.firstIndex { $0.rootURL == oldTab.rootURL && $0.title == oldTab.title }
            ?? state.tabs.firstIndex { $0.rootURL == oldTab.rootURL }
            ?? (state.tabs.indices.contains(old.selectedTab) ? old.selectedTab : 0)
        let path = (oldTab.stack + old.modals.flatMap(\.stack)).filter { !isLogin($0) }
        let here = path.last ?? oldTab.stack[0]
        var tabs = state.tabs
        var modals: [Modal] = []
        tabs[tabIndex].stack += oldTab.stack.dropFirst().filter { !isLogin($0) }.compactMap(rebuilt)
        for modal in old.modals {
            let stack = modal.stack.filter { !isLogin($0) }.compactMap(rebuilt)
            guard let first = stack.first else { continue }
            modals.append(Modal(stack: modal.wrapsInNavigation ? stack : [first], style: modal.style, wrapsInNavigation: modal.wrapsInNavigation))
        }
        let routes = here.id == oldTab.stack[0].id ? true : rebuilt(here) != nil
        let restored = routes ? try? NavigationState(tabs: tabs, selectedTab: tabIndex, modals: modals,
                                                     idGenerator: state.idGenerator, duplicatePolicy: state.duplicatePolicy) : nil
        var rooted = state
        _ = rooted.apply(.selectTab(.index(tabIndex), popToRoot: true, animation: .none))
        state = restored ?? rooted
        var words: String
        if restored == nil {
            words = "\(here.url) no longer routes: back at \(state.top.title)"
        } else if let change = Self.routeChange(from: here, to: state.top) {
            words = "\(here.url) now routes to \(change): on \(state.top.title)"
        } else {
            words = "still on \(state.top.title)"
        }
        if let cancelled {
            words += "; the held open #\(cancelled.openID) \(cancelled.url) was cancelled (its login screen went with the old table)"
        }
        return CarriedOver(url: here.url, keptPlace: restored != nil, cancelledHold: cancelled, description: words)
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
    private func rebuilt(_ screen: Screen) -> Screen? {
        let resolution = router.resolve(screen.url)
        guard resolution.stopped == nil else { return nil }
        let native = screen.parameters.filter { screen.pathParameters[$0.key] == nil }
        return Self.screen(for: resolution.finalURL, router: router, byKind: routesByKind, inheriting: native)
    }

    // MARK: Commands

    /// Performs one command and reports what it did. Every navigation goes through the router.
    ///
    /// - Parameters:
    ///   - command: the command to carry out (the vocabulary of a script line).
    ///   - callback: the completion of the open this command causes (`open`, `tap`, `tab`); it
    ///     fires exactly once with that open's outcome (or, when the login gate holds the open, later
    ///     with the resumed outcome or `cancelled`).
    public func perform(_ command: NavigationCommand, callback: RouteCallback = RouteCallback(nil)) async -> StepReport {
        placedTransitions = []
        placementNotes = []
        let heldBefore = gate?.heldNavigation
        var report: StepReport
        switch command {
        case .open(let url):
            report = await open(url, command: command, callback: callback)
        case .back(let animation):
            report = back(animation, command: command)
        case .dismiss(let animation):
            report = dismiss(animation, command: command)
        case .tab(let number):
            report = await selectTab(number - 1, command: command, callback: callback)
        case .tap(let number):
            let links = state.top.links
            guard number >= 1 && number <= links.count else {
                report = failure(command, "\(state.top.title) has \(links.count) link\(links.count == 1 ? "" : "s")")
                break
            }
            report = await open(links[number - 1].url, command: command, callback: callback)
        case .login:
            report = await login(command: command)
        case .logout:
            if let gate {
                gate.logout()
                report = StepReport(command: command.description, message: "logged out", state: state)
                // No screen that needs login stays up: back to the nearest one that does not.
                if let departure = state.leaving(where: { asksForLogin($0.url) }) {
                    state = departure.state
                    report.transition = departure.transition
                    report.note(Self.describe(departure, needsLogin: { asksForLogin($0.url) }))
                }
            } else {
                report = failure(command, "this app has no login route")
            }
        case .discard:
            let guarded = state.top.leaveGuard != nil
            report = apply(.discardGuard(state.top.id), command: command)
            if !report.isError {
                report.note(guarded ? "changes discarded: \(state.top.title) can be left now" : "\(state.top.title) has no changes to discard")
            }
        }
        // The command's own line comes before what it causes: a back that closes the login screen is
        // logged, then the hold it cancels.
        if report.trace == nil {
            // A logout's line says what it closed (its transition is the way back from those screens).
            let says = report.transition == .none || command == .logout
            let result = report.isError ? "✗ " + (report.message ?? "failed") : (says ? (report.message ?? "") : report.transition.description)
            record(.command(command.description, result: result))
        }
        reconcileHold(&report, heldBefore: heldBefore)
        report.state = state
        return report
    }

    /// What a logout took down, in words for the log: `closed Order #42, Orders (need login) and
    /// User ann above them: back at Home; dropped Settings from another tab (needs login)`.
    static func describe(_ departure: NavigationState.Departure, needsLogin: (Screen) -> Bool) -> String {
        func list(_ screens: [Screen]) -> String { screens.map(\.title).joined(separator: ", ") }
        func needs(_ screens: [Screen]) -> String { screens.count == 1 ? "needs login" : "need login" }
        var parts: [String] = []
        if !departure.removed.isEmpty {
            let gated = departure.removed.filter(needsLogin)
            let above = departure.removed.filter { !needsLogin($0) }
            var words = "closed \(list(gated)) (\(needs(gated)))"
            if !above.isEmpty { words += " and \(list(above)) above \(gated.count == 1 ? "it" : "them")" }
            parts.append(words + ": back at \(departure.state.top.title)")
        }
        if !departure.dropped.isEmpty {
            parts.append("dropped \(list(departure.dropped)) from another tab (\(needs(departure.dropped)))")
        }
        return parts.joined(separator: "; ")
    }

    // MARK: Command bodies

    private func open(_ url: String, command: NavigationCommand, callback: RouteCallback,
                      native extra: NativeParameters = NativeParameters()) async -> StepReport {
        var native = extra
        if native.get("openedFrom", as: String.self) == nil { native.set("openedFrom", state.top.title) }
        let trace = await router.openAndTrace(url, native: native, callback: callback)
        record(.open(trace))
        if let held = gate?.heldNavigation, held.openID == trace.id { record(.hold(openID: held.openID, url: held.url)) }
        return report(for: trace, command: command)
    }

    private func back(_ animation: Animation?, command: NavigationCommand) -> StepReport {
        if let modal = state.topModal, modal.stack.count <= 1 {
            return apply(.dismiss(animation: animation ?? .slideFromBottom), command: command)
        }
        return apply(.pop(animation: animation ?? .slideFromRight), command: command)
    }

    private func dismiss(_ animation: Animation?, command: NavigationCommand) -> StepReport {
        apply(.dismiss(animation: animation ?? .slideFromBottom), command: command)
    }

    /// Dismisses the modals (leave guards permitting), which cancels a hold visibly, then opens the tab's
    /// root URL through the router, so a gated tab asks for login.
    private func selectTab(_ index: Int, command: NavigationCommand, callback: RouteCallback) async -> StepReport {
        guard state.tabs.indices.contains(index) else {
            return failure(command, "there is no tab \(index + 1) (the app has \(state.tabs.count))")
        }
        var dismissed = Transition.none
        var cancelled: StepReport?
        if !state.modals.isEmpty {
            let heldBefore = gate?.heldNavigation
            switch state.apply(.dismissAll(animation: .slideFromBottom)) {
            case .applied(let t): dismissed = t
            case .rejected(let e): return failure(command, describe(e))
            }
            var interim = StepReport(command: command.description, state: state)
            reconcileHold(&interim, heldBefore: heldBefore, closedBy: "the switch to tab \(index + 1)")
            cancelled = interim
        }
        let root = state.tabs[index].rootURL
        var native = NativeParameters()
        native.set(ScreenHandler.tabIndexKey, index)
        let url = root + (root.contains("?") ? "&" : "?") + "jumpType=tab"
        var report = await open(url, command: command, callback: callback, native: native)
        report.transition = Transition.combining([dismissed, report.transition])
        if let cancelled, let hold = cancelled.cancelledHold {
            report.cancelledHold = hold
            if let m = cancelled.message { report.message = report.message.map { m + "; " + $0 } ?? m }
        }
        return report
    }

    /// Logs in: removes every login screen wherever it sits, then resumes the newest held navigation.
    private func login(command: NavigationCommand) async -> StepReport {
        guard let gate else { return failure(command, "this app has no login route") }
        var removed: [Transition] = []
        if let loginKind {
            for screen in state.screensFromTop where screen.kind == loginKind {
                if case .applied(let t) = state.apply(.remove(screen.id, animation: .slideFromBottom)) { removed.append(t) }
            }
        }
        holdBinding = nil
        let held = gate.heldNavigation
        if let held { record(.command("login", result: "resumes #\(held.openID)")) }
        transitionsBeforePlacement = removed
        let resumed = await gate.resumeAfterLogin()
        transitionsBeforePlacement = []
        guard let trace = resumed else {
            return StepReport(command: command.description, transition: Transition.combining(removed), message: "logged in",
                              state: state)
        }
        if let held { record(.resume(openID: held.openID, url: held.url, resumedAs: trace.id)) }
        record(.open(trace))
        var report = self.report(for: trace, command: command)
        report.transition = Transition.combining(removed + [report.transition])
        if !report.isError {
            report.note("logged in; resumed #\(held?.openID ?? trace.id) \(trace.url)" + (held.map { $0.openID != trace.id ? " as #\(trace.id)" : "" } ?? ""))
        }
        return report
    }

    // MARK: Reports

    private func failure(_ command: NavigationCommand, _ message: String) -> StepReport {
        StepReport(command: command.description, message: message, isError: true, state: state)
    }

    private func apply(_ action: NavigationAction, command: NavigationCommand) -> StepReport {
        switch state.apply(action) {
        case .applied(let t):
            return StepReport(command: command.description, transition: t, state: state)
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

    /// The report of an open: its own trace and outcome, and what its placement did.
    private func report(for trace: RouteTrace, command: NavigationCommand) -> StepReport {
        let outcome = trace.outcome
        var report = StepReport(command: command.description, outcome: outcome,
                                transition: Transition.combining(placedTransitions), isError: !outcome.isHandled,
                                state: state, trace: trace)
        if outcome.isHandled {
            for note in placementNotes { report.note(note) }
            if placedTransitions.isEmpty, case .handled(_, let result) = outcome.final, result.payload(as: ScreenPlacement.self) == nil {
                report.note(result.description)
            }
        } else {
            report.message = outcome.description
            if case .notFound(let url) = outcome.final, let nearest = router.explain(url).final.candidates.first {
                report.nearest = "\(nearest.pattern): \(nearest.verdict)"
                report.note("nearest route \(nearest.pattern): \(nearest.verdict)")
            }
        }
        placedTransitions = []
        placementNotes = []
        return report
    }

    /// Keeps the hold rule: cancels a held navigation whose login screen is not (or no longer) on top,
    /// and reports a hold that a newer one superseded.
    private func reconcileHold(_ report: inout StepReport, heldBefore: HeldNavigation?, closedBy: String? = nil) {
        guard let gate else { return }
        let held = gate.heldNavigation
        if let before = heldBefore, before != held, held != nil || gate.isLoggedIn == false,
           report.outcome.map({ !(isResume($0) && gate.isLoggedIn) }) ?? true {
            // The gate replaced the hold with a newer one: the old open was cancelled as superseded.
            // Unless this command already cancelled it (a tab switch that closed its login screen first).
            if let held, held.openID != before.openID, report.cancelledHold?.openID != before.openID {
                record(.cancel(openID: before.openID, url: before.url, reason: "superseded by #\(held.openID)"))
                report.note("login restarted: the held open #\(before.openID) \(before.url) ended as cancelled (superseded by #\(held.openID))")
                report.cancelledHold = before
            }
        }
        guard let held else {
            holdBinding = nil
            return
        }
        if let binding = holdBinding, binding.openID == held.openID, state.top.id == binding.screen { return }
        let why: String
        if let binding = holdBinding, binding.openID == held.openID {
            why = state.screen(withID: binding.screen) == nil
                ? closedBy.map { "\($0) closed the login screen" } ?? "the login screen was closed"
                : "another screen covered the login screen"
        } else {
            why = "the login screen was never shown"
        }
        if let trace = report.trace, trace.id == held.openID, !trace.outcome.isHandled {
            // The held open itself ended otherwise (a redirect loop…): its callback gets that outcome.
            gate.cancelHold(delivering: trace.outcome)
        } else {
            gate.cancelHold(reason: why)
        }
        holdBinding = nil
        record(.cancel(openID: held.openID, url: held.url, reason: why))
        report.note("login cancelled (\(why)): the held open #\(held.openID) \(held.url) ended as cancelled")
        report.cancelledHold = held
    }

    private func isResume(_ outcome: RouteOutcome) -> Bool { outcome.isHandled }

    // MARK: Placement

    /// Places what a handler produced (called by the router, through ``RuntimePlacer``, before the open ends).
    func applyPlacement(_ result: RouteResult, for request: RouteRequest) -> PlacementVerdict {
        guard let placement = result.payload(as: ScreenPlacement.self) else {
            return .placed(note: "nothing to place")
        }
        do throws(PlacementError) {
            let (next, transition, note) = try place(placement)
            state = next
            placedTransitions.append(transition)
            if let note { placementNotes.append(note) }
            if let loginKind, placement.screen.kind == loginKind, let held = gate?.heldNavigation, held.openID == request.openID,
               state.top.kind == loginKind {
                holdBinding = (held.openID, state.top.id)
            }
            // A resumed open's line says that the login screen was dismissed before it was placed.
            let before = Transition.combining(transitionsBeforePlacement)
            transitionsBeforePlacement = []
            let placed = note ?? transition.description
            return .placed(note: before == .none ? placed : "\(before.description), then \(placed)")
        } catch {
            switch error {
            case .navigation(.vetoed(let id, let reason)):
                return .vetoed(by: state.screen(withID: id)?.title ?? id.description, reason: reason)
            case .navigation(let e):
                return .failed(reason: describe(e))
            case .refused(let why):
                return .failed(reason: why)
            }
        }
    }

    /// Why a placement could not happen.
    enum PlacementError: Error {
        case navigation(NavigationError)
        case refused(String)
    }

    /// Applies `actions` in order from the current state; the transition combines theirs.
    private func chain(_ actions: [NavigationAction]) throws(PlacementError) -> (NavigationState, Transition) {
        var next = state
        var steps: [Transition] = []
        for action in actions {
            do throws(NavigationError) {
                let (s, t) = try next.applying(action)
                next = s
                steps.append(t)
            } catch {
                throw .navigation(error)
            }
        }
        return (next, Self.mergingPushes(steps))
    }

    /// Joins consecutive pushes into one push of several screens (a deep link's back stack).
    static func mergingPushes(_ steps: [Transition]) -> Transition {
        var out: [Transition] = []
        for step in steps where step != .none {
            if let last = out.last {
                switch (last, step) {
                case (.push(let from, _, _), .push(_, let to, let a)):
                    out[out.count - 1] = .pushMany(from: from, to: to, count: 2, animation: a)
                    continue
                case (.pushMany(let from, _, let n, _), .push(_, let to, let a)):
                    out[out.count - 1] = .pushMany(from: from, to: to, count: n + 1, animation: a)
                    continue
                default: break
                }
            }
            out.append(step)
        }
        return Transition.combining(out)
    }

    /// Computes the state after placing `p`, from the current state; nothing changes on error.
    /// Returns the state, the transition and a note worth showing.
    func place(_ p: ScreenPlacement) throws(PlacementError) -> (NavigationState, Transition, String?) {
        let screen = p.screen
        if let custom = p.customJump {
            guard let action = jumpActions[custom.lowercased()] else {
                let names = OpenStyle.allCases.map(\.rawValue) + jumpActions.keys.sorted()
                throw .refused("unknown jump type '\(SafeText.visible(String(custom.prefix(40))))' (\(names.joined(separator: ", ")))")
            }
            let next: NavigationState
            let transition: Transition
            do throws(NavigationError) { (next, transition) = try action(p, state) } catch { throw .navigation(error) }
            let violations = next.checkInvariants()
            guard violations.isEmpty else { throw .navigation(.invalidState(violations)) }
            if let guarded = NavigationState.vetoingScreen(from: state, to: next), let g = guarded.leaveGuard {
                throw .navigation(.vetoed(by: guarded.id, reason: g.reason))
            }
            return (next, transition, "custom jump \(custom)")
        }
        // The same screen already on top: update it in place (new query values), whatever the style.
        // (A tab index counts only for a tab jump: a `tab N` the gate redirected to the login screen
        // already on top updates it in place and holds, as any other gated open does.)
        if state.duplicatePolicy == .ignore, p.style != .setRoot, p.style != .tab,
           state.top.isSameRoute(as: screen) {
            return try updateInPlace(state.top, with: screen)
        }
        switch p.style {
        case .push:
            if p.route?.parent != nil, let built = try deepLink(p) { return (built.0, built.1, nil) }
            if !state.activeStackIsNavigable {
                let modal = state.top.title
                if p.styleIsExplicit {
                    throw .refused("cannot push \(screen.title): the top modal (\(modal)) has no navigation stack")
                }
                let (s, t) = try chain([.present(screen, style: .sheet, wrapsInNavigation: false, animation: p.animation ?? .slideFromBottom)])
                return (s, t, "presented \(screen.title): \(modal) has no navigation stack to push on")
            }
            let (s, t) = try chain([.push(screen, animation: p.animation ?? .slideFromRight)])
            return (s, t, nil)
        case .present:
            return try plain([.present(screen, style: .sheet, wrapsInNavigation: false, animation: p.animation ?? .slideFromBottom)])
        case .presentFullScreen:
            return try plain([.present(screen, style: .fullScreen, wrapsInNavigation: false, animation: p.animation ?? .slideFromBottom)])
        case .presentInNavigation:
            return try plain([.present(screen, style: .sheet, wrapsInNavigation: true, animation: p.animation ?? .slideFromBottom)])
        case .tab:
            return try tabJump(p)
        case .popTo:
            if state.screensFromTop.contains(where: { $0.isSameRoute(as: screen) }) {
                let (s, t) = try chain([.popTo(.sameRoute(as: screen), animation: p.animation ?? .slideFromRight)])
                return try refreshed(s, t, with: screen)
            }
            var pushed = p
            pushed.style = .push
            return try place(pushed)
        case .setRoot:
            return try plain([.setRoot(screen, animation: p.animation ?? .fade)])
        case .dismissThenPush:
            var actions: [NavigationAction] = []
            if !state.modals.isEmpty { actions.append(.dismissAll(animation: .slideFromBottom)) }
            let tabTop = state.currentTab.stack[state.currentTab.stack.count - 1]
            if state.duplicatePolicy == .ignore && tabTop.isSameRoute(as: screen) {
                actions.append(.update(tabTop.id, with: screen))
            } else {
                actions.append(.push(screen, animation: p.animation ?? .slideFromRight))
            }
            return try plain(actions)
        case .replace:
            return try plain([.replaceTop(screen, animation: p.animation ?? .fade)])
        }
    }

    private func plain(_ actions: [NavigationAction]) throws(PlacementError) -> (NavigationState, Transition, String?) {
        let (s, t) = try chain(actions)
        return (s, t, nil)
    }

    /// Updates `existing` with the content of `screen`, in place.
    private func updateInPlace(_ existing: Screen, with screen: Screen) throws(PlacementError) -> (NavigationState, Transition, String?) {
        let (s, _) = try chain([.update(existing.id, with: screen)])
        return (s, .none, "updated \(screen.title) in place")
    }

    /// After a pop to (or a switch to) an existing instance: refreshes its content when it differs.
    private func refreshed(_ next: NavigationState, _ transition: Transition, with screen: Screen)
        throws(PlacementError) -> (NavigationState, Transition, String?) {
        let s = next
        let top = s.top
        guard top.isSameRoute(as: screen), top.parameters != screen.parameters || top.title != screen.title else {
            return (s, transition, nil)
        }
        var updated = s
        if case .rejected(let e) = updated.apply(.update(top.id, with: screen)) { throw .navigation(e) }
        return (updated, transition, nil)
    }

    /// A tab jump: selects the tab whose root this screen is (popped to its root, which keeps the URL's
    /// parameters), or, with TheRouter's `tabBarSelecIndex`, returns the current stack to its root and
    /// shows the tab at that index (0-based).
    private func tabJump(_ p: ScreenPlacement) throws(PlacementError) -> (NavigationState, Transition, String?) {
        let screen = p.screen
        let index: Int
        if let requested = p.tabIndex {
            guard state.tabs.indices.contains(requested) else {
                throw .refused("tab index \(requested) is out of range: the app has \(state.tabs.count) tabs (0-based)")
            }
            index = requested
        } else if let found = tabIndex(for: screen) {
            index = found
        } else {
            // Not a tab root: a plain push.
            var pushed = p
            pushed.style = .push
            return try place(pushed)
        }
        let root = state.tabs[index].stack[0]
        if root.isSameRoute(as: screen) {
            let (s, t) = try chain([.selectTab(.index(index), popToRoot: true, animation: p.animation ?? .none)])
            return try refreshedRoot(s, t, tab: index, with: screen)
        }
        // TheRouter's showTab: the current stack returns to its root, then the tab at the index shows.
        var actions: [NavigationAction] = [.popToRoot(animation: .none)]
        if index != state.selectedTab || !state.modals.isEmpty {
            actions.append(.selectTab(.index(index), popToRoot: false, animation: p.animation ?? .none))
        }
        let (s, t) = try chain(actions)
        return (s, t, "showed tab \(index + 1) (\(state.tabs[index].title))")
    }

    private func refreshedRoot(_ next: NavigationState, _ transition: Transition, tab: Int, with screen: Screen)
        throws(PlacementError) -> (NavigationState, Transition, String?) {
        var s = next
        let root = s.tabs[tab].stack[0]
        // Only what the URL says about the screen counts, not where it was opened from.
        func described(_ p: [String: String]) -> [String: String] { p.filter { $0.key != "openedFrom" } }
        guard described(root.parameters) != described(screen.parameters) else {
            return (s, transition, nil)
        }
        if case .rejected(let e) = s.apply(.update(root.id, with: screen)) { throw .navigation(e) }
        return (s, transition, nil)
    }

    /// The tab whose root shows the same route as `screen`.
    func tabIndex(for screen: Screen) -> Int? {
        state.tabs.firstIndex { $0.root?.isSameRoute(as: screen) == true }
    }

    /// Builds the back stack of a deep link: the parent chain down to a tab root, reusing the screens
    /// already on that tab's stack (compared by route and path parameters). Returns nil when no tab root
    /// is reached (then it is a plain push), or when the user is already on that tab with the immediate
    /// parent on the stack (a plain push keeps their own path).
    func deepLink(_ p: ScreenPlacement) throws(PlacementError) -> (NavigationState, Transition)? {
        var chain: [Screen] = []
        var template = p.route?.parent
        var params = p.parameters
        var tab: Int?
        var depth = 0
        while let t = template, depth < 8 {
            depth += 1
            let url = ScreenFactory.fillURL(t, params)
            guard let m = try? router.match(url), let route = routesByKind[m.target.target] else { return nil }
            for (k, v) in m.parameters { params[k] = v }
            var path: [String: String] = [:]
            for (k, v) in m.parameters { path[k] = v }
            let parent = ScreenFactory.make(route, url: url, pattern: m.pattern.description, parameters: params, pathParameters: path)
            if let index = tabIndex(for: parent) {
                tab = index
                break
            }
            chain.insert(parent, at: 0)
            template = route.parent
        }
        guard let tab else { return nil }
        let stack = state.tabs[tab].stack
        let immediate = chain.last ?? stack[0]
        if state.modals.isEmpty && state.selectedTab == tab && stack.contains(where: { $0.isSameRoute(as: immediate) }) {
            return nil
        }
        var actions: [NavigationAction] = []
        if !state.modals.isEmpty { actions.append(.dismissAll(animation: .none)) }
        if state.selectedTab != tab { actions.append(.selectTab(.index(tab), popToRoot: false, animation: .none)) }
        // Keep the longest prefix of the stack that already shows root + chain.
        var keep = 1
        while keep < stack.count && keep - 1 < chain.count && stack[keep].isSameRoute(as: chain[keep - 1]) { keep += 1 }
        if keep < stack.count { actions.append(.popTo(.screen(stack[keep - 1].id), animation: .none)) }
        for s in chain.dropFirst(keep - 1) { actions.append(.push(s, animation: .none)) }
        actions.append(.push(p.screen, animation: p.animation ?? .slideFromRight))
        return try self.chain(actions)
    }
}
