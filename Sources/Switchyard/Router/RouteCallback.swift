import Foundation

/// The caller's completion for one navigation. It fires exactly once, whatever happens.
///
/// The router finishes it with the navigation's outcome when the navigation ends. A component that must
/// finish it later (a login gate holding a request until the user logs in) calls ``takeOver()`` first;
/// the router then leaves it alone, and the component finishes it once, later.
public final class RouteCallback: Sendable {
    private struct State {
        var body: (@Sendable (RouteOutcome) -> Void)?
        var fired = false
        var owned = false
        var delivered: RouteOutcome?
    }

    private let state: Locked<State>

    /// Wraps a completion; `nil` makes a callback that only records that it fired.
    public init(_ body: (@Sendable (RouteOutcome) -> Void)?) {
        state = Locked(State(body: body))
    }

    /// Delivers `outcome` if nothing was delivered before. Returns true when this call delivered it.
    @discardableResult
    public func finish(_ outcome: RouteOutcome) -> Bool {
        let run: (@Sendable (RouteOutcome) -> Void)?? = state.withLock { s in
            if s.fired { return nil }
            s.fired = true
            s.delivered = outcome
            let run = s.body
            s.body = nil
            return .some(run)
        }
        guard let run else { return false }
        run?(outcome)
        return true
    }

    /// The outcome delivered, once the callback fired.
    public var deliveredOutcome: RouteOutcome? {
        state.withLock { $0.delivered }
    }

    /// True once an outcome was delivered.
    public var hasFired: Bool {
        state.withLock { $0.fired }
    }

    /// Marks the callback as owned by the caller of this method: the router will not finish it.
    /// Returns false when it already fired or was already taken over.
    @discardableResult
    public func takeOver() -> Bool {
        state.withLock { s in
            if s.fired || s.owned { return false }
            s.owned = true
            return true
        }
    }

    /// Hands a taken-over callback back, so that the next navigation it is passed to finishes it
    /// (used to resume a held navigation).
    public func release() {
        state.withLock { $0.owned = false }
    }

    /// True when a component took the callback over.
    var isTakenOver: Bool {
        state.withLock { $0.owned }
    }

    /// Finishes the callback unless a component took it over (used by the router at the end of a navigation).
    func finishUnlessTakenOver(_ outcome: RouteOutcome) {
        if !isTakenOver { finish(outcome) }
    }
}
