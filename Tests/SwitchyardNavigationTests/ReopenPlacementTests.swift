import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// Opening what is already there: the URL of the screen on top, with any jump type, or a tab's own
/// root URL. The rule is the one the plain case follows (the same screen on top is updated in place):
/// no open stacks a second copy of a screen on itself, setRoot and tab jumps included.
@MainActor
struct ReopenPlacementTests {
    /// The jump types a URL can carry, by name and by TheRouter's number (none: the route's own style).
    static let jumpTypes: [String?] = [nil, "0", "1", "2", "3", "4", "5", "push", "present", "setRoot",
                                       "windowNavRoot", "popTo", "modalDismissBeforePush", "showTab", "replace"]

    /// `url` without its query and fragment, with `jumpType` added when given.
    static func reopening(_ url: String, jumpType: String?) -> String {
        let bare = String(url.prefix { $0 != "?" && $0 != "#" })
        return jumpType.map { "\(bare)?jumpType=\($0)" } ?? bare
    }

    /// The visible stack: the top modal's, else the selected tab's.
    static func visibleStack(_ state: NavigationState) -> [Screen] {
        state.modals.last?.stack ?? state.currentTab.stack
    }

    /// Whether a stack has the same route twice in a row anywhere.
    static func stacksACopy(_ stack: [Screen]) -> Bool {
        zip(stack, stack.dropFirst()).contains { $0.isSameRoute(as: $1) }
    }

    @Test func aTabsOwnRootURLAfterASetRootShowsTheTabWithItsRoot() async throws {
        let runtime = try DemoApp.makeRuntime()
        let cases: [(commands: [NavigationCommand], tab: Int, stack: [String])] = [
            // The tab's own URL after its root was replaced: the tab's root again, not pushed on New root.
            ([.open("app://home/reset"), .open("app://home")], 0, ["Home"]),
            ([.open("app://home/reset"), .open("app://home"), .open("app://home")], 0, ["Home"]),
            // The same setRoot twice: the second one updates the screen in place.
            ([.open("app://home/reset"), .open("app://home/reset")], 0, ["New root"]),
            ([.open("app://discover?jumpType=windowNavRoot"), .open("app://discover?jumpType=3")], 0, ["Discover"]),
            // A tab whose root a setRoot made Discover: typing Discover's URL on Discover's own tab
            // stays there; on the tab it was put in, it stays there too.
            ([.open("app://discover?jumpType=3"), .tab(2), .open("app://discover")], 1, ["Discover"]),
            ([.open("app://discover?jumpType=3"), .open("app://discover/item/7"), .open("app://discover")], 0,
             ["Discover"]),
            // From another tab, Home's URL shows the Home tab with its own root back.
            ([.open("app://home/reset"), .tab(2), .open("app://home")], 0, ["Home"]),
        ]
        for (commands, tab, stack) in cases {
            let runtime = try DemoApp.makeRuntime()
            for command in commands { _ = await runtime.perform(command) }
            let state = runtime.state
            #expect(state.selectedTab == tab, "\(commands): tab \(state.selectedTab + 1)")
            #expect(state.currentTab.stack.map(\.title) == stack, "\(commands): \(state)")
        }
        _ = runtime
    }

    @Test func theSameSetRootTwiceUpdatesInPlace() async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.open("app://home/reset"))
        let first = runtime.state.top.id
        let again = await runtime.perform(.open("app://home/reset"))
        #expect(again.transition == .none)
        #expect(runtime.state.top.id == first)
    }

    /// Random walks over the demo: between random commands, the top screen's URL is opened again with
    /// a random jump type, or a tab's own root URL is opened. Reopening the top never adds a screen
    /// to the visible stack and leaves the same route on top; no open ever leaves a stack with the
    /// same route twice in a row that did not have it before.
    @Test("reopening never stacks a copy", arguments: [3 as UInt64, 17, 2026])
    func reopeningNeverStacksACopy(seed: UInt64) async throws {
        let runtime = try DemoApp.makeRuntime()
        let urls = RuntimePropertyTests.urls(for: runtime)
        var rng = SplitMix64(seed: seed)
        var reopened = 0
        for step in 0..<3_000 {
            let before = runtime.state
            let command: NavigationCommand
            let reopensTop: Bool
            switch rng.below(10) {
            case 0..<4:
                command = .open(Self.reopening(before.top.url, jumpType: rng.pick(Self.jumpTypes)))
                reopensTop = !runtime.isShowingLogin
            case 4, 5:
                command = .open(Self.reopening(rng.pick(runtime.app.tabs).root, jumpType: rng.pick(Self.jumpTypes)))
                reopensTop = false
            default:
                command = RuntimePropertyTests.randomCommand(&rng, urls: urls)
                reopensTop = false
            }
            let report = await runtime.perform(command)
            let after = runtime.state
            let context = "seed \(seed) step \(step): \(command) from \(before)"
            let hadCopy = before.tabs.map(\.stack).contains(where: Self.stacksACopy)
                || before.modals.map(\.stack).contains(where: Self.stacksACopy)
            if !hadCopy {
                let stacks = after.tabs.map(\.stack) + after.modals.map(\.stack)
                try #require(!stacks.contains(where: Self.stacksACopy), "\(context) stacked a copy: \(after)")
            }
            guard reopensTop, !report.isError, runtime.heldNavigation == nil else { continue }
            reopened += 1
            try #require(Self.visibleStack(after).count <= Self.visibleStack(before).count,
                         "\(context) grew the visible stack: \(after)")
            try #require(after.top.isSameRoute(as: before.top), "\(context) left \(after.top.title) on top")
        }
        #expect(reopened > 500, "only \(reopened) reopenings were checked")
    }
}
