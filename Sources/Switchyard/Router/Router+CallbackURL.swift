/// Decides whether a callback URL (the first argument) named by the open of a URL (the second) may be
/// opened: nil lets it through; a text refuses it, in words. `SwitchyardKit`'s
/// `Router.setCallbackAllowList(_:)` makes one from a `CallbackAllowList`.
package typealias CallbackPolicy = @Sendable (_ callback: String, _ origin: String) -> String?

extension Router {
    /// Sets the check a callback URL must pass before it is opened (nil: every callback URL is refused).
    package func setCallbackPolicy(_ policy: CallbackPolicy?) {
        withState { $0.callbackPolicy = policy }
    }

    /// The query keys that name a callback URL opened whatever the outcome, first found wins: WLRRoute's
    /// `callBack`, then `callbackURL`.
    package static let callbackKeys = ["callBack", "callbackURL"]

    /// Every query key that names a callback URL: the x-callback-url keys and ``callbackKeys``.
    package static let allCallbackKeys = ["x-success", "x-error", "x-cancel"] + callbackKeys

    /// The callback URL the open of `url` names for `outcome`, with the result added, if any.
    static func callbackURL(for url: String, outcome: RouteOutcome) -> String? {
        guard allCallbackKeys.contains(where: { url.contains($0) }), let parsed = try? RouteURL(url) else { return nil }
        let query = parsed.query
        func with(_ base: String, _ items: [(String, String)]) -> String {
            let encoded = items.map {
                PercentEncoding.encode($0.0, allowed: .queryKeySafe) + "="
                    + PercentEncoding.encode($0.1, allowed: .queryValueSafe)
            }.joined(separator: "&")
            var head = base
            var fragment = ""
            if let hash = head.firstIndex(of: "#") {
                fragment = String(head[hash...])
                head = String(head[..<hash])
            }
            return head + (head.contains("?") ? "&" : "?") + encoded + fragment
        }
        let code = outcome.code
        if outcome.isHandled {
            if let success = query.last("x-success") { return success }
        } else if case .cancelled = outcome.final, let cancel = query.last("x-cancel") {
            return cancel
        } else if let error = query.last("x-error") {
            return with(error, [("errorCode", code), ("errorMessage", outcome.description)])
        }
        return callbackKeys.lazy.compactMap { query.last($0) }.first.map { with($0, [("outcome", code)]) }
    }

    /// Why a callback URL is refused when no callback allow list is set.
    package static let noCallbackPolicy = "no callback allow list is set, so callback URLs are refused"

    /// Opens a callback URL if the allow list lets it through; otherwise records the refusal.
    func openCallbackURL(_ url: String, origin: String) async -> RouteTrace.CallbackResult {
        let policy = withState { $0.callbackPolicy }
        let refusal: String? = if let policy { policy(url, origin) } else { Self.noCallbackPolicy }
        if let refusal {
            return .init(url: url, outcome: .rejected(by: "CallbackAllowList", reason: refusal), openID: nil)
        } else {
            let trace = await openAndTrace(url, native: NativeParameters(), lane: nil, callback: RouteCallback(nil),
                                           followsCallbackURL: false)
            return .init(url: url, outcome: trace.outcome, openID: trace.id)
        }
    }
}
