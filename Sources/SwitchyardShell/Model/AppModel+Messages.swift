import TerminalKit

extension AppModel {
    /// Shows `status` in the status line and writes it to the route log as well, for messages that
    /// no open or command of the log already says (a copy, a refused reload, a replay's failed
    /// expectation): nothing is said only in the status line.
    package mutating func say(_ status: AppStatus, time: Double? = nil) {
        self.status = status
        // The log marks its events with `•` already; a failure keeps its `✗` (and the error colour). The
        // log has room to wrap: it keeps the whole message (every failure of a replayed step, not `+1 more`).
        let text = status.detail ?? status.text
        appendLogEvent(status.kind == .error ? "✗ " + text : text, time: time ?? now)
    }

    /// Appends a line to the route log that is not a timeline event (a message, a reload).
    package mutating func appendLogEvent(_ text: String, time: Double? = nil) {
        logPanel.appendEvent(text, time: time)
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
