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

    /// Drops the input typed ahead and not read yet (keys pressed faster than the app read them).
    func discardPendingInput()

    /// Restores the terminal to the state it was in before; the terminal is unusable afterwards.
    func shutdown()

    /// Suspends the app like a shell's job control (Ctrl-Z): restores the terminal, stops the
    /// process, and on resumption takes the terminal back; the next ``present(_:)`` repaints
    /// everything. Returns once the process runs again: true, or false at once when it could not
    /// be suspended.
    @discardableResult
    func suspend() -> Bool

    /// Puts `text` on the system clipboard through the terminal (OSC 52), where the terminal allows it.
    func copyToClipboard(_ text: String)
}

extension Terminal {
    /// Does nothing: a terminal without a clipboard.
    public func copyToClipboard(_ text: String) {}

    /// Does nothing: a terminal that keeps no typed-ahead input.
    public func discardPendingInput() {}

    /// The OSC 52 sequence that asks a terminal to put `text` on the clipboard.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    /// Standard base64 of `bytes`.
    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let b0 = Int(bytes[i])
            let b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
            out.append(table[b0 >> 2])
            out.append(table[((b0 & 3) << 4) | (b1 >> 4)])
            out.append(i + 1 < bytes.count ? table[((b1 & 15) << 2) | (b2 >> 6)] : "=")
            out.append(i + 2 < bytes.count ? table[b2 & 63] : "=")
            i += 3
        }
        return out
    }

    /// Does nothing and returns false: a terminal that cannot suspend keeps running.
    @discardableResult
    public func suspend() -> Bool {
        false
    }
}
