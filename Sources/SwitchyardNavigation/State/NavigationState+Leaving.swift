extension NavigationState {
    /// What ``leaving(where:)`` did: the state after it, the transition the user sees, and the screens
    /// it took down (topmost first).
    public struct Departure: Sendable, Equatable {
        /// The state with no screen left that the predicate selects (tab roots of unselected tabs aside).
        public var state: NavigationState
        /// What moved on screen: the dismissals, the pop and the tab switch, in that order.
        public var transition: Transition
        /// The screens taken down from what the user sees (the selected tab's stack and the modals),
        /// topmost first.
        public var removed: [Screen]
        /// The screens dropped from unselected tabs' stacks.
        public var dropped: [Screen]
        /// The parts of ``transition`` in order, each with the state it left, so each plays its own
        /// animation (the last leaves ``state``).
        public var stages: [StepReport.Stage] = []
    }

    /// Takes down every screen `leave` selects, the way a user would go back: modals above one are
    /// dismissed, a stack is popped to the screen below the lowest selected one, and when the selected
    /// tab's own root is selected the first tab whose root is not becomes the selected tab. Screens
    /// pushed on other tabs' stacks above a selected one are dropped too (nothing shows them; a later
    /// switch would), and so is everything above another tab's root that is selected. Leave guards are
    /// overridden: what must go, goes. Returns nil when nothing is selected. A tab root that `leave`
    /// selects stays in its (unselected) tab, since a tab always has its root; when every tab's root is
    /// selected, the selected tab stays at its root.
    ///
    /// Used when the user logs out: no screen that needs login stays visible.
    public func leaving(where leave: (Screen) -> Bool) -> Departure? {
        var next = self
        var steps: [Transition] = []
        var removed: [Screen] = []
        var dropped: [Screen] = []
        var stages: [StepReport.Stage] = []
        func run(_ action: NavigationAction) {
            if case .applied(let t) = next.apply(action, overridingGuards: true) {
                steps.append(t)
                stages.append(StepReport.Stage(t, next))
            }
        }
        let stack = currentTab.stack
        let lowestInTab = stack.firstIndex(where: leave)
        let lowestModal = modals.indices.first { modals[$0].stack.contains(where: leave) }
        if let k = lowestInTab {
            // Everything above the lowest selected screen of the tab goes, modals included.
            removed += modals.reversed().flatMap { $0.stack.reversed() } + stack[max(k, 1)...].reversed()
            if !modals.isEmpty { run(.dismissAll(animation: .slideFromBottom)) }
            if k >= 1 {
                run(.popTo(.screen(stack[k - 1].id), animation: .slideFromRight))
            } else {
                run(.popToRoot(animation: .none))
            }
        } else if let m = lowestModal {
            let modalStack = modals[m].stack
            let j = modalStack.firstIndex(where: leave) ?? 0
            removed += modals[(m + 1)...].reversed().flatMap { $0.stack.reversed() } + modalStack[j...].reversed()
            for _ in 0..<(modals.count - m - 1) { run(.dismiss(animation: .slideFromBottom)) }
            if j == 0 {
                run(.dismiss(animation: .slideFromBottom))
            } else {
                run(.popTo(.screen(modalStack[j - 1].id), animation: .slideFromRight))
            }
        }
        // The stacks nobody sees: drop what sits above their lowest selected screen. A tab whose root
        // is selected keeps only its root: a screen above it could otherwise be shown (a pop to target
        // that finds it) without the root's gate.
        for t in next.tabs.indices where t != next.selectedTab {
            let tabStack = next.tabs[t].stack
            let lowest = leave(tabStack[0]) ? 1 : tabStack.indices.dropFirst().first { leave(tabStack[$0]) }
            if let k = lowest, k < tabStack.count {
                dropped += tabStack[k...].reversed()
                next.tabs[t].stack = Array(tabStack[..<k])
            }
        }
        if lowestInTab == 0,
            let open = next.tabs.indices.first(where: { t in next.tabs[t].root.map { !leave($0) } ?? false }) {
            removed.append(stack[0])
            run(.selectTab(.index(open), popToRoot: false, animation: .none))
        }
        guard !removed.isEmpty || !dropped.isEmpty else { return nil }
        if !stages.isEmpty { stages[stages.count - 1].state = next }
        return Departure(state: next, transition: Transition.combining(steps), removed: removed, dropped: dropped,
                         stages: StepReport.Stage.merged(stages))
    }
}
