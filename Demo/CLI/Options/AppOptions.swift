import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardKit
import SwitchyardNavigation

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
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: --callback-allow: \(error)"))
            throw ExitCode(1)
        }
    }

    /// Loads the app and builds its runtime as ``makeRuntime()`` does, except that a `--routes` file
    /// with errors opens with the routes that load: each refused entry (a wrong type, an invalid
    /// pattern, a bad redirect or relocation entry, a duplicate or same shape) is left out and named
    /// in the returned errors (`FILE: routes[3].pattern: …`). A file that cannot be read at all still
    /// ends the process with status 1.
    @MainActor
    func makeRuntimeKeepingWhatLoads() throws -> (runtime: AppRuntime, errors: [RouteFileError]) {
        guard let routes, app == nil else { return (try makeRuntime(), []) }
        let collected: CollectedRouteFile
        do throws(RouteFileError) { collected = try Self.loadKeepingWhatLoads(routes) } catch {
            throw RouteFileLoader.fail(error)
        }
        // The index links are checked against the runtime's own router (one route table built).
        let description = AppDescription.generatedUnchecked(from: collected.file,
                                                            name: URL(fileURLWithPath: routes).lastPathComponent)
        let table = try relocations.map { path in try RouteFileLoader.read(RelocationTable.self, path: path) }
        let callbacks = try callbackAllowList()
        do {
            return (try DemoApp.makeRuntime(app: description, relocations: table, callbackAllowList: callbacks),
                    collected.errors)
        } catch let e as RouteFileError {
            let file = e.location == "configure" ? relocations ?? routes : routes
            throw RouteFileLoader.fail(e.naming(file))
        } catch let e as RelocationError {
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: \(relocations ?? "relocations"): \(e)"))
        } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: \(error)"))
        }
        throw ExitCode(1)
    }

    /// Loads the app and builds its runtime; errors are printed and end the process with status 1.
    @MainActor
    func makeRuntime() throws -> AppRuntime {
        if app != nil && routes != nil {
            FileHandleOutput.stderr("switchyard: give --app or --routes, not both")
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
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: \(relocations ?? "relocations"): \(e)"))
        } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: \(error)"))
        }
        throw ExitCode(1)
    }

    /// The route file at `path` as the app opens it: every entry that reads and registers, and each
    /// one that does not as an error (a wrong type, an invalid pattern, a bad redirect or relocation
    /// entry, a duplicate or same shape, a `requiresLogin` no gate can read, which would otherwise open
    /// without login). Throws only when the file cannot be read at all. The start and every reload use it,
    /// so a file opens and reloads by one rule.
    static func loadKeepingWhatLoads(_ path: String) throws(RouteFileError) -> CollectedRouteFile {
        // Entries no gate can read go first, so that a later entry of the same pattern is not refused
        // as a duplicate of one that is left out.
        var collected = try RouteFile.collecting(path: path)
        var kept: [RouteDefinition] = []
        var keptIndices: [Int] = []
        var refused: [RouteFileError] = []
        for (route, index) in zip(collected.file.routes, collected.routeIndices) {
            if let problem = ScreenRoute.loginMetadataProblem(route.metadata) {
                refused.append(RouteFileError("routes[\(index)].metadata.requiresLogin", problem, file: collected.source))
            } else {
                kept.append(route)
                keptIndices.append(index)
            }
        }
        collected.file.routes = kept
        collected.routeIndices = keptIndices
        collected.errors += refused
        collected = collected.registrable()
        collected.errors = CollectedRouteFile.inFileOrder(collected.errors)
        return collected
    }
}
