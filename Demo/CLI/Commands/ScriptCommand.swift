import ArgumentParser
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardTooling

/// `switchyard script [FILE|-]`: runs a navigation script headless and prints each step.
struct ScriptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Run a navigation script (one command a line) against the app, headless.",
        discussion: """
        Commands: open URL, back [ANIMATION], dismiss [ANIMATION], tab N, tap N, login, logout, discard, \
        expect top TITLE, expect stack STATE, expect outcome CODE, expect transition KIND, expect held URL|none, \
        expect login yes|no, expect error, expect ok, # comment. LF, CRLF and a UTF-8 BOM are accepted. \
        After each line the state, the transition and the trace are printed. A bad line prints an error with its \
        line number and the run goes on. A failed expect, a bad line, a command that ends in an error with no \
        `expect error` or `expect outcome CODE` after it, or a --routes file with errors makes the exit status 1 \
        (the last line of the transcript says which).
        """
    )

    @Argument(help: "The script file, or - (the default) for standard input.")
    var file: String = "-"

    @OptionGroup var appOptions: AppOptions

    @Flag(name: .long, help: "Do not print traces.")
    var noTrace = false

    @MainActor
    func run() async throws {
        let text: String
        if file == "-" {
            var lines: [String] = []
            if isatty(0) == 1 {
                FileHandleOutput.stderr("\(FileHandleOutput.tag): reading the script from standard input (Ctrl-D ends)")
            }
            while let line = readLine(strippingNewline: true) { lines.append(line) }
            text = lines.joined(separator: "\n")
        } else {
            text = try RouteFileLoader.scriptText(path: file)
        }
        // A route file opens with the routes that load, as in the app; each error is named first.
        let (runtime, check) = try appOptions.makeRuntimeKeepingWhatLoads()
        let hasErrors = RouteFileLoader.tellLoadProblems(check)
        // An app description runs as it loads, and the errors lint reports for it fail the run too.
        let appErrors = RouteFileLoader.appLintErrors(appOptions.app)
        for line in appErrors { FileHandleOutput.stderr("\(FileHandleOutput.tag): \(line)") }
        let runner = ScriptRunner(runtime: runtime, showTraces: !noTrace) { print($0) }
        let ok = await runner.run(text)
        // The transcript says why the status is 1 when every expectation passed.
        for line in RouteFileLoader.failingFiles(check, routes: appOptions.routes, app: appOptions.app,
                                                 appErrors: appErrors.count) {
            print("# \(line); exit status 1")
        }
        if !ok || hasErrors || !appErrors.isEmpty { throw ExitCode(1) }
    }
}
