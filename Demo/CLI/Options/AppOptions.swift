import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardKit
import SwitchyardNavigation
import SwitchyardTooling

/// Options shared by every command that runs an app.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: "An app description (JSON, see README). The built-in demo app by default.")
    var app: String?

    @Option(name: .long, help: """
        A plain route file (JSON): every route becomes a screen, in a tab per host (one Routes tab past 6 hosts).
        """)
    var routes: String?

    @Option(name: .long, help: "A relocation table (JSON) applied at start.")
    var relocations: String?

    @Option(name: .customLong("callback-allow"),
            help: """
                Where callback URLs (callBack=, x-success=…) may go: scheme://host, scheme://*.host or scheme://* \
                (repeatable). The demo app allows app://* unless this is given.
                """)
    var callbackAllow: [String] = []

    /// The `--callback-allow` entries as a list, nil when none were given; a bad entry is named and ends
    /// the process with status 1.
    func callbackAllowList() throws -> CallbackAllowList? {
        guard !callbackAllow.isEmpty else { return nil }
        do throws(CallbackRefusal) { return try CallbackAllowList(callbackAllow) } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): --callback-allow: \(error)"))
            throw ExitCode(1)
        }
    }

    /// Loads the app and builds its runtime as ``makeRuntime()`` does, except that a `--routes` file
    /// with errors opens with the routes that load: each refused entry (a wrong type, an invalid
    /// pattern, a bad redirect or relocation entry, a duplicate or same shape, an unreadable
    /// `requiresLogin`) is left out, and the returned check names it with every other error `lint`
    /// reports for the file (a redirect cycle, a redirect that leads nowhere), in file order. A file
    /// that cannot be read at all still ends the process with status 1. The check is nil for `--app`
    /// and the demo app.
    @MainActor
    func makeRuntimeKeepingWhatLoads() throws -> (runtime: AppRuntime, check: RouteFileCheck?) {
        guard let routes, app == nil else { return (try makeRuntime(), nil) }
        let check: RouteFileCheck
        do throws(RouteFileError) { check = try Self.checkKeepingWhatLoads(routes) } catch {
            throw RouteFileLoader.fail(error)
        }
        // The index links are checked against the runtime's own router (one route table built).
        // The patterns the reader parsed are handed along (the description and the registration parse none).
        let description = AppDescription.generatedUnchecked(from: check.loaded.file,
                                                            name: URL(fileURLWithPath: routes).lastPathComponent,
                                                            patterns: check.loaded.parsedPatterns)
        let table = try relocations.map { path in try RouteFileLoader.read(RelocationTable.self, path: path) }
        let callbacks = try callbackAllowList()
        do {
            return (try DemoApp.makeRuntime(app: description, relocations: table, callbackAllowList: callbacks),
                    check)
        } catch let e as RouteFileError {
            let file = e.location == "configure" ? relocations ?? routes : routes
            throw RouteFileLoader.fail(e.naming(file))
        } catch let e as RelocationError {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(relocations ?? "relocations"): \(e)"))
        } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(error)"))
        }
        throw ExitCode(1)
    }

    /// Loads the app and builds its runtime; errors are printed and end the process with status 1.
    @MainActor
    func makeRuntime() throws -> AppRuntime {
        if app != nil && routes != nil {
            FileHandleOutput.stderr("\(FileHandleOutput.tag): give --app or --routes, not both")
            throw ExitCode(1)
        }
        let description = try app.map { path in try RouteFileLoader.read(AppDescription.self, path: path) }
            ?? routes.map { path in
                AppDescription.generatedUnchecked(from: try RouteFileLoader.read(RouteFile.self, path: path),
                                                  name: URL(fileURLWithPath: path).lastPathComponent)
            }
        let table = try relocations.map { path in try RouteFileLoader.read(RelocationTable.self, path: path) }
        let callbacks = try callbackAllowList()
        do {
            return try DemoApp.makeRuntime(app: description, relocations: table, callbackAllowList: callbacks)
        } catch let e as RouteFileError {
            // `configure` is where the extra relocation table is applied on top of the app's.
            let file = e.location == "configure" ? relocations ?? app ?? routes : app ?? routes
            throw RouteFileLoader.fail(e.naming(file ?? RouteFileLoader.demoName))
        } catch let e as RelocationError {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(relocations ?? "relocations"): \(e)"))
        } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(error)"))
        }
        throw ExitCode(1)
    }

    /// The route file at `path` as the app opens it (``CollectedRouteFile/loadable(options:)``, the rule
    /// `lint` judges by), with every error `lint` reports for it: the entries left out and the errors
    /// that stay, in file order (``RouteFileCheck``, error rules only). The start
    /// and every reload use it, so a file opens and reloads by one rule and reports what lint reports.
    static func checkKeepingWhatLoads(_ path: String) throws(RouteFileError) -> RouteFileCheck {
        try RouteFileCheck(path: path, rules: .errors)
    }
}
