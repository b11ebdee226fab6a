/// The line editor's placeholder fields: a pattern's `:name` parts, filled in one after another.
extension LineEditor {
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

    mutating func clearFields() {
        fields = []
        activeField = nil
        activeFieldIsPlaceholder = false
        filledFields = []
    }

    /// `key` while a field is being filled; nil when the key ends the fill.
    mutating func fillField(_ key: Key, completer: ((String) -> [String])?) -> Outcome? {
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
    mutating func replaceField(_ index: Int, with text: String) {
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
    mutating func resizeField(_ index: Int, by delta: Int, total: Int? = nil) {
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
}
