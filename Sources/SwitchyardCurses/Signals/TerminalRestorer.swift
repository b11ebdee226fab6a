import Glibc

/// Puts the terminal back when the process dies from a signal while ncurses owns it.
///
/// ``install()`` saves the terminal's termios and installs a handler for SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS and SIGFPE (Swift traps arrive as
/// SIGILL or SIGTRAP). The handler only does async-signal-safe work on memory prepared in advance:
/// `tcsetattr` with the saved termios, one `write` of pre-computed bytes (mouse reporting off,
/// bracketed paste off, cursor and keypad keys back to normal mode, leave the alternate screen, show
/// the cursor, reset attributes), then it
/// restores the default disposition and re-raises the signal so the process ends as it would have.
enum TerminalRestorer {
    /// The bytes written on the way out: mouse reporting off, bracketed paste off, normal cursor keys
    /// (`ESC [ ? 1 l`) and numeric keypad (`ESC >`), the keypad mode ncurses' `keypad(TRUE)` turned on
    /// (its `endwin` would turn it off, but a signal leaves no time for that), main screen, cursor
    /// on, attributes off.
    static let resetSequence = Array(
        ("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l"
            + "\u{1B}[?1l\u{1B}>\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m").utf8)

    /// The signals handled.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE]

    /// Memory the signal handler reads; allocated once and never freed, so it is always valid.
    struct State: @unchecked Sendable {
        /// Non-zero while a saved termios is to be restored.
        let armed: UnsafeMutablePointer<sig_atomic_t>
        /// The termios saved by ``install()``.
        let savedTermios: UnsafeMutablePointer<termios>
        /// The file descriptor the termios belongs to.
        let descriptor: UnsafeMutablePointer<Int32>
        /// ``resetSequence``, copied to memory that never moves.
        let bytes: UnsafeMutablePointer<UInt8>
        /// The number of ``bytes``.
        let byteCount: Int
        /// The dispositions in place before ``install()``, one per entry of ``signals``.
        let previous: UnsafeMutablePointer<sigaction>

        init() {
            armed = .allocate(capacity: 1)
            armed.initialize(to: 0)
            savedTermios = .allocate(capacity: 1)
            savedTermios.initialize(to: termios())
            descriptor = .allocate(capacity: 1)
            descriptor.initialize(to: STDIN_FILENO)
            byteCount = TerminalRestorer.resetSequence.count
            bytes = .allocate(capacity: byteCount)
            bytes.initialize(from: TerminalRestorer.resetSequence, count: byteCount)
            previous = .allocate(capacity: TerminalRestorer.signals.count)
            previous.initialize(repeating: sigaction(), count: TerminalRestorer.signals.count)
        }
    }

    /// The handler's memory (initialised by ``install()`` before any handler can run).
    static let state = State()

    /// Saves the termios of `descriptor` and installs the handlers; returns false (installing
    /// nothing) when the descriptor is not a terminal.
    @MainActor
    @discardableResult
    static func install(descriptor: Int32 = STDIN_FILENO) -> Bool {
        let state = self.state
        guard state.armed.pointee == 0 else {
            return true
        }
        guard tcgetattr(descriptor, state.savedTermios) == 0 else {
            return false
        }
        state.descriptor.pointee = descriptor
        state.armed.pointee = 1
        for (index, number) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TerminalRestorer.restoreAndReraise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, state.previous + index)
        }
        return true
    }

    /// Puts back the dispositions that were in place before ``install()`` and disarms.
    @MainActor
    static func uninstall() {
        let state = self.state
        guard state.armed.pointee != 0 else {
            return
        }
        state.armed.pointee = 0
        for (index, number) in signals.enumerated() {
            sigaction(number, state.previous + index, nil)
        }
    }

    /// The signal handler: restore the terminal, then die of `number` with the default action.
    private static func restoreAndReraise(_ number: Int32) {
        let state = self.state
        if state.armed.pointee != 0 {
            state.armed.pointee = 0
            _ = tcsetattr(state.descriptor.pointee, TCSANOW, state.savedTermios)
            _ = write(STDOUT_FILENO, state.bytes, state.byteCount)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
        // Blocked while this handler runs: delivered with the default action when it returns
        // (a fault re-executes the faulting instruction, which then ends the process too).
        raise(number)
    }
}
