import Foundation

/// The routes of a table, shared by reference so that a match can point at its route without copying it:
/// targets in one array, patterns in a ``PatternStore``, and priorities and orders only when they are not
/// the usual ones (all 0, and registration order equal to position). A ``Route`` is put together when read.
@usableFromInline
final class RouteStorage<Target: Sendable>: Sendable {
    /// The routes' targets, contiguous: reading a match's target touches one element.
    @usableFromInline let targets: [Target]
    let patterns: PatternStore
    /// Empty when every priority is 0.
    private let priorities: [Int]
    /// Empty when every route's order is its position.
    private let orders: [Int]

    /// The four arrays must be of one length, in route order.
    init(patterns: PatternStore, targets: [Target], priorities: [Int], orders: [Int]) {
        self.patterns = patterns
        self.targets = targets
        self.priorities = priorities.allSatisfy { $0 == 0 } ? [] : priorities
        self.orders = orders.indices.elementsEqual(orders) ? [] : orders
    }

    var count: Int { targets.count }

    /// Route `i`, put together from the stored parts.
    func route(_ i: Int) -> Route<Target> {
        Route(pattern: patterns.pattern(at: i), target: targets[i], priority: priorities.isEmpty ? 0 : priorities[i],
              order: orders.isEmpty ? i : orders[i])
    }

    /// Every route, in registration order.
    var routes: [Route<Target>] { (0..<count).map(route) }
}
