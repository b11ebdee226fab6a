import CNcursesw
import Glibc
import TerminalKit

/// The real ``Terminal``: ncursesw on the process's standard input and output.
///
/// All ncurses calls of the app happen in this class, on the main actor. Creating one:
/// - returns nil when standard input or output is not a terminal, `TERM` is unset or `dumb`
///   (``unavailability()`` says which), or `TERM` is unknown to terminfo (ncurses' `newterm`
///   fails) — the caller then runs headless;
/// - switches the C locale to the environment's, or to `C.UTF-8` when that is not UTF-8, since
///   ncursesw drops non-ASCII text otherwise (see ``isUnicode``);
/// - installs signal handlers that restore the terminal if the process dies (see
///   `TerminalRestorer`), then sets raw mode, no echo, keypad, a 25 ms Escape delay, mouse
///   clicks, bracketed paste and the colour pairs of ``ColorRole`` (none when `NO_COLOR` is set);
/// - chains a SIGWINCH handler in front of ncurses' one, so a resize ends the wait for input
///   at once (see `ResizeWakeup`).
///
/// Keys are decoded by ncurses (keypad) and then by ``InputDecoder``: Escape followed by a
/// character is Alt with it, a bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) is one
/// ``Key/paste(_:)``, Ctrl-arrows are ``Key/ctrlLeft`` and ``Key/ctrlRight``.
///
/// Call ``shutdown()`` before exiting. In raw mode Ctrl-C does not raise SIGINT: it is read as
/// `.ctrl("c")`, and Ctrl-Z as `.ctrl("z")` (see ``suspend()``).
@MainActor
public final class NCursesTerminal: Terminal {
    /// The ncurses screen.
    private let screen: OpaquePointer
    /// Its standard window.
    private let window: UnsafeMutablePointer<WINDOW>
    /// The last presented frame, or nil when the next one must be drawn in full.
    private var previous: Canvas?
    /// Whether colour pairs were set up.
    private let hasColors: Bool
    /// Whether the mouse is reported.
    private let usesMouse: Bool
    /// Turns what ncurses reads into keys.
    private var decoder = InputDecoder()
    /// The inputs of the key codes defined with `define_key` (paste markers, Ctrl-arrows).
    private var definedKeys: [Int32: RawInput] = [:]
    /// Whether ``shutdown()`` ran.
    public private(set) var isShutDown = false
    /// Whether the C locale is UTF-8, so non-ASCII text can be shown.
    public let isUnicode: Bool
    /// The number of cells the last ``present(_:)`` wrote.
    public private(set) var lastChangedCellCount = 0

    /// Why the app cannot be drawn on this process's terminal.
    public enum Unavailability: Hashable, Sendable, CustomStringConvertible {
        /// Standard input is not a terminal (a pipe or a file).
        case inputNotATerminal
        /// Standard output is not a terminal.
        case outputNotATerminal
        /// `TERM` is unset or empty.
        case termNotSet
        /// `TERM=dumb`: a terminal that cannot move the cursor.
        case dumbTerminal
        /// `TERM` names a terminal terminfo does not know.
        case unknownTerm(String)

        /// The reason in words, e.g. `TERM=dumb cannot move the cursor`.
        public var description: String {
            switch self {
            case .inputNotATerminal: "standard input is not a terminal"
            case .outputNotATerminal: "standard output is not a terminal"
            case .termNotSet: "TERM is not set"
            case .dumbTerminal: "TERM=dumb cannot move the cursor"
            case .unknownTerm(let name): "TERM=\(name) is unknown to terminfo"
            }
        }
    }

    /// Why a terminal cannot be started, or nil when it can be tried: standard input and output
    /// are terminals and `TERM` is set to something other than `dumb`. (`TERM` may still be
    /// unknown to terminfo, in which case the initialiser returns nil: see ``termName``.)
    public nonisolated static func unavailability() -> Unavailability? {
        guard isatty(STDIN_FILENO) == 1 else {
            return .inputNotATerminal
        }
        guard isatty(STDOUT_FILENO) == 1 else {
            return .outputNotATerminal
        }
        guard let name = termName else {
            return .termNotSet
        }
        return name == "dumb" ? .dumbTerminal : nil
    }

