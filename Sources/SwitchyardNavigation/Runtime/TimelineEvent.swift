import Switchyard

/// One event of the running app, in the order it happened: an open with its trace, or a step of the login
/// flow or of navigation (hold, resume, cancel, login, logout, back, dismiss, tab…). The terminal's log
/// shows the timeline; ``AppRuntime/timeline`` keeps the most recent events.
public struct TimelineEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// An open ran; its trace has every step and the outcome.
        case open(RouteTrace)
        /// The login gate holds open `openID` (its URL as opened) until login.
        case hold(openID: Int, url: String)
        /// Open `openID` resumed after login as open `resumedAs`.
        case resume(openID: Int, url: String, resumedAs: Int)
        /// Held open `openID` ended as cancelled, for `reason`.
        case cancel(openID: Int, url: String, reason: String)
        /// Open `openID` ended and named a callback URL, which was opened (as its own open) or refused.
        case callback(openID: Int, RouteTrace.CallbackResult)
        /// A command that is not an open (`back`, `dismiss`, `login`, `logout`, `discard`), with what it did.
        case command(String, result: String)
    }

    /// The event's number, increasing from 1 per runtime.
    public let sequence: Int
    /// What happened.
    public let kind: Kind
    /// Seconds since the runtime started.
    public let time: Double

    /// One line, as the log shows it.
    public var description: String {
        switch kind {
        case .open(let trace): "#\(trace.id) open \(trace.url)"
        case .callback(let id, let callback): "#\(id) \(callback)"
        case .hold(let id, let url): "hold #\(id) \(url) until login"
        case .resume(let id, let url, let to): "resume #\(id) \(url) as #\(to)"
        case .cancel(let id, let url, let reason): "cancel #\(id) \(url): \(reason)"
        case .command(let text, let result): result.isEmpty ? text : "\(text): \(result)"
        }
    }
}
