import Foundation

/// The caller's completion for one navigation. It fires exactly once, whatever happens.
///
/// The router finishes it with the navigation's outcome when the navigation ends. A component that must
/// finish it later (a login gate holding a request until the user logs in) calls ``takeOver()`` first;
/// the router then leaves it alone, and the component finishes it once, later.
public final class RouteCallback: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var body: (@Sendable (RouteOutcome) -> Void)?
    private nonisolated(unsafe) var fired = false
    private nonisolated(unsafe) var owned = false
    private nonisolated(unsafe) var delivered: RouteOutcome?

    /// Wraps a completion; `nil` makes a callback that only records that it fired.
    public init(_ body: (@Sendable (RouteOutcome) -> Void)?) {
        self.body = body
    }

    /// Delivers `outcome` if nothing was delivered before. Returns true when this call delivered it.
    @discardableResult
    public func finish(_ outcome: RouteOutcome) -> Bool {
        let run: (@Sendable (RouteOutcome) -> Void)?
        lock.lock()
        if fired {
            lock.unlock()
            return false
        }
        fired = true
        delivered = outcome
        run = body
        body = nil
        lock.unlock()
        run?(outcome)
        return true
    }

    /// The outcome delivered, once the callback fired.
    public var deliveredOutcome: RouteOutcome? {
        lock.lock()
        defer { lock.unlock() }
        return delivered
    }

    /// True once an outcome was delivered.
    public var hasFired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fired
    }

    /// Marks the callback as owned by the caller of this method: the router will not finish it.
    /// Returns false when it already fired or was already taken over.
    @discardableResult
    public func takeOver() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if fired || owned { return false }
        owned = true
        return true
    }

    /// Hands a taken-over callback back, so that the next navigation it is passed to finishes it
    /// (used to resume a held navigation).
    public func release() {
        lock.lock()
        owned = false
        lock.unlock()
    }

    /// True when a component took the callback over.
    var isTakenOver: Bool {
        lock.lock()
        defer { lock.unlock() }
        return owned
    }

    /// Finishes the callback unless a component took it over (used by the router at the end of a navigation).
    func finishUnlessTakenOver(_ outcome: RouteOutcome) {
        lock.lock()
        let skip = owned
        lock.unlock()
        if !skip { finish(outcome) }
    }
}