    /// Whether a terminal can be started (``unavailability()`` is nil).
    public nonisolated static func isSupported() -> Bool {
        unavailability() == nil
    }

    /// `TERM`, or nil when it is unset or empty.
    public nonisolated static var termName: String? {
        guard let term = getenv("TERM") else {
            return nil
        }
        let name = String(cString: term)
        return name.isEmpty ? nil : name
    }

    /// Whether colours are wanted: false when `NO_COLOR` is set to anything but the empty string
    /// (https://no-color.org).
    public nonisolated static func colorsWanted() -> Bool {
        guard let value = getenv("NO_COLOR") else {
            return true
        }
        return value.pointee == 0
    }

    /// Starts ncurses; nil when ``isSupported()`` is false or `TERM` is unknown.
    ///
    /// - Parameters:
    ///   - escapeDelayMilliseconds: how long a lone Escape waits for the rest of a key sequence.
    ///   - mouse: whether to report mouse clicks and wheel events.
    ///   - colors: whether to use colours (``colorsWanted()`` by default); without them text keeps
    ///     its bold, reverse, dim and underline, and the title bar and selected tab are reversed.
    ///   - palette: the colours for the terminal's background (``Palette/detected(environment:)`` by default).
    public init?(escapeDelayMilliseconds: Int = 25, mouse: Bool = true, colors: Bool = NCursesTerminal.colorsWanted(),
                 palette: Palette = .detected()) {
        guard Self.isSupported() else {
            return nil
        }
        isUnicode = Self.configureLocale()
        // Before newterm, so ncurses keeps our SIGINT/SIGTERM handlers instead of its own.
        TerminalRestorer.install()
        guard let screen = sy_newterm(nil) else {
            TerminalRestorer.uninstall()
            return nil
        }
        guard let window = sy_stdscr() else {
            endwin()
            delscreen(screen)
            TerminalRestorer.uninstall()
            return nil
        }
        self.screen = screen
        self.window = window
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(Int32(clamping: escapeDelayMilliseconds))
        curs_set(0)
        hasColors = colors && Self.configureColors(palette)
        usesMouse = mouse
        if mouse {
            let mask = sy_button1_clicked() | sy_button1_double_clicked() | sy_button4_pressed() | sy_button5_pressed()
            mousemask(mask, nil)
        }
        definedKeys = Self.defineKeys()
        werase(window)
        wrefresh(window)
        Self.writeControl(Self.bracketedPasteOn)
        ResizeWakeup.install()
    }

    /// Turns bracketed paste on: the terminal wraps pasted text in `ESC [ 200 ~` … `ESC [ 201 ~`.
    static let bracketedPasteOn = "\u{1B}[?2004h"
    /// Turns bracketed paste off.
    static let bracketedPasteOff = "\u{1B}[?2004l"

    /// The window's size in columns and rows.
    public var size: (width: Int, height: Int) {
        guard !isShutDown else {
            return (0, 0)
        }
        return (Int(max(0, sy_maxx(window))), Int(max(0, sy_maxy(window))))
    }

