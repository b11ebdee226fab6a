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
        Each line is `FILE:LINE:COLUMN: SEVERITY: [CODE] LOCATION: MESSAGE` (compiler style, as the other \
        commands place a problem), SEVERITY being error or warning; `FILE: …` for a problem of the file as a \
        whole, and no place for the built-in demo app. Every problem of the \
        file is reported in one run: entries the file format refuses (a wrong type, an invalid pattern, a bad \
        redirect or relocation entry) are findings too, and the rules check the entries that read. Shadowing, \
        overlaps, \
        unknown targets and cycles are decided on the patterns themselves (their segment languages), not on \
        sample URLs. With --app (or the demo app by default) the app rules run too: parent and link templates, \
        requiresLogin without a loginURL. The codes are listed in the README ("routes, lint, export"). The lines \
        are in file order: by the line of their location in the file, then its column (a problem of the file \
        as a whole first). What lint calls an error is what the app opened on the file reports at load. \
        --json prints one object instead, the findings in the same order with their line and column. A \
        summary goes to standard error. Exits 1 when there is any error (or the file cannot be read), 0 otherwise.
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used. The demo app by default.")
    var app: String?

    @Flag(name: .long, help: """
        Print one JSON object: {"errors", "warnings", "findings": [{"severity", "code", "location", "line", \
        "column", "message"}]}, the findings in file order (line and column null when unknown).
        """)
    var json = false

    func run() throws {
        let findings: [RouteLintFinding]
        if routes == nil {
            let description = try app.map { try RouteFileLoader.read(AppDescription.self, path: $0) }
                ?? DemoApp.description()
            let mounted = DemoApp.mountsServices(description) ? DemoApp.mountedPatterns : []
            let found = AppLint.findings(description, mountedPatterns: mounted)
            // An app file read again for the places of its findings (a pipe cannot be: no places).
            let data = app.flatMap { RouteFileLoader.isFile($0) ? FileManager.default.contents(atPath: $0) : nil }
            findings = data.map { RouteFileCheck.inFileOrder(found, json: $0) } ?? found
        } else {
            let path = routes ?? ""
            do throws(RouteFileError) { findings = try RouteFileCheck(path: path).findings } catch {
                throw RouteFileLoader.fail(error)
            }
        }
        let (lines, errors, warnings) = Self.report(findings, file: routes ?? app)
        if json {
            print(Self.json(findings, errors: errors, warnings: warnings))
        } else {
            for line in lines { print(line) }
        }
        FileHandleOutput.stderr("\(FileHandleOutput.tag): \(errors) error\(errors == 1 ? "" : "s"),"
                                + " \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    /// The `--json` object: counts, then every finding in the order given.
    static func json(_ findings: [RouteLintFinding], errors: Int, warnings: Int) -> String {
        JSONText.render(.object([
            ("errors", .int(errors)), ("warnings", .int(warnings)),
            ("findings", .array(findings.map { f in
                .object([("severity", .string(f.severity.rawValue)), ("code", .string(f.code.description)),
                         ("location", .string(f.location)), ("line", f.line.map { .int($0) } ?? .null),
                         ("column", f.column.map { .int($0) } ?? .null), ("message", .string(f.message))])
            })),
        ]))
    }

    /// The lines `lint` prints for `findings` of `file` (nil: the demo app), and how many errors and
    /// warnings they hold.
    static func report(_ findings: [RouteLintFinding], file: String?)
        -> (lines: [String], errors: Int, warnings: Int) {
        (findings.map { $0.line(file: file) }, findings.count { $0.severity == .error },
         findings.count { $0.severity == .warning })
    }
}
