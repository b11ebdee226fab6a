extension NavigationState {
    /// Applies an action completely or not at all.
    ///
    /// On success the state changes and the result carries the ``Transition`` derived from the
    /// difference. On failure the state is left exactly as it was (the generator does not advance
    /// either) and the result carries the ``NavigationError``.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - overridingGuards: When `true`, leave guards do not veto (e.g. a forced logout).
    @discardableResult
    public mutating func apply(_ action: NavigationAction, overridingGuards: Bool = false) -> NavigationResult {
        do {
            let (next, transition) = try applying(action, overridingGuards: overridingGuards)
            self = next
            return .applied(transition)
        } catch {
            return .rejected(error)
        }
    }

    /// Returns the state after the action and its transition, leaving `self` untouched.
    ///
    /// - Throws: the ``NavigationError`` that ``apply(_:overridingGuards:)`` would report.
    public func applying(
        _ action: NavigationAction,
        overridingGuards: Bool = false
    ) throws(NavigationError) -> (state: NavigationState, transition: Transition) {
        var next = self
        try next.perform(action)
        if !overridingGuards, let guarded = NavigationState.vetoingScreen(from: self, to: next),
           let leaveGuard = guarded.leaveGuard {
            throw .vetoed(by: guarded.id, reason: leaveGuard.reason)
        }
        let violations = next.checkInvariants()
        if !violations.isEmpty {
            throw .invalidState(violations)
        }
        return (next, Transition.derive(from: self, to: next, action: action))
    }

    /// The topmost guarded screen that going from `old` to `new` would leave: one that is removed,
    /// or the old top when the selected tab changes.
    static func vetoingScreen(from old: NavigationState, to new: NavigationState) -> Screen? {
        if old.selectedTab != new.selectedTab, old.top.leaveGuard != nil {
            return old.top
        }
        // The guarded screens of `old` in ``screensFromTop`` order, collected without building that
        // array (this runs on every apply); they are few, so each is looked up in `new`.
        var guarded: [Screen] = []
        func collect(_ stack: [Screen]) {
            for screen in stack.reversed() where screen.leaveGuard != nil { guarded.append(screen) }
        }
        for modal in old.modals.reversed() { collect(modal.stack) }
        collect(old.currentTab.stack)
        for index in old.tabs.indices where index != old.selectedTab { collect(old.tabs[index].stack) }
        return guarded.first { new.screen(withID: $0.id) == nil }
    }

    /// Mutates `self` for the action without guard or invariant checks (done by ``applying``).
    private mutating func perform(_ action: NavigationAction) throws(NavigationError) {
        switch action {
        case .push(let screen, _):
            guard activeStackIsNavigable else { throw .modalHasNoNavigationStack }
            try rejectDuplicate(of: screen, onTopOf: top)
            let fresh = admit(screen)
            updateActiveStack { $0.append(fresh) }

        case .pop:
            guard activeStackIsNavigable else { throw .modalHasNoNavigationStack }
            guard activeStack.count > 1 else { throw .cannotPopRoot }
            updateActiveStack { $0.removeLast() }

        case .popToRoot:
            updateActiveStack { $0 = Array($0.prefix(1)) }

        case .popTo(let target, _):
            try popTo(target)

        case .present(let screen, let style, let wrapsInNavigation, _):
            try rejectDuplicate(of: screen, onTopOf: top)
            let fresh = admit(screen)
            modals.append(Modal(root: fresh, style: style, wrapsInNavigation: wrapsInNavigation))

        case .dismiss:
            guard !modals.isEmpty else { throw .nothingToDismiss }
            modals.removeLast()

        case .dismissAll:
            modals.removeAll()

        case .selectTab(let selector, let popToRoot, _):
            let index = try tabIndex(for: selector)
            modals.removeAll()
            selectedTab = index
            if popToRoot {
                tabs[index].stack = Array(tabs[index].stack.prefix(1))
            }

        case .setRoot(let screen, _):
            let fresh = admit(screen)
            modals.removeAll()
            tabs[selectedTab].stack = [fresh]

        case .dismissThenPush(let screen, _):
            modals.removeAll()
            try rejectDuplicate(of: screen, onTopOf: top)
            let fresh = admit(screen)
            tabs[selectedTab].stack.append(fresh)

        case .replaceTop(let screen, _):
            let fresh = admit(screen)
            updateActiveStack { stack in
                if let last = stack.indices.last { stack[last] = fresh }
            }

        case .setLeaveGuard(let leaveGuard, let id):
            try setLeaveGuard(leaveGuard, on: id)

        case .remove(let id, _):
            try remove(id)

        case .update(let id, let content):
            try update(id, with: content)
        }
    }

    /// Gives an incoming screen a fresh ID.
    private mutating func admit(_ screen: Screen) -> Screen {
        var screen = screen
        screen.id = idGenerator.next()
        return screen
    }

    /// Throws ``NavigationError/duplicate(kind:url:)`` when the policy forbids repeating `top`.
    private func rejectDuplicate(of screen: Screen, onTopOf top: Screen) throws(NavigationError) {
        if duplicatePolicy == .ignore && screen.isSameRoute(as: top) {
            throw .duplicate(kind: screen.kind, url: screen.url)
        }
    }

    /// Runs `body` on the active stack in place.
    private mutating func updateActiveStack(_ body: (inout [Screen]) -> Void) {
        if let last = modals.indices.last {
            body(&modals[last].stack)
        } else {
            body(&tabs[selectedTab].stack)
        }
    }

    /// Resolves a selector to a tab index.
    private func tabIndex(for selector: TabSelector) throws(NavigationError) -> Int {
        switch selector {
        case .index(let index):
            guard tabs.indices.contains(index) else { throw .tabOutOfRange(index: index, count: tabs.count) }
            return index
        case .rootURL(let url):
            guard let index = tabs.firstIndex(where: { $0.rootURL == url }) else { throw .tabNotFound(selector) }
            return index
        case .rootKind(let kind):
            guard let index = tabs.firstIndex(where: { $0.root?.kind == kind }) else {
                throw .tabNotFound(selector)
            }
            return index
        }
    }

    /// Pops to the nearest match on the visible path, dismissing the modals above it.
    private mutating func popTo(_ target: ScreenTarget) throws(NavigationError) {
        for modalIndex in modals.indices.reversed() {
            if let screenIndex = modals[modalIndex].stack.lastIndex(where: target.matches) {
                modals.removeSubrange((modalIndex + 1)...)
                modals[modalIndex].stack.removeSubrange((screenIndex + 1)...)
                return
            }
        }
        if let screenIndex = tabs[selectedTab].stack.lastIndex(where: target.matches) {
            modals.removeAll()
            tabs[selectedTab].stack.removeSubrange((screenIndex + 1)...)
            return
        }
        for tabIndex in tabs.indices where tabIndex != selectedTab {
            if let screenIndex = tabs[tabIndex].stack.lastIndex(where: target.matches) {
                modals.removeAll()
                selectedTab = tabIndex
                tabs[tabIndex].stack.removeSubrange((screenIndex + 1)...)
                return
            }
        }
        throw .targetNotFound(target)
    }

    /// Removes the screen with `id` wherever it is (a one-screen modal goes with it).
    private mutating func remove(_ id: ScreenID) throws(NavigationError) {
        for modalIndex in modals.indices {
            if let index = modals[modalIndex].stack.firstIndex(where: { $0.id == id }) {
                if modals[modalIndex].stack.count == 1 {
                    modals.remove(at: modalIndex)
                } else {
                    modals[modalIndex].stack.remove(at: index)
                }
                return
            }
        }
        for tabIndex in tabs.indices {
            if let index = tabs[tabIndex].stack.firstIndex(where: { $0.id == id }) {
                guard index > 0 else { throw .cannotPopRoot }
                tabs[tabIndex].stack.remove(at: index)
                return
            }
        }
        throw .screenNotFound(id)
    }

    /// Replaces the content of the screen with `id`, keeping its ID and leave guard.
    private mutating func update(_ id: ScreenID, with content: Screen) throws(NavigationError) {
        func refresh(_ stack: inout [Screen]) -> Bool {
            guard let index = stack.firstIndex(where: { $0.id == id }) else { return false }
            var screen = content
            screen.id = id
            screen.leaveGuard = stack[index].leaveGuard
            stack[index] = screen
            return true
        }
        for tabIndex in tabs.indices where refresh(&tabs[tabIndex].stack) { return }
        for modalIndex in modals.indices where refresh(&modals[modalIndex].stack) { return }
        throw .screenNotFound(id)
    }

    /// Sets the guard of the screen with `id`, wherever it is.
    private mutating func setLeaveGuard(_ leaveGuard: LeaveGuard?, on id: ScreenID) throws(NavigationError) {
        for tabIndex in tabs.indices {
            if let index = tabs[tabIndex].stack.firstIndex(where: { $0.id == id }) {
                tabs[tabIndex].stack[index].leaveGuard = leaveGuard
                return
            }
        }
        for modalIndex in modals.indices {
            if let index = modals[modalIndex].stack.firstIndex(where: { $0.id == id }) {
                modals[modalIndex].stack[index].leaveGuard = leaveGuard
                return
            }
        }
        throw .screenNotFound(id)
    }
}
