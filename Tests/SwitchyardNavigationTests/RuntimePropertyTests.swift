import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// Random commands against whole apps (the demo and the Mail test app): after every command the state's
/// invariants hold, the hold rule holds (a held navigation exists exactly while its login screen is on
/// top), and every open's callback fires exactly once, with the outcome that matches the final state.
@MainActor
struct RuntimePropertyTests {
    /// 4 runs × 26,000 commands: over 100,000 commands in all.
    nonisolated static let runs: [(app: String, seed: UInt64)] = [
        ("demo", 7), ("mail", 11), ("demo", 2026), ("mail", 99), ("clinic", 5),
    ]
    static let commandsPerRun = 26_000

    static func runtime(_ app: String) throws -> AppRuntime {
        if app == "demo" { return try DemoApp.makeRuntime() }  // "mail" and "clinic" are test apps
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Apps/\(app).json")
        return try AppRuntime(app: AppDescription.decode(json: Data(contentsOf: url)))
    }

    /// URLs worth opening: every link and tab root of the app, gated and ungated, deep links with parents,
    /// templates fed hostile values, explicit and unknown jump types, and URLs that match nothing.
    static func urls(for runtime: AppRuntime) -> [String] {
        var urls: [String] = runtime.app.tabs.map(\.root)
        // TheRouter's showTab on every carrier, by number and by name, and a tab route's own style
        // with an index: each selects a tab, gated or not.
        for (i, tab) in runtime.app.tabs.enumerated() {
            let carrier = runtime.app.tabs[(i + 1) % runtime.app.tabs.count].root
            urls += ["\(carrier)?jumpType=5&tabBarSelecIndex=\(i)", "\(carrier)?jumpType=showTab&tabBarSelecIndex=\(i)",
                     "\(carrier)?tabBarSelecIndex=\(i)", "\(tab.root)?jumpType=push"]
        }
        if let login = runtime.app.loginURL { urls += [login, login + "?jumpType=push"] }
        for route in runtime.app.routes {
            for link in route.links { urls.append(ScreenFactory.fillURL(link.url, ["id": "7", "name": "x", "to": "a&b", "query": "q"])) }
        }
        urls += ["app://order/42?from=home", "app://order/42/track", "app://order/43/track", "app://settings", "app://cart",
                 "app://discover/item/7?jumpType=push", "app://share/1?jumpType=9", "app://orders?jumpType=popTo",
                 "app://discover?jumpType=5&tabBarSelecIndex=2", "app://search/50%25?q=x%26jumpType%3DsetRoot",
                 "app://old/order/44", "app://nowhere", "app://pay/7", "app://home/reset", "app://settings/edit",
                 "mail://settings/privacy", "mail://settings/sound", "mail://hop/1", "mail://about", "mail://search/y?jumpType=push",
                 "mail://folder/%2e%2e", "mail://folder/a%2Fb", "mail://message/1?from=a", "mail://compose", "mail://find?q=s",
                 "mail://folders?jumpType=popTo", "mail://inbox?jumpType=tab&tabBarSelecIndex=9", "mail://login"]
        return urls
    }

    static func randomCommand(_ rng: inout SplitMix64, urls: [String]) -> NavigationCommand {
        switch rng.below(20) {
        case 0..<7: return .open(rng.pick(urls))
        case 7, 8: return .back(animation: rng.oneIn(3) ? rng.pick(Animation.allCases) : nil)
        case 9: return .dismiss()
        case 10, 11: return .tab(rng.below(5) + 1)
        case 12, 13: return .tap(rng.below(4) + 1)
        case 14, 15: return .login
        case 16: return .logout
        default: return .discard
        }
    }

    /// The login screen that shows in `state`: the top screen, or the first one under login-flow screens.
    static func showingLogin(_ state: NavigationState, loginKind: String?, flow: Set<String>) -> Screen? {
        guard let loginKind else { return nil }
        return state.visiblePath.first { !flow.contains($0.kind) }.flatMap { $0.kind == loginKind ? $0 : nil }
    }

