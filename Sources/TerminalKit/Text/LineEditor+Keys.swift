/// The line editor driven by keys: one ``Key`` in, what it did out.
extension LineEditor {
    /// Applies one key: characters insert and a paste inserts its text as one line;
    /// Backspace/Ctrl-H, Delete/Ctrl-D, Left/Ctrl-B, Right/Ctrl-F, Home/Ctrl-A, End/Ctrl-E, Ctrl-K,
    /// Ctrl-U edit; Alt-b/Ctrl-Left and Alt-f/Ctrl-Right move by word, Ctrl-W/Alt-Backspace and
    /// Alt-d delete a word; Up/Ctrl-P and Down/Ctrl-N browse the history; Tab completes with
    /// `completer` (ignored without one), Esc closes its menu; Enter submits. Other keys are
    /// ``Outcome/ignored``.
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
        case .escape where !completions.isEmpty:
            // Esc closes the completion menu first, keeping the text; a second Esc is the caller's.
            resetCompletion()
            changed = true
        case .up where !completions.isEmpty, .down where !completions.isEmpty:
            // With the completion menu up, the arrows move through it, as Tab does.
            changed = stepCompletion(by: key == .up ? -1 : 1)
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
}
