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
    /// Depth (0 = host) and name of each captured parameter, in pattern order (computed when read, so
    /// that a route stores nothing but its pattern).
    var captures: [Capture] {
        var caps: [Capture] = []
        // A suffix pattern's segments are path segments wherever they land: none is the host (depth 0).
        let shift = pattern.isSuffix ? 1 : 0
        for (index, seg) in pattern.segments.enumerated() {
            let depth = index + shift
            switch seg {
            case .literal: break
            case .parameter(let n, _): caps.append(Capture(name: n, depth: depth, isCatchAll: false, isOptional: false))
            case .optional(let n, _): caps.append(Capture(name: n, depth: depth, isCatchAll: false, isOptional: true))
            case .catchAll(let n): caps.append(Capture(name: n ?? "*", depth: depth, isCatchAll: true, isOptional: false))
            }
        }
        return caps
    }

    struct Capture: Sendable {
        let name: String
        let depth: Int
        let isCatchAll: Bool
        let isOptional: Bool
    }

    init(pattern: RoutePattern, target: Target, priority: Int, order: Int) {
        self.pattern = pattern
        self.target = target
        self.priority = priority
        self.order = order
    }
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
        case .sameShape(let p, let existing): "pattern '\(p)' has the same shape as registered pattern '\(existing)' (only parameter names differ)"
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
        do throws(PatternError) { compiled = try RoutePattern(pattern, constraints: &parsedConstraints) } catch { throw .invalidPattern(error) }
        try add(compiled, target: target, priority: priority)
    }

    /// Adds a route with an already compiled pattern.
    public mutating func add(_ pattern: RoutePattern, target: Target, priority: Int = 0) throws(RegistrationError) {
        let hash = PatternShape.hash(pattern, foldPaths: options.caseInsensitivePaths)
        if let error = conflict(pattern, hash: hash, in: shapes, { routes[$0].pattern }) { throw error }
        shapes.insert(hash, routes.count)
        routes.append(Route(pattern: pattern.interning(&constraintPool), target: target, priority: priority, order: nextOrder))
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
            do throws(PatternError) { pattern = try RoutePattern(text, constraints: &parsedConstraints) } catch { throw .invalidPattern(error) }
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
        for (i, r) in routes.enumerated() { shapes.insert(PatternShape.hash(r.pattern, foldPaths: options.caseInsensitivePaths), i) }
    }

    /// The conflict of `pattern` (whose shape hash is `hash`) with a pattern of the same shape filed in
    /// `index`, whose entries `patternAt` reads: a duplicate when the texts are equal too. Nil for none.
    private func conflict(_ pattern: RoutePattern, hash: Int, in index: ShapeIndex,
                          _ patternAt: (Int) -> RoutePattern) -> RegistrationError? {
        let fold = options.caseInsensitivePaths
        guard let found = index.find(hash, where: { PatternShape.same(patternAt($0), pattern, foldPaths: fold) }) else { return nil }
        let other = patternAt(found).description
        return other == pattern.description ? .duplicate(pattern: other) : .sameShape(pattern: pattern.description, existing: other)
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
        let trie = TrieCompiler.compile(patterns, priorities: priorities, orders: orders, foldPath: options.caseInsensitivePaths)
        return RouteTable(storage: RouteStorage(routes, targets: targets), options: options, trie: trie)
    }
}

/// The routes of a table, shared by reference so that a match can point at its route without copying it.
@usableFromInline
final class RouteStorage<Target: Sendable>: Sendable {
    @usableFromInline let routes: [Route<Target>]
    /// The routes' targets alone, contiguous: reading a match's target touches one element and copies
    /// no pattern (reading it through `routes` copied the 136-byte `Route` and retained its pattern).
    @usableFromInline let targets: [Target]
    convenience init(_ routes: [Route<Target>]) {
        self.init(routes, targets: routes.map { $0.target })
    }

    /// `targets` must be the routes' targets, in order.
    init(_ routes: [Route<Target>], targets: [Target]) {
        self.routes = routes
        self.targets = targets
    }
}

/// An immutable, thread-safe route table. Lookups read it without locks.
public struct RouteTable<Target: Sendable>: Sendable {
    /// The routes, in registration order.
    public var routes: [Route<Target>] { storage.routes }
    /// The options it was built with.
    public let options: MatchOptions
    @usableFromInline let storage: RouteStorage<Target>
    @usableFromInline let trie: RouteTrie

    init(routes: [Route<Target>], options: MatchOptions, trie: RouteTrie) {
        self.init(storage: RouteStorage(routes), options: options, trie: trie)
    }

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
