/// The first screen route of each kind (target name) in an app's route list: positions in the list,
/// found by kind, rather than a copy of each route (a generated app of 100,000 routes has as many kinds).
struct RoutesByKind: Sendable {
    /// The position of each kind's first route in ``routes``.
    private let positions: [String: Int32]
    /// The app's route list, shared with the description (not copied).
    private let routes: [ScreenRoute]

    /// The positions of each kind's first route in `routes` (nothing kept of the routes themselves).
    static func positions(in routes: [ScreenRoute]) -> [String: Int32] {
        var positions: [String: Int32] = [:]
        // Room for a kind a route (a generated app's are all different): the table is not grown and rehashed.
        positions.reserveCapacity(routes.count)
        for (i, r) in routes.enumerated() where positions[r.kind] == nil { positions[r.kind] = Int32(i) }
        return positions
    }

    /// Kinds found at `positions` (from ``positions(in:)`` of a list with the same kinds in the same places)
    /// in `routes`.
    init(positions: [String: Int32], routes: [ScreenRoute]) {
        self.positions = positions
        self.routes = routes
    }

    /// The kinds of the routes in `routes`.
    init(_ routes: [ScreenRoute]) {
        self.init(positions: Self.positions(in: routes), routes: routes)
    }

    /// The first route of `kind`, if any.
    subscript(kind: String) -> ScreenRoute? {
        guard let i = positions[kind], routes.indices.contains(Int(i)) else { return nil }
        return routes[Int(i)]
    }

    /// The kinds whose first route satisfies `predicate`, in no particular order (no route is copied).
    func kinds(where predicate: (borrowing ScreenRoute) -> Bool) -> [String] {
        var kinds: [String] = []
        for (kind, position) in positions where routes.indices.contains(Int(position)) {
            if predicate(routes[Int(position)]) { kinds.append(kind) }
        }
        return kinds
    }
}
