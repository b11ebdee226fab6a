import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTooling
import TerminalKit

/// `switchyard coverage [--routes F | --app F] SCRIPT… [--json]`: the routes a set of navigation
/// scripts reached, with counts, then every route they never reached.
struct CoverageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Run navigation scripts headless and list the routes they reached, then the untested ones.",
        discussion: """
        Each script runs on a fresh app (the demo app by default), as `switchyard script` runs it, with its \
        output suppressed. A route is reached when an open ran its handler, when a command placed its screen as a \
        deep link's parent, or when a static redirect or relocation rewrote a URL that matches it. The report \
        lists the reached routes with counts, then the never-reached ones under `untested` (gated ones marked). \
        A script whose expectations fail still counts: its tally (commands run, expectations passed and failed) \
        is told on standard error, and the exit status stays 0. An unreadable script or app file exits 1.
        """
    )

    @Argument(help: "The script files (the `switchyard script` format); - reads one from standard input.")
    var scripts: [String]

    @OptionGroup var appOptions: AppOptions

    @Flag(name: .long, help: """
        Print one JSON object: routes, reached [{pattern, target, count}], untested [{pattern, target, gated}].
        """)
    var json = false

    func validate() throws {
        if scripts.isEmpty { throw ValidationError("give at least one script file") }
    }

    @MainActor
    func run() async throws {
        var texts: [(String, String)] = []
        for path in scripts {
            // `-` is standard input, as for `switchyard script` (once: a second `-` reads nothing more).
            if path == "-" {
                var lines: [String] = []
                while let line = readLine(strippingNewline: true) { lines.append(line) }
                texts.append(("-", lines.joined(separator: "\n")))
                continue
            }
            texts.append((path, try RouteFileLoader.scriptText(path: path)))
        }
        var coverage = RouteCoverage()
        var routes: [(route: RouteCoverage.Route, gated: Bool)] = []
        for (k, (path, text)) in texts.enumerated() {
            // A route file opens with the routes that load, as in the app; each error is named once.
            let (runtime, check) = try appOptions.makeRuntimeKeepingWhatLoads()
            if k == 0 {
                RouteFileLoader.tellLoadProblems(check)
                RouteFileLoader.tellAppLintErrors(appOptions.app)
            }
            if routes.isEmpty { routes = runtime.coverageRoutes }
            let runner = ScriptRunner(runtime: runtime, showTraces: false) { _ in }
            let ok = await runner.run(text)
            if !ok {
                FileHandleOutput.stderr(RouteFileLoader.visible(
                    "\(FileHandleOutput.tag): \(path): \(runner.tally) (its coverage still counts)"))
            }
            coverage.merge(runner.coverage)
        }
        for line in Self.lines(coverage, routes: routes, scripts: texts.count, json: json) { print(line) }
    }

    /// The report's lines: a summary, the reached routes (count, pattern, target), then `untested`
    /// (pattern, target, `login` for a gated route); or one JSON object.
    static func lines(_ coverage: RouteCoverage, routes: [(route: RouteCoverage.Route, gated: Bool)], scripts: Int,
                      json: Bool) -> [String] {
        let (reached, untested) = coverage.report(routes: routes)
        let total = reached.count + untested.count
        if json {
            let object = JSONText.Value.object([
                ("routes", .int(total)),
                ("reached", .array(reached.map {
                    .object([("pattern", .string($0.pattern)), ("target", .string($0.target)),
                             ("count", .int($0.count))])
                })),
                ("untested", .array(untested.map {
                    .object([("pattern", .string($0.pattern)), ("target", .string($0.target)),
                             ("gated", .bool($0.gated))])
                })),
            ])
            return [JSONText.render(object)]
        }
        var out = ["\(reached.count) of \(total) routes reached by \(scripts) script\(scripts == 1 ? "" : "s")"]
        out.append("")
        out.append("reached")
        out += columns(reached.map { [String($0.count), $0.pattern, $0.target] }, rightAligned: [0])
        out.append("")
        out.append("untested")
        out += columns(untested.map { [$0.pattern, $0.target, $0.gated ? "login" : ""] }, rightAligned: [])
        return out.map { RouteFileLoader.visible($0) }
    }

    /// Rows as columns two spaces apart, indented by two; trailing blanks dropped. Cells are padded to
    /// the terminal's columns (a wide character such as `家` takes two).
    static func columns(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        guard let width = rows.first?.count else { return ["  (none)"] }
        let widths = (0..<width).map { i in rows.map { DisplayWidth.of($0[i]) }.max() ?? 0 }
        return rows.map { row in
            var line = "  " + row.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - DisplayWidth.of(row[i]))
                return rightAligned.contains(i) ? pad + row[i] : row[i] + pad
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
