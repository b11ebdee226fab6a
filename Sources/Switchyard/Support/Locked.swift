import Foundation

/// A value behind a lock: the one box this package keeps shared mutable state in.
///
/// Every class that is shared between threads (the router, callbacks, the login gate, the service
/// registry, the demo's cart) stores its mutable state in one `Locked` and reads and writes it only in
/// ``withLock(_:)``, so the unchecked sendability lives here and nowhere else. `NSLock`, not
/// `Synchronization.Mutex`: Mutex gives false ThreadSanitizer reports on Linux (DECISIONS.md).
package final class Locked<State> {
    private let lock = NSLock()
    private var state: State

    /// A box holding `state`.
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state while holding the lock, and returns what it returns.
    /// `body` must not call back into the same box (the lock is not recursive).
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

// Unchecked: `state` is only reached inside `withLock`, under `lock`.
extension Locked: @unchecked Sendable where State: Sendable {}
