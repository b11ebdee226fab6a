import ArgumentParser
import Foundation
import Switchyard
import SwitchyardCurses
import SwitchyardDemo
import SwitchyardKit
import SwitchyardNavigation
import SwitchyardShell
import SwitchyardTooling
import TerminalKit

/// `switchyard [run]`: the terminal app, a tab-bar phone app whose every navigation goes through the
/// router; headless (the script runner on standard input) when there is no terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the terminal app: a simulated phone app whose every navigation goes through the router.",
        discussion: """
        A simulated tab-bar phone app whose screens are route targets: type a URL at the prompt (: or /), \
        pick links with the arrows and Enter, go back with Esc, switch tabs with 1-9, log in with L. F2 shows \
        the route log, F3 (or R) the route table, Tab focuses them, m every message, ? every key, q quits. \
        When standard input or output is not a \
        terminal, or TERM is dumb or unknown, runs the script runner on standard input instead (see \
        `switchyard script`). NO_COLOR (set and not empty) turns colours off; --palette light suits a \
        light background.
        """
    )

    @OptionGroup var appOptions: AppOptions

    @Flag(name: .long, help: "Show transitions at once instead of animating them.")
    var noAnimation = false

    @Flag(name: .long, help: "Do not ask the terminal for mouse events.")
    var noMouse = false

    @Option(name: .long, help: "Record the session as a script: each command, then an `expect stack` line.")
    var record: String?

    @Option(name: .long, help: ArgumentHelp(
        "Play a script in the app, with its animations, before handing over the keys.",
        discussion: """
            A failed expectation, or a line that is no command, shows in its step (✗ line N: …) and the rest \
            plays. On quitting, the tally and the failures go to standard error (line N: …) and the exit status \
            is 1; with none, status 0 (1 when the --routes file has errors, as lint reports them).
            """))
    var replay: String?

    @Option(name: .long, help: "Milliseconds between replayed commands (800 when not given; not with --step).")
    var delay: Int?

    @Flag(name: .long, help: "Replay one command per key press.")
    var step = false

    @Option(name: .long, help: ArgumentHelp(
        "Colours for a dark or light terminal background (dark, light).",
        discussion: "Without it: SWITCHYARD_PALETTE, else COLORFGBG's background, else dark."))
    var palette: String?

    func validate() throws {
        if step, delay != nil {
            throw ValidationError("--delay and --step: a stepped replay waits for a key, not a delay; give one of them.")
        }
        if let delay, delay < 0 {
            throw ValidationError("--delay: '\(delay)' is not a number of milliseconds (0 or more).")
        }
        if let palette, Palette(rawValue: palette.lowercased()) == nil {
            throw ValidationError("--palette: '\(palette)' is not a palette; use dark or light.")
        }
    }

    @MainActor
    func run() async throws {
        let (runtime, check) = try appOptions.makeRuntimeKeepingWhatLoads()
        let replayText = try replay.map(Self.read)
        // Checked before the terminal is taken over, so a bad path is reported on a normal screen.
        let recording = try record.map { try Self.openRecording($0, app: runtime.app.name, replay: replayCommand($0)) }
        let unavailable = NCursesTerminal.unavailability()
        let chosen = palette.flatMap { Palette(rawValue: $0.lowercased()) } ?? .detected()
        guard unavailable == nil, let terminal = NCursesTerminal(mouse: !noMouse, palette: chosen) else {
            // One line on every path: the notice, then the reason.
            let reason = unavailable ?? .unknownTerm(NCursesTerminal.termName ?? "")
            var text: String
            if let replayText {
                FileHandleOutput.stderr("\(FileHandleOutput.tag): no terminal; replaying \(replay ?? "") headless (\(reason))")
                text = replayText
            } else {
                FileHandleOutput.stderr(
                    "\(FileHandleOutput.tag): no terminal; running the script runner on standard input (\(reason))")
                var lines: [String] = []
                while let line = readLine(strippingNewline: true) { lines.append(line) }
                text = lines.joined(separator: "\n")
            }
            let hasErrors = RouteFileLoader.tellLoadProblems(check) || RouteFileLoader.tellAppLintErrors(appOptions.app)
            let runner = ScriptRunner(runtime: runtime) { print($0) }
            let ok = await runner.run(text)
            // The transcript says why the status is 1 when every expectation passed, as `script` does.
            let appErrors = RouteFileLoader.appLintErrors(appOptions.app).count
            for line in RouteFileLoader.failingFiles(check, routes: appOptions.routes, app: appOptions.app,
                                                     appErrors: appErrors) {
                print("# \(line); exit status 1")
            }
            if !ok || hasErrors { throw ExitCode(1) }
            return
        }
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: !noAnimation)
        if let check, !check.findings.isEmpty { Self.report(check, path: appOptions.routes ?? "", in: loop) }
        // An app description runs as it loads; the errors lint reports for it are told at the start, in
        // the log and the status line, and again on exit, which then has status 1.
        let appErrors = RouteFileLoader.appLintErrors(appOptions.app)
        if let app = appOptions.app, !appErrors.isEmpty {
            let name = URL(fileURLWithPath: app).lastPathComponent
            loop.tell(appErrors.map { AppStatus($0, kind: .error) }
                + [AppStatus("\(name): \(RouteFileLoader.appErrorCount(appErrors.count)) (F2 lists them); the app is open",
                             kind: .error)])
        }
        if let check, let path = appOptions.routes, check.errors.contains(where: check.isLeftOut) {
            // The route table's URL test names a left-out route that matches, as `explain` does.
            let leftOut = LeftOutRoutes(path: path, loaded: check.loaded.routeIndices)
            loop.unloadedRoutes = { url in leftOut.matching(url, winner: { runtime.router.explain(url).opens?.pattern }) }
        }
        // The check of the table in force: what the report at exit and the exit status describe, so a
        // file fixed while the app runs exits clean (and one broken by a reload says so).
        var inForce = check
        var reloadedOnce = false
        // The last save the app refused (nothing in it loads, or it is no JSON): the file as it is now is
        // broken though the previous table ran, so the run ends with status 1 and names it.
        var refusedSave: String?
        if let path = appOptions.app ?? appOptions.routes {
            let watch = Self.watcher(path: path, isApp: appOptions.app != nil, relocations: appOptions.relocations,
                                     callbackAllowList: try appOptions.callbackAllowList()) {
                inForce = $0
                reloadedOnce = true
            }
            loop.watch = {
                let result = watch()
                switch result {
                case .failed(let message): refusedSave = message
                case .reloaded: refusedSave = nil
                case .unchanged: break
                }
                return result
            }
        }
        // Commands written to run, and those written as comments (they changed nothing), counted apart
        // so the count agrees with the replay's `commands run`.
        var recorded = (commands: 0, comments: 0)
        if let handle = recording {
            loop.recording = record
            loop.onCommand = { command, report, changed in
                handle.write(Data(AppLoop.scriptLines(command, report, changed: changed).utf8))
                if AppLoop.writesCommand(report, changed: changed) { recorded.commands += 1 } else { recorded.comments += 1 }
            }
        }
        var replayFailures: [String] = []
        if let replayText {
            // The files whose errors fail the replay whatever its expectations: its closing status says so.
            loop.replayFailsOn = RouteFileLoader.failingFiles(check, routes: appOptions.routes.map(Self.fileName),
                                                              app: appOptions.app.map(Self.fileName),
                                                              appErrors: appErrors.count)
            replayFailures = await loop.replay(script: replayText, delayMilliseconds: delay ?? 800, stepwise: step)
        }
        loop.coalescesWaitingKeys = true
        if !loop.hasQuit { await loop.run() }
        terminal.shutdown()
        if let record, recording != nil {
            // Where the script went, on the normal screen once the app is gone.
            let path = URL(fileURLWithPath: record).standardizedFileURL.path
            let count = AppLoop.recordedCount(commands: recorded.commands, comments: recorded.comments)
            FileHandleOutput.stderr("\(FileHandleOutput.tag): \(count) to \(path)"
                + " (replay: \(replayCommand(path)))")
        }
        // An app description's errors, named again on the normal screen: the run then has status 1.
        var appFailed = RouteFileLoader.tellAppLintErrors(appOptions.app)
        if let refusedSave {
            // The file was left broken: what the app said of the last save, and status 1.
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(refusedSave)"))
            appFailed = true
        }
        if let replay {
            // The replay's verdict, on the normal screen: every failure with its line, and the status.
            // A route file with errors fails the step, as a headless replay and `script` fail it.
            let fileErrors = inForce.map { "; \(appOptions.routes ?? ""): \(RouteFileLoader.countLine($0))" } ?? ""
            let failsFile = !(inForce?.errors.isEmpty ?? true)
            // The counts in `switchyard script`'s words (commands run, expectations, bad lines).
            var tally = loop.replayTally.map { ": \($0)" } ?? ""
            // A replay quit before its end checked less than its script says: it fails, and says where it
            // stopped.
            let unplayed = loop.replayUnplayed
            if unplayed > 0 {
                tally += "; quit with \(unplayed) command\(unplayed == 1 ? "" : "s") not run"
            }
            guard !replayFailures.isEmpty else {
                // The tally says it all (`…, 0 failed`; bad lines and unexpected errors only when some).
                FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): replay of \(replay)\(tally)"
                    + (failsFile ? fileErrors : "")))
                if failsFile || appFailed || unplayed > 0 { throw ExitCode(1) }
                return
            }
            let counted = "\(FileHandleOutput.tag): replay of \(replay)\(tally)"
            FileHandleOutput.stderr(RouteFileLoader.visible(counted + (failsFile ? fileErrors : "")))
            for line in replayFailures { FileHandleOutput.stderr(RouteFileLoader.visible("  \(line)")) }
            throw ExitCode(1)
        }
        if appFailed { throw ExitCode(1) }
        // On the normal screen once the app is gone, as `script` and `--replay` tell it: the problems of
        // the table in force (the last reload's), and status 1 when it has errors (the log listed them).
        if let inForce, !inForce.findings.isEmpty, RouteFileLoader.tellLoadProblems(inForce) {
            let reloaded = reloadedOnce ? " (as last reloaded)" : ""
            FileHandleOutput.stderr(RouteFileLoader.visible(
                "\(FileHandleOutput.tag): \(appOptions.routes ?? "")\(reloaded): \(RouteFileLoader.countLine(inForce))"))
            throw ExitCode(1)
        }
    }

    /// The command that replays a script recorded in this run: the same app (`--app`, `--routes`,
    /// `--relocations`, `--callback-allow`), so the script's expectations meet the screens they were
    /// recorded on.
    func replayCommand(_ script: String) -> String {
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        // The binary as it was started (`.build/debug/switchyard` under `swift run`), so the command
        // works where `switchyard` is not on the PATH.
        let binary = CommandLine.arguments.first.flatMap { $0.contains("/") ? absolute($0) : $0 } ?? "switchyard"
        var words = [binary]
        if let app = appOptions.app { words += ["--app", absolute(app)] }
        if let routes = appOptions.routes { words += ["--routes", absolute(routes)] }
        if let relocations = appOptions.relocations { words += ["--relocations", absolute(relocations)] }
        for entry in appOptions.callbackAllow { words += ["--callback-allow", entry] }
        words += ["--replay", absolute(script)]
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    /// `word` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789/._-:=@%+,*".unicodeScalars.contains($0)) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Shows the problems of a route file that opened with the routes that load: each error `lint`
    /// reports for the file, and each near-miss metadata key (a warning), in the route log in file
    /// order, then a summary in the status line that counts the entries left out, the errors that stay
    /// and the warnings.
    @MainActor
    static func report(_ check: RouteFileCheck, path: String, in loop: AppLoop) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        var told = check.findings.map { f in
            AppStatus(Self.logLine(f, check: check, name: name), kind: f.severity == .error ? .error : .note)
        }
        let counts = RouteFileLoader.countLine(check, warnings: true)
        let leftOut = check.errors.contains(where: check.isLeftOut)
        let rest = check.errors.isEmpty ? "the app is open"
            : leftOut ? "the routes that load are open" : "every route is open"
        told.append(AppStatus("\(name): \(counts) (F2 lists them); \(rest)",
                              kind: check.errors.isEmpty ? .note : .error))
        loop.tell(told)
    }

    /// One error or warning of a route file as the route log shows it: the line `lint` prints, with the
    /// file's name (`NAME:LINE:COLUMN: error: [code] LOCATION: MESSAGE`), ending in ` (left out)` when its
    /// entry did not load.
    static func logLine(_ f: RouteLintFinding, check: RouteFileCheck, name: String) -> String {
        RouteFileLoader.findingLine(f, check, file: name)
    }

    /// Watches `path`: when its modification date changes, loads it again. A file that no longer loads
    /// leaves the running app in force and says why.
    ///
    /// `reloaded` gets the check of each route file that reloaded (nil for an app description), the
    /// table then in force.
    @MainActor
    static func watcher(path: String, isApp: Bool, relocations: String?,
                        callbackAllowList: CallbackAllowList? = nil,
                        reloaded: @escaping @MainActor (RouteFileCheck?) -> Void = { _ in })
        -> @MainActor () -> AppLoop.Reload {
        func stamp() -> Date? { (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        func contents() -> Data? { FileManager.default.contents(atPath: path) }
        var last = stamp()
        var lastContents = contents()
        return {
            let now = stamp()
            guard now != last else { return .unchanged }
            last = now
            // A save that changed nothing (same bytes) is no reload, and leaves the last message be.
            let bytes = contents()
            guard bytes != lastContents else { return .unchanged }
            lastContents = bytes
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let description: AppDescription
                let count: Int
                var check: RouteFileCheck?
                if isApp {
                    description = try RouteSchema.load(AppDescription.self, path: path)
                    count = description.routes.count
                } else {
                    // As at the start: the entries that load are open, each error is named.
                    let checked = try AppOptions.checkKeepingWhatLoads(path)
                    description = AppDescription.generatedUnchecked(from: checked.loaded.file, name: name,
                                                                    patterns: checked.loaded.parsedPatterns)
                    count = checked.loaded.file.routes.count
                    check = checked
                }
                let table = try relocations.map { try RouteSchema.load(RelocationTable.self, path: $0) }
                let runtime = try DemoApp.makeRuntime(app: description, relocations: table,
                                                      callbackAllowList: callbackAllowList)
                // As the route table (F3) counts them: a mounted service's routes too.
                let listed = RouteRow.listedRouteCount(runtime)
                let routes = "\(listed) route\(listed == 1 ? "" : "s")"
                // A save in which nothing loads keeps the previous table (below); any other replaces it.
                if count > 0 || check?.errors.isEmpty != false { reloaded(check) }
                guard let check, let first = check.errors.first else {
                    // Warnings stay counted after a reload, as at the start.
                    let warned = check.map { RouteFileLoader.countLine($0, warnings: true) } ?? ""
                    return .reloaded(runtime, "Reloaded \(name): \(routes)" + (warned.isEmpty ? "" : "; \(warned)"))
                }
                let firstError = RouteFileLoader.findingLine(first, check, file: name)
                // A save in which no entry loads any more (a typo in a key they all share) keeps the
                // table that works.
                if count == 0 {
                    // Every entry is left out: the error is told without its own `(left out)`.
                    return .failed(RouteFileLoader.visible(
                        "Not reloaded: \(first.line(file: name)) (no entry loads; the previous table stays)"))
                }
                return .reloaded(runtime, RouteFileLoader.visible(
                    "Reloaded \(name): \(routes); \(RouteFileLoader.countLine(check, warnings: true)), the first error "
                        + firstError))
            } catch let error as RouteFileError {
                // Placed as every command places it, by the file's name as every reload message names it:
                // `NAME:LINE:COLUMN: LOCATION: MESSAGE`.
                var named = error
                named.file = name
                return .failed(RouteFileLoader.visible("Not reloaded: \(named) (the previous table stays)"))
            } catch {
                return .failed(RouteFileLoader.visible("Not reloaded: \(name): \(error) (the previous table stays)"))
            }
        }
    }

    /// The last component of `path`, as the app names a file in its status line.
    static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    static func read(_ path: String) throws -> String {
        let data: Data
        do throws(RouteFileError) { data = try RouteSchema.read(path: path) } catch {
            throw RouteFileLoader.fail(error)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(path): not UTF-8 text"))
            throw ExitCode(1)
        }
        return text
    }

    /// Creates the `--record` file with its header line, or says why it cannot (a directory, a
    /// missing folder, no permission) and exits 1.
    static func openRecording(_ path: String, app: String, replay: String) throws -> FileHandle {
        var isDirectory: ObjCBool = false
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let reason: String?
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            reason = "is a directory, not a file"
        } else if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
            reason = "no such folder \(folder)"
        } else if !FileManager.default.createFile(atPath: path, contents: Data("# Recorded by switchyard in \(app)\n# Replay: \(replay)\n".utf8)) {
            reason = "cannot create the file (permission denied?)"
        } else {
            reason = nil
        }
        guard reason == nil, let handle = FileHandle(forWritingAtPath: path) else {
            FileHandleOutput.stderr(
                RouteFileLoader.visible("\(FileHandleOutput.tag): \(path): \(reason ?? "cannot open the file for writing")"))
            throw ExitCode(1)
        }
        handle.seekToEndOfFile()
        return handle
    }
}
