import Foundation
import Switchyard

/// The demo's shopping cart service: a thread-safe list of item ids.
public final class Cart: Sendable {
    private let items = Locked<[Int]>([])

    /// An empty cart.
    public init() {}

    /// Adds an item; returns the new count.
    public func add(_ item: Int) -> Int {
        items.withLock { items in
            items.append(item)
            return items.count
        }
    }

    /// How many items are in the cart.
    public var count: Int { items.withLock { $0.count } }
}
