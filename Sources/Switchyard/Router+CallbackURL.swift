extension Router {
    /// Sets where callback URLs may go (nil: nowhere). See ``CallbackAllowList``.
    ///
    /// After an open ends, the router opens the callback its URL names: `x-success` when it was handled,
    /// `x-cancel` when it was cancelled, `x-error` (with `errorCode` and `errorMessage`) when it failed,
    /// and WLRRoute's `callbackURL` (with `outcome=CODE`) when the matching `x-` parameter is absent.
    /// A callback is opened only when it passes the allow list; otherwise the trace's
    /// ``RouteTrace/callback`` records it as rejected by `CallbackAllowList`. A held open (waiting for
    /// login) calls back when it resumes. Callback opens do not call back in turn.
    public func setCallbackAllowList(_ list: CallbackAllowList?) {
        withState { $0.callbackAllowList = list }
    }

    /// The callback URL the open of `url` names for `outcome`, with the result added, if any.
    static func callbackURL(for url: String, outcome: RouteOutcome) -> String? {
        guard url.contains("x-success") || url.contains("x-error") || url.contains("x-cancel") || url.contains("callbackURL"),
              let parsed = try? RouteURL(url) else { return nil }
        let query = parsed.query
        func with(_ base: String, _ items: [(String, String)]) -> String {
            let encoded = items.map {
                PercentEncoding.encode($0.0, allowed: .queryKeySafe) + "=" + PercentEncoding.encode($0.1, allowed: .queryValueSafe)
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
        return query.last("callbackURL").map { with($0, [("outcome", code)]) }
    }

    /// Opens a callback URL if the allow list lets it through; otherwise records the refusal.
    func openCallbackURL(_ url: String) async -> RouteTrace.CallbackResult {
        let list = withState { $0.callbackAllowList }
        let verdict: Result<RouteURL, CallbackRefusal> = list.map { $0.check(url) } ?? .failure(.noAllowList)
        switch verdict {
        case .failure(let refusal):
            return .init(url: url, outcome: .rejected(by: "CallbackAllowList", reason: refusal.description), openID: nil)
        case .success:
            let trace = await openAndTrace(url, native: NativeParameters(), lane: nil, callback: RouteCallback(nil),
                                           followsCallbackURL: false)
            return .init(url: url, outcome: trace.outcome, openID: trace.id)
        }
    }
}
