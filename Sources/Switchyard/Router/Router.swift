import Foundation
import Synchronization

/// The router: a dynamic route table with handlers, interceptors, redirects and relocation tables.
///
/// Safe to use from any thread. Registration changes publish a new immutable snapshot; lookups copy
/// the current snapshot's reference and match without holding any lock.
///
/// ```swift
/// let router = Router()
/// try router.register("app://user/login/:phone([0-9]+)", target: "Login") { request in
///     RouteResult(note: "login \(request.path["phone"] ?? "")")
/// }
/// let outcome = await router.open("app://user/login/13800000000")
/// ```
public final class Router: Sendable {
    /// Options for matching.
    public let options: MatchOptions
    /// The most redirects (relocations, static redirects and interceptor redirects together) one open may take.
    public let maxRedirectHops: Int

    private let state: Locked<RouterState>

    /// Creates an empty router.
    public init(options: MatchOptions = MatchOptions(), maxRedirectHops: Int = 8, historyLimit: Int = 100) {
        self.options = options
        // Negative limits make no sense; they are read as zero.
        self.maxRedirectHops = max(0, maxRedirectHops)
        state = Locked(RouterState(options: options, historyLimit: max(0, historyLimit)))
    }

    /// Runs `body` on the router's state under its lock.
    @inline(__always)
    func withState<T>(_ body: (inout RouterState) -> T) -> T {
        state.withLock(body)
    }

    // MARK: Registration

