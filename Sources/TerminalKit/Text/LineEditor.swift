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
    private var graphemes: [Character]
    /// The cursor position, in graphemes from the start (0...count).
    public private(set) var cursor: Int
    /// Earlier submitted lines, oldest first.
    public private(set) var history: [String]
    /// The most lines kept in ``history``.
    public var historyLimit: Int
    /// The history entry shown, or nil while editing the draft.
    public private(set) var historyIndex: Int?
    /// The text being edited before history browsing started.
    private var draft: String = ""
    /// The candidates of the current completion cycle.
    public private(set) var completions: [String] = []
    /// The index in ``completions`` shown by the last Tab, or nil before cycling.
    public private(set) var completionIndex: Int?
    /// The text after the cursor when the completion cycle started, kept after the candidate.
    private var completionSuffix: String = ""
    /// The placeholders (`:id<int>`, `*rest`) of a completed pattern still to be filled, as
    /// grapheme ranges of the text, in order. Empty outside a fill.
    public private(set) var fields: [Range<Int>] = []
    /// The index in ``fields`` of the placeholder being filled.
    public private(set) var activeField: Int?
    /// Whether the active field still holds its placeholder text (the next character replaces it).
    public private(set) var activeFieldIsPlaceholder = false
    /// The fields typed into (and not emptied again): Enter submits only when every field is.
    private var filledFields: Set<Int> = []
    /// The first grapheme shown in the field.
    public private(set) var scrollStart: Int = 0
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

    // MARK: History

    /// Shows the previous history entry (Up); the text being edited is kept as the draft.
    @discardableResult
    public mutating func historyPrevious() -> Bool {
        guard !history.isEmpty else {
            return false
        }
        let index: Int
        if let current = historyIndex {
            guard current > 0 else {
                return false
            }
            index = current - 1
        } else {
            draft = text
            index = history.count - 1
        }
        showHistory(index)
        return true
    }

    /// Shows the next history entry, or the draft after the newest one (Down).
    @discardableResult
    public mutating func historyNext() -> Bool {
        guard let current = historyIndex else {
            return false
        }
        if current + 1 < history.count {
            showHistory(current + 1)
        } else {
            graphemes = Array(draft)
            cursor = graphemes.count
            historyIndex = nil
            resetCompletion()
            adjustScroll()
        }
        return true
    }

    /// Returns the text, adds it to the history (unless empty or equal to the newest entry) and
    /// clears the editor.
    public mutating func submit() -> String {
        let submitted = text
        if !submitted.isEmpty, history.last != submitted, historyLimit > 0 {
            history.append(submitted)
            if history.count > historyLimit {
                history.removeFirst(history.count - historyLimit)
            }
        }
        graphemes = []
        cursor = 0
        draft = ""
        historyIndex = nil
        resetCompletion()
        clearFields()
        scrollStart = 0
        return submitted
    }

    // MARK: Completion

    /// Completes the text before the cursor (Tab).
    ///
    /// `completer` receives the text before the cursor and returns the full texts it could become.
    /// The first Tab extends the text to the candidates' longest common prefix; when that adds
    /// nothing (or on the next Tab), each Tab shows the next candidate in turn. Any other edit
    /// ends the cycle. The text after the cursor is kept.
    @discardableResult
    public mutating func complete(using completer: (String) -> [String]) -> Bool {
        if let index = completionIndex, !completions.isEmpty {
            let next = (index + 1) % completions.count
            showCompletion(next)
            return true
        }
        if !completions.isEmpty {
            showCompletion(0)
            return true
        }
        let prefix = textBeforeCursor
        var candidates: [String] = []
        for candidate in completer(prefix).map(Self.sanitized) where !candidates.contains(candidate) {
            candidates.append(candidate)
        }
        guard !candidates.isEmpty else {
            return false
        }
        completionSuffix = String(graphemes[cursor...])
        if candidates.count == 1, let only = candidates.first {
            replaceBeforeCursor(with: only)
            completionSuffix = ""
            return only != prefix
        }
        let common = Self.longestCommonPrefix(candidates)
        completions = candidates
        if common.count > prefix.count {
            replaceBeforeCursor(with: common)
            return true
        }
        showCompletion(0)
        return true
    }

    /// The longest common prefix of `strings`, by grapheme.
    public static func longestCommonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else {
            return ""
        }
        for string in strings.dropFirst() {
            let other = Array(string)
            var count = 0
            while count < prefix.count, count < other.count, prefix[count] == other[count] {
                count += 1
            }
            prefix.removeSubrange(count...)
        }
        return String(prefix)
    }

    // MARK: Keys

    /// Applies one key: characters insert and a paste inserts its text as one line;
    /// Backspace/Ctrl-H, Delete/Ctrl-D, Left/Ctrl-B, Right/Ctrl-F, Home/Ctrl-A, End/Ctrl-E, Ctrl-K,
    /// Ctrl-U edit; Alt-b/Ctrl-Left and Alt-f/Ctrl-Right move by word, Ctrl-W/Alt-Backspace and
    /// Alt-d delete a word; Up/Ctrl-P and Down/Ctrl-N browse the history; Tab completes with
    /// `completer` (ignored without one); Enter submits. Other keys are ``Outcome/ignored``.
    ///
    /// After a completion inserts a pattern, its placeholders become fields: the first is selected,
    /// a typed character (or a paste) replaces it, Backspace edits it, and Tab moves to the next
    /// one (after the last, to the end). Any other key ends the fill and does what it always does.
    public mutating func handle(_ key: Key, completer: ((String) -> [String])? = nil) -> Outcome {
        if activeField != nil, let outcome = fillField(key, completer: completer) {
            return outcome
        }
        clearFields()
        let changed: Bool
        switch key {
        case .char(let character):
            changed = insert(String(character))
        case .paste(let pasted):
            changed = paste(pasted)
        case .backspace, .ctrl("h"):
            changed = backspace()
        case .delete, .ctrl("d"):
            changed = deleteForward()
        case .left, .ctrl("b"):
            changed = moveLeft()
        case .right, .ctrl("f"):
            changed = moveRight()
        case .home, .ctrl("a"):
            changed = moveHome()
        case .end, .ctrl("e"):
            changed = moveEnd()
        case .ctrl("k"):
            changed = killToEnd()
        case .ctrl("u"):
            changed = killLine()
        case .ctrl("w"), .altBackspace:
            changed = deleteWordBackward()
        case .alt("d"):
            changed = deleteWordForward()
        case .alt("b"), .ctrlLeft:
            changed = moveWordLeft()
        case .alt("f"), .ctrlRight:
            changed = moveWordRight()
        case .up, .ctrl("p"):
            changed = historyPrevious()
        case .down, .ctrl("n"):
            changed = historyNext()
        case .tab:
            guard let completer else {
                return .ignored
            }
            changed = complete(using: completer)
            if changed {
                selectFirstField()
            }
        case .enter:
            return .submitted(submit())
        default:
            return .ignored
        }
        return changed ? .edited : .unchanged
    }

    // MARK: Placeholder fields

    /// Shows candidate `index` of the current completion cycle (a click on the completion menu),
    /// selecting its first placeholder; returns false when there is no such candidate.
    @discardableResult
    public mutating func chooseCompletion(_ index: Int) -> Bool {
        guard completions.indices.contains(index) else {
            return false
        }
        showCompletion(index)
        selectFirstField()
        return true
    }

    /// The grapheme ranges of the placeholders in `text`: path segments that start with `:` or
    /// `*`, up to the next `/`, `?` or `#` outside brackets (so `:id([0-9]+)` and `:id<int>` are
    /// one field each). Only what follows `://`, or the whole text when it has none, is searched.
    public static func placeholderRanges(in text: String) -> [Range<Int>] {
        let characters = Array(text)
        var start = 0
        if let scheme = text.range(of: "://") {
            start = text[..<scheme.upperBound].count
        }
        var ranges: [Range<Int>] = []
        var index = start
        var atSegmentStart = true
        while index < characters.count {
            let character = characters[index]
            if atSegmentStart, character == ":" || character == "*" {
                var depth = 0
                var end = index + 1
                scan: while end < characters.count {
                    switch characters[end] {
                    case "(", "<", "[", "{": depth += 1
                    case ")", ">", "]", "}": depth = max(0, depth - 1)
                    case "/", "?", "#":
                        if depth == 0 {
                            break scan
                        }
                    default: break
                    }
                    end += 1
                }
                ranges.append(index..<end)
                index = end
                atSegmentStart = false
                continue
            }
            atSegmentStart = character == "/"
            if character == "?" || character == "#" {
                break
            }
            index += 1
        }
        return ranges
    }

    /// Turns the placeholders of the text into fields and selects the first one, if any (as a
    /// completion does; for a pattern put in the field some other way).
    public mutating func selectFirstField() {
        fields = Self.placeholderRanges(in: String(graphemes))
        guard let first = fields.first else {
            clearFields()
            return
        }
        activeField = 0
        activeFieldIsPlaceholder = true
        filledFields = []
        cursor = first.lowerBound
        adjustScroll()
    }

    private mutating func clearFields() {
        fields = []
        activeField = nil
        activeFieldIsPlaceholder = false
        filledFields = []
    }

    /// `key` while a field is being filled; nil when the key ends the fill.
    private mutating func fillField(_ key: Key, completer: ((String) -> [String])?) -> Outcome? {
        guard let active = activeField, fields.indices.contains(active) else {
            return nil
        }
        let field = fields[active]
        switch key {
        case .char, .paste:
            let inserted: String
            if case .char(let character) = key {
                inserted = String(character)
            } else if case .paste(let text) = key {
                inserted = Self.singleLine(text)
            } else {
                inserted = ""
            }
            guard !Self.sanitized(inserted).isEmpty else {
                return .unchanged
            }
            if activeFieldIsPlaceholder {
                replaceField(active, with: inserted)
            } else {
                let before = graphemes.count
                insert(inserted)
                resizeField(active, by: graphemes.count - before)
            }
            return .edited
        case .backspace, .ctrl("h"):
            if activeFieldIsPlaceholder {
                replaceField(active, with: "")
                return .edited
            }
            guard cursor > field.lowerBound else {
                return nil
            }
            let before = graphemes.count
            backspace()
            resizeField(active, by: graphemes.count - before)
            return .edited
        case .enter:
            // A placeholder not yet typed over is not a URL: Enter selects the first one (one skipped
            // with Tab too) instead of submitting.
            guard let unfilled = fields.indices.first(where: { !filledFields.contains($0) }) else {
                return nil
            }
            activeField = unfilled
            activeFieldIsPlaceholder = true
            cursor = fields[unfilled].lowerBound
            resetCompletion()
            adjustScroll()
            return .unchanged
        case .tab:
            if !completions.isEmpty, let completer {
                // Still cycling: Tab shows the next candidate.
                let changed = complete(using: completer)
                selectFirstField()
                return changed ? .edited : .unchanged
            }
            let next = active + 1
            if fields.indices.contains(next) {
                activeField = next
                activeFieldIsPlaceholder = true
                cursor = fields[next].lowerBound
                adjustScroll()
            } else {
                clearFields()
                cursor = graphemes.count
                adjustScroll()
            }
            return .edited
        default:
            return nil
        }
    }

    /// Replaces field `index`'s text with `text`, which it then holds, with the cursor after it.
    private mutating func replaceField(_ index: Int, with text: String) {
        let field = fields[index]
        let before = graphemes.count
        graphemes.removeSubrange(field)
        cursor = field.lowerBound
        fields[index] = field.lowerBound..<field.lowerBound
        historyIndex = nil
        resetCompletion()
        if !text.isEmpty {
            insert(text)
        }
        activeFieldIsPlaceholder = false
        resizeField(index, by: 0, total: graphemes.count - before)
        adjustScroll()
    }

    /// Field `index` grew (or shrank) by `delta` graphemes at its end (`total`: the whole text's
    /// change, when the field was first emptied); the fields after it move along.
    private mutating func resizeField(_ index: Int, by delta: Int, total: Int? = nil) {
        let field = fields[index]
        let shift = total ?? delta
        let end = total == nil ? field.upperBound + delta : field.lowerBound + (cursor - field.lowerBound)
        fields[index] = field.lowerBound..<max(field.lowerBound, end)
        if fields[index].isEmpty {
            filledFields.remove(index)
        } else {
            filledFields.insert(index)
        }
        for later in fields.indices where later > index {
            fields[later] = (fields[later].lowerBound + shift)..<(fields[later].upperBound + shift)
        }
    }

    /// The columns of the active field within ``window``, relative to the field's first column,
    /// while it still holds its placeholder (for drawing it selected).
    public var activePlaceholderColumns: Range<Int>? {
        guard activeFieldIsPlaceholder, let active = activeField, fields.indices.contains(active) else {
            return nil
        }
        let field = fields[active]
        let start = max(field.lowerBound, scrollStart)
        guard start < field.upperBound else {
            return nil
        }
        let from = Self.width(graphemes[scrollStart..<start])
        return from..<(from + Self.width(graphemes[start..<field.upperBound]))
    }

    // MARK: Internals

    private mutating func moveCursor(to position: Int) -> Bool {
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
    private mutating func edited() {
        historyIndex = nil
        resetCompletion()
        adjustScroll()
    }

    private mutating func resetCompletion() {
        completions = []
        completionIndex = nil
        completionSuffix = ""
    }

    private mutating func showHistory(_ index: Int) {
        historyIndex = index
        graphemes = Array(history[index])
        cursor = graphemes.count
        resetCompletion()
        adjustScroll()
    }

    private mutating func showCompletion(_ index: Int) {
        let candidate = completions[index]
        graphemes = Array(candidate + completionSuffix)
        cursor = min(Array(candidate).count, graphemes.count)
        completionIndex = index
        historyIndex = nil
        adjustScroll()
    }

    private mutating func replaceBeforeCursor(with newPrefix: String) {
        graphemes = Array(newPrefix + String(graphemes[cursor...]))
        cursor = min(Array(newPrefix).count, graphemes.count)
        historyIndex = nil
        adjustScroll()
    }

    /// Scrolls so the cursor is inside the field, showing as much text as fits.
    ///
    /// Only the graphemes within about a field's width of the cursor and of the first shown
    /// grapheme are measured, so the cost does not grow with the length of the line.
    private mutating func adjustScroll() {
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
    private func wordStart(before position: Int) -> Int {
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
    private func wordEnd(after position: Int) -> Int {
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
    private static func width(_ character: Character) -> Int {
        if character.unicodeScalars.contains(where: Escaping.needsEscape) {
            return DisplayWidth.of(Escaping.visible(String(character)))
        }
        return DisplayWidth.of(character)
    }

    private static func width(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + width($1) }
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character.isWhitespace || "/?&=#.:@".contains(character)
    }

    /// `text` without C0/C1 control characters (bidi controls stay; they are drawn escaped).
    private static func sanitized(_ text: String) -> String {
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
