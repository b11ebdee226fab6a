import Switchyard
import SwitchyardKit

/// The login-hold rule as one value: a navigation the gate holds exists exactly while the login
/// screen shown for it is the top screen, or is covered only by screens of the login flow (routes
/// marked `loginFlow`: a "forgot password" or "sign up" detour the login screen opens). It binds the
/// held open to its login screen when that screen is placed, checks the rule, and says after each
/// command what keeping it takes (a hold superseded by a newer one, a hold whose login screen went
/// away); the runtime carries that out.
struct LoginHold {
    /// The held open and the login screen shown for it.
    private(set) var binding: (openID: Int, screen: ScreenID)?
    /// The screen kinds of the login flow: screens that may cover the login screen without ending
    /// the hold (their routes set `loginFlow`).
    var flowKinds: Set<String> = []

    /// Whether `id` is showing for the rule: the top screen, or covered only by login-flow screens.
    func isShowing(_ id: ScreenID, in state: NavigationState) -> Bool {
        for screen in state.visiblePath {
            if screen.id == id { return true }
            if !flowKinds.contains(screen.kind) { return false }
        }
        return false
    }

    /// The login-flow screens that cover the bound login screen, topmost first (empty when it is on
    /// top), or nil when no hold is bound or its login screen is not showing.
    func detours(in state: NavigationState) -> [Screen]? {
        guard let bound = binding?.screen, isShowing(bound, in: state) else { return nil }
        return Array(state.visiblePath.prefix { $0.id != bound })
    }

    /// What keeping the rule takes after a command.
    struct Resolution {
        /// A hold a newer gated open replaced: it ended as cancelled, superseded by `by`.
        var superseded: (held: HeldNavigation, by: Int)?
        /// The hold to cancel, and why (its login screen was closed, covered or never shown).
        var cancel: (held: HeldNavigation, why: String)?
    }

    /// Binds the held open `openID` to the login screen `screen`, just placed for it.
    mutating func bind(openID: Int, screen: ScreenID) {
        binding = (openID, screen)
    }

    /// Forgets the binding (a login, a reload, a cancel).
    mutating func release() {
        binding = nil
    }

    /// The rule broken, in words, or nil: `held` is the gate's held navigation, `state` the app's.
    func violation(held: HeldNavigation?, state: NavigationState) -> String? {
        switch (held, binding) {
        case (nil, nil):
            return nil
        case (nil, .some(let binding)):
            return "no navigation is held, but login screen \(binding.screen) is still bound to open #\(binding.openID)"
        case (.some(let held), nil):
            return "open #\(held.openID) (\(held.url)) is held, but no login screen is bound to it"
        case (.some(let held), .some(let binding)):
            if held.openID != binding.openID {
                return "open #\(held.openID) is held, but the login screen is bound to open #\(binding.openID)"
            }
            if !isShowing(binding.screen, in: state) {
                return "open #\(held.openID) is held, but its login screen \(binding.screen) is neither the top "
                    + "screen nor covered only by login-flow screens"
            }
            return nil
        }
    }

    /// What a command left to do for the rule, and the binding released where a hold ends.
    /// - Parameters:
    ///   - held: the gate's held navigation after the command; `heldBefore`, before it.
    ///   - isLoggedIn: whether the user is logged in after the command.
    ///   - outcome: the outcome of the command's open, if any; `alreadyCancelled`, the open the
    ///     command itself cancelled already (a tab switch that closed the login screen first).
    ///   - state: the navigation state after the command.
    ///   - closedBy: what the command was, in words, when it can close the login screen
    ///     (`back`, `tab 2`, `opening Item #7`).
    mutating func reconcile(held: HeldNavigation?, heldBefore: HeldNavigation?, isLoggedIn: Bool,
                            outcome: RouteOutcome?,
                            alreadyCancelled: Int?, state: NavigationState, closedBy: String?) -> Resolution {
        var resolution = Resolution()
        if let before = heldBefore, before != held, held != nil || !isLoggedIn,
           outcome.map({ !($0.isHandled && isLoggedIn) }) ?? true,
           let held, held.openID != before.openID, alreadyCancelled != before.openID {
            resolution.superseded = (before, held.openID)
        }
        guard let held else {
            binding = nil
            return resolution
        }
        if let binding, binding.openID == held.openID, isShowing(binding.screen, in: state) { return resolution }
        let why: String
        if let binding, binding.openID == held.openID {
            why = state.screen(withID: binding.screen) == nil
                ? closedBy.map { "\($0) closed the login screen" } ?? "the login screen was closed"
                : closedBy.map { "\($0) covered the login screen" } ?? "another screen covered the login screen"
        } else {
            why = "the login screen was never shown"
        }
        binding = nil
        resolution.cancel = (held, why)
        return resolution
    }
}

extension AppRuntime {
    /// Keeps the hold rule after a command: reports a hold that a newer one superseded, and cancels a
    /// held navigation whose login screen is not (or no longer) on top.
    func reconcileHold(_ report: inout StepReport, heldBefore: HeldNavigation?, closedBy: String? = nil) {
        guard let gate else { return }
        let resolution = hold.reconcile(held: gate.heldNavigation, heldBefore: heldBefore, isLoggedIn: gate.isLoggedIn,
                                        outcome: report.outcome, alreadyCancelled: report.cancelledHold?.openID,
                                        state: state, closedBy: closedBy)
        if let (before, newer) = resolution.superseded {
            record(.cancel(openID: before.openID, url: before.url, reason: "superseded by #\(newer)"))
            report.note("held #\(before.openID) \(before.url) cancelled: superseded by #\(newer)")
            report.cancelledHold = before
        }
        guard let (held, why) = resolution.cancel else { return }
        if let trace = report.trace, trace.id == held.openID, !trace.outcome.isHandled {
            // The held open itself ended otherwise (a redirect loop…): its callback gets that outcome.
            gate.cancelHold(delivering: trace.outcome)
        } else {
            gate.cancelHold(reason: why)
        }
        record(.cancel(openID: held.openID, url: held.url, reason: why))
        report.note("held #\(held.openID) \(held.url) cancelled: \(why)")
        report.cancelledHold = held
    }
}
