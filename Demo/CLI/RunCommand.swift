import ArgumentParser
import Foundation
import SwitchyardCurses
import SwitchyardNavigation
import SwitchyardTerminal

/// `switchyard [run]`: the terminal app, a tab-bar phone app whose every navigation goes through the
/// router; headless (the script runner on standard input) when there is no terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the terminal app: a simulated phone app whose every navigation goes through the router.",
        discussion: """
        A simulated tab-bar phone app whose screens are route targets: type a URL at the prompt (: or /), \
        pick links with the arrows and Enter, go back with Esc, switch tabs with 1-9. F2 (or L) shows the \
        route log, F3 (or R) the route table, ? every key, q quits. When standard input or output is not a \
        terminal, or TERM is dumb or unknown, runs the script runner on standard input instead (see \
        `switchyard script`). NO_COLOR (set and not empty) turns colours off.
        """
    )

    @OptionGroup var appOptions: AppOptions

    @Flag(name: .long, help: "Show transitions at once instead of animating them.")
    var noAnimation = false

    @Flag(name: .long, help: "Do not ask the terminal for mouse events.")
    var noMouse = false

    @MainActor
    func run() async throws {
        let runtime = try appOptions.makeRuntime()
        let unavailable = NCursesTerminal.unavailability()
        guard unavailable == nil, let terminal = NCursesTerminal(mouse: !noMouse) else {
            // One line on every path: the notice, then the reason.
            let reason = unavailable ?? .unknownTerm(NCursesTerminal.termName ?? "")
            FileHandleOutput.stderr("switchyard: no terminal; running the script runner on standard input (\(reason))")
            var lines: [String] = []
            while let line = readLine(strippingNewline: true) { lines.append(line) }
            let runner = ScriptRunner(runtime: runtime) { print($0) }
            let ok = await runner.run(lines.joined(separator: "\n"))
            if !ok { throw ExitCode(1) }
            return
        }
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: !noAnimation)
        loop.coalescesWaitingKeys = true
        await loop.run()
        terminal.shutdown()
    }
}
