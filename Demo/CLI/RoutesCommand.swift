import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation

/// `switchyard routes [--routes FILE | --app FILE] [--tree]`: the route table as aligned columns, or as a tree.
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print a JSON route table: pattern, target, priority, metadata and interceptors.",
        discussion: """
        One header line, then one line per route in registration order, columns separated by two spaces:
        PATTERN, TARGET, PRIORITY, METADATA (key=value,… sorted by key, or -), INTERCEPTORS (or -).
        A route with requiresLogin=true shows login-gate, the interceptor the demo app installs.
        Redirects and relocation rules follow after a blank line. With --tree, prints the matching tree instead.
        A bad route file exits 1 with a message naming the bad entry.
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used. The demo app by default.")
    var app: String?

    @Flag(name: .long, help: "Print the matching tree instead of the table.")
    var tree = false

    func run() throws {
        let file = try RouteFileLoader.load(routes: routes, app: app)
        do throws(RouteFileError) {
            for line in try Self.report(file, tree: tree) { print(line) }
        } catch {
            FileHandleOutput.stderr("switchyard: \(routes ?? app ?? "demo app"): \(error)")
            throw ExitCode(1)
        }
    }

    /// The lines `routes` prints for `file`.
    static func report(_ file: RouteFile, tree: Bool = false) throws(RouteFileError) -> [String] {
        let router = try RouteFileLoader.demoRouter(file)
        if tree {
            // A table whose targets are the target names, so the tree shows `[UserProfile]`.
            var names = RouteTableBuilder<String>(options: router.options)
            for r in router.table.routes {
                do throws(RegistrationError) { try names.add(r.pattern, target: r.target.target, priority: r.priority) } catch {
                    throw RouteFileError("routes", error.description)
                }
            }
            return [names.build().treeDescription]
        }
        return RouteMap(router: router).tableLines()
    }
}

/// Loading route files for the table tools.
enum RouteFileLoader {
    /// The interceptor name shown for routes whose metadata has `requiresLogin` = `true`.
    static let loginGateName = "login-gate"

    /// Reads the route table to work on: `[--routes FILE | --app FILE]`, else the routes of `--app FILE`, else the
    /// built-in demo app's. On failure prints the reason and exits 1.
    static func load(routes: String?, app: String?) throws -> RouteFile {
        let path = routes ?? app ?? "demo app"
        do {
            if let routes {
                return try RouteFile.decode(json: try Data(contentsOf: URL(fileURLWithPath: routes)))
            }
            if let app {
                return try AppDescription.decode(json: try Data(contentsOf: URL(fileURLWithPath: app))).routeFile
            }
            return try DemoApp.description().routeFile
        } catch let error as RouteFileError {
            FileHandleOutput.stderr("switchyard: \(path): \(error)")
            throw ExitCode(1)
        } catch {
            FileHandleOutput.stderr("switchyard: cannot read \(path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    /// A router with the file's routes (no handlers), redirects and relocations, plus a stand-in for the
    /// login gate the demo app installs on routes with `requiresLogin` = `true`.
    static func demoRouter(_ file: RouteFile) throws(RouteFileError) -> Router {
        let router = Router()
        try file.register(on: router) { _ in nil }
        router.addInterceptor(ClosureInterceptor(loginGateName) { _ in .proceed }, priority: 1000,
                              scope: .metadata(key: "requiresLogin", value: "true"))
        return router
    }
}
