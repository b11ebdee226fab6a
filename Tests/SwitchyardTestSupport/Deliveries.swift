import Foundation
import Switchyard

/// Records what a test saw, from any thread: the outcomes a ``callback()`` delivered, and lines a test
/// adds itself (a handler or interceptor that ran). Tests check "exactly once" and ordering with it.
package final class Deliveries: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var lines: [String] = []
    private nonisolated(unsafe) var delivered: [RouteOutcome] = []

    /// An empty record.
    package init() {}

    /// Records a line.
    package func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// The lines in the order they were recorded: added lines and the codes of delivered outcomes.
    package var all: [String] {
        lock.withLock { lines }
    }

    /// The outcomes delivered to ``callback()``, in order.
    package var outcomes: [RouteOutcome] {
        lock.withLock { delivered }
    }

    /// A callback that records each outcome it receives (and its code as a line).
    package func callback() -> RouteCallback {
        RouteCallback { [self] outcome in
            lock.withLock {
                delivered.append(outcome)
                lines.append(outcome.code)
            }
        }
    }
}
