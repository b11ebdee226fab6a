import Switchyard
import SwitchyardKit

/// The placer: what placing a handler's screen does to a navigation state, as a value. Given the
/// state, it computes the next state and the transition (TheRouter's jump types: push, present,
/// popToTarget, windowNavRoot, modalDismissBeforePush, showTab, custom jump actions; deep links with
/// their back stack); it changes nothing itself, and a thrown error leaves the state as it was. The
/// runtime keeps the result.
@MainActor
struct ScreenPlacer {
    /// The state to place into.
    var state: NavigationState
    /// The router, to build a deep link's parents from their URLs (matching only; nothing opens).
    let router: Router
    /// The app's screen routes by target.
    let routesByKind: RoutesByKind
    /// The custom jump actions by lowercased name.
    let jumpActions: [String: AppRuntime.JumpAction]
    /// The parts of the last chain of actions computed, each with the state it left (the chain a
    /// placement returns is always its last one).
    let stages = StageLog()

    /// Where ``chain(_:)`` writes its parts.
    final class StageLog {
        var stages: [StepReport.Stage] = []
    }

    /// What reached the screen, in a result note's words, for the styles whose placement can differ
    /// from what the handler asked: a push that became a present (`present User ann`), a pop to target
    /// that pushed, a tab jump that showed another tab (`tab Orders`), an update in place. Nil for
    /// the others and for custom jumps, whose handler note already says it.
    static func shown(_ p: ScreenPlacement, transition: Transition, state: NavigationState) -> String? {
        guard p.customJump == nil else { return nil }
        var last = transition
        while case .sequence(let steps) = last, let tail = steps.last { last = tail }
        let verb: String
        switch (p.style, last) {
        case (_, .none): verb = "update"
        case (.tab, _) where state.top.id == state.currentTab.stack[0].id: return "tab \(state.top.title)"
        case (.tab, .tabSwitch): return "tab \(state.currentTab.title), showing \(state.top.title)"
        case (.push, .present), (.tab, .present), (.popTo, .present): verb = "present"
        case (.push, _), (.tab, _), (.popTo, .push), (.popTo, .pushMany): verb = "push"
        case (.popTo, _): verb = "popTo"
        default: return nil
        }
        return "\(verb) \(state.top.title)"
    }

    /// Why a placement could not happen.
    enum PlacementError: Error {
        case navigation(NavigationError)
        case refused(String)
    }

