import Switchyard
import SwitchyardKit

extension AppRuntime {
    /// What a logout took down, in words for the log, where the user is first: `back at Home; closed
    /// Order #42 (needs login) and User ann above it; Orders stays in its tab, behind the login gate;
    /// dropped Settings from another tab (needs login)`. A tab's root the user was taken away from is left, not closed.
    static func describe(_ departure: NavigationState.Departure, needsLogin: (Screen) -> Bool) -> String {
        func list(_ screens: [Screen]) -> String { screens.map(\.title).joined(separator: ", ") }
        func needs(_ screens: [Screen]) -> String { screens.count == 1 ? "needs login" : "need login" }
        var parts: [String] = []
        // A tab's root the user was taken away from stays in its tab: it is left, not closed.
        let kept = departure.state.screenIDs
        let left = departure.removed.filter { kept.contains($0.id) }
        let closed = departure.removed.filter { !kept.contains($0.id) }
        if !closed.isEmpty {
            let gated = closed.filter(needsLogin)
            let above = closed.filter { !needsLogin($0) }
            var words = "back at \(departure.state.top.title); closed "
            if gated.isEmpty {
                words += list(above)
            } else {
                words += "\(list(gated)) (\(needs(gated)))"
                if !above.isEmpty { words += " and \(list(above)) above \(gated.count == 1 ? "it" : "them")" }
            }
            parts.append(words)
        } else if !departure.removed.isEmpty {
            parts.append("back at \(departure.state.top.title)")
        }
        if !left.isEmpty {
            // Not closed, and not shown either: the tab asks for login when it is next selected.
            let one = left.count == 1
            let place = one ? "its tab" : "their tabs"
            parts.append("\(list(left)) stay\(one ? "s" : "") in \(place), behind the login gate")
        }
        // A form closed with its changes: logging out overrides a leave guard, and says what it threw away.
        let discarded = (closed + departure.dropped).filter { $0.leaveGuard != nil }
        if !discarded.isEmpty { parts.append("discarded the unsaved changes of \(list(discarded))") }
        if !departure.dropped.isEmpty {
            let gated = departure.dropped.filter(needsLogin)
            let above = departure.dropped.filter { !needsLogin($0) }
            if gated.isEmpty {
                parts.append("dropped \(list(above)) from another tab (its root needs login)")
            } else {
                let over = above.isEmpty ? "" : " and \(list(above)) above \(gated.count == 1 ? "it" : "them")"
                parts.append("dropped \(list(gated)) (\(needs(gated)))\(over) from another tab")
            }
        }
        return parts.joined(separator: "; ")
    }

    /// Records an open in the timeline, then the callback URL it named, if any, as its own event.
    func recordOpen(_ trace: RouteTrace) {
        record(.open(trace))
        if let callback = trace.callback { record(.callback(openID: trace.id, callback)) }
    }

    // MARK: Command bodies

    func open(_ url: String, command: NavigationCommand, callback: RouteCallback,
                      native extra: NativeParameters = NativeParameters()) async -> StepReport {
        var native = extra
        // The screen the user came from: a login screen on top is not a place (an open that does not
        // belong to the login flow closes it), unless the open is a screen of that flow (a detour the
        // login screen opens: "Reset password" was opened from "Log in").
        if native.get("openedFrom", as: String.self) == nil {
            let detour = !hold.flowKinds.isEmpty
                && (try? router.match(url)).map { hold.flowKinds.contains($0.target.name) } == true
            let from = detour ? state.top
                : state.screensFromTop.first { screen in loginKind.map { screen.kind != $0 } ?? true } ?? state.top
            native.set("openedFrom", from.title)
        }
        let trace = await router.openAndTrace(url, native: native, callback: callback)
        recordOpen(trace)
        if let held = gate?.heldNavigation, held.openID == trace.id {
            record(.hold(openID: held.openID, url: held.url))
        }
        return report(for: trace, command: command)
    }

    func back(_ animation: Animation?, command: NavigationCommand) -> StepReport {
        if let modal = state.topModal, modal.stack.count <= 1 {
            return apply(.dismiss(animation: animation ?? .slideFromBottom), command: command)
        }
        return apply(.pop(animation: animation ?? .slideFromRight), command: command)
    }

