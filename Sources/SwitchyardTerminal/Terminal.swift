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
}
