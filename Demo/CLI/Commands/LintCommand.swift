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
        if let app {
            findings = try Self.appFindings(path: app)
        } else if routes == nil {
            let description = try DemoApp.description()
            let mounted = DemoApp.mountsServices(description) ? DemoApp.mountedPatterns : []
            findings = AppLint.findings(description, mountedPatterns: mounted)
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

    /// The findings of the app description at `path` (read once: it may be a pipe), in file order:
    /// every entry the format refuses when there are any (each tab, route and redirect read on its
    /// own, as a route file's entries are), else the app rules' findings on the description.
    static func appFindings(path: String) throws -> [RouteLintFinding] {
        let data: Data
        do throws(RouteFileError) { data = try RouteSchema.read(path: path) } catch {
            throw RouteFileLoader.fail(error)
        }
        let errors = RouteFileLoader.appLoadErrors(json: data, path: path)
        guard errors.isEmpty, let description = try? RouteSchema.decode(AppDescription.self, json: data, file: path)
        else { return errors }
        let mounted = DemoApp.mountsServices(description) ? DemoApp.mountedPatterns : []
        return RouteFileCheck.inFileOrder(AppLint.findings(description, mountedPatterns: mounted), json: data)
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
