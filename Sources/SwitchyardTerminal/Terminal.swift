/// A screen the app can draw ``Canvas`` frames on and read ``Key``s from.
///
/// Implementations are the ncurses backend (`NCursesTerminal` in SwitchyardCurses) and
/// ``MemoryTerminal`` for tests. All use happens on the main actor: terminals are not thread-safe.
@MainActor
public protocol Terminal: AnyObject {
    /// The current size in columns and rows.
    var size: (width: Int, height: Int) { get }

    /// Shows `canvas`, writing only the cells that differ from the previously presented frame.
    func present(_ canvas: Canvas)

    /// Waits up to `timeoutMilliseconds` (negative: forever, 0: poll) for the next input event;
    /// nil when none arrived in time.
    func readKey(timeoutMilliseconds: Int) -> Key?

    /// Restores the terminal to the state it was in before; the terminal is unusable afterwards.
    func shutdown()

    /// Suspends the app like a shell's job control (Ctrl-Z): restores the terminal, stops the
    /// process, and on resumption takes the terminal back; the next ``present(_:)`` repaints
    /// everything. Returns once the process runs again: true, or false at once when it could not
    /// be suspended.
    @discardableResult
    func suspend() -> Bool
}

extension Terminal {
    /// Does nothing and returns false: a terminal that cannot suspend keeps running.
    @discardableResult
    public func suspend() -> Bool {
        false
    }
}
