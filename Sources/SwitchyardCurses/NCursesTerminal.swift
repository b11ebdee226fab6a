import CNcursesw
import Glibc
import SwitchyardTerminal

/// The real ``Terminal``: ncursesw on the process's standard input and output.
///
/// All ncurses calls of the app happen in this class, on the main actor. Creating one:
/// - returns nil when standard input or output is not a terminal, or `TERM` is unknown to
///   terminfo (ncurses' `newterm` fails) — the caller then runs headless;
/// - switches the C locale to the environment's, or to `C.UTF-8` when that is not UTF-8, since
///   ncursesw drops non-ASCII text otherwise (see ``isUnicode``);
/// - installs signal handlers that restore the terminal if the process dies (see
///   `TerminalRestorer`), then sets raw mode, no echo, keypad, a 25 ms Escape delay, mouse
///   clicks and the colour pairs of ``ColorRole``.
///
/// Call ``shutdown()`` before exiting. In raw mode Ctrl-C does not raise SIGINT: it is read as
/// `.ctrl("c")`.
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
    /// Whether ``shutdown()`` ran.
    public private(set) var isShutDown = false
    /// Whether the C locale is UTF-8, so non-ASCII text can be shown.
    public let isUnicode: Bool
    /// The number of cells the last ``present(_:)`` wrote.
    public private(set) var lastChangedCellCount = 0

    /// Whether a terminal can be started: standard input and output are terminals and `TERM` is
    /// set to something other than `dumb`. (`TERM` may still be unknown to terminfo, in which case
    /// the initialiser returns nil.)
    public nonisolated static func isSupported() -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return false
        }
        guard let term = getenv("TERM") else {
            return false
        }
        let name = String(cString: term)
        return !name.isEmpty && name != "dumb"
    }

    /// Starts ncurses; nil when ``isSupported()`` is false or `TERM` is unknown.
    ///
    /// - Parameters:
    ///   - escapeDelayMilliseconds: how long a lone Escape waits for the rest of a key sequence.
    ///   - mouse: whether to report mouse clicks and wheel events.
    public init?(escapeDelayMilliseconds: Int = 25, mouse: Bool = true) {
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
        hasColors = Self.configureColors()
        if mouse {
            let mask = sy_button1_clicked() | sy_button1_double_clicked() | sy_button4_pressed() | sy_button5_pressed()
            mousemask(mask, nil)
        }
        werase(window)
        wrefresh(window)
    }

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

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key, mouse event or resize.
    public func readKey(timeoutMilliseconds: Int) -> Key? {
        guard !isShutDown else {
            return nil
        }
        wtimeout(window, Int32(clamping: max(-1, timeoutMilliseconds)))
        var value: wint_t = 0
        let result = wget_wch(window, &value)
        switch result {
        case KEY_CODE_YES:
            return key(forCode: Int32(bitPattern: value))
        case OK:
            guard let scalar = Unicode.Scalar(value) else {
                return .unknown
            }
            return Key(scalar: scalar)
        default:
            return nil
        }
    }

    /// Ends ncurses (`endwin`), restoring the terminal and the previous signal handlers.
    public func shutdown() {
        guard !isShutDown else {
            return
        }
        isShutDown = true
        mousemask(0, nil)
        endwin()
        delscreen(screen)
        TerminalRestorer.uninstall()
    }

    // MARK: Internals

    /// Writes one cell (a continuation cell is covered by its wide grapheme).
    private func draw(_ cell: Cell, x: Int, y: Int, columns: Int) {
        let style = cell.style
        let attributes = sy_attributes(
            style.bold ? 1 : 0,
            style.reverse ? 1 : 0,
            style.dim ? 1 : 0,
            style.underline ? 1 : 0
        )
        let pair: Int16 = hasColors && style.colorPair > 0 && style.colorPair < ColorRole.allCases.count ? Int16(style.colorPair) : 0
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

    /// Sets up the colour pairs of ``ColorRole`` on the terminal's default background; returns
    /// false when the terminal has no colours.
    private static func configureColors() -> Bool {
        guard has_colors() else {
            return false
        }
        start_color()
        let defaultColor: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        init_pair(Int16(ColorRole.titleBar.rawValue), Int16(COLOR_WHITE), Int16(COLOR_BLUE))
        init_pair(Int16(ColorRole.tabSelected.rawValue), Int16(COLOR_BLACK), Int16(COLOR_CYAN))
        init_pair(Int16(ColorRole.link.rawValue), Int16(COLOR_CYAN), defaultColor)
        // Muted text: a grey where the terminal has 256 colours, else white (drawn with A_DIM by the style).
        let grey: Int16 = sy_colors() >= 256 ? 245 : Int16(COLOR_WHITE)
        init_pair(Int16(ColorRole.dim.rawValue), grey, defaultColor)
        init_pair(Int16(ColorRole.statusError.rawValue), Int16(COLOR_WHITE), Int16(COLOR_RED))
        return true
    }
}