    func dismiss(_ animation: Animation?, command: NavigationCommand) -> StepReport {
        apply(.dismiss(animation: animation ?? .slideFromBottom), command: command)
    }

    /// Dismisses the modals (leave guards permitting), which cancels a hold visibly, then opens the tab's
    /// root URL through the router, so a gated tab asks for login.
    func selectTab(_ index: Int, command: NavigationCommand, callback: RouteCallback) async -> StepReport {
        guard state.tabs.indices.contains(index) else {
            return failure(command, "there is no tab \(index + 1) (the app has \(state.tabs.count))")
        }
        var dismissed = Transition.none
        var dismissedStage: [StepReport.Stage] = []
        var cancelled: StepReport?
        if !state.modals.isEmpty {
            let heldBefore = gate?.heldNavigation
            switch state.apply(.dismissAll(animation: .slideFromBottom)) {
            case .applied(let t):
                dismissed = t
                dismissedStage = [StepReport.Stage(t, state)]
                var interim = StepReport(command: command.description, state: state)
                reconcileHold(&interim, heldBefore: heldBefore, closedBy: "tab \(index + 1)")
                cancelled = interim
            case .rejected(.vetoed):
                // A leave guard refuses: the tab's open still goes through the router, and its placement
                // meets the same guard, so the open ends `vetoed` (its callback told once), as opening
                // the tab's URL does.
                break
            case .rejected(let e): return failure(command, describe(e))
            }
        }
        let root = state.tabs[index].rootURL
        var native = NativeParameters()
        native.set(ScreenHandler.tabIndexKey, index)
        // The tab jump travels as the native tab index: the root opens as written. Its placement line in
        // the trace says what was dismissed before it, as a resumed open's does.
        transitionsBeforePlacement = dismissed == .none ? [] : [dismissed]
        var report = await open(root, command: command, callback: callback, native: native)
        transitionsBeforePlacement = []
        report.transition = Transition.combining([dismissed, report.transition])
        report.stages = dismissedStage + report.stages
        if let cancelled, let hold = cancelled.cancelledHold {
            report.cancelledHold = hold
            if let m = cancelled.message { report.message = report.message.map { m + "; " + $0 } ?? m }
        }
        return report
    }

    /// Logs out; no screen that needs login stays up: the app goes back to the nearest one that does
    /// not, and the report says what closed.
    func logout(command: NavigationCommand) -> StepReport {
        guard let gate else { return failure(command, "this app has no login route") }
        let wasLoggedIn = gate.isLoggedIn
        gate.logout()
        var report = StepReport(command: command.description,
                                message: wasLoggedIn ? "logged out" : "already logged out", state: state)
        // No screen that needs login stays up: back to the nearest one that does not.
        if let departure = state.leaving(where: { asksForLogin($0.url) }) {
            state = departure.state
            report.transition = departure.transition
            report.stages = departure.stages
            report.note(Self.describe(departure, needsLogin: { asksForLogin($0.url) }))
        }
        return report
    }

    /// Logs in: removes every login screen and login-flow screen wherever it sits, then resumes the
    /// newest held navigation.
    func login(command: NavigationCommand) async -> StepReport {
        guard let gate else { return failure(command, "this app has no login route") }
        let wasLoggedIn = gate.isLoggedIn
        var removed: [Transition] = []
        var removedStages: [StepReport.Stage] = []
        if let loginKind {
            for screen in state.screensFromTop where screen.kind == loginKind || hold.flowKinds.contains(screen.kind) {
                // A login screen pushed on a stack leaves as a pop would; a presented one slides down.
                let pushed = state.tabs.contains { $0.stack.contains { $0.id == screen.id } }
                    || state.modals.contains { $0.stack.first?.id != screen.id
                        && $0.stack.contains { $0.id == screen.id } }
                if case .applied(let t) = state.apply(.remove(screen.id,
                                                              animation: pushed ? .slideFromRight : .slideFromBottom)) {
                    removed.append(t)
                    removedStages.append(StepReport.Stage(t, state))
                }
            }
        }
        hold.release()
        let held = gate.heldNavigation
        if let held { record(.command("login", result: "resumes #\(held.openID)")) }
        transitionsBeforePlacement = removed
        let resumed = await gate.resumeAfterLogin()
        transitionsBeforePlacement = []
        guard let trace = resumed else {
            var report = StepReport(command: command.description, transition: Transition.combining(removed),
                                    message: Self.loginMessage(wasLoggedIn: wasLoggedIn, closed: removed),
                                    state: state)
            report.stages = StepReport.Stage.merged(removedStages)
            return report
        }
        if let held { record(.resume(openID: held.openID, url: held.url, resumedAs: trace.id)) }
        recordOpen(trace)
        var report = self.report(for: trace, command: command)
        report.transition = Transition.combining(removed + [report.transition])
        report.stages = StepReport.Stage.merged(removedStages + report.stages)
        if !report.isError {
            report.note("logged in; resumed #\(held?.openID ?? trace.id) \(trace.url)"
                        + (held.map { $0.openID != trace.id ? " as #\(trace.id)" : "" } ?? ""))
        }
        return report
    }

