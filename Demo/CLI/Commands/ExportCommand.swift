import ArgumentParser
import Foundation
import Switchyard
import SwitchyardTooling

/// `switchyard export [--routes FILE | --app FILE] --format json|plist`: the route map.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the route map of a JSON route table as JSON or an XML property list.",
        discussion: """
        The map lists every route (pattern, target, priority, metadata, interceptors), the redirects and the \
        relocation rules, with keys sorted, so the output is stable. The JSON form is itself a route file. \
        For the demo app and --app FILE, the map is the router the app runs: its interceptors (LoginGate, \
        WebAllowList) and its services route included. For --routes FILE, a route with requiresLogin=true lists \
        LoginGate, as an app opened from the file installs it.
        """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, plist
    }

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used. The demo app by default.")
    var app: String?

    @Option(name: .long, help: "Output format: json or plist.")
    var format: Format = .json

    @MainActor
    func run() async throws {
        let (router, hasErrors, _) = try RouteFileLoader.appRouter(routes: routes, app: app)
        do throws(RouteFileError) {
            let text = try RouteMap(router: router).text(as: format == .json ? .json : .plist)
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        } catch {
            throw RouteFileLoader.fail(error.naming(routes ?? app ?? RouteFileLoader.demoName))
        }
        if hasErrors { throw ExitCode(1) }
    }
}
