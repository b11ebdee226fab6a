import Foundation

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
