import ArgumentParser
import Foundation
import Switchyard
import SwitchyardTooling

/// `switchyard export [--routes FILE | --app FILE] --format json|plist`: the route map.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the route map of a JSON route table as JSON or an XML property list.",
        discussion: """
        The map lists every route (pattern, target, priority, metadata, interceptors), the redirects and the
        relocation rules, with keys sorted, so the output is stable. The JSON form is itself a route file.
        A route with requiresLogin=true lists login-gate, the interceptor the demo app installs.
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

    func run() throws {
        let file = try RouteFileLoader.load(routes: routes, app: app)
        do throws(RouteFileError) {
            let text = try Self.render(file, format: format)
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        } catch {
            throw RouteFileLoader.fail(error.naming(routes ?? app ?? RouteFileLoader.demoName))
        }
    }

    /// The text `export` prints for `file`.
    static func render(_ file: RouteFile, format: Format) throws(RouteFileError) -> String {
        let map = RouteMap(router: try RouteFileLoader.demoRouter(file))
        return try map.text(as: format == .json ? .json : .plist)
    }
}
