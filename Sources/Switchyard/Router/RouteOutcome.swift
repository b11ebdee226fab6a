/// How one `open` ended. Every open ends in exactly one outcome, delivered once to the caller's callback.
public indirect enum RouteOutcome: Sendable, CustomStringConvertible {
    /// A handler handled the request.
    case handled(pattern: String, result: RouteResult)
    /// No route matches the URL (and no fallback took it).
    case notFound(url: String)
    /// The matched handler's `shouldHandle` said no.
    case declined(pattern: String)
    /// An interceptor (or a relocation `delete` entry) rejected the navigation.
    case rejected(by: String, reason: String)
    /// The URL was redirected: the chain of URLs, then how the last one ended.
    case redirected(chain: [String], final: RouteOutcome)
    /// A redirect chain went past the hop limit.
    case redirectLoop(chain: [String])
    /// An interceptor did not answer within its deadline.
    case timedOut(interceptor: String, seconds: Double)
    /// The navigation was called off before it placed anything: a newer navigation superseded it, its
    /// task was cancelled, or the login screen that held it went away. The reason says which.
    case cancelled(reason: String)
    /// The handler produced a screen, but a leave guard on the screen that would be left vetoed placing it.
    case vetoed(by: String, reason: String)
    /// The handler produced a screen the app could not place (an explicit push with no navigation stack
    /// to push on, a tab or target that does not exist, an unknown jump type…).
    case placementFailed(reason: String)
    /// The URL is invalid.
    case invalidURL(URLParseError)
    /// A handler or interceptor threw.
    case failed(pattern: String?, error: String)

    /// The outcome at the end of any redirect chain.
    public var final: RouteOutcome {
        if case .redirected(_, let f) = self { return f.final }
        return self
    }

    /// True when the final outcome is `handled`.
    public var isHandled: Bool {
        if case .handled = final { return true }
        return false
    }

    /// True for every outcome that is a failure for the global failure handler (anything but handled).
    public var isFailure: Bool { !isHandled }

    /// A stable one-word code for scripts and JSON: `handled`, `not_found`, `declined`, `rejected`,
    /// `redirect_loop`, `timed_out`, `cancelled`, `vetoed`, `placement_failed`, `invalid_url`, `failed`
    /// (of the final outcome).
    public var code: String {
        switch final {
        case .handled: "handled"
        case .notFound: "not_found"
        case .declined: "declined"
        case .rejected: "rejected"
        case .redirected: "redirected"
        case .redirectLoop: "redirect_loop"
        case .timedOut: "timed_out"
        case .cancelled: "cancelled"
        case .vetoed: "vetoed"
        case .placementFailed: "placement_failed"
        case .invalidURL: "invalid_url"
        case .failed: "failed"
        }
    }

    /// A redirect loop's chain as every report shows it (the outcome, the app's status line and log,
    /// `switchyard explain` and `match`, which walk the same rewrites): up to and including the first
    /// URL met again (`shop://a/1 → shop://b/1 → shop://a/1`), where the walk is known to repeat; a
    /// chain of distinct URLs that only grew past the hop limit, whole.
    public static func loopChain(_ chain: [String]) -> [String] {
        var seen = Set<String>()
        for (i, url) in chain.enumerated() where !seen.insert(url).inserted { return Array(chain[...i]) }
        return chain
    }

    /// A one-line description.
    public var description: String {
        switch self {
        case .handled(let p, let r): "handled by \(p) (\(r))"
        case .notFound(let u): "not found: \(u)"
        case .declined(let p): "declined by handler of \(p)"
        case .rejected(let by, let why): "rejected by \(by): \(why)"
        case .redirected(let chain, let f): "redirected \(chain.joined(separator: " → ")); then \(f)"
        case .redirectLoop(let chain): "redirect loop: \(Self.loopChain(chain).joined(separator: " → "))"
        case .timedOut(let i, let s): "timed out: interceptor \(i) did not answer within \(s) s"
        case .cancelled(let why): "cancelled: \(why)"
        case .vetoed(let by, let why): "vetoed by \(by): \(why)"
        case .placementFailed(let why): "placement failed: \(why)"
        case .invalidURL(let e): "invalid URL: \(e)"
        case .failed(let p, let e): "failed" + (p.map { " in \($0)" } ?? "") + ": \(e)"
        }
    }
}
