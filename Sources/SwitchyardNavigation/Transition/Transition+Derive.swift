extension Transition {
    /// Derives the transition between two valid states; a pure function of its inputs.
    ///
    /// Screens are compared by ``ScreenID``, so content-only changes (a leave guard) are ``none``.
    /// In order:
    /// 1. equal identities everywhere → ``none``;
    /// 2. a different selected tab → ``tabSwitch(from:to:animation:)``;
    /// 3. a different root on the selected tab → ``rootReplaced(from:to:animation:)``;
    ///    the same top with one screen below it gone → ``removed(_:under:animation:)``;
    /// 4. only the modals changed: one appended → ``present(_:style:animation:)``, a trailing run
    ///    removed → ``dismiss(_:animation:)`` (``dismissMany(_:animation:)`` when it held more than one
    ///    screen), only the top modal's stack changed → the stack rule;
    /// 5. only the selected tab's stack changed (no modals) → the stack rule;
    /// 6. anything else (e.g. dismiss-then-push) → ``replace(from:to:animation:)`` of the top screen.
    ///
    /// The stack rule: one trailing insert is a push, one trailing removal a pop, a longer trailing
    /// removal a pop-to, anything else a replace. The action only supplies the animation.
    public static func derive(
        from old: NavigationState,
        to new: NavigationState,
        action: NavigationAction
    ) -> Transition {
        let animation = action.animation
        if old.selectedTab != new.selectedTab {
            return .tabSwitch(from: old.selectedTab, to: new.selectedTab, animation: animation)
        }
        let oldTab = old.currentTab.stack
        let newTab = new.currentTab.stack
        if oldTab.first?.id != newTab.first?.id {
            return .rootReplaced(from: old.top, to: new.top, animation: animation)
        }
        if let gone = removedUnderTop(old, new) {
            return .removed(gone, under: new.top, animation: animation)
        }
        let tabUnchanged = sameIDs(oldTab, newTab)
        let oldModals = old.modals
        let newModals = new.modals
        if tabUnchanged {
            if sameIdentity(oldModals, newModals) {
                return .none
            }
            if newModals.count == oldModals.count + 1,
               sameIdentity(oldModals, Array(newModals.prefix(oldModals.count))),
               let presented = newModals.last, let screen = presented.top {
                return .present(screen, style: presented.style, animation: animation)
            }
            if newModals.count < oldModals.count,
               sameIdentity(newModals, Array(oldModals.prefix(newModals.count))) {
                let closed = oldModals[newModals.count...].reversed().flatMap { $0.stack.reversed() }
                return closed.count > 1
                    ? .dismissMany(closed, animation: animation)
                    : .dismiss(old.top, animation: animation)
            }
            if let oldTop = oldModals.last, let newTop = newModals.last,
               newModals.count == oldModals.count,
               sameIdentity(Array(oldModals.dropLast()), Array(newModals.dropLast())),
               oldTop.style == newTop.style, oldTop.wrapsInNavigation == newTop.wrapsInNavigation {
                return stackTransition(from: oldTop.stack, to: newTop.stack, animation: animation)
            }
        } else if oldModals.isEmpty && newModals.isEmpty {
            return stackTransition(from: oldTab, to: newTab, animation: animation)
        }
        return .replace(from: old.top, to: new.top, animation: animation)
    }

    /// The one screen that disappeared from under an unchanged top, when that is the only change.
    private static func removedUnderTop(_ old: NavigationState, _ new: NavigationState) -> Screen? {
        guard old.top.id == new.top.id else { return nil }
        let oldPath = old.currentTab.stack + old.modals.flatMap(\.stack)
        let newPath = new.currentTab.stack + new.modals.flatMap(\.stack)
        guard oldPath.count == newPath.count + 1 else { return nil }
        let kept = Set(newPath.map(\.id))
        let gone = oldPath.filter { !kept.contains($0.id) }
        guard gone.count == 1,
            oldPath.filter({ kept.contains($0.id) }).map(\.id) == newPath.map(\.id) else { return nil }
        return gone[0]
    }

    /// The stack rule: push, pop, pop-to, none or replace by comparing screen identities.
    private static func stackTransition(from old: [Screen], to new: [Screen], animation: Animation) -> Transition {
        guard let oldTop = old.last, let newTop = new.last, !sameIDs(old, new) else {
            return .none
        }
        if new.count == old.count + 1 && samePrefix(old, new, count: old.count) {
            return .push(from: oldTop, to: newTop, animation: animation)
        }
        if new.count > old.count + 1 && samePrefix(old, new, count: old.count) {
            return .pushMany(from: oldTop, pushed: Array(new[old.count...]), animation: animation)
        }
        if new.count < old.count && samePrefix(old, new, count: new.count) {
            let removed = old.count - new.count
            return removed == 1
                ? .pop(from: oldTop, to: newTop, animation: animation)
                : .popTo(from: oldTop, to: newTop, removed: removed, animation: animation)
        }
        return .replace(from: oldTop, to: newTop, animation: animation)
    }

    /// Whether two modal lists hold the same screens (by ID) with the same presentation.
    private static func sameIdentity(_ lhs: [Modal], _ rhs: [Modal]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { left, right in
            left.style == right.style
                && left.wrapsInNavigation == right.wrapsInNavigation
                && sameIDs(left.stack, right.stack)
        }
    }

    /// Whether two stacks hold the same screens (by ID) in the same order.
    private static func sameIDs(_ lhs: [Screen], _ rhs: [Screen]) -> Bool {
        lhs.count == rhs.count && samePrefix(lhs, rhs, count: lhs.count)
    }

    /// Whether the first `count` screens of both stacks have the same IDs (plain loop: this runs on
    /// every apply).
    private static func samePrefix(_ lhs: [Screen], _ rhs: [Screen], count: Int) -> Bool {
        guard lhs.count >= count, rhs.count >= count else { return false }
        var index = 0
        while index < count {
            if lhs[index].id != rhs[index].id { return false }
            index += 1
        }
        return true
    }
}
