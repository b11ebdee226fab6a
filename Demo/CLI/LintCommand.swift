import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation

/// `switchyard lint [--routes FILE | --app FILE]`: every problem in a route table, one line each.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a JSON route table and print one line per problem.",
        discussion: """
        Each line is `SEVERITY: [CODE] LOCATION: MESSAGE`, SEVERITY being error or warning. Codes: duplicate,
        same-shape, invalid-pattern, shadowed, invalid-redirect, duplicate-redirect, redirect-cycle,
        relocation, unknown-target, unbound-placeholder (an app's parent template names a value its route
        can never bind). A summary goes to standard error. Exits 1 when there is any error
        (or the file cannot be read), 0 otherwise.
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used. The demo app by default.")
    var app: String?

    func run() throws {
        let file = try RouteFileLoader.load(routes: routes, app: app)
        var (lines, errors, warnings) = Self.report(file)
        if routes == nil {
            let description = try app.map { try RouteFileLoader.read(AppDescription.self, path: $0) } ?? DemoApp.description()
            let findings = description.unboundPlaceholders().map {
                RouteLintFinding(.error, "unbound-placeholder", $0.location, $0.message)
            }
            lines += findings.map(\.description)
            errors += findings.count
        }
        for line in lines { print(line) }
        FileHandleOutput.stderr("switchyard lint: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    /// The lines `lint` prints for `file`, and how many errors and warnings they hold.
    static func report(_ file: RouteFile) -> (lines: [String], errors: Int, warnings: Int) {
        let findings = RouteLint.findings(file)
        return (findings.map(\.description), findings.count { $0.severity == .error }, findings.count { $0.severity == .warning })
    }
}
