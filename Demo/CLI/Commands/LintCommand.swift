import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTooling

/// `switchyard lint [--routes FILE | --app FILE]`: every problem in a route table, one line each.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a JSON route table and print one line per problem.",
        discussion: """
        Each line is `SEVERITY: [CODE] LOCATION: MESSAGE`, SEVERITY being error or warning. Every problem of the \
        file is reported in one run: entries the file format refuses (a wrong type, an invalid pattern, a bad \
        redirect or relocation entry) are findings too, and the rules check the entries that read. Shadowing, \
        overlaps, \
        unknown targets and cycles are decided on the patterns themselves (their segment languages), not on \
        sample URLs. With --app (or the demo app by default) the app rules run too: parent and link templates, \
        requiresLogin without a loginURL. The codes are listed in the README ("routes, lint, export"). A summary \
        goes to standard error. Exits 1 when there is any error (or the file cannot be read), 0 otherwise.
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used. The demo app by default.")
    var app: String?

    func run() throws {
        let findings: [RouteLintFinding]
        if routes == nil {
            let description = try app.map { try RouteFileLoader.read(AppDescription.self, path: $0) }
                ?? DemoApp.description()
            let mounted = DemoApp.mountsServices(description) ? DemoApp.mountedPatterns : []
            findings = AppLint.findings(description, mountedPatterns: mounted)
        } else {
            findings = RouteLint.findings(try RouteFileLoader.collecting(path: routes ?? ""))
        }
        let (lines, errors, warnings) = Self.report(findings)
        for line in lines { print(line) }
        FileHandleOutput.stderr("switchyard lint: \(errors) error\(errors == 1 ? "" : "s"),"
                                + " \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    /// The lines `lint` prints for `findings`, and how many errors and warnings they hold.
    static func report(_ findings: [RouteLintFinding]) -> (lines: [String], errors: Int, warnings: Int) {
        (findings.map(\.description), findings.count { $0.severity == .error },
         findings.count { $0.severity == .warning })
    }
}
