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

    /// Adds a registrar that runs once, on the first lookup or open, even when many threads open at once
    /// (lazy registration). Registrars added after that first use run on the next lookup.
    public func addLazyRegistrar(_ registrar: @escaping @Sendable (Router) -> Void) {
        withState { $0.pendingRegistrars.append(registrar) }
        hasPendingRegistrars.store(true, ordering: .releasing)
    }

    private let registrarLock = NSRecursiveLock()
    private let hasPendingRegistrars = Atomic<Bool>(false)
}