    /// Registers a handler for a pattern.
    /// - Parameters:
    ///   - pattern: see the pattern grammar.
    ///   - target: a name for what the route leads to (shown in tables, traces and exports).
    ///   - priority: breaks ties between patterns whose segment classes are equal; higher wins.
    ///   - metadata: free-form values interceptors can read, such as `requiresLogin: "true"`.
    ///   - handler: what handles the requests; nil registers the route without a handler yet.
    public func register(_ pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:],
                         handler: (any RouteHandler)?) throws(RegistrationError) {
        try register([pattern], target: target, priority: priority, metadata: metadata, handler: handler)
    }

    /// Registers one target under several patterns (for example an app's iOS and Android paths).
    /// Either every pattern is added or, on the first error, none is.
    public func register(_ patterns: [String], target: String, priority: Int = 0, metadata: [String: String] = [:],
                         handler: (any RouteHandler)?) throws(RegistrationError) {
        let entry = RouteEntry(target: target, handler: handler, metadata: metadata)
        let result: Result<Void, RegistrationError> = withState { s in
            // In place: the builder checks every pattern before adding any (a copy of the table per call
            // made registering n routes cost n² route copies).
            do throws(RegistrationError) { try s.routes.add(patterns, target: entry, priority: priority) } catch { return .failure(error) }
            s.snapshot = nil
            return .success(())
        }
        try result.get()
    }

    /// Registers a closure as the handler (WLRRoute's block registration).
    public func register(_ pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:],
                         handle: @escaping @Sendable (RouteRequest) async throws -> RouteResult) throws(RegistrationError) {
        try register([pattern], target: target, priority: priority, metadata: metadata, handler: ClosureHandler(handle))
    }

    /// Removes every route (XKRouter's removeAllRouteNodes). Returns how many were removed.
    @discardableResult
    public func removeAllRoutes() -> Int {
        withState { s in
            let n = s.routes.removeAll { _ in true }
            if n > 0 { s.snapshot = nil }
            return n
        }
    }

    /// The registered routes, in registration order (read under the lock, without building the table).
    package var registeredRoutes: [Route<RouteEntry>] {
        withState { $0.routes.routes }
    }

    /// Runs `body` on the registered routes under the router's lock; the next lookup rebuilds the table.
    package func updateRoutes<T>(_ body: (inout RouteTableBuilder<RouteEntry>) -> T) -> T {
        withState { s in
            let result = body(&s.routes)
            s.snapshot = nil
            return result
        }
    }

    /// Removes the route registered under `pattern`.
    public func remove(_ pattern: String) throws(RegistrationError) {
        let result: Result<Void, RegistrationError> = withState { s in
            do throws(RegistrationError) { try s.routes.remove(pattern) } catch { return .failure(error) }
            s.snapshot = nil
            return .success(())
        }
        try result.get()
    }

    /// Removes every route whose pattern has the literal host `host` (XKRouter's removeAllRouteNodesForHost).
    /// Returns how many were removed.
    @discardableResult
    public func removeAll(host: String) -> Int {
        let lowered = host.asciiLowercased
        return withState { s in
            let n = s.routes.removeAll { route in
                if !route.pattern.isSuffix, case .literal(let h) = route.pattern.host { return h == lowered }
                return false
            }
            if n > 0 { s.snapshot = nil }
            return n
        }
    }

    /// Replaces the handler (and target, metadata) of an existing pattern, keeping its rank and order.
    public func replace(_ pattern: String, target: String, metadata: [String: String] = [:],
                        handler: (any RouteHandler)?) throws(RegistrationError) {
        let result: Result<Void, RegistrationError> = withState { s in
            let canonical = (try? RoutePattern(pattern))?.description ?? pattern
            guard s.routes.routes.contains(where: { $0.pattern.description == canonical }) else {
                return .failure(.notRegistered(pattern: pattern))
            }
            var rebuilt = RouteTableBuilder<RouteEntry>(options: s.routes.options)
            for r in s.routes.routes {
                let entry = r.pattern.description == canonical ? RouteEntry(target: target, handler: handler, metadata: metadata) : r.target
                do throws(RegistrationError) { try rebuilt.add(r.pattern, target: entry, priority: r.priority) } catch { return .failure(error) }
            }
            s.routes = rebuilt
            s.snapshot = nil
            return .success(())
        }
        try result.get()
    }

    /// Installs the app's placement step (nil removes it): every handler result passes through it before
    /// the open ends, so outcomes report what reached the screen.
    public func setPlacementApplier(_ applier: (any PlacementApplier)?) {
        withState { $0.placementApplier = applier }
    }

    /// Sets the handler for URLs no route matches (nil removes it).
    public func setFallback(_ handler: (any RouteHandler)?) {
        withState { $0.fallback = handler }
    }

    /// Adds a registrar that runs once, on the first lookup or open, even when many threads open at once
    /// (lazy registration). Registrars added after that first use run on the next lookup.
    public func addLazyRegistrar(_ registrar: @escaping @Sendable (Router) -> Void) {
        withState { $0.pendingRegistrars.append(registrar) }
        hasPendingRegistrars.store(true, ordering: .releasing)
    }

    // MARK: Lookup

    /// The current immutable table, rebuilt first if routes changed. Runs pending lazy registrars.
    public var table: RouteTable<RouteEntry> {
        runPendingRegistrars()
        return withState { s in
            if let t = s.snapshot { return t }
            let t = s.routes.build()
            s.snapshot = t
            return t
        }
    }

    /// Runs registrars that have not run yet, exactly once each, outside the state lock.
    func runPendingRegistrars() {
        guard hasPendingRegistrars.load(ordering: .acquiring) else { return }
        registrarLock.lock()
        defer { registrarLock.unlock() }
        let pending: [@Sendable (Router) -> Void] = withState { s in
            let p = s.pendingRegistrars
            s.pendingRegistrars = []
            return p
        }
        for registrar in pending { registrar(self) }
        // Cleared only after the registrars ran, so no lookup can slip past a half-run registrar.
        withState { s in
            if s.pendingRegistrars.isEmpty { hasPendingRegistrars.store(false, ordering: .releasing) }
        }
    }

    private let registrarLock = NSRecursiveLock()
    private let hasPendingRegistrars = Atomic<Bool>(false)

    /// Matches a URL against the routes, without interceptors, redirects or handlers.
    public func match(_ url: String) throws(URLParseError) -> RouteMatch<RouteEntry>? {
        try table.match(url)
    }

    /// True when `url` is valid and would reach a route (relocations and redirects included) or the
    /// fallback. Has no side effects: no handler or interceptor runs.
    public func canOpen(_ url: String) -> Bool {
        let t = table
        let (relocations, redirects, hasFallback) = withState { ($0.relocations, $0.redirects, $0.fallback != nil) }
        var current = url
        for _ in 0...maxRedirectHops {
            guard (try? RouteURL(current, limits: options.limits)) != nil else { return false }
            if let (_, rule, params) = relocations.lookup(current) {
                switch rule {
                case .delete: return false
                case .alias(let target): return t.targets.contains { $0.target == target }
                case .replace(let to, _):
                    guard let next = try? to.url(params.dictionary, defaultScheme: "app") else { return false }
                    current = next
                    continue
                }
            }
            if let m = try? redirects?.match(current) {
                guard let next = try? m.target.destination.url(m.parameters.dictionary, defaultScheme: "app") else { return false }
                current = next
                continue
            }
            return t.canMatch(current) || hasFallback
        }
        return false
    }

    // MARK: Redirects and relocations

    /// Adds a static redirect: URLs matching `from` open `to`, with `from`'s parameters filled into `to`
    /// (`app://profile/:id` → `app://user/:id`). The query is carried over.
    public func addRedirect(from: String, to: String) throws(RegistrationError) {
        let dest: RoutePattern
        do throws(PatternError) { dest = try RoutePattern(to) } catch { throw .invalidPattern(error) }
        let result: Result<Void, RegistrationError> = withState { s in
            var b = s.redirectRules
            do throws(RegistrationError) { try b.add(from, target: RedirectRule(destination: dest)) } catch { return .failure(error) }
            s.redirectRules = b
            s.redirects = b.build()
            return .success(())
        }
        try result.get()
    }

    /// The static redirects, as (from, to) pattern text.
    public var redirects: [(from: String, to: String)] {
        withState { s in s.redirectRules.routes.map { ($0.pattern.description, $0.target.destination.description) } }
    }

    /// Validates `table` as a whole and applies it on top of the relocations in force.
    /// A refused table changes nothing.
    public func applyRelocations(_ table: RelocationTable) throws(RelocationError) {
        let current = withState { $0.relocations }
        let next = try current.applying(table)
        withState { $0.relocations = next }
    }

    /// Removes every relocation rule.
    public func clearRelocations() {
        withState { $0.relocations = RelocationState() }
    }

    /// The relocation rules in force, one line each.
    public var relocationRules: [String] {
        withState { s in
            s.relocations.rules.map { r in
                switch r.rule {
                case .replace(let to, let query):
                    "replace \(r.pattern) → \(to)" + (query.isEmpty ? "" : " adding "
                        + RelocationEntry.queryText(Dictionary(query.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })))
                case .alias(let t): "add \(r.pattern) → target \(t)"
                case .delete: "delete \(r.pattern)"
                }
            }
        }
    }

    /// The version of the last relocation table applied (0 when none).
    package var relocationVersion: Int {
        withState { $0.relocations.version }
    }

    // MARK: Interceptors

    /// Adds an interceptor. Higher `priority` runs first; equal priorities run in registration order.
    /// Returns an id for ``removeInterceptor(_:)``.
    @discardableResult
    public func addInterceptor(_ interceptor: any Interceptor, priority: Int = 0, scope: InterceptorScope = .global,
                               timeout: Double = 2.0) -> Int {
        withState { s in
            let id = s.nextInterceptorID
            s.nextInterceptorID += 1
            s.interceptors.append(InterceptorRegistration(id: id, interceptor: interceptor, priority: priority, scope: scope, timeout: timeout))
            // Stable sort: priority descending, then registration order.
            s.interceptors = s.interceptors.enumerated().sorted { a, b in
                a.element.priority != b.element.priority ? a.element.priority > b.element.priority : a.element.id < b.element.id
            }.map(\.element)
            return id
        }
    }

    /// Removes an interceptor by the id `addInterceptor` returned. Returns whether one was removed.
    @discardableResult
    public func removeInterceptor(_ id: Int) -> Bool {
        withState { s in
            let before = s.interceptors.count
            s.interceptors.removeAll { $0.id == id }
            return s.interceptors.count != before
        }
    }

    /// The interceptors in the order they run.
    package var interceptors: [InterceptorRegistration] { withState { $0.interceptors } }

    // MARK: Observation

    /// Adds an observer that receives every trace. Returns an id for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (RouteTrace) -> Void) -> Int {
        withState { s in
            let id = s.nextObserverID
            s.nextObserverID += 1
            s.observers.append((id, observer))
            return id
        }
    }

    /// Removes an observer.
    public func removeObserver(_ id: Int) {
        withState { $0.observers.removeAll { $0.0 == id } }
    }

    /// Sets the global failure handler: it sees every open that does not end handled.
    public func setFailureHandler(_ handler: (@Sendable (RouteOutcome, RouteTrace) -> Void)?) {
        withState { $0.failureHandler = handler }
    }

    /// The traces of the most recent opens, oldest first.
    public var history: [RouteTrace] { withState { Array($0.history) } }

    /// The number the next open's trace gets (`RouteTrace.id`, the `#N` of logs). A router that
    /// replaces another (a reloaded route table) is set to go on from the old one's, so the numbers
    /// stay unique across the replacement; it never goes down.
    package var nextOpenID: Int {
        get { withState { $0.nextTraceID } }
        set { withState { $0.nextTraceID = max($0.nextTraceID, newValue) } }
    }
}

/// A static redirect's destination.
struct RedirectRule: Sendable {
    let destination: RoutePattern
}

/// Everything the router's lock protects.
struct RouterState {
    var routes: RouteTableBuilder<RouteEntry>
    var snapshot: RouteTable<RouteEntry>?
    var redirectRules: RouteTableBuilder<RedirectRule>
    var redirects: RouteTable<RedirectRule>?
    var relocations = RelocationState()
    var interceptors: [InterceptorRegistration] = []
    var nextInterceptorID = 1
    var fallback: (any RouteHandler)?
    var placementApplier: (any PlacementApplier)?
    var callbackPolicy: CallbackPolicy?
    var observers: [(Int, @Sendable (RouteTrace) -> Void)] = []
    var nextObserverID = 1
    var failureHandler: (@Sendable (RouteOutcome, RouteTrace) -> Void)?
    var history: [RouteTrace] = []
    let historyLimit: Int
    var nextTraceID = 1
    var lanes: [String: Int] = [:]
    var pendingRegistrars: [@Sendable (Router) -> Void] = []

    init(options: MatchOptions, historyLimit: Int) {
        routes = RouteTableBuilder(options: options)
        redirectRules = RouteTableBuilder(options: options)
        self.historyLimit = historyLimit
    }
}
