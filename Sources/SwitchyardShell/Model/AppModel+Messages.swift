import TerminalKit

extension AppModel {
    /// The most status messages ``messages`` keeps.
    package static let messageLimit = 200

    /// Keeps `status` in ``messages`` (called whenever the status line changes), so a message the
    /// status line cut or replaced can be read whole in the messages view (`m`).
    mutating func remember(_ status: AppStatus) {
        messages.append(status)
        if messages.count > Self.messageLimit {
            messagesDropped += messages.count - Self.messageLimit
            messages.removeFirst(messages.count - Self.messageLimit)
        }
    }

    /// Shows `status` in the status line and writes it to the route log as well, for messages that
    /// no open or command of the log already says (a copy, a refused reload, a replay's failed
    /// expectation): nothing is said only in the status line.
    package mutating func say(_ status: AppStatus, time: Double? = nil) {
        self.status = status
        // The log marks its events with `•` already; a failure keeps its `✗` (and the error colour).
        appendLogEvent(status.kind == .error ? "✗ " + status.text : status.text, time: time)
    }

    /// Appends a line to the route log that is not a timeline event (a message, a reload). Such
    /// lines get negative numbers, so they never collide with the timeline's.
    package mutating func appendLogEvent(_ text: String, time: Double? = nil) {
        messageSequence -= 1
        var entry = RouteLogEntry(id: messageSequence, url: "", outcome: "", isHandled: true, seconds: 0)
        entry.sequence = messageSequence
        entry.event = text
        entry.time = time
        log.append(entry)
        trimLog()
    }

    /// Drops the oldest log entries past ``logLimit``, counting them in ``logDropped`` so the log
    /// can say that older entries were dropped.
    mutating func trimLog() {
        guard log.count > logLimit else { return }
        logDropped += log.count - logLimit
        log.removeFirst(log.count - logLimit)
    }

    /// Keys while the messages view is shown: ↑ ↓ (j k), PgUp PgDn, g G scroll it; Esc, `m` or `q`
    /// close it; anything else is ignored, so no key meant for the view navigates the app.
    func messagesMessage(for key: Key) -> AppMessage {
        switch key {
        case .up, .char("k"): return .scrollMessages(1)
        case .down, .char("j"): return .scrollMessages(-1)
        case .pageUp: return .scrollMessages(10)
        case .pageDown: return .scrollMessages(-10)
        case .home, .char("g"): return .scrollMessages(Int.max / 2)
        case .end, .char("G"): return .scrollMessages(-(Int.max / 2))
        case .escape, .char("m"), .char("q"), .enter: return .toggleMessages
        default: return .ignore
        }
    }
}

extension AppStatus {
    /// The marker a message of `kind` carries in the status line, the log and the messages view:
    /// `✗` for what failed or was refused, `•` for a note, `✓` for what moved.
    package static func marker(_ kind: Kind) -> String {
        switch kind {
        case .error: "✗"
        case .note: "•"
        case .info: "✓"
        }
    }
}
