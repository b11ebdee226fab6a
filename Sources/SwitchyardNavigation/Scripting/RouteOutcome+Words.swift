import Switchyard

extension RouteOutcome {
    /// A failed outcome in the user's words, or nil when the outcome was handled: `no route matches
    /// app://nowhere`, `invalid URL at byte 8: '%' is not followed by two hexadecimal digits`,
    /// `Edit profile refuses to be left: You have unsaved changes`. The app's status line (capitalized)
    /// and a script's `error:` line both say a failure this way.
    public var failureWords: String? {
        switch self {
        case .handled:
            return nil
        case .redirected(let chain, let final):
            return final.failureWords.map { $0 + " (after " + chain.joined(separator: " → ") + ")" }
        case .notFound(let url):
            return "no route matches \(url)"
        case .declined(let pattern):
            return "\(pattern) declined the request"
        case .rejected(let by, let reason):
            return "rejected by \(by): \(reason)"
        case .redirectLoop(let chain):
            // A URL met twice is a loop; a chain that only grew too long is called what it is.
            let words = Set(chain).count < chain.count
                ? "redirect loop" : "too many redirects (\(chain.count - 1) hops)"
            // Up to the first URL met again, as `switchyard explain` shows the chain.
            return words + ": " + RouteOutcome.loopChain(chain).joined(separator: " → ")
        case .timedOut(let interceptor, let seconds):
            return "timed out: \(interceptor) gave no answer in \(seconds) s"
        case .cancelled(let reason):
            return "cancelled: \(reason)"
        case .vetoed(let by, let reason):
            return "\(by) refuses to be left: \(reason)"
        case .placementFailed(let reason):
            return "not shown: \(reason)"
        case .invalidURL(let error):
            // The key fact first, where a narrow status line still shows it.
            let text = error.description
            let place = " at byte \(error.offset)"
            guard text.hasSuffix(place) else { return "invalid URL: " + text }
            return "invalid URL" + place + ": " + text.dropLast(place.count)
        case .failed(let pattern, let error):
            return "failed" + (pattern.map { " in \($0)" } ?? "") + ": \(error)"
        }
    }
}
