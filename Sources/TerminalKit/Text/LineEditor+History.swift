/// The line editor's history: Up and Down walk the lines submitted before, keeping the draft.
extension LineEditor {
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
}
