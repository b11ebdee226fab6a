import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardKit
import SwitchyardNavigation
import SwitchyardTooling

/// The one loader every command reads files through (`--routes`, `--app`, `--relocations`): the
/// library's strict reader (``RouteSchema``), with each refusal printed as `switchyard COMMAND: FILE…: …`
/// (``FileHandleOutput/tag``) and the process ending with status 1.
enum RouteFileLoader {
    /// How errors name the built-in demo app.
    static let demoName = "demo app"

    /// Reads `type` from the JSON file at `path`, or prints the refusal (naming the file) and exits 1.
    static func read<T: Decodable>(_ type: T.Type, path: String) throws -> T {
        do throws(RouteFileError) { return try RouteSchema.load(type, path: path) } catch {
            throw fail(type == AppDescription.self ? hinted(error) : error)
        }
    }

    /// An app description's refusal, with a hint when it is a plain route file given as one (no `tabs`).
    static func hinted(_ error: RouteFileError) -> RouteFileError {
        guard error.location.isEmpty, error.message == "missing required key \"tabs\"" else { return error }
        return RouteFileError(error.location, error.message + " (a plain route file? open it with --routes FILE)",
                              file: error.file, line: error.line, column: error.column)
    }

    /// Whether `path` names a file that exists (not a directory): the test behind every "a route file
    /// given where it does not go" refusal (`lint FILE`, `switchyard FILE`, `match FILE URL`).
    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The text of the script file at `path`, for `script` and `coverage`. A file that cannot
    /// be read is named and ends the process with status 1, and so does one that holds JSON (its first
    /// character `{` or `[`): a route file or an app description given where a script goes, which would
    /// otherwise run as lines of unknown commands.
    static func scriptText(path: String) throws -> String {
        let text: String
        do throws(RouteFileError) { text = String(decoding: try RouteSchema.read(path: path), as: UTF8.self) } catch {
            throw fail(error)
        }
        if let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" {
            FileHandleOutput.stderr(visible("\(FileHandleOutput.tag): \(path) holds JSON, not a script "
                + "(one command a line); a route file is given as --routes \(path), "
                + "an app description as --app \(path)"))
            throw ExitCode(1)
        }
        return text
    }

    /// Reads the route file at `path` keeping every entry that reads and an error for each one that
    /// does not (``RouteFile/collecting(path:)``); a file that cannot be read at all (missing, a syntax
    /// error) is refused as ``read(_:path:)`` refuses it, and the process ends with status 1.
    static func collecting(path: String) throws -> CollectedRouteFile {
        do throws(RouteFileError) { return try RouteFile.collecting(path: path) } catch {
            throw fail(error)
        }
    }

    /// Reads the route table to work on: `--routes FILE`, else the routes of `--app FILE`, else the
    /// built-in demo app's. On failure prints the reason and exits 1.
    /// The router `explain`, `match` and `diff` ask for `--routes FILE`, `--app FILE` or the demo
    /// app: the file's routes, redirects and relocations, and for an app that mounts the demo's
    /// services (the demo itself), those too, so a service URL resolves as the app opens it.
    static func router(routes: String?, app: String?) throws -> (file: RouteFile, router: Router) {
        let description: AppDescription?
        if routes != nil {
            description = nil
        } else if let app {
            description = try read(AppDescription.self, path: app)
        } else {
            do throws(RouteFileError) { description = try DemoApp.description() } catch {
                throw fail(error.naming(demoName))
            }
        }
        let file = try description?.routeFile ?? load(routes: routes, app: nil)
        do throws(RouteFileError) {
            return (file, try router(file, mountsServices: description.map(DemoApp.mountsServices) ?? false))
        } catch {
            throw fail(error.naming(routes ?? app ?? demoName))
        }
    }

    /// The routes of `routes`, of `app`, or of the demo app. `quiet` leaves a refusal of `routes`
    /// unprinted (the caller has named every error already) and only ends with status 1.
    static func load(routes: String?, app: String?, quiet: Bool = false) throws -> RouteFile {
        if let routes, quiet {
            do throws(RouteFileError) { return try RouteSchema.load(RouteFile.self, path: routes) } catch {
                throw ExitCode(1)
            }
        }
        if let routes { return try read(RouteFile.self, path: routes) }
        if let app { return try read(AppDescription.self, path: app).routeFile }
        do throws(RouteFileError) { return try DemoApp.description().routeFile } catch {
            throw fail(error.naming(demoName))
        }
    }

    /// Every error in the plain route file at `path` that keeps it from loading whole (the entries the
    /// app would leave out), as lint and ``problemLines(_:prefix:)`` name them, in file order, but not
    /// marked left out: for a command that refuses such a file rather than loading what loads. An
    /// error the table loads with (a redirect cycle) is not one. Empty for such a file, for an app description (its
    /// `tabs` tell it; it is refused by its own load) and for a file that cannot be read at all (the
    /// command's own read names why).
    static func everyErrorLine(path: String) -> [String] {
        guard let data = try? RouteSchema.read(path: path) else { return [] }
        let found: [RouteLintFinding]
        if RouteFileLoader.hasTabs(data) {
            found = appLoadErrors(json: data, path: path)
        } else if let check = try? RouteFileCheck(json: data, file: path, rules: .errors) {
            found = check.errors.filter(check.isLeftOut)
        } else {
            return []
        }
        return found.map { f in
            let error = RouteFileError(f.location == "file" ? "" : f.location, f.message, file: path,
                                       line: f.line, column: f.column)
            return visible("\(FileHandleOutput.tag): \(error)")
        }
    }

    /// Every error that keeps the app description `data` (read from `path`) from loading, in file
    /// order: each entry the format refuses (each tab, route and redirect read on its own), else the
    /// one check of the whole description that failed (a tab root no route matches); empty when it loads.
    static func appLoadErrors(json data: Data, path: String) -> [RouteLintFinding] {
        do throws(RouteFileError) {
            let errors = try AppDescription.collectingErrors(json: data, file: path)
            if !errors.isEmpty {
                return RouteFileCheck.inFileOrder(errors.map { RouteLint.loadFinding(hinted($0)) }, json: data)
            }
            _ = try RouteSchema.decode(AppDescription.self, json: data, file: path)
            return []
        } catch {
            return RouteFileCheck.inFileOrder([RouteLint.loadFinding(hinted(error))], json: data)
        }
    }

    /// Whether a JSON document is an object with a `tabs` member: an app description.
    static func hasTabs(_ data: Data) -> Bool {
        struct Keys: Decodable {
            let hasTabs: Bool
            init(from decoder: any Decoder) throws {
                hasTabs = try decoder.container(keyedBy: SchemaKey.self).contains(SchemaKey("tabs"))
            }
        }
        return (try? JSONDecoder().decode(Keys.self, from: data))?.hasTabs == true
    }

    /// The lines that name a route file's problems on standard error, in file order: `PREFIX: ` and the
    /// line `lint` prints (`FILE:LINE:COLUMN: error: [code] LOCATION: MESSAGE`), with ` (left out)` for
    /// an entry the app left out.
    static func problemLines(_ check: RouteFileCheck, prefix: String = FileHandleOutput.tag,
                             only keep: (RouteLintFinding) -> Bool = { _ in true }) -> [String] {
        check.errors.filter(keep).map { problemLine($0, check, prefix: prefix) }
    }

    /// One finding of `check` as ``problemLines(_:prefix:only:)`` and ``tellLoadProblems(_:)`` name it:
    /// `PREFIX: ` and ``findingLine(_:_:file:)``.
    static func problemLine(_ f: RouteLintFinding, _ check: RouteFileCheck,
                            prefix: String = FileHandleOutput.tag) -> String {
        "\(prefix): " + findingLine(f, check, file: check.loaded.source)
    }

    /// One finding as every command and the app's log name it: the line `lint` prints
    /// (`FILE:LINE:COLUMN: warning: [code] LOCATION: MESSAGE`), with ` (left out)` when the app left
    /// the entry out, whatever the rule.
    static func findingLine(_ f: RouteLintFinding, _ check: RouteFileCheck, file: String?) -> String {
        visible(f.line(file: file) + (check.isLeftOut(f) ? " (left out)" : ""))
    }

    /// Names a route file's problems at load on standard error, in file order: each error as
    /// ``problemLines(_:prefix:only:)`` names it, and each near-miss metadata key (`"requireLogin"`,
    /// which turns no login gate on) as `PREFIX: FILE:LINE:COLUMN: LOCATION: warning: MESSAGE`.
    /// Returns whether the file has errors (the command then exits 1 once its work is done); nil
    /// `check` (an app description, the demo) has none.
    @discardableResult
    static func tellLoadProblems(_ check: RouteFileCheck?) -> Bool {
        guard let check else { return false }
        for f in check.findings { FileHandleOutput.stderr(problemLine(f, check)) }
        return !check.errors.isEmpty
    }

    /// The errors `lint --app PATH` reports for the app description at `path` (a login gate with no
    /// login URL, a link to no route…), which the app runs with: each as lint prints it. Empty for nil
    /// (no `--app`) or a file that cannot be read (its load already said why).
    static func appLintErrors(_ path: String?) -> [String] {
        guard let path, let findings = try? LintCommand.appFindings(path: path) else { return [] }
        return findings.filter { $0.severity == .error }.map { visible($0.line(file: path)) }
    }

    /// Names on standard error the errors ``appLintErrors(_:)`` finds in the app description at `path`,
    /// then their count; returns whether there were any (the command then exits 1 once its work is done,
    /// as for a route file with errors).
    @discardableResult
    static func tellAppLintErrors(_ path: String?) -> Bool {
        let errors = appLintErrors(path)
        guard let path, !errors.isEmpty else { return false }
        for line in errors { FileHandleOutput.stderr("\(FileHandleOutput.tag): \(line)") }
        FileHandleOutput.stderr(visible("\(FileHandleOutput.tag): \(path): \(appErrorCount(errors.count))"))
        return true
    }

    /// `2 errors lint reports`.
    static func appErrorCount(_ count: Int) -> String {
        "\(count) error\(count == 1 ? "" : "s") lint reports"
    }

    /// Why a run whose every expectation passed still exits 1, one line a file: the route file's errors
    /// (`broken.json: 6 entries left out for errors, 1 more error lint reports`) and the app
    /// description's (`app.json: 2 errors lint reports`). `script`, a headless replay and the app's
    /// replay say them alike.
    static func failingFiles(_ check: RouteFileCheck?, routes: String?, app: String?, appErrors: Int) -> [String] {
        var lines: [String] = []
        if let check, !check.errors.isEmpty { lines.append("\(routes ?? ""): \(countLine(check))") }
        if let app, appErrors > 0 { lines.append("\(app): \(appErrorCount(appErrors))") }
        return lines
    }

    /// `2 entries left out for errors, 1 more error`: what a file's errors come to.
    /// With `warnings`, the warnings are counted too (`…, 1 warning`).
    static func countLine(_ check: RouteFileCheck, warnings: Bool = false) -> String {
        let leftOut = check.errors.count { check.isLeftOut($0) }
        let staying = check.errors.count - leftOut
        var parts: [String] = []
        if leftOut > 0 { parts.append("\(leftOut) \(leftOut == 1 ? "entry" : "entries") left out for errors") }
        if staying > 0 {
            let word = leftOut > 0 ? " more" : ""
            parts.append("\(staying)\(word) error\(staying == 1 ? "" : "s") lint reports")
        }
        let warned = check.warnings.count
        if warnings, warned > 0 { parts.append("\(warned) warning\(warned == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    /// Prints `error` (its description names the file) and returns the exit code to throw.
    static func fail(_ error: RouteFileError) -> ExitCode {
        FileHandleOutput.stderr("\(FileHandleOutput.tag): \(error)")
        return ExitCode(1)
    }

    /// `text` with control and bidi characters escaped, for messages that echo input.
    static func visible(_ text: String) -> String { SchemaText.visible(text) }

    /// The router `routes` and `export` describe. For `--app FILE` and the demo app, the router the app
    /// runs, built as `switchyard --app FILE` builds it: its screen routes, redirects and relocations, the
    /// `LoginGate` and `WebAllowList` interceptors it installs, and the services mount of an app that
    /// calls the demo's services. For `--routes FILE`, ``demoRouter(_:)``. On failure prints the reason
    /// and exits 1.
    @MainActor
    static func appRouter(routes: String?, app: String?) throws
        -> (router: Router, hasErrors: Bool, leftOutRoutes: LeftOutRoutes?) {
        if let routes {
            let loaded = try routerKeepingWhatLoads(path: routes)
            return (loaded.router, loaded.hasErrors, loaded.leftOutRoutes)
        }
        let description = try app.map { path in try read(AppDescription.self, path: path) }
        do {
            return (try DemoApp.makeRuntime(app: description).router, false, nil)
        } catch let error as RouteFileError {
            throw fail(error.naming(app ?? demoName))
        } catch {
            FileHandleOutput.stderr(visible("\(FileHandleOutput.tag): \(app ?? demoName): \(error)"))
            throw ExitCode(1)
        }
    }

    /// The file at `path` and its ``demoRouter(_:)``, loaded as the app opens it: whole when it loads
    /// whole; otherwise the entries that load. Every error `lint` reports for the file (the entries left
    /// out with "(left out)", and those that stay, such as a redirect to no route) and each near-miss
    /// metadata key as a warning are printed to standard error, as `switchyard --routes`, `script` and
    /// `coverage` print them. Exits 1 when the file cannot be read at all. `hasErrors` says whether the
    /// file has any error: the commands then exit 1 once their work is done, so a file with errors
    /// never passes a QA step; `leftOutRoutes` holds the left-out routes whose patterns parse, for the
    /// notes of `match` and `explain`.
    static func routerKeepingWhatLoads(path: String) throws
        -> (file: RouteFile, router: Router, hasErrors: Bool, leftOutRoutes: LeftOutRoutes?) {
        let check: RouteFileCheck
        do throws(RouteFileError) { check = try AppOptions.checkKeepingWhatLoads(path) } catch {
            throw fail(error)
        }
        // Every error (the entries left out, and those that load with one) and the near-miss metadata
        // keys, placed at their lines as the app and `script` name them.
        let leftOut = check.errors.contains(where: check.isLeftOut)
        for f in check.findings { FileHandleOutput.stderr(problemLine(f, check)) }
        let file = check.loaded.file
        // The left-out routes, read back, so a URL meant for one of them is told so.
        let routes = leftOut ? LeftOutRoutes(path: path, loaded: check.loaded.routeIndices) : nil
        // The patterns the check parsed are registered as they are (not parsed again).
        do throws(RouteFileError) {
            return (file, try demoRouter(file, parsed: check.loaded.parsedPatterns), !check.errors.isEmpty, routes)
        } catch {
            throw fail(error.naming(path))
        }
    }

    /// A router with the file's routes (no handlers), redirects and relocations, and the `LoginGate` an
    /// app opened from the file (`switchyard --routes FILE`) installs on routes with `requiresLogin` =
    /// `true`.
    static func demoRouter(_ file: RouteFile, parsed: [RoutePattern]? = nil) throws(RouteFileError) -> Router {
        try router(file, mountsServices: false, parsed: parsed)
    }

    /// ``demoRouter(_:)``, with the demo's services mounted (`app://services/:service/:method`) when
    /// `mountsServices`, as the app mounts them for the demo and for descriptions that call them.
    static func router(_ file: RouteFile, mountsServices: Bool,
                       parsed: [RoutePattern]? = nil) throws(RouteFileError) -> Router {
        let router = Router()
        // With the patterns a reader parsed (one a route), they are registered as they are.
        try file.register(on: router, parsed: parsed) { _ in nil }
        if mountsServices {
            do { try DemoApp.registerServices(on: router, cart: Cart()) } catch {
                throw RouteFileError("", "cannot mount the demo's services (\(error))")
            }
        }
        // The gate of the app generated from a route file; no open runs through this router, so it never holds.
        LoginGate(loginURL: AppDescription.generatedLoginURL).install(on: router)
        return router
    }
}