    @Test("random commands keep every invariant", arguments: 0..<runs.count)
    func randomCommandsKeepEveryInvariant(_ run: Int) async throws {
        let (app, seed) = Self.runs[run]
        let runtime = try Self.runtime(app)
        let urls = Self.urls(for: runtime)
        var rng = SplitMix64(seed: seed)
        var held: (openID: Int, deliveries: Deliveries)?
        var ended: Set<Int> = []
        var lastEvent = 0
        var recent: [String] = []
        let loginKind = runtime.app.loginURL.flatMap { try? runtime.router.match($0) }?.target.name
        let flowKinds = Set(runtime.app.routes.filter { $0.metadata[.loginFlow] == true }.map(\.kind))
        for step in 0..<Self.commandsPerRun {
            let command = Self.randomCommand(&rng, urls: urls)
            let before = runtime.state
            let heldBefore = held
            let deliveries = Deliveries()
            let report = await runtime.perform(command, callback: deliveries.callback())
            recent = Array((recent + ["\(command) → \(runtime.state.compactDescription)"]).suffix(8))
            let context = "\(app) seed \(seed) step \(step): \(command)"

            let violations = runtime.state.checkInvariants()
            try #require(violations.isEmpty, "\(context): \(violations)")
            // The timeline ends each held open once: one cancel or one resume, never both or two.
            for event in runtime.timeline where event.sequence > lastEvent {
                switch event.kind {
                case .cancel(let id, _, _), .resume(let id, _, _):
                    try #require(ended.insert(id).inserted, "\(context): the timeline ends held open #\(id) twice")
                default:
                    break
                }
            }
            lastEvent = runtime.timeline.last?.sequence ?? lastEvent
            try #require(runtime.holdViolation == nil, "\(context): \(runtime.holdViolation ?? "")")
            if let shown = Self.gatedScreenShown(runtime) {
                Issue.record("\(context): \(shown); the commands before: \(recent.joined(separator: " | "))")
                return
            }
            // The held login screen (on top, or covered only by login-flow screens) that no longer shows
            // is gone: never left under another screen.
            if heldBefore != nil, let login = Self.showingLogin(before, loginKind: loginKind, flow: flowKinds),
               Self.showingLogin(runtime.state, loginKind: loginKind, flow: flowKinds)?.id != login.id {
                try #require(runtime.state.screen(withID: login.id) == nil,
                             "\(context): the login screen \(login.id) stayed under \(runtime.state.top.title)")
            }

            // The held navigation from before: it fires exactly when it is no longer held.
            if let h = heldBefore, runtime.heldNavigation?.openID != h.openID {
                let got = h.deliveries.outcomes
                try #require(got.count == 1, "\(context): held open #\(h.openID) fired \(got.count) times")
                if command == .login, let trace = report.trace {
                    try #require(got[0].code == trace.outcome.code, "\(context): resumed callback got \(got[0].code)")
                } else {
                    try #require(got[0].code == "cancelled", "\(context): dropped hold got \(got[0].code)")
                }
                held = nil
            } else if let h = heldBefore {
                try #require(h.deliveries.outcomes.isEmpty, "\(context): held open #\(h.openID) fired while still held")
            }

            // This command's own open.
            switch command {
            case .open, .tap, .tab:
                if let trace = report.trace, let current = runtime.heldNavigation, current.openID == trace.id {
                    try #require(deliveries.outcomes.isEmpty, "\(context): a held open's callback fired")
                    held = (trace.id, deliveries)
                } else if let trace = report.trace {
                    let got = deliveries.outcomes
                    try #require(got.count == 1, "\(context): callback fired \(got.count) times")
                    try #require(got[0].code == trace.outcome.code, "\(context): callback \(got[0].code) vs trace \(trace.outcome.code)")
                    try Self.checkMatchesState(trace.outcome, before: before, after: runtime.state, command: command, context)
                } else {
                    try #require(deliveries.outcomes.isEmpty, "\(context): a command with no open fired its callback")
                }
            default:
                try #require(deliveries.outcomes.isEmpty, "\(context): a command with no open fired its callback")
            }
        }
    }

    /// The gate's rule, judged from the app's description alone: while the user is logged out, no
    /// screen of a route that requires login is on the selected tab's stack or in a modal (a hold
    /// shows the login screen over screens that do not need login), and no unselected tab holds one
    /// above its root. Returns the violation, or nil.
    static func gatedScreenShown(_ runtime: AppRuntime) -> String? {
        guard runtime.gate != nil, !runtime.isLoggedIn else { return nil }
        let gatedKinds = Set(runtime.app.routes.filter { $0.metadata["requiresLogin"] == "true" }.map(\.kind))
        let state = runtime.state
        let shown = state.currentTab.stack + state.modals.flatMap(\.stack)
            + state.tabs.indices.filter { $0 != state.selectedTab }.flatMap { state.tabs[$0].stack.dropFirst() }
        guard let gated = shown.first(where: { gatedKinds.contains($0.kind) }) else { return nil }
        return "logged out, yet \(gated.title) (\(gated.kind), requires login) is up: \(state)"
    }

    /// A handled screen placement put a screen of that route in the state; any other outcome of an
    /// `open` or `tap` left the state as it was.
    static func checkMatchesState(_ outcome: RouteOutcome, before: NavigationState, after: NavigationState,
                                  command: NavigationCommand, _ context: String) throws {
        if case .handled(_, let result) = outcome.final, let placement = result.payload(as: ScreenPlacement.self) {
            if placement.tabIndex == nil || placement.route?.opens == .tab || placement.style == .tab {
                let shown = after.screensFromTop.contains { $0.isSameRoute(as: placement.screen) }
                    || placement.style == .tab
                try #require(shown, "\(context): handled \(placement.screen.title) is not in the state")
            }
        } else if case .tab = command {
            // A tab switch dismisses modals before it opens: only the tabs' stacks must be unchanged.
            try #require(before.tabs == after.tabs, "\(context): a failed tab open changed the tabs")
        } else {
            try #require(before == after, "\(context): \(outcome.code) changed the state")
        }
    }
}
