import TerminalKit

/// The route log panel's own model: its entries, what it dropped, how it is scrolled and folded, its
/// cursor and its search. The ``AppModel`` holds one (``AppModel/logPanel``), hands it the log's
/// messages (``update(_:area:)``) and asks it what a key means while the log has the focus.
///
/// Geometry comes in as the panel's area on screen: the log counts its lines at the area's width,
/// and scrolls so the cursor stays within its rows.
package struct LogPanel: Equatable, Sendable {
    /// The entries, oldest first.
    package var entries: [RouteLogEntry] = []
    /// How many older entries were dropped (the log says so on its first line).
    package var dropped = 0
    /// The most entries the log keeps.
    package var limit = 200
    /// How many lines the log is scrolled up from its newest line.
    package var scroll = 0
    /// Whether every open shows its detail (`x`); otherwise only the newest does.
    package var expandsAll = false
    /// Entries (by ``RouteLogEntry/sequence``) clicked open or shut against the default above.
    package var toggled: Set<Int> = []
    /// The entry the cursor is on (by ``RouteLogEntry/sequence``); nil: the newest.
    package var cursor: Int?
    /// The search being typed (`/`), while it is typed.
    package var search: LineEditor?
    /// The last search text, for `n`.
    package var lastSearch: String?
    /// The number the next line that is not a timeline event gets (negative, counting down).
    package var eventSequence = 0

    /// Creates an empty log.
    package init() {}

    /// Whether the log shows `entry`'s detail (an open's steps) or its summary line only.
    package func isExpanded(_ entry: RouteLogEntry) -> Bool {
        let newest = entries.last { $0.event == nil }?.sequence
        let byDefault = expandsAll || entry.sequence == newest
        return byDefault != toggled.contains(entry.sequence)
    }

    /// The entry under the cursor: the one chosen while the log has the focus, else the newest.
    package var selectedEntry: RouteLogEntry? {
        if let cursor, let entry = entries.first(where: { $0.sequence == cursor }) { return entry }
        return entries.last
    }

    /// The log's lines `width` columns wide (its panel's ``AppView/textArea(_:)``), as drawn.
    func lines(width: Int) -> [AppView.LogLine] {
        AppView.logLines(entries, width: width, dropped: dropped, expanded: isExpanded)
    }

    /// The whole text of `entry`, every step included, as the log shows it unfolded (what `y`
    /// copies while the log has the focus).
    package static func fullText(of entry: RouteLogEntry) -> String {
        let lines = AppView.logLines([entry], width: 10_000, expanded: { _ in true })
        return lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    /// Appends entries and drops the oldest past ``limit``; the view goes back to the newest line.
    mutating func append(_ new: [RouteLogEntry]) {
        entries += new
        trim()
        toggled = toggled.filter { toggled in entries.contains { $0.sequence == toggled } }
        scroll = 0
    }

    /// Drops the cursor and scrolls to the newest line: the log follows what happens next, as it
    /// does until the user moves into it.
    mutating func follow() {
        cursor = nil
        scroll = 0
    }

    /// Appends a line that is not a timeline event (a message, a reload). Such lines get negative
    /// numbers, so they never collide with the timeline's. A log that follows its newest line
    /// (no cursor) shows it.
    mutating func appendEvent(_ text: String, time: Double?) {
        if cursor == nil { scroll = 0 }
        eventSequence -= 1
        var entry = RouteLogEntry(id: eventSequence, url: "", outcome: "", isHandled: true, seconds: 0)
        entry.sequence = eventSequence
        entry.event = text
        entry.time = time
        entries.append(entry)
        trim()
    }

    /// Drops the oldest entries past ``limit``, counting them in ``dropped``.
    mutating func trim() {
        guard entries.count > limit else { return }
        dropped += entries.count - limit
        entries.removeFirst(entries.count - limit)
    }

    /// What the log makes of the messages that concern it alone, in its `area` on screen (nil when
    /// the log is hidden). Returns a status to show when it has something to say.
    mutating func update(_ message: AppMessage, area: Rect?) -> AppStatus? {
        switch message {
        case .moveLogCursor(let delta):
            moveCursor(delta, area: area)
        case .startLogSearch:
            search = LineEditor(historyLimit: 0)
        case .editLogSearch(let key):
            _ = search?.handle(key)
        case .endLogSearch(let find):
            let text = search?.text ?? ""
            search = nil
            if find, !text.isEmpty {
                lastSearch = text
                return findNext(older: true, from: cursorIndex + 1, area: area)
            }
        case .findInLog(let older):
            return findNext(older: older, from: cursorIndex, area: area)
        case .clearLogSearch:
            // The search's own status (`match 2/5 for …`) goes with it.
            guard let query = lastSearch else { return nil }
            lastSearch = nil
            return AppStatus("Search for \(query) ended", kind: .note)
        case .toggleLogEntry(let sequence):
            toggle(sequence, area: area)
        case .scrollLog(let delta):
            guard let area else { return nil }
            let most = max(0, lines(width: max(1, AppView.textArea(area).width)).count - (area.height - 2))
            scroll = min(max(0, min(scroll, most) + delta), most)
        default:
            break
        }
        return nil
    }

    /// Shows or hides an entry's detail; the clicked line stays where it is on screen: the scroll
    /// (counted from the newest line) moves by as many lines as fold or unfold below it.
    private mutating func toggle(_ sequence: Int, area: Rect?) {
        let linesBelow = { (log: LogPanel) -> Int in
            guard let area else { return 0 }
            let lines = log.lines(width: max(1, AppView.textArea(area).width))
            guard let header = lines.firstIndex(where: { $0.entry == sequence }) else { return 0 }
            return lines.count - header
        }
        let before = linesBelow(self)
        if toggled.contains(sequence) {
            toggled.remove(sequence)
        } else {
            toggled.insert(sequence)
        }
        if scroll > 0 || before != linesBelow(self) {
            scroll = max(0, scroll + linesBelow(self) - before)
        }
    }

    /// Moves the cursor by `delta` entries (clamped) and scrolls so its lines are visible.
    private mutating func moveCursor(_ delta: Int, area: Rect?) {
        guard !entries.isEmpty else { return }
        let current = cursor.flatMap { cursor in entries.firstIndex { $0.sequence == cursor } } ?? (entries.count - 1)
        let next = min(max(0, current + min(max(delta, -entries.count), entries.count)), entries.count - 1)
        cursor = entries[next].sequence
        revealCursor(area: area)
    }

    /// Scrolls so that the first line of the entry under the cursor is visible.
    private mutating func revealCursor(area: Rect?) {
        guard let area, let cursor else { return }
        let lines = lines(width: max(1, AppView.textArea(area).width))
        guard let first = lines.firstIndex(where: { $0.sequence == cursor }),
              let last = lines.lastIndex(where: { $0.sequence == cursor }) else { return }
        let rows = max(1, area.height - 3)
        // scroll counts lines up from the newest; the window shows [count - scroll - rows, count - scroll).
        let end = lines.count - scroll
        if first < end - rows {
            scroll = max(0, lines.count - first - rows)
        } else if last >= end {
            scroll = max(0, lines.count - last - 1)
        }
    }

    /// The index in ``entries`` of the entry under the cursor (the newest when it is on none).
    var cursorIndex: Int {
        cursor.flatMap { cursor in entries.firstIndex { $0.sequence == cursor } } ?? (entries.count - 1)
    }

    /// The indices of the entries whose whole text contains the last search, case-insensitively,
    /// oldest first.
    var matches: [Int] {
        guard let query = lastSearch, !query.isEmpty else { return [] }
        return entries.indices.filter { Self.fullText(of: entries[$0]).localizedCaseInsensitiveContains(query) }
    }

    /// Where the cursor is among the matches of the last search, counted from the newest (1 is the
    /// newest match), and how many there are; nil without a search or when the cursor is on none.
    var matchPosition: (index: Int, count: Int)? {
        let found = matches
        guard let at = found.firstIndex(of: cursorIndex) else { return nil }
        return (found.count - at, found.count)
    }

    /// Moves the cursor to the nearest entry before index `start` (`older`) or after it (wrapping)
    /// whose whole text contains the last search, case-insensitively; says which match it is of how
    /// many (`match 2/5`), or that none is.
    private mutating func findNext(older: Bool, from start: Int, area: Rect?) -> AppStatus? {
        guard let query = lastSearch, !query.isEmpty, !entries.isEmpty else { return nil }
        let count = entries.count
        for offset in 1...count {
            let index = ((older ? start - offset : start + offset) % count + count) % count
            if Self.fullText(of: entries[index]).localizedCaseInsensitiveContains(query) {
                cursor = entries[index].sequence
                revealCursor(area: area)
                // One match has no other to go to: the keys that move between matches are not offered.
                var found: AppStatus
                if let position = matchPosition, position.count == 1 {
                    found = AppStatus("the only match for \(query)", kind: .info)
                } else {
                    let position = matchPosition.map { "match \($0.index)/\($0.count)" } ?? "a match"
                    // Past the oldest match `n` goes round to the newest (and `N` the other way): said, as
                    // less and vim say it.
                    let wrapped = older ? index >= start : index <= start
                    let round = wrapped ? (older ? " (wrapped to the newest)" : " (wrapped to the oldest)") : ""
                    found = AppStatus("\(position) for \(query)\(round) · n older, N newer", kind: .info)
                }
                found.origin = "/" + query
                found.isProgress = true
                return found
            }
        }
        return AppStatus("No log entry contains \(query)", kind: .note)
    }

    /// Keys while the log has the focus (lazygit's list panels): ↑ ↓ (k j) move the cursor,
    /// `g` / `G` (Home / End) go to the oldest / newest entry, Enter (Space, →) unfolds or folds
    /// the open under the cursor, `y` copies the whole entry, `/` searches, `n` finds an older match and `N` a newer
    /// match; Tab moves the focus on. Esc first ends a search that is shown (its footer and marks go), as
    /// in less or lazygit, and then gives the keys back to the phone.
    func message(for key: Key) -> AppMessage {
        if search != nil {
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
        case .home, .char("g"): return .moveLogCursor(-entries.count)
        case .end, .char("G"): return .moveLogCursor(entries.count)
        case .enter, .char(" "), .right:
            return (cursor ?? entries.last?.sequence).map { .toggleLogEntry($0) } ?? .ignore
        case .char("y"), .char("Y"): return .copy
        case .char("/"): return .startLogSearch
        case .char("n"): return .findInLog(older: true)
        case .char("N"): return .findInLog(older: false)
        case .char("?"): return .toggleHelp
        case .char("m"), .char("M"), .char("!"): return .toggleMessages
        case .char("q"), .char("Q"): return .quit
        case .char(":"): return .focusPrompt
        case .tab: return .focusNext
        case .escape where lastSearch?.isEmpty == false: return .clearLogSearch
        case .escape, .left: return .focusPhone
        default: return .ignore
        }
    }
}
