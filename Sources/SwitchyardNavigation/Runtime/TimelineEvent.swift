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

/// The timeline of a running app: numbering, the clock its events are stamped with, and the limit
/// of events kept.
struct Timeline {
    /// The most recent events, oldest first (at most ``limit``).
    private(set) var events: [TimelineEvent] = []
    /// How many events are kept.
    var limit = 500
    /// The number the next event gets (a reloaded app goes on from its predecessor's).
    var nextNumber = 1
    /// When the app started (a reloaded app keeps its predecessor's, so log times do not jump back).
    var started = ContinuousClock.now

    /// Seconds since ``started``.
    var seconds: Double {
        let time = (ContinuousClock.now - started).components
        return Double(time.seconds) + Double(time.attoseconds) / 1e18
    }

    /// Appends an event, numbered and stamped, dropping the oldest past ``limit``.
    mutating func record(_ kind: TimelineEvent.Kind) {
        events.append(TimelineEvent(sequence: nextNumber, kind: kind, time: seconds))
        nextNumber += 1
        if events.count > limit { events.removeFirst(events.count - limit) }
    }

    /// Goes on from `previous`: numbers after its, and its start if earlier.
    mutating func carryOn(from previous: Timeline) {
        nextNumber = max(nextNumber, previous.nextNumber)
        started = min(started, previous.started)
    }
}
