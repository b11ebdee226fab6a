/// One registered route: a pattern, what it leads to, and how it ranks.
public struct Route<Target: Sendable>: Sendable {
    /// The compiled pattern.
    public let pattern: RoutePattern
    /// What the route leads to (a handler, a screen kind, a name…).
    public let target: Target
    /// Explicit priority: higher wins between patterns whose segment classes tie.
    public let priority: Int
    /// Registration order (0-based): earlier wins when priority also ties.
    public let order: Int
}

/// Options that shape matching.
public struct MatchOptions: Sendable, Hashable {
    /// Limits checked before a URL is parsed.
    public var limits: URLLimits
    /// Compare literal path segments ignoring ASCII case (scheme and host always ignore case).
    public var caseInsensitivePaths: Bool

    /// Creates options; the defaults are the documented contract.
    public init(limits: URLLimits = URLLimits(), caseInsensitivePaths: Bool = false) {
        self.limits = limits
        self.caseInsensitivePaths = caseInsensitivePaths
    }
}

/// Why a route could not be added.
public enum RegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern text is invalid.
    case invalidPattern(PatternError)
    /// The same pattern is already registered.
    case duplicate(pattern: String)
    /// A pattern of the same shape with other parameter names is registered (`search/:query` vs `search/:keyword`).
    case sameShape(pattern: String, existing: String)
    /// No route has this pattern (for removal).
    case notRegistered(pattern: String)
    /// A host definition holds a pattern of another host.
    case hostMismatch(pattern: String, host: String)

    /// A sentence naming the pattern(s).
    public var description: String {
        switch self {
        case .invalidPattern(let e): e.description
        case .duplicate(let p): "pattern '\(p)' is already registered"
        case .sameShape(let p, let existing):
            "pattern '\(p)' has the same shape as registered pattern '\(existing)' (only parameter names differ)"
        case .notRegistered(let p): "no route is registered for pattern '\(p)'"
        case .hostMismatch(let p, let h): "pattern '\(p)' is not on host '\(h)'"
        }
    }
}

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

    /// Creates an empty builder.
    public init(options: MatchOptions = MatchOptions()) { self.options = options }

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
        let trie = TrieCompiler.compile(patterns, priorities: priorities, orders: orders,
                                        foldPath: options.caseInsensitivePaths)
        let storage = RouteStorage(patterns: PatternStore(patterns), targets: targets, priorities: priorities,
                                   orders: orders)
        return RouteTable(storage: storage, options: options, trie: trie)
    }
}

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

/// An immutable, thread-safe route table. Lookups read it without locks.
public struct RouteTable<Target: Sendable>: Sendable {
    /// The routes, in registration order.
    ///
    /// The table stores its routes compactly and puts them together when read: each read of this property
    /// builds the whole array, so read it once rather than indexing it in a loop (or use ``route(at:)``).
    public var routes: [Route<Target>] { storage.routes }
    /// How many routes the table has.
    public var count: Int { storage.count }
    /// Route `index` (registration order, `0..<count`).
    public func route(at index: Int) -> Route<Target> { storage.route(index) }
    /// The routes' targets, in registration order (read without putting any route together).
    public var targets: [Target] { storage.targets }
    /// The options it was built with.
    public let options: MatchOptions
    @usableFromInline let storage: RouteStorage<Target>
    @usableFromInline let trie: RouteTrie

    init(storage: RouteStorage<Target>, options: MatchOptions, trie: RouteTrie) {
        self.storage = storage
        self.options = options
        self.trie = trie
    }

    /// Looks `url` up. Returns nil when no route matches; throws when the URL is invalid.
    ///
    /// A successful lookup allocates nothing: parameters are decoded when they are read.
    @inlinable
    public func match(_ url: String) throws(URLParseError) -> RouteMatch<Target>? {
        guard let raw = try trie.lookup(url, limits: options.limits) else { return nil }
        return RouteMatch(storage: storage, url: url, raw: raw)
    }

    /// Looks up a Foundation `URL` by its absolute string.
    public func match(_ url: URL) throws(URLParseError) -> RouteMatch<Target>? {
        try match(url.absoluteString)
    }

    /// True when `url` is valid and some route matches it. Has no side effects.
    public func canMatch(_ url: String) -> Bool {
        (try? trie.lookup(url, limits: options.limits)) != nil
    }
}

import Foundation
