import Foundation
import Switchyard

/// A login gate with resume, as a reusable interceptor.
///
/// For routes whose metadata marks them as needing login (`requiresLogin: "true"` by default), the gate
/// redirects to the login URL and holds the original navigation — its URL, native parameters and
/// callback. When login succeeds (``loginSucceeded()``), the original navigation resumes exactly once;
/// when login is cancelled (``loginCancelled()``, or ``cancelHold(reason:)`` when the login screen goes
/// away), it ends as `RouteOutcome.cancelled(reason:)`. A newer gated navigation replaces the held one,
/// which ends as cancelled. The login route itself is never gated.
///
/// ```swift
/// let gate = LoginGate(loginURL: "app://login")
/// gate.install(on: router)
/// await router.open("app://orders")      // → redirected to app://login, the orders open is held
/// await gate.loginSucceeded()            // → app://orders opens, its callback fires once
/// ```
public final class LoginGate: Interceptor, Sendable {
    /// The name shown in traces and outcomes.
    public let name: String
    /// Where the gate sends a user who is not logged in.
    public let loginURL: String
    private let loginKey: String?
    private let state = Locked(State())

    private struct State {
        var loggedIn = false
        var held: Held?
        weak var router: Router?
    }

    private struct Held {
        let url: String
        let openID: Int
        let native: NativeParameters
        let callback: RouteCallback
    }

    /// Creates a gate that redirects to `loginURL`.
    public init(loginURL: String, name: String = "LoginGate") {
        self.loginURL = loginURL
        self.name = name
        loginKey = (try? RouteURL(loginURL)).map(Self.key)
    }

    private static func key(_ u: RouteURL) -> String {
        ([u.scheme ?? "", u.host] + u.pathSegments).joined(separator: "/")
    }

    /// The priority ``install(on:priority:when:)`` gives the gate unless told otherwise: above the
    /// interceptors an app adds with the default priority 0, so a gated open is held before they run.
    public static let defaultPriority = 1000

    /// Adds the gate to `router` for routes whose metadata has `key` set to `true`
    /// (`"requiresLogin": "true"` by default), and remembers the router to resume held navigations on.
    /// Returns the interceptor id.
    @discardableResult
    public func install(on router: Router, priority: Int = LoginGate.defaultPriority,
                        when key: MetadataKey<Bool> = .requiresLogin) -> Int {
        state.withLock { $0.router = router }
        return router.addInterceptor(self, priority: priority, scope: .metadata(key, true))
    }

    /// Whether the user is logged in.
    public var isLoggedIn: Bool {
        state.withLock { $0.loggedIn }
    }

    /// The URL of the navigation waiting for login, if any.
    public var pendingURL: String? {
        state.withLock { $0.held?.url }
    }

    /// The navigation waiting for login, if any: its URL as it was opened and the number of its open.
    public var heldNavigation: HeldNavigation? {
        state.withLock { s in s.held.map { HeldNavigation(url: $0.url, openID: $0.openID) } }
    }

    /// Holds gated requests while logged out; lets everything else through.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        if let loginKey, Self.key(request.url) == loginKey { return .proceed }
        enum Step { case proceed, reject, hold(Held?) }
        let step: Step = state.withLock { s in
            if s.loggedIn { return .proceed }
            guard request.callback.takeOver() else { return .reject }
            let previous = s.held
            s.held = Held(url: request.url.original, openID: request.openID, native: request.native,
                          callback: request.callback)
            return .hold(previous)
        }
        switch step {
        case .proceed: return .proceed
        case .reject: return .reject(reason: "login required")
        case .hold(let previous):
            previous?.callback.finish(.cancelled(reason: "superseded by a newer navigation that needs login"))
            return .redirect(to: loginURL, keepParameters: false)
        }
    }

    /// Marks the user as logged in and resumes the held navigation, if any, exactly once.
    /// Returns the resumed navigation's outcome.
    @discardableResult
    public func loginSucceeded() async -> RouteOutcome? {
        await resumeAfterLogin()?.outcome
    }

    /// Marks the user as logged in and resumes the held navigation, if any, exactly once.
    /// Returns the resumed open's own trace (nil when nothing was held).
    @discardableResult
    public func resumeAfterLogin() async -> RouteTrace? {
        let (pending, router): (Held?, Router?) = state.withLock { s in
            s.loggedIn = true
            let p = s.held
            s.held = nil
            return (p, s.router)
        }
        guard let pending else { return nil }
        guard let router else {
            pending.callback.finish(.cancelled(reason: "the router is gone"))
            return nil
        }
        pending.callback.release()
        return await router.openAndTrace(pending.url, native: pending.native, callback: pending.callback)
    }

    /// Ends the held navigation as cancelled ("login cancelled"); the user stays logged out.
    public func loginCancelled() {
        cancelHold(reason: "login cancelled")
    }

    /// Ends the held navigation, if any, as `RouteOutcome.cancelled(reason:)` with `reason`, delivered
    /// once to its callback. Returns what was held.
    @discardableResult
    public func cancelHold(reason: String) -> HeldNavigation? {
        cancelHold(delivering: .cancelled(reason: reason))
    }

    /// Ends the held navigation, if any, delivering `outcome` once to its callback (for a held open that
    /// ended otherwise before its login screen was shown, such as in a redirect loop). Returns what was held.
    @discardableResult
    public func cancelHold(delivering outcome: RouteOutcome) -> HeldNavigation? {
        let pending: Held? = state.withLock { s in
            let p = s.held
            s.held = nil
            return p
        }
        guard let pending else { return nil }
        pending.callback.finish(outcome)
        return HeldNavigation(url: pending.url, openID: pending.openID)
    }

    /// Logs the user out (held navigations are not affected).
    public func logout() {
        state.withLock { $0.loggedIn = false }
    }

    /// Sets the logged-in state directly, without resuming anything.
    public func setLoggedIn(_ value: Bool) {
        state.withLock { $0.loggedIn = value }
    }
}
