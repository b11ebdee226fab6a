import Foundation

/// A trie compiled on another thread while the registration that will ask for it is still under way:
/// the compile of a large table (a few hundred milliseconds at 100,000 routes) overlaps the work of
/// registering the same routes, so the first lookup does not wait for both in turn.
///
/// It is only a head start. ``RouteTableBuilder/build()`` takes the trie only when the table it builds
/// has exactly the routes it was compiled from (the same patterns, priorities and orders, in the same
/// order, with the same path folding); any other table, a route added or removed since, compiles its own.
package final class TrieInAdvance: Sendable {
    private struct Inputs: Sendable {
        let patterns: [RoutePattern]
        let priorities: [Int]
        let orders: [Int]
        let foldPath: Bool
    }

    private let inputs: Inputs
    private let result = Locked<RouteTrie?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts compiling the trie of these routes on a thread of its own (not a shared queue's, so that it
    /// runs even when every worker of a shared pool is blocked waiting, maybe for this very trie).
    package init(patterns: [RoutePattern], priorities: [Int], orders: [Int], foldPath: Bool) {
        let inputs = Inputs(patterns: patterns, priorities: priorities, orders: orders, foldPath: foldPath)
        self.inputs = inputs
        let result = self.result, done = self.done
        let thread = Thread {
            let trie = TrieCompiler.compile(inputs.patterns, priorities: inputs.priorities, orders: inputs.orders,
                                            foldPath: inputs.foldPath)
            result.withLock { $0 = trie }
            done.signal()
        }
        thread.start()
    }

    /// The trie, once compiled (waiting for it), when it was compiled from exactly these routes; else nil.
    func trie(patterns: [RoutePattern], priorities: [Int], orders: [Int], foldPath: Bool) -> RouteTrie? {
        guard patterns.count == inputs.patterns.count, foldPath == inputs.foldPath,
              priorities == inputs.priorities, orders == inputs.orders, patterns == inputs.patterns else {
            return nil
        }
        done.wait()
        done.signal()   // Kept signalled: a second build takes the same trie without waiting.
        return result.withLock { $0 }
    }
}
