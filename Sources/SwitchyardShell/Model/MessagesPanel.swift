import TerminalKit

/// The messages view's own model (`m`): every status message shown, kept whole so a message the
/// status line cut or replaced can be read, whether the view is open, and how it is scrolled.
package struct MessagesPanel: Equatable, Sendable {
    /// The most messages the view keeps.
    package static let limit = 200

    /// Every status message shown, oldest first (at most ``limit``).
    package var entries: [AppStatus] = []
    /// How many older messages were dropped.
    package var dropped = 0
    /// Whether the view is shown.
    package var isShown = false
    /// How many lines the view is scrolled up from its newest line.
    package var scroll = 0

    /// Creates an empty, closed view.
    package init() {}

    /// Keeps `status` (called whenever the status line changes).
    mutating func remember(_ status: AppStatus) {
        // A walk's progress (a search's `match 3/5`) replaces the step before it, so `n` pressed ten
        // times is one message, not ten.
        if status.isProgress, let last = entries.last, last.isProgress, last.origin == status.origin {
            entries[entries.count - 1] = status
            return
        }
        entries.append(status)
        if entries.count > Self.limit {
            dropped += entries.count - Self.limit
            entries.removeFirst(entries.count - Self.limit)
        }
    }

    /// Removes and returns the messages kept since there were `count` (a replayed step's, which its
    /// progress message then carries after its command).
    mutating func takeEntries(from count: Int) -> [AppStatus] {
        guard count >= 0, count < entries.count else { return [] }
        defer { entries.removeSubrange(count...) }
        return Array(entries[count...])
    }

    /// What the view makes of its messages, in a terminal of `size` (the view's lines are wrapped at
    /// its width and it shows as many rows as fit).
    mutating func update(_ message: AppMessage, size: (width: Int, height: Int)) {
        switch message {
        case .toggleMessages:
            isShown.toggle()
            scroll = 0
        case .scrollMessages(let delta):
            let lines = AppView.messageLines(self, width: max(10, size.width - 2)).count
            let most = max(0, lines - max(0, size.height - 5))
            scroll = min(max(0, min(scroll, most) + max(-most - 1, min(delta, most + 1))), most)
        default:
            break
        }
    }

    /// Keys while the view is shown: ↑ ↓ (j k), PgUp PgDn, g G scroll it; Esc, `m` or `q` close it;
    /// anything else is ignored, so no key meant for the view navigates the app.
    func message(for key: Key) -> AppMessage {
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
