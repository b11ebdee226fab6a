import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// Random action sequences: invariants hold after every step, and rejected actions change nothing.
struct NavigationPropertyTests {
    static let seeds: [UInt64] = [1, 42, 2024, 0xDEAD_BEEF]
    static let stepsPerSeed = 25_000

    static func initialState() throws -> NavigationState {
        try NavigationState(tabs: [
            Tab(title: "Orders", root: Screen(kind: "OrderList", url: "app://orders", pattern: "app://orders")),
            Tab(title: "Profile", root: Screen(kind: "Profile", url: "app://profile", pattern: "app://profile")),
            Tab(title: "Settings", root: Screen(kind: "Settings", url: "app://settings")),
        ])
    }

    /// Checks one step; returns a description of what went wrong, or nil.
    ///
    /// `oldIDs` are `before.screenIDs`; `newIDs` receives `after.screenIDs` (carried to the next
    /// step, so each set is built once).
    static func check(
        before: NavigationState,
        after: NavigationState,
        oldIDs: Set<ScreenID>,
        newIDs: inout Set<ScreenID>,
        action: NavigationAction,
        overridingGuards: Bool,
        result: NavigationResult
    ) -> String? {
        let transition: Transition
        switch result {
        case .rejected(let error):
            if after != before { return "rejected \(error) but the state changed" }
            if case .invalidState = error { return "apply built an invalid state: \(error)" }
            return nil
        case .applied(let applied):
            transition = applied
        }
        let violations = after.checkInvariants()
        if !violations.isEmpty { return "invariants broken: \(violations)" }

        newIDs = after.screenIDs
        if newIDs.subtracting(oldIDs).contains(where: { $0.rawValue < before.idGenerator.nextValue }) {
            return "an ID was reused"
        }
        if !overridingGuards {
            let removed = oldIDs.subtracting(newIDs)
            if !removed.isEmpty,
               let screen = before.screensFromTop.first(where: { removed.contains($0.id) && $0.leaveGuard != nil }) {
                return "guarded screen \(screen.id) was removed"
            }
            if before.selectedTab != after.selectedTab && before.top.leaveGuard != nil {
                return "switched away from guarded screen \(before.top.id)"
            }
        }

        switch (action, transition) {
        case (.push(let screen, _), .push(_, let to, _)):
            if !to.isSameRoute(as: screen) || after.top != to { return "push shows the wrong screen" }
        case (.push, _): return "push gave \(transition)"
        case (.pop, .pop): break
        case (.pop, _): return "pop gave \(transition)"
        case (.present(let screen, let style, _, _), .present(let shown, let shownStyle, _)):
            if !shown.isSameRoute(as: screen) || style != shownStyle { return "present showed the wrong modal" }
        case (.present, _): return "present gave \(transition)"
        case (.dismiss, .dismiss), (.dismiss, .dismissMany): break
        case (.dismiss, _): return "dismiss gave \(transition)"
        case (.setRoot(let screen, _), _):
            if after.currentTab.stack.count != 1 || !after.top.isSameRoute(as: screen) || !after.modals.isEmpty {
                return "setRoot left \(after.compactDescription)"
            }
        case (.setLeaveGuard, .none): break
        case (.setLeaveGuard, _): return "a guard change gave \(transition)"
        default: break
        }
        if before.selectedTab != after.selectedTab {
            guard case .tabSwitch = transition else { return "the tab changed but the transition is \(transition)" }
        }
        if transition == .none && after.top.id != before.top.id { return "the top changed but the transition is none" }
        // A dismiss names every screen that left with it, top first, and no other.
        let left = before.screensFromTop.filter { !newIDs.contains($0.id) }.map(\.id)
        switch transition {
        case .dismiss(let screen, _) where left != [screen.id]:
            return "dismiss names \(screen.id) but \(left) left"
        case .dismissMany(let screens, _) where screens.map(\.id) != left || screens.count < 2:
            return "dismiss names \(screens.map(\.id)) but \(left) left"
        default: break
        }
        return nil
    }

    @Test(arguments: seeds)
    func randomActionsKeepInvariantsAndFailAtomically(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var state = try Self.initialState()
        var ids = state.screenIDs
        var applied = 0
        for step in 0..<Self.stepsPerSeed {
            if rng.oneIn(500) {
                state.duplicatePolicy = state.duplicatePolicy == .ignore ? .allow : .ignore
            }
            let action = NavigationActionGenerator.action(&rng, in: state)
            let overriding = rng.oneIn(10)
            let before = state
            let result = state.apply(action, overridingGuards: overriding)
            if result.isApplied { applied += 1 }
            var newIDs = ids
            if let problem = Self.check(
                before: before, after: state, oldIDs: ids, newIDs: &newIDs,
                action: action, overridingGuards: overriding, result: result
            ) {
                Issue.record("seed \(seed) step \(step) \(action): \(problem)\nbefore: \(before)\nafter: \(state)")
                return
            }
            ids = newIDs
        }
        // The walk must exercise both outcomes substantially, or it proves little.
        #expect(applied > Self.stepsPerSeed / 4)
        #expect(applied < Self.stepsPerSeed * 9 / 10)
    }

    @Test func atLeastAHundredThousandStepsRun() {
        #expect(Self.seeds.count * Self.stepsPerSeed >= 100_000)
    }

    @Test func everyActionKindIsGenerated() throws {
        var rng = SplitMix64(seed: 3)
        var seen: Set<NavigationAction.Kind> = []
        let state = try Self.initialState()
        for _ in 0..<5_000 {
            seen.insert(NavigationActionGenerator.action(&rng, in: state).kind)
        }
        #expect(seen == Set(NavigationAction.Kind.allCases))
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }
}
