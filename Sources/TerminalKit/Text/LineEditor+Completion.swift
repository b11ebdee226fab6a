/// The line editor's Tab completion: candidates from a completer, cycled in place.
extension LineEditor {
    /// Completes the text before the cursor (Tab).
    ///
    /// `completer` receives the text before the cursor and returns the full texts it could become.
    /// The first Tab extends the text to the candidates' longest common prefix; when that adds
    /// nothing it only lists the candidates (``completions``), as a shell does, and leaves the text
    /// as typed. Each further Tab shows the next candidate in turn. Any other edit ends the cycle.
    /// The text after the cursor is kept.
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
        }
        return true
    }

    /// Shows the candidate `delta` places from the one shown (the first or the last when none is shown
    /// yet), wrapping around; false when there is no completion menu.
    @discardableResult
    public mutating func stepCompletion(by delta: Int) -> Bool {
        guard !completions.isEmpty else { return false }
        let count = completions.count
        let next = completionIndex.map { (($0 + delta) % count + count) % count } ?? (delta < 0 ? count - 1 : 0)
        showCompletion(next)
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
}
