/// A single-line text field as a value: editing, history, Tab completion and horizontal
/// scrolling, driven by ``Key``s.
///
/// The text is edited by grapheme cluster, so the cursor never lands inside `é` or `👨‍👩‍👧`.
/// Columns are measured with ``DisplayWidth`` as the text is drawn by ``Canvas``, that is with
/// control and bidirectional characters shown as their ``Escaping`` form. Control characters
/// typed are dropped; a paste (``paste(_:)``) becomes one line first.
///
/// Every edit and cursor motion costs time in proportion to the text it inserts or the field's
/// width, never to the length of the whole line: typing or pasting *n* characters takes time
/// linear in *n*.
///
/// Set ``fieldWidth`` to the columns the field has on screen; ``window`` then gives the part of
/// the text to draw and where the cursor is, scrolling horizontally as the cursor moves.
public struct LineEditor: Hashable, Sendable {
    /// What ``handle(_:completer:)`` did with a key.
    public enum Outcome: Hashable, Sendable {
        /// The text or the cursor changed.
        case edited
        /// The key belongs to the editor but changed nothing (e.g. Left at the start).
        case unchanged
        /// Enter: the text was submitted (added to the history and cleared) and is returned.
        case submitted(String)
        /// The editor does not use this key; the caller may.
        case ignored
    }

    /// The part of the text visible in the field.
    public struct Window: Hashable, Sendable {
        /// The graphemes to draw at the field's first column (draw with ``Canvas/put(_:x:y:style:clip:)``).
        public var text: String
        /// The cursor's column relative to the field's first column.
        public var cursorColumn: Int
        /// Whether text is hidden to the left.
        public var hiddenLeft: Bool
        /// Whether text is hidden to the right.
        public var hiddenRight: Bool
    }

    /// The graphemes of the text.
    var graphemes: [Character]
    /// The cursor position, in graphemes from the start (0...count).
    public internal(set) var cursor: Int
    /// Earlier submitted lines, oldest first.
    public internal(set) var history: [String]
    /// The most lines kept in ``history``.
    public var historyLimit: Int
    /// The history entry shown, or nil while editing the draft.
    public internal(set) var historyIndex: Int?
    /// The text being edited before history browsing started.
    var draft: String = ""
    /// The candidates of the current completion cycle.
    public internal(set) var completions: [String] = []
    /// The index in ``completions`` shown by the last Tab, or nil before cycling.
    public internal(set) var completionIndex: Int?
    /// The text after the cursor when the completion cycle started, kept after the candidate.
    var completionSuffix: String = ""
    /// The placeholders (`:id<int>`, `*rest`) of a completed pattern still to be filled, as
    /// grapheme ranges of the text, in order. Empty outside a fill.
    public internal(set) var fields: [Range<Int>] = []
    /// The index in ``fields`` of the placeholder being filled.
    public internal(set) var activeField: Int?
    /// Whether the active field still holds its placeholder text (the next character replaces it).
    public internal(set) var activeFieldIsPlaceholder = false
    /// The fields typed into (and not emptied again): Enter submits only when every field is.
    var filledFields: Set<Int> = []
    /// The first grapheme shown in the field.
    public internal(set) var scrollStart: Int = 0
    /// The columns the field occupies on screen (at least 1).
    public var fieldWidth: Int {
        didSet {
            fieldWidth = max(1, fieldWidth)
            adjustScroll()
        }
    }

    /// Creates an editor holding `text` with the cursor at its end.
    public init(text: String = "", history: [String] = [], historyLimit: Int = 100, fieldWidth: Int = 80) {
        self.graphemes = Array(LineEditor.sanitized(text))
        self.cursor = graphemes.count
        self.historyLimit = max(0, historyLimit)
        self.history = Array(history.suffix(max(0, historyLimit)))
        self.fieldWidth = max(1, fieldWidth)
        adjustScroll()
    }

    // MARK: Reading

    /// The whole text (built on each call: use ``isEmpty`` or ``count`` where they do).
    public var text: String {
        String(graphemes)
    }

    /// Whether the text is empty.
    public var isEmpty: Bool {
        graphemes.isEmpty
    }

    /// The number of graphemes in the text.
    public var count: Int {
        graphemes.count
    }

    /// The text before the cursor.
    public var textBeforeCursor: String {
        String(graphemes[..<cursor])
    }

    /// The display column of the cursor from the start of the text.
    public var cursorColumn: Int {
        Self.width(graphemes[..<cursor])
    }

