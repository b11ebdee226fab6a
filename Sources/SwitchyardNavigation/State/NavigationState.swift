/// The whole navigation of the simulated tab-bar app, as one value.
///
/// The state is the single source of truth: what is on screen (``top``) is computed, never searched
/// for. It can only be built valid (the initializer checks ``checkInvariants()``), and its tabs,
/// modals, selection and ID generator can only be changed by ``apply(_:overridingGuards:)``, which
/// applies an action completely or not at all, so the invariants always hold:
/// - there is at least one tab and ``selectedTab`` is in range;
/// - every tab stack and modal stack is non-empty;
/// - a modal without navigation holds exactly one screen;
/// - every screen ID is assigned, unique across the state, and below ``idGenerator``'s next value.
public struct NavigationState: Hashable, Sendable {
    /// The tabs of the tab bar, in display order.
    public internal(set) var tabs: [Tab]
    /// The index of the selected tab in ``tabs``.
    public internal(set) var selectedTab: Int
    /// The presented modals, bottom first; the last one is on top.
    public internal(set) var modals: [Modal]
    /// The source of fresh screen IDs.
    public internal(set) var idGenerator: ScreenIDGenerator
    /// What a push or present of the top screen's route does; ``DuplicatePolicy/ignore`` by default.
    public var duplicatePolicy: DuplicatePolicy

    /// Creates a state, checking its invariants.
    ///
    /// Screens whose ID is ``ScreenID/unassigned`` receive fresh IDs in order (tabs, then modals);
    /// explicit IDs are kept, which lets tests write expected states literally. Without an
    /// `idGenerator`, the generator starts just above the largest explicit ID.
    ///
    /// - Throws: ``NavigationError/invalidState(_:)`` listing every violated invariant.
    public init(
        tabs: [Tab],
        selectedTab: Int = 0,
        modals: [Modal] = [],
        idGenerator: ScreenIDGenerator? = nil,
        duplicatePolicy: DuplicatePolicy = .ignore
    ) throws(NavigationError) {
        let explicit = tabs.flatMap(\.stack) + modals.flatMap(\.stack)
        let largest = explicit.map(\.id.rawValue).max() ?? 0
        var generator = idGenerator ?? ScreenIDGenerator(nextValue: max(largest, 0) &+ 1)
        func assign(_ stack: inout [Screen]) {
            for index in stack.indices where stack[index].id == .unassigned {
                stack[index].id = generator.next()
            }
        }
        var tabs = tabs
        var modals = modals
        for index in tabs.indices { assign(&tabs[index].stack) }
        for index in modals.indices { assign(&modals[index].stack) }
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.modals = modals
        self.idGenerator = generator
        self.duplicatePolicy = duplicatePolicy
        let violations = checkInvariants()
        if !violations.isEmpty {
            throw .invalidState(violations)
        }
    }

    /// The selected tab.
    public var currentTab: Tab {
        tabs[selectedTab]
    }

    /// The top modal, if any.
    public var topModal: Modal? {
        modals.last
    }

    /// The stack that push and pop act on: the top modal's, else the selected tab's.
    public var activeStack: [Screen] {
        modals.last?.stack ?? tabs[selectedTab].stack
    }

    /// Whether push and pop are possible on the active stack (false inside a modal without navigation).
    public var activeStackIsNavigable: Bool {
        modals.last?.wrapsInNavigation ?? true
    }

    /// The screen the user sees: the top of the top modal's stack, else the selected tab's top.
    public var top: Screen {
        let stack = activeStack
        return stack[stack.count - 1]
    }

    /// The screens the user can reach by going back from ``top``, topmost first: every modal's stack
    /// from the top down, then the selected tab's stack.
    public var visiblePath: [Screen] {
        modals.reversed().flatMap { $0.stack.reversed() } + tabs[selectedTab].stack.reversed()
    }

    /// Every screen in the state, topmost first: ``visiblePath``, then the other tabs' stacks in tab
    /// order, each from its top down.
    public var screensFromTop: [Screen] {
        visiblePath + tabs.indices.filter { $0 != selectedTab }.flatMap { tabs[$0].stack.reversed() }
    }

    /// The screen with this ID, wherever it is.
    public func screen(withID id: ScreenID) -> Screen? {
        for tab in tabs {
            if let screen = tab.stack.first(where: { $0.id == id }) { return screen }
        }
        for modal in modals {
            if let screen = modal.stack.first(where: { $0.id == id }) { return screen }
        }
        return nil
    }

    /// The IDs of every screen in the state.
    public var screenIDs: Set<ScreenID> {
        var ids: Set<ScreenID> = []
        for tab in tabs {
            for screen in tab.stack { ids.insert(screen.id) }
        }
        for modal in modals {
            for screen in modal.stack { ids.insert(screen.id) }
        }
        return ids
    }

    /// Lists every violated invariant in words; empty for a valid state.
    ///
    /// Safe to call on any value (it never traps); ``apply(_:overridingGuards:)`` runs it on each
    /// candidate state and rejects the action rather than store an invalid state.
    public func checkInvariants() -> [String] {
        var violations: [String] = []
        if tabs.isEmpty {
            violations.append("there are no tabs")
        } else if !tabs.indices.contains(selectedTab) {
            violations.append("selected tab \(selectedTab) is out of range 0..<\(tabs.count)")
        }
        for (index, tab) in tabs.enumerated() where tab.stack.isEmpty {
            violations.append("tab \(index) (\(tab.title)) has an empty stack")
        }
        for (index, modal) in modals.enumerated() {
            if modal.stack.isEmpty {
                violations.append("modal \(index) has an empty stack")
            } else if !modal.wrapsInNavigation && modal.stack.count != 1 {
                violations.append(
                    "modal \(index) has no navigation but holds \(modal.stack.count) screens"
                )
            }
        }
        var ids: [Int] = []
        for tab in tabs {
            for screen in tab.stack { ids.append(screen.id.rawValue) }
        }
        for modal in modals {
            for screen in modal.stack { ids.append(screen.id.rawValue) }
        }
        for id in ids where id <= 0 || id >= idGenerator.nextValue {
            violations.append(
                id <= 0
                    ? "screen ID #\(id) is not positive"
                    : "screen ID #\(id) is not below the generator's next value \(idGenerator.nextValue)"
            )
        }
        var seen: Set<Int> = []
        var reported: Set<Int> = []
        for id in ids where !seen.insert(id).inserted && reported.insert(id).inserted {
            violations.append("screen ID #\(id) appears more than once")
        }
        return violations
    }
}
