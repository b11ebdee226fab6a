import Foundation

/// The demo's shopping cart service: a thread-safe list of item ids.
public final class Cart: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var items: [Int] = []

    /// An empty cart.
    public init() {}

    /// Adds an item; returns the new count.
    public func add(_ item: Int) -> Int {
        lock.withLock {
            items.append(item)
            return items.count
        }
    }

    /// How many items are in the cart.
    public var count: Int { lock.withLock { items.count } }
}
