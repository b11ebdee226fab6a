extension NavigationAction {
    /// The case of a ``NavigationAction`` without its payload.
    ///
    /// Code that must cover every action (a random generator, a counter of what a run applied)
    /// switches over `Kind.allCases`; the switch stops compiling when an action is added.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// ``NavigationAction/push(_:animation:)``.
        case push
        /// ``NavigationAction/pop(animation:)``.
        case pop
        /// ``NavigationAction/popToRoot(animation:)``.
        case popToRoot
        /// ``NavigationAction/popTo(_:animation:)``.
        case popTo
        /// ``NavigationAction/present(_:style:wrapsInNavigation:animation:)``.
        case present
        /// ``NavigationAction/dismiss(animation:)``.
        case dismiss
        /// ``NavigationAction/dismissAll(animation:)``.
        case dismissAll
        /// ``NavigationAction/selectTab(_:popToRoot:animation:)``.
        case selectTab
        /// ``NavigationAction/setRoot(_:animation:)``.
        case setRoot
        /// ``NavigationAction/dismissThenPush(_:animation:)``.
        case dismissThenPush
        /// ``NavigationAction/replaceTop(_:animation:)``.
        case replaceTop
        /// ``NavigationAction/setLeaveGuard(_:on:)`` (``NavigationAction/discardGuard(_:)`` included).
        case setLeaveGuard
        /// ``NavigationAction/remove(_:animation:)``.
        case remove
        /// ``NavigationAction/update(_:with:)``.
        case update
    }

    /// This action's case, without its payload.
    public var kind: Kind {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .popTo: .popTo
        case .present: .present
        case .dismiss: .dismiss
        case .dismissAll: .dismissAll
        case .selectTab: .selectTab
        case .setRoot: .setRoot
        case .dismissThenPush: .dismissThenPush
        case .replaceTop: .replaceTop
        case .setLeaveGuard: .setLeaveGuard
        case .remove: .remove
        case .update: .update
        }
    }
}