    /// Draws the cells of `canvas` that differ from the last frame, places the cursor and refreshes.
    public func present(_ canvas: Canvas) {
        guard !isShutDown else {
            return
        }
        let diff = FrameDiff(from: previous, to: canvas)
        if diff.isFullRedraw {
            werase(window)
        }
        let (columns, rows) = size
        for run in diff.runs where run.y < rows {
            var x = run.x
            for cell in run.cells {
                if x < columns {
                    draw(cell, x: x, y: run.y, columns: columns)
                }
                x += 1
            }
        }
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.x < columns, cursor.y >= 0, cursor.y < rows {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
        previous = canvas
        lastChangedCellCount = diff.changedCells
    }

    /// Forgets the last frame, so the next ``present(_:)`` repaints the whole screen.
    public func invalidate() {
        previous = nil
        if !isShutDown {
            clearok(window, true)
        }
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key, paste, mouse event or
    /// resize. A resize ends the wait at once. Returns nil when nothing came in time, and at once
    /// when the input is gone (end of file).
    public func readKey(timeoutMilliseconds: Int) -> Key? {
        guard !isShutDown else {
            return nil
        }
        return decoder.nextKey(timeoutMilliseconds: timeoutMilliseconds) { wait in
            readInput(wait)
        }
    }

    /// Drops the keys typed ahead (ncurses' `flushinp`) and what the key decoder holds.
    public func discardPendingInput() {
        flushinp()
        decoder.discardPending()
    }

    /// Ends ncurses (`endwin`), restoring the terminal and the previous signal handlers.
    public func shutdown() {
        guard !isShutDown else {
            return
        }
        isShutDown = true
        ResizeWakeup.uninstall()
        Self.writeControl(Self.bracketedPasteOff)
        mousemask(0, nil)
        endwin()
        delscreen(screen)
        TerminalRestorer.uninstall()
    }

    /// Suspends the process as a shell's Ctrl-Z would: leaves curses mode (the shell's screen
    /// and terminal settings come back, bracketed paste and the mouse are off), stops the process
    /// with SIGTSTP, and when the shell resumes it (`fg`) takes the terminal back; the next
    /// ``present(_:)`` repaints everything.
    ///
    /// Returns false, doing nothing, when no job-control shell could resume the process (it was
    /// started directly in a terminal window, or under a shell without job control, so its
    /// process group is orphaned and the kernel would discard the stop) or SIGTSTP is ignored.
    ///
    /// The stop is taken by the calling thread with SIGTSTP's default action: ncurses' own
    /// SIGTSTP handler is set aside meanwhile, since it would run on whichever thread the kernel
    /// picks and redraw while this thread is still drawing.
    @discardableResult
    public func suspend() -> Bool {
        guard !isShutDown, Self.hasJobControlShell() else {
            return false
        }
        var current = sigaction()
        guard sigaction(SIGTSTP, nil, &current) == 0, !Self.isIgnored(current) else {
            return false
        }
        Self.writeControl(Self.bracketedPasteOff)
        endwin()
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var previousAction = sigaction()
        sigaction(SIGTSTP, &defaultAction, &previousAction)
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stop, &previousMask)
        // Delivered to this thread before `raise` returns: the process stops here until `fg`.
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        sigaction(SIGTSTP, &previousAction, nil)
        // Resumed: the refresh puts back raw mode and the alternate screen.
        Self.writeControl(Self.bracketedPasteOn)
        if usesMouse {
            let mask = sy_button1_clicked() | sy_button1_double_clicked() | sy_button4_pressed() | sy_button5_pressed()
            mousemask(mask, nil)
        }
        invalidate()
        wrefresh(window)
        return true
    }

    /// Whether `action` ignores its signal (SIG_IGN).
    private static func isIgnored(_ action: sigaction) -> Bool {
        guard action.sa_flags & SA_SIGINFO == 0, let handler = action.__sigaction_handler.sa_handler else {
            return false
        }
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    /// Whether a job-control shell can resume this process after a stop: some ancestor in this
    /// process group has its parent in another process group of the same session (the process
    /// group is not orphaned). Ancestors are followed through `/proc`.
    private static func hasJobControlShell() -> Bool {
        let group = getpgrp()
        let session = getsid(0)
        guard group >= 0, session >= 0, session != getpid() else {
            return false
        }
        var parent = getppid()
        for _ in 0..<32 {
            guard parent > 1 else {
                return false
            }
            let parentGroup = getpgid(parent)
            guard parentGroup >= 0 else {
                return false
            }
            if parentGroup != group {
                return getsid(parent) == session
            }
            guard let next = parentProcess(of: parent) else {
                return false
            }
            parent = next
        }
        return false
    }

    /// The parent of process `pid`, from `/proc/PID/stat` (the field after the state, which
    /// follows the parenthesised command name).
    private static func parentProcess(of pid: pid_t) -> pid_t? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0, let nameEnd = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else {
            return nil
        }
        let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else {
            return nil
        }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    // MARK: Internals

    /// Writes one cell (a continuation cell is covered by its wide grapheme).
    private func draw(_ cell: Cell, x: Int, y: Int, columns: Int) {
        let style = cell.style
        var attributes = sy_attributes(
            style.bold ? 1 : 0,
            style.reverse ? 1 : 0,
            style.dim ? 1 : 0,
            style.underline ? 1 : 0
        )
        let known = style.colorPair > 0 && style.colorPair < ColorRole.allCases.count
        let pair: Int16 = hasColors && known ? Int16(style.colorPair) : 0
        let inverted = style.colorPair == ColorRole.titleBar.rawValue
            || style.colorPair == ColorRole.tabSelected.rawValue
        if !hasColors, inverted {
            // Without colours the bars would vanish into the background: reverse them instead.
            attributes |= sy_attributes(0, 1, 0, 0)
        }
        var column = x
        for glyph in GlyphFallback.glyphs(for: cell, systemWidth: Self.systemWidth) {
            guard column < columns, let base = glyph.first else {
                break
            }
            let width = max(1, Self.systemWidth(base))
            if column + width > columns {
                break
            }
            let characters: [wchar_t] = glyph.map { wchar_t(bitPattern: $0.value) } + [0]
            var character = cchar_t()
            setcchar(&character, characters, attributes, pair, nil)
            mvwadd_wch(window, Int32(y), Int32(column), &character)
            column += width
        }
    }

    /// The next input: whatever ncurses holds or the terminal already sent, else the first input
    /// within `wait` milliseconds (negative: forever), waking at once on a resize. Nil when
    /// nothing came in time, or at once when the input is readable but yields nothing (its end).
    private func readInput(_ wait: Int) -> RawInput? {
        if let input = takeInput() {
            return input
        }
        guard wait != 0 else {
            return nil
        }
        let clock = ContinuousClock()
        let deadline = wait > 0 ? clock.now.advanced(by: .milliseconds(wait)) : nil
        while true {
            var remaining = -1
            if let deadline {
                let left = clock.now.duration(to: deadline)
                guard left > .zero else {
                    return nil
                }
                let (seconds, attoseconds) = left.components
                remaining = Int(clamping: seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1
            }
            switch ResizeWakeup.wait(input: STDIN_FILENO, timeoutMilliseconds: remaining) {
            case .input:
                return takeInput()
            case .resized:
                // ncurses' handler ran first: wget_wch now reports KEY_RESIZE (if the size changed).
                if let input = takeInput() {
                    return input
                }
            case .interrupted:
                continue
            case .timedOut:
                return nil
            }
        }
    }

    /// One input ncurses has or can read without waiting (an Escape still waits the escape
    /// delay for the rest of its sequence); nil when there is none.
    private func takeInput() -> RawInput? {
        wtimeout(window, 0)
        var value: wint_t = 0
        switch wget_wch(window, &value) {
        case KEY_CODE_YES:
            let code = Int32(bitPattern: value)
            if let defined = definedKeys[code] {
                return defined
            }
            return .key(key(forCode: code))
        case OK:
            guard let scalar = Unicode.Scalar(value) else {
                return .key(.unknown)
            }
            return .scalar(scalar)
        default:
            return nil
        }
    }

    /// Teaches ncurses the sequences terminfo may lack (bracketed paste markers, xterm and rxvt
    /// Ctrl-arrows); returns the inputs of their key codes. A sequence terminfo already names
    /// (tmux's `kLFT5`) keeps its code.
    private static func defineKeys() -> [Int32: RawInput] {
        let sequences: [(String, RawInput)] = [
            ("\u{1B}[200~", .pasteStart),
            ("\u{1B}[201~", .pasteEnd),
            ("\u{1B}[1;5D", .key(.ctrlLeft)),
            ("\u{1B}[1;5C", .key(.ctrlRight)),
            ("\u{1B}[1;3D", .key(.ctrlLeft)),
            ("\u{1B}[1;3C", .key(.ctrlRight)),
            ("\u{1B}Od", .key(.ctrlLeft)),
            ("\u{1B}Oc", .key(.ctrlRight)),
        ]
        var defined: [Int32: RawInput] = [:]
        // Codes of our own, above ncurses' (KEY_MAX and the extended keys it numbers after it).
        var nextCode: Int32 = 0x7000
        for (sequence, input) in sequences {
            var code = key_defined(sequence)
            if code <= 0 {
                while has_key(nextCode) != 0 {
                    nextCode += 1
                }
                guard define_key(sequence, nextCode) == OK else {
                    continue
                }
                code = nextCode
                nextCode += 1
            }
            defined[code] = input
        }
        return defined
    }

    /// Writes a terminal control sequence straight to standard output (not through ncurses).
    /// Writes OSC 52 with `text` (after the frame, so ncurses' output is not interleaved).
    public func copyToClipboard(_ text: String) {
        Self.writeControl(Self.osc52(text))
    }

    private static func writeControl(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }

    /// The key for a `KEY_*` code from `wget_wch`.
    private func key(forCode code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_RESIZE:
            invalidate()
            return .resize
        case KEY_MOUSE:
            return mouseKey()
        case sy_key_f(1)...sy_key_f(63):
            return .function(Int(code - sy_key_f(0)))
        default:
            return .unknown
        }
    }

    /// The pending mouse event as a key.
    private func mouseKey() -> Key {
        guard usesMouse else {
            // A mouse report the app did not ask for (mouse mode left on by an earlier program, or
            // `--no-mouse`): ncurses names its `ESC [ M` but leaves the button, column and row bytes, which
            // would otherwise be read as keys (a column byte of `2` would switch tabs). They arrive with it.
            wtimeout(window, 0)
            var value: wint_t = 0
            for _ in 0..<3 where wget_wch(window, &value) == OK {}
            return .unknown
        }
        var event = MEVENT()
        guard getmouse(&event) == OK else {
            return .unknown
        }
        let state = event.bstate
        let kind: MouseKind
        if state & sy_button1_double_clicked() != 0 {
            kind = .doubleClick
        } else if state & sy_button1_clicked() != 0 {
            kind = .click
        } else if state & sy_button1_pressed() != 0 {
            kind = .press
        } else if state & sy_button1_released() != 0 {
            kind = .release
        } else if state & sy_button4_pressed() != 0 {
            kind = .scrollUp
        } else if state & sy_button5_pressed() != 0 {
            kind = .scrollDown
        } else {
            kind = .other
        }
        return .mouse(x: Int(event.x), y: Int(event.y), kind: kind)
    }

    /// glibc's width of a scalar in the current locale.
    private static func systemWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(sy_wcwidth(scalar.value))
    }

    /// Selects the environment's locale, or a UTF-8 one when that is not UTF-8; returns whether
    /// the locale in effect is UTF-8.
    private static func configureLocale() -> Bool {
        setlocale(LC_ALL, "")
        if codesetIsUTF8() {
            return true
        }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_ALL, name) != nil {
            if codesetIsUTF8() {
                return true
            }
        }
        return false
    }

    private static func codesetIsUTF8() -> Bool {
        guard let codeset = sy_codeset() else {
            return false
        }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Sets up the colour pairs of ``ColorRole`` from `palette` on the terminal's default background;
    /// returns false when the terminal has no colours.
    private static func configureColors(_ palette: Palette) -> Bool {
        guard has_colors() else {
            return false
        }
        start_color()
        let defaultUsable = use_default_colors() == OK
        for pair in palette.pairs(colors: Int(sy_colors()), defaultUsable: defaultUsable) {
            init_pair(Int16(pair.role.rawValue), pair.foreground, pair.background)
        }
        return true
    }
}
