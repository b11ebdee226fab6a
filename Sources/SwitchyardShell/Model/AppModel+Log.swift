import TerminalKit

extension AppModel {
    /// The log entry the log's cursor is on (by ``RouteLogEntry/sequence``): the one chosen with the
    /// arrows while the log has the focus, else the newest.
    package var selectedLogEntry: RouteLogEntry? {
        if let logCursor, let entry = log.first(where: { $0.sequence == logCursor }) { return entry }
        return log.last
    }

    /// Keys while the route log has the focus (lazygit's list panels): ↑ ↓ (k j) move the cursor,
    /// `g` / `G` (Home / End) go to the oldest / newest entry, Enter (Space, →) unfolds or folds
    /// the open under the cursor, `y` copies the whole entry, `/` searches, `n` finds the next
    /// match; Tab moves the focus on, Esc gives it back to the phone.
    func logMessage(for key: Key) -> AppMessage {
        if logSearch != nil {
            switch key {
            case .escape: return .endLogSearch(find: false)
            case .enter: return .endLogSearch(find: true)
            default: return .editLogSearch(key)
            }
        }
        switch key {
        case .up, .char("k"): return .moveLogCursor(-1)
        case .down, .char("j"): return .moveLogCursor(1)
        case .pageUp: return .moveLogCursor(-10)
        case .pageDown: return .moveLogCursor(10)
        case .home, .char("g"): return .moveLogCursor(-log.count)
        case .end, .char("G"): return .moveLogCursor(log.count)
        case .enter, .char(" "), .right: return logCursor.map { .toggleLogEntry($0) } ?? log.last.map { .toggleLogEntry($0.sequence) } ?? .ignore
        case .char("y"), .char("Y"): return .copy
        case .char("/"): return .startLogSearch
        case .char("n"): return .findInLog
        case .char("?"): return .toggleHelp
        case .char("m"), .char("M"), .char("!"): return .toggleMessages
        case .char("q"), .char("Q"): return .quit
        case .char(":"): return .focusPrompt
        case .tab: return .focusNext
        case .escape, .left: return .focusPhone
        default: return .ignore
        }
    }

    /// Moves the log's cursor by `delta` entries (clamped) and scrolls so its lines are visible.
    mutating func moveLogCursor(_ delta: Int) {
        guard !log.isEmpty else { return }
        let current = logCursor.flatMap { cursor in log.firstIndex { $0.sequence == cursor } } ?? (log.count - 1)
        let next = min(max(0, current + min(max(delta, -log.count), log.count)), log.count - 1)
        logCursor = log[next].sequence
        revealLogCursor()
    }

    /// Scrolls the log so that the first line of the entry under the cursor is visible.
    mutating func revealLogCursor() {
        guard let panel = layout.log, let cursor = logCursor else { return }
        let lines = AppView.logLines(log, width: panel.width - 2, dropped: logDropped, expanded: isExpanded)
        guard let first = lines.firstIndex(where: { $0.sequence == cursor }),
              let last = lines.lastIndex(where: { $0.sequence == cursor }) else { return }
        let rows = max(1, panel.height - 3)
        // logScroll counts lines up from the newest; the window shows [count - scroll - rows, count - scroll).
        let end = lines.count - logScroll
        if first < end - rows {
            logScroll = max(0, lines.count - first - rows)
        } else if last >= end {
            logScroll = max(0, lines.count - last - 1)
        }
    }

    /// The whole text of a log entry, every step included, as the log shows it unfolded (what `y`
    /// copies while the log has the focus).
    package func fullText(of entry: RouteLogEntry) -> String {
        let lines = AppView.logLines([entry], width: 10_000, expanded: { _ in true })
        return lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    /// Moves the cursor to the next entry after it (wrapping) whose whole text contains the search
    /// text, case-insensitively; says so when none does.
    mutating func findInLog() {
        guard let query = lastLogSearch, !query.isEmpty, !log.isEmpty else { return }
        let start = logCursor.flatMap { cursor in log.firstIndex { $0.sequence == cursor } } ?? (log.count - 1)
        for offset in 1...log.count {
            let index = (start + offset) % log.count
            if fullText(of: log[index]).localizedCaseInsensitiveContains(query) {
                logCursor = log[index].sequence
                revealLogCursor()
                return
            }
        }
        status = AppStatus("No log entry contains \(query)", kind: .note)
    }
}
