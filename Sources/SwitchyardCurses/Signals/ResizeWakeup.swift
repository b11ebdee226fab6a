import Glibc

/// Wakes the wait for input as soon as the terminal is resized.
///
/// ncurses learns of a resize from its own SIGWINCH handler but reports `KEY_RESIZE` only when
/// `wget_wch` is next called, so a loop waiting inside `wget_wch` for a second repaints up to a
/// second late. ``install()`` chains a handler in front of ncurses' one: it calls ncurses' handler
/// (keeping its bookkeeping), then writes a byte to a pipe (a self-pipe; `write` is
/// async-signal-safe). ``wait(input:timeoutMilliseconds:)`` polls the terminal and that pipe
/// together, so the wait ends the moment the signal arrives.
enum ResizeWakeup {
    /// What ended a ``wait(input:timeoutMilliseconds:)``.
    enum Wait: Equatable {
        /// The input descriptor is readable (or at its end, or in error).
        case input
        /// A resize signal arrived.
        case resized
        /// Nothing happened in time.
        case timedOut
        /// Another signal interrupted the wait.
        case interrupted
    }

    /// Memory the signal handler reads; allocated once and never freed, so it is always valid.
    struct State: @unchecked Sendable {
        /// The pipe's read end, or -1 when no pipe could be made.
        let readEnd: Int32
        /// The pipe's write end, or -1.
        let writeEnd: Int32
        /// Non-zero while the handler is installed.
        let installed: UnsafeMutablePointer<sig_atomic_t>
        /// The disposition in place before ``install()`` (ncurses' handler), called first.
        let previous: UnsafeMutablePointer<sigaction>

        init() {
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                for end in ends {
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                }
            } else {
                ends = [-1, -1]
            }
            readEnd = ends[0]
            writeEnd = ends[1]
            installed = .allocate(capacity: 1)
            installed.initialize(to: 0)
            previous = .allocate(capacity: 1)
            previous.initialize(to: sigaction())
        }
    }

    /// The handler's memory (made by the first ``install()``, before any handler can run).
    static let state = State()

    /// Installs the SIGWINCH handler in front of the current one (call after ncurses started);
    /// false when no pipe could be made, and then nothing is installed.
    @MainActor
    @discardableResult
    static func install() -> Bool {
        let state = self.state
        guard state.writeEnd >= 0 else {
            return false
        }
        guard state.installed.pointee == 0 else {
            return true
        }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { number, info, context in
            ResizeWakeup.handle(number, info, context)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        guard sigaction(SIGWINCH, &action, state.previous) == 0 else {
            return false
        }
        state.installed.pointee = 1
        return true
    }

    /// Puts the previous SIGWINCH disposition back. The pipe stays open for the next ``install()``.
    @MainActor
    static func uninstall() {
        let state = self.state
        guard state.installed.pointee != 0 else {
            return
        }
        sigaction(SIGWINCH, state.previous, nil)
        state.installed.pointee = 0
        drain()
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) until `input` is readable or a
    /// resize signal arrives; a resize is consumed (the pipe is drained) before returning.
    @MainActor
    static func wait(input: Int32, timeoutMilliseconds: Int) -> Wait {
        let state = self.state
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: state.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let count: nfds_t = state.readEnd >= 0 ? 2 : 1
        let result = poll(&descriptors, count, Int32(clamping: max(-1, timeoutMilliseconds)))
        if result < 0 {
            return .interrupted
        }
        if result == 0 {
            return .timedOut
        }
        if count == 2, descriptors[1].revents != 0 {
            drain()
            return .resized
        }
        return .input
    }

    /// Empties the pipe.
    @MainActor
    static func drain() {
        let state = self.state
        guard state.readEnd >= 0 else {
            return
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(state.readEnd, &buffer, buffer.count) > 0 {}
    }

    /// The signal handler: ncurses' handler first, then one byte into the pipe. Async-signal-safe
    /// (`write` and the previous handler only); `errno` is preserved.
    private static func handle(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                               _ context: UnsafeMutableRawPointer?) {
        let state = self.state
        let savedErrno = errno
        let previous = state.previous.pointee
        if previous.sa_flags & SA_SIGINFO != 0 {
            previous.__sigaction_handler.sa_sigaction?(number, info, context)
        } else if let handler = previous.__sigaction_handler.sa_handler,
                  unsafeBitCast(handler, to: Int.self) > 1 {
            // Neither SIG_DFL (0) nor SIG_IGN (1): a real handler.
            handler(number)
        }
        var byte: UInt8 = 1
        _ = write(state.writeEnd, &byte, 1)
        errno = savedErrno
    }
}