    /// The visible part of the text for a field of ``fieldWidth`` columns, and the cursor in it.
    public var window: Window {
        var shown = ""
        var used = 0
        var index = scrollStart
        while index < graphemes.count {
            let width = Self.width(graphemes[index])
            if used + width > fieldWidth {
                break
            }
            shown.append(graphemes[index])
            used += width
            index += 1
        }
        return Window(
            text: shown,
            cursorColumn: Self.width(graphemes[scrollStart..<cursor]),
            hiddenLeft: scrollStart > 0,
            hiddenRight: index < graphemes.count
        )
    }

    // MARK: Editing

    /// Replaces the whole text and puts the cursor at its end.
    public mutating func setText(_ text: String) {
        graphemes = Array(Self.sanitized(text))
        cursor = graphemes.count
        clearFields()
        edited()
    }

    /// Inserts `string` at the cursor (control characters are dropped) and moves the cursor after
    /// it; returns false when nothing was left to insert.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        let clean = Self.sanitized(string)
        guard !clean.isEmpty else {
            return false
        }
        // Re-segment only around the insertion point: a combining mark joins the grapheme before
        // it, and the inserted text may join the grapheme after it. Whether two graphemes join is
        // decided by the one grapheme on either side of the boundary, so the rest of the line is
        // left as it is and an insertion costs time in proportion to its own length.
        let start = max(0, cursor - 1)
        let end = min(graphemes.count, cursor + 1)
        var before = String(graphemes[start..<cursor])
        before += clean
        let beforeCount = before.count
        var joined = before
        joined += String(graphemes[cursor..<end])
        let replacement = Array(joined)
        graphemes.replaceSubrange(start..<end, with: replacement)
        cursor = start + min(beforeCount, replacement.count)
        edited()
        return true
    }

    /// Inserts pasted text at the cursor as one line (see ``singleLine(_:)``); returns false when
    /// nothing was left to insert.
    @discardableResult
    public mutating func paste(_ string: String) -> Bool {
        insert(Self.singleLine(string))
    }

    /// `text` made into one line the way a paste is inserted: one final line break (LF, CR or
    /// CR LF) is dropped, every other line break (also VT, FF, NEL, U+2028, U+2029) and every tab
    /// becomes a space, and other control characters are dropped. So a pasted URL is never
    /// submitted by its own newline, and a multi-line paste stays visible as one line.
    public static func singleLine(_ text: String) -> String {
        var body = Substring(text)
        if let last = body.last, last == "\n" || last == "\r" || last == "\r\n" {
            body = body.dropLast()
        }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in body.unicodeScalars {
            switch scalar.value {
            case 0x0A where previousWasCR:
                // The LF of a CR LF: the CR already became the space.
                break
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                break
            default:
                result.append(scalar)
            }
            previousWasCR = scalar.value == 0x0D
        }
        return String(result)
    }

    /// Deletes the grapheme before the cursor.
    @discardableResult
    public mutating func backspace() -> Bool {
        guard cursor > 0 else {
            return false
        }
        graphemes.remove(at: cursor - 1)
        cursor -= 1
        edited()
        return true
    }

    /// Deletes the grapheme under the cursor.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < graphemes.count else {
            return false
        }
        graphemes.remove(at: cursor)
        edited()
        return true
    }

    /// Moves the cursor one grapheme left.
    @discardableResult
    public mutating func moveLeft() -> Bool {
        moveCursor(to: cursor - 1)
    }

    /// Moves the cursor one grapheme right.
    @discardableResult
    public mutating func moveRight() -> Bool {
        moveCursor(to: cursor + 1)
    }

    /// Moves the cursor to the start (Home, Ctrl-A).
    @discardableResult
    public mutating func moveHome() -> Bool {
        moveCursor(to: 0)
    }

    /// Moves the cursor to the end (End, Ctrl-E).
    @discardableResult
    public mutating func moveEnd() -> Bool {
        moveCursor(to: graphemes.count)
    }

    /// Deletes from the cursor to the end (Ctrl-K).
    @discardableResult
    public mutating func killToEnd() -> Bool {
        guard cursor < graphemes.count else {
            return false
        }
        graphemes.removeSubrange(cursor...)
        edited()
        return true
    }

    /// Deletes the whole line (Ctrl-U).
    @discardableResult
    public mutating func killLine() -> Bool {
        guard !graphemes.isEmpty else {
            return false
        }
        graphemes.removeAll()
        cursor = 0
        edited()
        return true
    }

    /// Deletes the word before the cursor (Ctrl-W, Alt-Backspace): first any separators, then
    /// back to the previous separator. Separators are whitespace and the URL delimiters
    /// `/ ? & = # . : @`, so in `app://order/42` Ctrl-W deletes `42`, then `order/`.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        guard cursor > 0 else {
            return false
        }
        let start = wordStart(before: cursor)
        graphemes.removeSubrange(start..<cursor)
        cursor = start
        edited()
        return true
    }

    /// Deletes from the cursor to the end of the word after it (Alt-d): first any separators,
    /// then up to the next separator.
    @discardableResult
    public mutating func deleteWordForward() -> Bool {
        guard cursor < graphemes.count else {
            return false
        }
        graphemes.removeSubrange(cursor..<wordEnd(after: cursor))
        edited()
        return true
    }

    /// Moves the cursor to the start of the word before it (Alt-b, Ctrl-Left): back over
    /// separators, then back to the previous separator (the words of ``deleteWordBackward()``).
    @discardableResult
    public mutating func moveWordLeft() -> Bool {
        moveCursor(to: wordStart(before: cursor))
    }

    /// Moves the cursor to the end of the word after it (Alt-f, Ctrl-Right): forward over
    /// separators, then on to the next separator.
    @discardableResult
    public mutating func moveWordRight() -> Bool {
        moveCursor(to: wordEnd(after: cursor))
    }

    // MARK: Internals

    mutating func moveCursor(to position: Int) -> Bool {
        let clamped = min(max(0, position), graphemes.count)
        guard clamped != cursor else {
            return false
        }
        cursor = clamped
        resetCompletion()
        adjustScroll()
        return true
    }

    /// Bookkeeping after the text changed by editing.
    mutating func edited() {
        historyIndex = nil
        resetCompletion()
        adjustScroll()
    }

    mutating func resetCompletion() {
        completions = []
        completionIndex = nil
        completionSuffix = ""
    }

    mutating func showHistory(_ index: Int) {
        historyIndex = index
        graphemes = Array(history[index])
        cursor = graphemes.count
        resetCompletion()
        adjustScroll()
    }

    mutating func showCompletion(_ index: Int) {
        let candidate = completions[index]
        graphemes = Array(candidate + completionSuffix)
        cursor = min(Array(candidate).count, graphemes.count)
        completionIndex = index
        historyIndex = nil
        adjustScroll()
    }

    mutating func replaceBeforeCursor(with newPrefix: String) {
        graphemes = Array(newPrefix + String(graphemes[cursor...]))
        cursor = min(Array(newPrefix).count, graphemes.count)
        historyIndex = nil
        adjustScroll()
    }

    /// Scrolls so the cursor is inside the field, showing as much text as fits.
    ///
    /// Only the graphemes within about a field's width of the cursor and of the first shown
    /// grapheme are measured, so the cost does not grow with the length of the line.
    mutating func adjustScroll() {
        scrollStart = min(scrollStart, cursor)
        // The cursor needs a column of its own: keep width(scrollStart..<cursor) < fieldWidth.
        // The first start that fits is found walking back from the cursor.
        var start = cursor
        var used = 0
        while start > scrollStart {
            let width = Self.width(graphemes[start - 1])
            guard used + width < fieldWidth else {
                break
            }
            used += width
            start -= 1
        }
        scrollStart = start
        // Use free space on the right to reveal text scrolled off on the left.
        guard scrollStart > 0 else {
            return
        }
        var needed = cursor == graphemes.count ? 1 : 0
        var index = scrollStart
        while index < graphemes.count, needed <= fieldWidth {
            needed += Self.width(graphemes[index])
            index += 1
        }
        while scrollStart > 0 {
            let width = Self.width(graphemes[scrollStart - 1])
            guard needed + width <= fieldWidth else {
                break
            }
            needed += width
            scrollStart -= 1
        }
    }

    /// The start of the word before `position`: back over separators, then to the previous separator.
    func wordStart(before position: Int) -> Int {
        var start = position
        while start > 0, Self.isSeparator(graphemes[start - 1]) {
            start -= 1
        }
        while start > 0, !Self.isSeparator(graphemes[start - 1]) {
            start -= 1
        }
        return start
    }

    /// The end of the word after `position`: forward over separators, then to the next separator.
    func wordEnd(after position: Int) -> Int {
        var end = position
        while end < graphemes.count, Self.isSeparator(graphemes[end]) {
            end += 1
        }
        while end < graphemes.count, !Self.isSeparator(graphemes[end]) {
            end += 1
        }
        return end
    }

    /// The columns `character` takes as ``Canvas`` draws it (escaped when it must be).
    static func width(_ character: Character) -> Int {
        if character.unicodeScalars.contains(where: Escaping.needsEscape) {
            return DisplayWidth.of(Escaping.visible(String(character)))
        }
        return DisplayWidth.of(character)
    }

    static func width(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + width($1) }
    }

    static func isSeparator(_ character: Character) -> Bool {
        character.isWhitespace || "/?&=#.:@".contains(character)
    }

    /// `text` without C0/C1 control characters (bidi controls stay; they are drawn escaped).
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .control {
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