    // MARK: Reports

    func failure(_ command: NavigationCommand, _ message: String) -> StepReport {
        StepReport(command: command.description, message: message, isError: true, state: state)
    }

    func apply(_ action: NavigationAction, command: NavigationCommand) -> StepReport {
        switch state.apply(action) {
        case .applied(let t):
            var report = StepReport(command: command.description, transition: t, state: state)
            report.stages = StepReport.Stage.merged([StepReport.Stage(t, state)])
            return report
        case .rejected(let e):
            return failure(command, describe(e))
        }
    }

    /// What a back with nothing to go back to says, wherever it is said (a script's error, the log, the
    /// app's status line capitalized): `nothing to go back to: Discover is the first screen`.
    public nonisolated static func nothingToGoBack(from title: String) -> String {
        "nothing to go back to: \(title) is the first screen"
    }

    /// Names a vetoing screen by its title rather than its id, and the screen a back cannot leave
    /// (`nothing to go back to: Discover is the first screen`, as the app's status line says it).
    func describe(_ e: NavigationError) -> String {
        if case .vetoed(let id, let reason) = e, let screen = state.screen(withID: id) {
            return "\(screen.title) refuses to be left: \(reason)"
        }
        if case .cannotPopRoot = e {
            return Self.nothingToGoBack(from: state.top.title)
        }
        return e.description
    }

    /// The report of an open: its own trace and outcome, and what its placement did.
    func report(for trace: RouteTrace, command: NavigationCommand) -> StepReport {
        let outcome = trace.outcome
        // This open's placements, then its callback URL's own open's (a callback placed in the same step).
        let ids = [trace.id] + (trace.callback?.openID.map { [$0] } ?? [])
        let placed = ids.compactMap { placements.removeValue(forKey: $0) }
        let transitions = placed.flatMap(\.transitions)
        var report = StepReport(command: command.description, outcome: outcome,
                                transition: Transition.combining(transitions), isError: !outcome.isHandled,
                                state: state, trace: trace)
        report.stages = StepReport.Stage.merged(placed.flatMap(\.stages))
        if outcome.isHandled {
            for note in placed.flatMap(\.notes) { report.note(note) }
            if transitions.isEmpty, case .handled(_, let result) = outcome.final,
                result.payload(as: ScreenPlacement.self) == nil {
                report.note(result.description)
            }
        } else {
            report.message = outcome.failureWords ?? outcome.description
            if case .notFound(let url) = outcome.final,
                let nearest = router.table.explain(router.resolve(url).finalURL).candidates.first {
                report.nearest = "\(nearest.pattern): \(nearest.verdict)"
                report.note("nearest route \(nearest.pattern): \(nearest.verdict)")
            }
        }
        if let callback = trace.callback, callback.openID == nil, case .rejected(_, let reason) = callback.outcome {
            report.note("callback refused: \(reason)")
        }
        return report
    }


    /// What `login` says when it resumes nothing: whether it logged in, and the login screens it closed.
    static func loginMessage(wasLoggedIn: Bool, closed: [Transition]) -> String {
        let what = wasLoggedIn ? "already logged in" : "logged in"
        let titles = closed.flatMap { step -> [String] in
            switch step {
            case .dismiss(let screen, _), .removed(let screen, _, _): [screen.title]
            case .dismissMany(let screens, _): screens.map(\.title)
            case .pop(let from, _, _): [from.title]
            default: []
            }
        }
        return titles.isEmpty ? what : what + "; closed " + titles.joined(separator: ", ")
    }
}
