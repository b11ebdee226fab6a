import Switchyard

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
