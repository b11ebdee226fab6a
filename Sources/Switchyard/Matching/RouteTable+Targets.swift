extension RouteTable {
    /// The same table with each target replaced by `transform`'s answer: the patterns, priorities,
    /// orders and the compiled trie are shared, not built again.
    public func mapTargets<T: Sendable, E: Error>(_ transform: (Target) throws(E) -> T) throws(E) -> RouteTable<T> {
        var targets: [T] = []
        targets.reserveCapacity(count)
        for target in storage.targets { targets.append(try transform(target)) }
        var priorities: [Int] = []
        var orders: [Int] = []
        priorities.reserveCapacity(count)
        orders.reserveCapacity(count)
        for index in 0..<count {
            let route = storage.route(index)
            priorities.append(route.priority)
            orders.append(route.order)
        }
        let mapped = RouteStorage(patterns: storage.patterns, targets: targets, priorities: priorities, orders: orders)
        return RouteTable<T>(storage: mapped, options: options, trie: trie)
    }
}