    /// Applies `actions` in order from the current state; the transition combines theirs.
    func chain(_ actions: [NavigationAction]) throws(PlacementError) -> (NavigationState, Transition) {
        var next = state
        var steps: [Transition] = []
        stages.stages = []
        for action in actions {
            do throws(NavigationError) {
                let (s, t) = try next.applying(action)
                next = s
                steps.append(t)
                stages.stages.append(StepReport.Stage(t, s))
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
            if let joined = out.last?.followed(byPush: step) {
                out[out.count - 1] = joined
            } else {
                out.append(step)
            }
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
                let shown = SafeText.visible(String(custom.prefix(40)))
                throw .refused("unknown jump type '\(shown)' (\(names.joined(separator: ", ")))")
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
            // A parent chain that breaks (a parent URL no route opens) is said, not dropped in silence.
            var broken: String?
            if p.route?.parent != nil, let built = try deepLink(p, broken: &broken) { return (built.0, built.1, nil) }
            if !state.activeStackIsNavigable {
                let modal = state.top.title
                if p.styleIsExplicit {
                    throw .refused("cannot push \(screen.title): \(modal) has no stack to push on")
                }
                let (s, t) = try chain([.present(screen, style: .sheet, wrapsInNavigation: false,
                                                 animation: p.animation ?? .slideFromBottom)])
                return (s, t, "presented \(screen.title): \(modal) has no stack to push on")
            }
            let (s, t) = try chain([.push(screen, animation: p.animation ?? .slideFromRight)])
            return (s, t, broken.map { "pushed \(screen.title) without its back stack: \($0)" })
        case .present:
            return try plain([.present(screen, style: .sheet, wrapsInNavigation: false,
                                       animation: p.animation ?? .slideFromBottom)])
        case .presentFullScreen:
            return try plain([.present(screen, style: .fullScreen, wrapsInNavigation: false,
                                       animation: p.animation ?? .slideFromBottom)])
        case .presentInNavigation:
            return try plain([.present(screen, style: .sheet, wrapsInNavigation: true,
                                       animation: p.animation ?? .slideFromBottom)])
        case .tab:
            return try tabJump(p)
        case .popTo:
            if state.screensFromTop.contains(where: { $0.isSameRoute(as: screen) }) {
                let (s, t) = try chain([.popTo(.sameRoute(as: screen), animation: p.animation ?? .slideFromRight)])
                return try refreshed(s, t, with: screen)
            }
            // Nothing of the route on a stack: pop to target falls back to a push, and says so.
            var pushed = p
            pushed.style = .push
            let (next, transition, note) = try place(pushed)
            let fallback = "no \(screen.title) on a stack to pop to, so pushed: " + (note ?? transition.summary)
            return (next, transition, fallback)
        case .setRoot:
            // The same screen already alone in its tab: updated in place, as the same screen on top is
            // for every other style (a fresh copy would only replay the fade over itself).
            let stack = state.currentTab.stack
            if state.duplicatePolicy == .ignore, state.modals.isEmpty, stack.count == 1,
               stack[0].isSameRoute(as: screen) {
                return try updateInPlace(stack[0], with: screen)
            }
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
            // Replacing the top with the screen under it would stack that screen twice: back to it
            // instead (updated), as a push of the screen on top updates it rather than stacking a copy.
            let stack = state.activeStack
            if state.duplicatePolicy == .ignore, stack.count >= 2, stack[stack.count - 2].isSameRoute(as: screen) {
                let (s, t) = try chain([.pop(animation: p.animation ?? .slideFromRight)])
                return try refreshed(s, t, with: screen)
            }
            return try plain([.replaceTop(screen, animation: p.animation ?? .fade)])
        }
    }

    func plain(_ actions: [NavigationAction]) throws(PlacementError) -> (NavigationState, Transition, String?) {
        let (s, t) = try chain(actions)
        return (s, t, nil)
    }

    /// Updates `existing` with the content of `screen`, in place.
    func updateInPlace(_ existing: Screen, with screen: Screen)
        throws(PlacementError) -> (NavigationState, Transition, String?) {
        let (s, _) = try chain([.update(existing.id, with: screen)])
        return (s, .none, "updated \(screen.title) in place")
    }

    /// After a pop to (or a switch to) an existing instance: refreshes its content when it differs.
    func refreshed(_ next: NavigationState, _ transition: Transition, with screen: Screen)
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
    /// parameters; a `tab N` tap on another tab keeps its stack, as a tab bar does), or, with TheRouter's
    /// `tabBarSelecIndex`, returns the current stack to its root and shows the tab at that index (0-based).
    func tabJump(_ p: ScreenPlacement) throws(PlacementError) -> (NavigationState, Transition, String?) {
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
        // Modals go first, and the transition says so (as `tab N` does).
        let dismiss: [NavigationAction] = state.modals.isEmpty ? [] : [.dismissAll(animation: .slideFromBottom)]
        if root.isSameRoute(as: screen) {
            // A tap on another tab shows it as it was left; a URL naming the root shows the root.
            let tapped = p.keepsTabStack && index != state.selectedTab
            let (s, t) = try chain(dismiss + [.selectTab(.index(index), popToRoot: !tapped,
                                                         animation: p.animation ?? .none)])
            if tapped {
                let shown = state.tabs[index].stack
                return (s, t, shown.count > 1 ? "tab \(index + 1) shows \(s.top.title), as it was left" : nil)
            }
            return try refreshedRoot(s, t, tab: index, with: screen)
        }
        if p.tabIndex == nil {
            // The tab's own root URL, after a setRoot replaced its root: the tab shows, with its own
            // root back (a push would stack the tab's root on the screen that replaced it).
            var actions = dismiss
            if index != state.selectedTab {
                actions.append(.selectTab(.index(index), popToRoot: false, animation: .none))
            }
            // Instant, as a tab jump is (the note names no animation because none plays).
            actions.append(.setRoot(screen, animation: p.animation ?? .none))
            let (s, t) = try chain(actions)
            let tab = "tab \(index + 1) (\(state.tabs[index].title))"
            return (s, t, "showed \(tab): its root again, in place of \(root.title)")
        }
        // TheRouter's showTab: the current stack returns to its root, then the tab at the index shows.
        var actions: [NavigationAction] = dismiss + [.popToRoot(animation: .none)]
        if index != state.selectedTab {
            actions.append(.selectTab(.index(index), popToRoot: false, animation: p.animation ?? .none))
        }
        let (s, t) = try chain(actions)
        // Name the screen that shows when it is not the tab's own (its root was replaced), and what
        // else moved on the way (a sheet closed, a stack popped), so the note matches the screen.
        let title = state.tabs[index].title
        let shown = s.top.title == title ? title : "\(title), showing \(s.top.title)"
        // In the order they happened: what moved on the way, then the tab shown.
        let steps: [Transition] = if case .sequence(let all) = t { all } else { [t] }
        let before = steps.filter { if case .tabSwitch = $0 { false } else if case .none = $0 { false } else { true } }
        let titles = state.tabs.map(\.title)
        let note = (before.map { $0.inWords(tabs: titles) } + ["showed tab \(index + 1) (\(shown))"])
            .joined(separator: ", then ")
        return (s, t, note)
    }

    func refreshedRoot(_ next: NavigationState, _ transition: Transition, tab: Int, with screen: Screen)
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

    /// The tab a tab jump to `screen` selects: the current tab when its root shows the same route;
    /// else the tab whose own root URL (``Tab/rootURL``) is that route, when its root still shows it;
    /// else any tab whose root shows it (a setRoot put it there); else the tab whose own root URL it
    /// is, though a setRoot replaced that tab's root. Nil when no tab has anything to do with it.
    func tabIndex(for screen: Screen) -> Int? {
        let showsIt = { (tab: Tab) in tab.root?.isSameRoute(as: screen) == true }
        if showsIt(state.currentTab) { return state.selectedTab }
        let owners = state.tabs.indices.filter { ownsRoute(state.tabs[$0], screen) }
        return owners.first { showsIt(state.tabs[$0]) } ?? state.tabs.firstIndex(where: showsIt) ?? owners.first
    }

    /// Whether `tab`'s own root URL opens the route `screen` shows (same target, same path parameters).
    func ownsRoute(_ tab: Tab, _ screen: Screen) -> Bool {
        guard let match = try? router.match(tab.rootURL), match.target.name == screen.kind else { return false }
        var path: [String: String] = [:]
        for (name, value) in match.parameters { path[name] = value }
        return screen.pattern == nil || path == screen.pathParameters
    }

    /// Builds the back stack of a deep link: the parent chain down to a tab root, reusing the screens
    /// already on that tab's stack (compared by route and path parameters). Returns nil when no tab root
    /// is reached (then it is a plain push), or when the user is already on that tab with the immediate
    /// parent on the stack (a plain push keeps their own path; modals over it are dismissed first).
    /// `broken` says why, when the chain itself breaks: a parent URL no route opens, or a chain that
    /// reaches no tab's root.
    func deepLink(_ p: ScreenPlacement,
                  broken: inout String?) throws(PlacementError) -> (NavigationState, Transition)? {
        var chain: [Screen] = []
        var template = p.route?.parent
        var params = p.parameters
        var tab: Int?
        var depth = 0
        while let t = template, depth < 8 {
            depth += 1
            let url = ScreenFactory.fillURL(t, params)
            guard let m = try? router.match(url), let route = routesByKind[m.target.name] else {
                broken = "its parent \(url) opens no screen"
                return nil
            }
            for (k, v) in m.parameters { params[k] = v }
            var path: [String: String] = [:]
            for (k, v) in m.parameters { path[k] = v }
            let parent = ScreenFactory.make(route, url: url, pattern: m.pattern.description, parameters: params,
                                            pathParameters: path)
            if let index = state.tabs.firstIndex(where: { $0.root?.isSameRoute(as: parent) == true }) {
                tab = index
                break
            }
            chain.insert(parent, at: 0)
            template = route.parent
        }
        guard let tab else {
            broken = "its parents reach no tab's root"
            return nil
        }
        let stack = state.tabs[tab].stack
        let immediate = chain.last ?? stack[0]
        // The user's own path already holds the parent: a plain push keeps it; over modals, they are
        // dismissed first and the push still keeps the path, so no back stack is lost.
        if state.selectedTab == tab && stack.contains(where: { $0.isSameRoute(as: immediate) }) {
            if state.modals.isEmpty { return nil }
            return try self.chain([.dismissAll(animation: .none),
                                   .push(p.screen, animation: p.animation ?? .slideFromRight)])
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
