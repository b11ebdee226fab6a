import Synchronization

/// A list of links worked out one by one, the first time each is read (``Link/init(deferred:index:)``): a
/// generated app's index links, each checked against the router only when it is drawn or opened. Each link is
/// worked out once; the work is a function of the link's place alone, so the order links are read in does not
/// change what they read.
package final class DeferredLinks: Sendable {
    /// How many links the list has.
    package let count: Int
    private let make: @Sendable (Int) -> (title: String, url: String)
    private let made: Mutex<[(title: String, url: String)?]>

    /// A list of `count` links; `make(i)` works out link `i`.
    package init(count: Int, make: @escaping @Sendable (Int) -> (title: String, url: String)) {
        self.count = max(0, count)
        self.make = make
        made = Mutex(Array(repeating: nil, count: max(0, count)))
    }

    /// The links, deferred: `Link(deferred: self, index: i)` for each place.
    package var links: [Link] {
        (0..<count).map { Link(deferred: self, index: $0) }
    }

    /// Link `index`, worked out on its first read.
    func link(at index: Int) -> (title: String, url: String) {
        if let link = made.withLock({ $0[index] }) { return link }
        // Worked out outside the lock: the work walks the router, which may read other links' lists.
        let link = make(index)
        made.withLock { $0[index] = link }
        return link
    }

    /// How many links have been worked out so far (for tests).
    package var madeCount: Int {
        made.withLock { $0.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    }
}
