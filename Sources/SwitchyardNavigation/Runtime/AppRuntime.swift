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
/// login screen shown for it is the top screen, or is covered only by screens of the login flow (routes
/// whose metadata sets `loginFlow`: "forgot password", "sign up"). Every way that screen goes away
/// (dismiss, back, a tab switch, another open that replaces or covers it, a redirect chain that never
/// shows it) cancels the hold, and its callback receives `RouteOutcome.cancelled(reason:)` once.
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
    public internal(set) var state: NavigationState
    let routesByKind: RoutesByKind
    let loginKind: String?
    var jumpActions: [String: JumpAction] = [:]
    /// The login-hold rule: the held open and the login screen shown for it.
    var hold = LoginHold()
    /// What each open's placement did, keyed by the open's number (``RouteRequest/openID``), until
    /// the open's report takes it: its transitions in order and its notes.
    var placements: [Int: (transitions: [Transition], notes: [String], stages: [StepReport.Stage])] = [:]
    /// What the command did before the open it causes (a login removes its login screens, then
    /// resumes the held open): the next placement's line names it first.
    var transitionsBeforePlacement: [Transition] = []
    private let placementTarget: PlacementTarget
    /// The timeline: numbering, clock and limit.
    var clock = Timeline()
    /// Whether the user was logged in when a reload took away the login gate (a file whose routes no
    /// longer need login): kept, so that a later reload that brings the gate back finds the user
    /// logged in, as a reload keeps the login state.
    var loginKeptWithoutGate = false
    /// The most recent events, oldest first (at most ``timelineLimit``).
    public var timeline: [TimelineEvent] { clock.events }
    /// How many events ``timeline`` keeps.
    public var timelineLimit: Int {
        get { clock.limit }
        set { clock.limit = newValue }
    }

    /// Seconds since the app started, on the clock the timeline's events are stamped with (a
    /// reloaded app goes on from its predecessor's), for lines the app logs beside its timeline.
    public var secondsSinceStart: Double { clock.seconds }

    /// Appends an event to the timeline.
    func record(_ kind: TimelineEvent.Kind) { clock.record(kind) }

    /// Builds the router and the initial state (each tab's root screen).
    /// - Parameters:
    ///   - app: the app to run; its routes, redirects and relocations are registered on `router`.
    ///   - router: the router every navigation goes through (a new one by default).
    ///   - configure: extra registration (services, native handlers) before the first open.
    ///   - routeCache: when given, the screen routes are registered through this cache for this app
    ///     version (TheRouter's `useCache`): loaded compiled, each with its screen handler attached again,
    ///     or registered from the description and saved. The routes `configure` adds are not cached.
    ///   - screens: when given, registers the screen routes in place of the runtime's registration of
    ///     the description's route list (such as by installing `RouteModule`s), and gives the handlers of
    ///     routes loaded from `routeCache`. The routes it registers are checked against the description.
    public init(app: consuming AppDescription, router: Router = Router(),
                routeCache: (cache: RouterCache, version: String)? = nil,
                screens: ScreenRegistration? = nil,
                configure: (Router) throws -> Void = { _ in }) throws(RouteFileError) {
        if let problem = app.unboundPlaceholders().first { throw problem }
        var app = consume app
        self.router = router
        // A generated app's index links are checked against this router once it has every route (the
        // table is compiled once); their screens' handlers read the checked links.
        var lateLinks: [String: LateLinks] = [:]
        for screen in app.uncheckedIndexLinks?.screens ?? [] where app.routes.indices.contains(screen.route) {
            lateLinks[app.routes[screen.route].pattern] = LateLinks()
        }
        let positions = try Self.register(app, on: router, routeCache: routeCache, screens: screens,
                                       lateLinks: lateLinks)
        if let loginURL = app.loginURL {
            let g = LoginGate(loginURL: loginURL)
            g.install(on: router)
            gate = g
            loginKind = (try? router.match(loginURL))?.target.name
        } else {
            gate = nil
            loginKind = nil
        }
        do {
            try configure(router)
        } catch {
            throw RouteFileError("configure", String(describing: error))
        }
        if let unchecked = app.uncheckedIndexLinks {
            // Each link is checked when it is first read (drawn, opened), not all of them here.
            app.deferIndexLinks(on: router)
            for screen in unchecked.screens where app.routes.indices.contains(screen.route) {
                let r = app.routes[screen.route]
                lateLinks[r.pattern]?.set(r.links)
            }
        }
        self.app = app
        // Read from the route list as it is now (with the deferred links), which the kinds share.
        let byKind = RoutesByKind(positions: positions, routes: app.routes)
        routesByKind = byKind
        hold.flowKinds = Set(byKind.kinds { $0.metadata[.loginFlow] == true })
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

    // MARK: Public state

    /// Whether the user is logged in (false when the app has no login gate).
    public var isLoggedIn: Bool { gate?.isLoggedIn ?? false }

    /// The navigation the login gate holds, if any.
    public var heldNavigation: HeldNavigation? { gate?.heldNavigation }

    /// True when the top screen is the login route's screen or a screen of the login flow (its route
    /// sets `loginFlow`): a screen from which `login` logs in.
    public var isShowingLogin: Bool {
        guard let loginKind else { return false }
        return state.top.kind == loginKind || hold.flowKinds.contains(state.top.kind)
    }

    /// True when the top screen is a screen of the login flow (its route sets `loginFlow`): a detour
    /// the login screen opened, from which going back returns to it.
    public var isShowingLoginDetour: Bool {
        hold.flowKinds.contains(state.top.kind)
    }

    /// Checks the hold rule: a held navigation exists exactly while the login screen shown for it is the
    /// top screen or is covered only by login-flow screens. Returns the violation in words, or nil. Holds
    /// after every ``perform(_:callback:)``.
    public var holdViolation: String? {
        hold.violation(held: gate?.heldNavigation, state: state)
    }

    /// Registers a custom jump action under `name`; a URL selects it with `?jumpType=name`.
    public func registerJumpAction(_ name: String, _ action: @escaping JumpAction) {
        jumpActions[name.lowercased()] = action
    }

    // MARK: Commands

    /// Performs one command and reports what it did. Every navigation goes through the router.
    ///
    /// - Parameters:
    ///   - command: the command to carry out (the vocabulary of a script line).
    ///   - callback: the completion of the open this command causes (`open`, `tap`, `tab`); it
    ///     fires exactly once with that open's outcome (or, when the login gate holds the open, later
    ///     with the resumed outcome or `cancelled`).
    public func perform(_ command: NavigationCommand,
                        callback: RouteCallback = RouteCallback(nil)) async -> StepReport {
        placements = [:]
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
            report = logout(command: command)
        case .discard:
            let guarded = state.top.leaveGuard != nil
            report = apply(.discardGuard(state.top.id), command: command)
            if !report.isError {
                report.note(guarded
                            ? "changes discarded: \(state.top.title) can be left now"
                            : "\(state.top.title) has no changes to discard")
            }
        }
        // The command's own line comes before what it causes: a back that closes the login screen is
        // logged, then the hold it cancels.
        if report.trace == nil {
            // A logout's line says what it closed (its transition is the way back from those screens).
            let says = report.transition == .none || command == .logout
            // A logout's line names what moved too, with the animations that play, after its words
            // (flat: a transition's own parentheses never nest in others).
            let moved = report.transition == .none ? "" : " · " + report.transition.summary
            let result = report.isError
                ? "✗ " + (report.message ?? "failed")
                : (says ? (report.message ?? "") + moved : report.transition.summary)
            // The animation is named once, by the transition that played it.
            let named = !report.isError && !says ? command.withoutAnimation : command
            record(.command(named.description, result: result))
        }
        // An open that took the login screen's place says what it opened, so the cancel names it.
        var closedBy: String?
        if heldBefore != nil, !report.isError {
            switch command {
            case .open, .tap: closedBy = report.trace != nil ? "opening \(state.top.title)" : nil
            case .tab(let number): closedBy = "tab \(number)"
            case .back: closedBy = "back"
            case .dismiss: closedBy = "dismiss"
            default: break
            }
        }
        reconcileHold(&report, heldBefore: heldBefore, closedBy: closedBy)
        report.state = state
        return report
    }

    // MARK: Placement

    /// Places what a handler produced (called by the router, through ``RuntimePlacer``, before the open ends).
    func applyPlacement(_ result: RouteResult, for request: RouteRequest) -> PlacementVerdict {
        guard let placement = result.payload(as: ScreenPlacement.self) else {
            return .placed(note: "nothing to place")
        }
        // Another screen takes the held login screen's place: the login screen closes first (it is
        // not left under the new screen), and the hold ends when the command is reconciled.
        let closing = closingLoginScreen(for: placement)
        let placer = ScreenPlacer(state: closing?.state ?? state, router: router, routesByKind: routesByKind,
                                  jumpActions: jumpActions)
        do throws(ScreenPlacer.PlacementError) {
            let (next, transition, note) = try placer.place(placement)
            state = next
            if let closing {
                placements[request.openID, default: ([], [], [])].transitions.append(closing.transition)
                placements[request.openID, default: ([], [], [])].stages.append(closing)
                transitionsBeforePlacement.append(closing.transition)
            }
            placements[request.openID, default: ([], [], [])].transitions.append(transition)
            if let note { placements[request.openID, default: ([], [], [])].notes.append(note) }
            // The chain's parts; the last one leaves the state as placed (an update in place included).
            var stages = placer.stages.stages
            if !stages.isEmpty { stages[stages.count - 1].state = next }
            placements[request.openID, default: ([], [], [])].stages += stages
            if let loginKind, placement.screen.kind == loginKind, let held = gate?.heldNavigation,
                held.openID == request.openID,
               state.top.kind == loginKind {
                hold.bind(openID: held.openID, screen: state.top.id)
            }
            // A resumed open's line says that the login screen was dismissed before it was placed.
            let before = Transition.combining(transitionsBeforePlacement)
            transitionsBeforePlacement = []
            let placed = note ?? transition.summary
            return .placed(note: before == .none ? placed : "\(before.summary), then \(placed)",
                           shown: ScreenPlacer.shown(placement, transition: transition, state: state))
        } catch {
            transitionsBeforePlacement = []
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

    /// The login screen a hold is bound to, closed, when `placement` would show another screen over
    /// it: a pushed screen leaves as a pop would, a presented one slides down. The login-flow screens
    /// over it (detours) close first. Nil when no hold is bound, its login screen is not showing, or the
    /// placement is a login-flow screen (a detour, which keeps the hold). When the placement shows the
    /// login screen again (a newer gated open updates it in place) only the detours close.
    func closingLoginScreen(for placement: ScreenPlacement) -> StepReport.Stage? {
        guard let loginKind, let bound = hold.binding?.screen, !hold.flowKinds.contains(placement.screen.kind),
              let detours = hold.detours(in: state), let login = state.screen(withID: bound) else { return nil }
        let closing = placement.screen.kind == loginKind ? detours : detours + [login]
        guard !closing.isEmpty else { return nil }
        var next = state
        var steps: [Transition] = []
        for screen in closing {
            let presented = next.modals.contains { $0.stack.first?.id == screen.id }
            guard case .applied(let t) = next.apply(.remove(screen.id,
                                                            animation: presented ? .slideFromBottom : .slideFromRight))
            else { return nil }
            steps.append(t)
        }
        return StepReport.Stage(Transition.combining(steps), next)
    }
}
