import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `switchyard` binary in a private tmux server and reads its screen.
///
/// tmux is called through `system()` with its output redirected to a file: `Foundation.Process`
/// hangs on `waitUntilExit()` after `tmux new-session -d` on Linux (swift-corelibs-foundation#4795).
/// Each driver has its own server (`-L sy-e2e-PID-NAME`, no configuration file); call ``kill()``
/// when done.
final class TmuxDriver {
    /// The tmux socket name.
    let socket: String
    /// A private directory for command output and files the pane writes.
    let directory: URL
    private var counter = 0

    /// Creates a driver whose server is named after `name` and this process.
    init(name: String) throws {
        socket = "sy-e2e-\(getpid())-\(name)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    // MARK: Environment

    /// The repository root, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary under test: `$SWITCHYARD_BINARY`, else the `switchyard` next to the running test
    /// bundle (whatever the build's scratch path), else `.build/debug/switchyard` in the repository.
    static let binary: String? = {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["SWITCHYARD_BINARY"], !path.isEmpty {
            candidates.append(path)
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("switchyard").path)
        }
        candidates.append(repository.appendingPathComponent(".build/debug/switchyard").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether tmux can be run.
    static let hasTmux: Bool = system("command -v tmux >/dev/null 2>&1") == 0

    /// Why the end-to-end tests cannot run here, or nil when they can.
    static let skipReason: String? = {
        if !hasTmux {
            return "tmux is not installed (apt-get install tmux; .ci/run does it): end-to-end tests skipped"
        }
        if binary == nil {
            return "the switchyard binary is not built (looked next to the test bundle and in .build/debug): end-to-end tests skipped"
        }
        return nil
    }()

    // MARK: Commands

    /// `text` quoted for `sh`.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a shell command line, its output going to a file; returns the exit status and output.
    @discardableResult
    func shell(_ command: String) -> (status: Int32, output: String) {
        counter += 1
        let file = directory.appendingPathComponent("out-\(counter).txt")
        let status = system("\(command) > \(Self.quote(file.path)) 2>&1")
        let output = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xFF, output)
    }

    /// Runs `tmux ARGUMENTS` on the private server.
    @discardableResult
    func tmux(_ arguments: String) -> (status: Int32, output: String) {
        shell("env -u TMUX tmux -f /dev/null -L \(socket) \(arguments)")
    }

    /// The command line that runs the binary with `arguments` in a UTF-8, tmux-256color terminal.
    static func appCommand(_ binary: String, _ arguments: String = "", term: String = "tmux-256color") -> String {
        "env TERM=\(term) LANG=C.UTF-8 SWIFT_BACKTRACE=enable=no \(quote(binary))" + (arguments.isEmpty ? "" : " " + arguments)
    }

    /// Starts the session `app`, `width` × `height`, running `command` through `sh -c`.
    func start(_ command: String, width: Int = 100, height: Int = 30) {
        tmux("new-session -d -s app -c \(Self.quote(directory.path)) -x \(width) -y \(height) \(Self.quote("ulimit -c 0; " + command))")
    }

    /// Types `text` literally.
    func type(_ text: String) {
        tmux("send-keys -t app -l \(Self.quote(text))")
    }

    /// Sends keys by tmux name (`Enter`, `Escape`, `C-c`, `L`…).
    func press(_ keys: String...) {
        tmux("send-keys -t app " + keys.joined(separator: " "))
    }

    /// Pastes `text` as tmux does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the application
    /// asked for bracketed paste, plain otherwise; line feeds arrive as carriage returns.
    func paste(_ text: String) {
        counter += 1
        let file = directory.appendingPathComponent("paste-\(counter).txt")
        try? Data(text.utf8).write(to: file)
        tmux("load-buffer -b sy-paste \(Self.quote(file.path))")
        tmux("paste-buffer -p -d -b sy-paste -t app")
    }

    /// Clicks the left button at column `x`, row `y` (0-based): the press and release reach the
    /// application as a terminal in mouse mode sends them (X10 encoding, `ESC [ M b x y`, what
    /// tmux-256color's `kmous` names), written to the pane's input as bytes.
    func click(x: Int, y: Int) {
        let column = UInt8(clamping: 32 + x + 1), row = UInt8(clamping: 32 + y + 1)
        let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32, column, row, 0x1B, 0x5B, 0x4D, 32 + 3, column, row]
        tmux("send-keys -t app -H " + bytes.map { String($0, radix: 16) }.joined(separator: " "))
    }

    /// The column and row (0-based) where `text` first appears on the pane, or nil.
    func position(of text: String) -> (x: Int, y: Int)? {
        for (row, line) in capture().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                // Columns: every character of the captured line here is one column wide.
                return (line.distance(from: line.startIndex, to: range.lowerBound), row)
            }
        }
        return nil
    }

    /// The pane's text now.
    func capture() -> String {
        tmux("capture-pane -p -t app").output
    }

    /// The pane's text now, with its attributes and colours as SGR escape sequences.
    func captureWithEscapes() -> String {
        tmux("capture-pane -p -e -t app").output
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`.
    func display(_ format: String) -> String {
        tmux("display-message -p -t app \(Self.quote(format))").output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane every `pollInterval` until `condition` holds for its text; returns that
    /// text, or nil after `timeout`.
    func waitFor(timeout: Duration = .seconds(20), pollInterval: Duration = .milliseconds(40), _ condition: (String) -> Bool) async -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        // The pane is read again after every sleep before the deadline is checked: when CPU-bound tests
        // hold every thread of the pool, a sleep can end long after the deadline, and giving up then
        // without a last look would fail a screen that has been there for seconds.
        while true {
            let text = capture()
            if condition(text) {
                return text
            }
            if clock.now >= deadline {
                return nil
            }
            try? await Task.sleep(for: pollInterval)
        }
    }

    /// Polls the pane until it shows every one of `texts`.
    func waitFor(_ texts: String..., timeout: Duration = .seconds(20)) async -> String? {
        await waitFor(timeout: timeout) { screen in texts.allSatisfy(screen.contains) }
    }

    /// Polls until the file `name` in ``directory`` exists and is not empty; returns its contents.
    func waitForFile(_ name: String, timeout: Duration = .seconds(20)) async -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let url = directory.appendingPathComponent(name)
        while true {
            if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty {
                return text
            }
            if clock.now >= deadline {
                return nil
            }
            try? await Task.sleep(for: .milliseconds(40))
        }
    }

    /// The path of file `name` in ``directory``.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Kills the private server and removes its socket file and the directory.
    func kill() {
        tmux("kill-server")
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(base)/tmux-\(getuid())/\(socket)")
        try? FileManager.default.removeItem(at: directory)
    }
}
