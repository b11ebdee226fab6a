import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTooling
import TerminalKit

/// `switchyard routes [--routes FILE | --app FILE] [--tree]`: the route table as aligned columns, or as a tree.
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table: pattern, target, priority, metadata and interceptors, one route a line.",
        discussion: """
        One header line, then one line per route in registration order, columns separated by two spaces:
        PATTERN, TARGET, PRIORITY, METADATA (key=value,… sorted by key, or -), INTERCEPTORS (or -). \
        For the demo app and --app FILE, the table is the router the app runs: its interceptors (LoginGate, \
        WebAllowList) and its services route included. For --routes FILE, a route with requiresLogin=true shows \
        LoginGate, as an app opened from the file installs it. \
        Redirects and relocation rules follow after a blank line. With --tree, prints the matching tree instead. \
        A bad route file exits 1 with a message naming the bad entry.
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used. The demo app by default.")
    var app: String?

    @Flag(name: .long, help: "Print the matching tree instead of the table.")
    var tree = false

    @MainActor
    func run() async throws {
        let (router, hasErrors, _) = try RouteFileLoader.appRouter(routes: routes, app: app)
        do throws(RouteFileError) {
            for line in try Self.report(router, tree: tree) { print(line) }
        } catch {
            throw RouteFileLoader.fail(error.naming(routes ?? app ?? RouteFileLoader.demoName))
        }
        if hasErrors { throw ExitCode(1) }
    }

    /// The lines `routes` prints for `router`.
    static func report(_ router: Router, tree: Bool = false) throws(RouteFileError) -> [String] {
        if tree {
            // A table whose targets are the target names, so the tree shows `[UserProfile]`.
            var names = RouteTableBuilder<String>(options: router.options)
            for r in router.table.routes {
                do throws(RegistrationError) {
                    try names.add(r.pattern, target: r.target.name, priority: r.priority)
                } catch {
                    throw RouteFileError("routes", error.description)
                }
            }
            return [names.build().treeDescription]
        }
        // Padded to the terminal's columns: a wide character takes two.
        return RouteMap(router: router).tableLines(width: DisplayWidth.of)
    }
}
