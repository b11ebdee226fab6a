import Foundation

/// Collects routes, checks them for conflicts, and builds an immutable ``RouteTable``.
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// try builder.add("app://user/:id<int>", target: "UserProfile")
/// let table = builder.build()
/// let match = try table.match("app://user/42")   // target "UserProfile", id = "42"
/// ```
public struct RouteTableBuilder<Target: Sendable>: Sendable {
    /// Options for the table this builds.
    public let options: MatchOptions
    /// The routes added so far, in registration order.
    public private(set) var routes: [Route<Target>] = []
    private var shapes = ShapeIndex()
    private var nextOrder = 0
    /// One compiled instance per distinct constraint, shared by every route that uses it.
    private var constraintPool: [SegmentConstraint: SegmentConstraint] = [:]
    /// The constraints compiled from pattern text so far, so that each distinct one is compiled once.
    private var parsedConstraints = ConstraintCache()
    /// A trie being compiled ahead of ``build()`` for the routes this builder is about to hold
    /// (``compileInAdvance(_:)``); ``build()`` takes it only if it was made from exactly its routes.
    private var trieInAdvance: TrieInAdvance?

    /// Creates an empty builder.
    public init(options: MatchOptions = MatchOptions()) { self.options = options }

    /// Makes room for `count` routes in all, so that adding up to that many grows no storage (a bulk
    /// registration of a large table copies nothing on the way).
    public mutating func reserveCapacity(_ count: Int) {
        routes.reserveCapacity(count)
        shapes.reserveCapacity(count)
    }

    /// Starts compiling, on another thread, the trie of this builder's routes followed by `upcoming`
    /// (patterns with their priorities, about to be added in this order), so that ``build()`` after
    /// adding them finds it compiled. If the routes differ by then, ``build()`` compiles its own.
    package mutating func compileInAdvance(_ upcoming: [(pattern: RoutePattern, priority: Int)]) {
        var patterns = routes.map(\.pattern), priorities = routes.map(\.priority), orders = routes.map(\.order)
        patterns.reserveCapacity(routes.count + upcoming.count)
        priorities.reserveCapacity(routes.count + upcoming.count)
        orders.reserveCapacity(routes.count + upcoming.count)
        for (k, route) in upcoming.enumerated() {
            patterns.append(route.pattern.interning(&constraintPool))
            priorities.append(route.priority)
            orders.append(nextOrder + k)
        }
        trieInAdvance = TrieInAdvance(patterns: patterns, priorities: priorities, orders: orders,
                                      foldPath: options.caseInsensitivePaths)
    }

    /// Adds a route; throws when the pattern is invalid or conflicts with one already added.
    public mutating func add(_ pattern: String, target: Target, priority: Int = 0) throws(RegistrationError) {
        let compiled: RoutePattern
        do throws(PatternError) {
            compiled = try RoutePattern(pattern, constraints: &parsedConstraints)
        } catch {
            throw .invalidPattern(error)
        }
        try add(compiled, target: target, priority: priority)
    }

    /// Adds a route with an already compiled pattern.
    public mutating func add(_ pattern: RoutePattern, target: Target, priority: Int = 0) throws(RegistrationError) {
        let hash = PatternShape.hash(pattern, foldPaths: options.caseInsensitivePaths)
        if let error = conflict(pattern, hash: hash, in: shapes, { routes[$0].pattern }) { throw error }
        shapes.insert(hash, routes.count)
        routes.append(Route(pattern: pattern.interning(&constraintPool), target: target, priority: priority,
                            order: nextOrder))
        nextOrder += 1
    }

    /// Adds one target under several patterns, all or none: every pattern is parsed and checked against
    /// the table and against the others before any is added. Costs the patterns' own work, not the
    /// table's size, so registering routes one call at a time stays linear overall.
    public mutating func add(_ patterns: [String], target: Target, priority: Int = 0) throws(RegistrationError) {
        var compiled: [RoutePattern] = []
        var added = ShapeIndex()
        for text in patterns {
            let pattern: RoutePattern
            do throws(PatternError) {
                pattern = try RoutePattern(text, constraints: &parsedConstraints)
            } catch {
                throw .invalidPattern(error)
            }
            let hash = PatternShape.hash(pattern, foldPaths: options.caseInsensitivePaths)
            if let error = conflict(pattern, hash: hash, in: shapes, { routes[$0].pattern })
                ?? conflict(pattern, hash: hash, in: added, { compiled[$0] }) {
                throw error
            }
            added.insert(hash, compiled.count)
            compiled.append(pattern)
        }
        for pattern in compiled { try add(pattern, target: target, priority: priority) }
    }

    /// Removes the route whose pattern prints as `pattern` (canonical text); returns its target.
    @discardableResult
    public mutating func remove(_ pattern: String) throws(RegistrationError) -> Target {
        let canonical = (try? RoutePattern(pattern))?.description ?? pattern
        guard let index = routes.firstIndex(where: { $0.pattern.description == canonical }) else {
            throw .notRegistered(pattern: pattern)
        }
        let removed = routes.remove(at: index)
        rebuildShapes()
        return removed.target
    }

    /// Removes every route for which `shouldRemove` is true; returns how many were removed.
    @discardableResult
    public mutating func removeAll(where shouldRemove: (Route<Target>) -> Bool) -> Int {
        let before = routes.count
        routes.removeAll(where: shouldRemove)
        rebuildShapes()
        return before - routes.count
    }

    private mutating func rebuildShapes() {
        shapes = ShapeIndex()
        for (i, r) in routes.enumerated() {
            shapes.insert(PatternShape.hash(r.pattern, foldPaths: options.caseInsensitivePaths), i)
        }
    }

    /// The conflict of `pattern` (whose shape hash is `hash`) with a pattern of the same shape filed in
    /// `index`, whose entries `patternAt` reads: a duplicate when the texts are equal too. Nil for none.
    private func conflict(_ pattern: RoutePattern, hash: Int, in index: ShapeIndex,
                          _ patternAt: (Int) -> RoutePattern) -> RegistrationError? {
        let fold = options.caseInsensitivePaths
        guard let found = index.find(hash, where: { PatternShape.same(patternAt($0), pattern, foldPaths: fold) }) else {
            return nil
        }
        let other = patternAt(found).description
        return other == pattern.description
            ? .duplicate(pattern: other) : .sameShape(pattern: pattern.description, existing: other)
    }

    /// Compiles the routes into an immutable table.
    public func build() -> RouteTable<Target> {
        // One pass over the routes (mapping each field through a key path cost a generic projection per route).
        var patterns: [RoutePattern] = [], priorities: [Int] = [], orders: [Int] = [], targets: [Target] = []
        patterns.reserveCapacity(routes.count)
        priorities.reserveCapacity(routes.count)
        orders.reserveCapacity(routes.count)
        targets.reserveCapacity(routes.count)
        for route in routes {
            patterns.append(route.pattern)
            priorities.append(route.priority)
            orders.append(route.order)
            targets.append(route.target)
        }
        let trie = trieInAdvance?.trie(patterns: patterns, priorities: priorities, orders: orders,
                                       foldPath: options.caseInsensitivePaths)
            ?? TrieCompiler.compile(patterns, priorities: priorities, orders: orders,
                                    foldPath: options.caseInsensitivePaths)
        let storage = RouteStorage(patterns: PatternStore(patterns), targets: targets, priorities: priorities,
                                   orders: orders)
        return RouteTable(storage: storage, options: options, trie: trie)
    }
}
