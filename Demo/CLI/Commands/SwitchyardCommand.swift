import ArgumentParser
import Foundation

/// The `switchyard` command: the terminal app by default, plus tools for route tables.
@main
struct SwitchyardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "A URL router for app navigation, and a terminal app that shows it working.",
        subcommands: [RunCommand.self, MatchCommand.self, ExplainCommand.self, AppCommand.self, ScriptCommand.self, RoutesCommand.self, LintCommand.self, ExportCommand.self, GraphCommand.self, DiffCommand.self, GenerateCommand.self, ImportCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Refuses an unknown command word before parsing: `run` is the default subcommand, so the
    /// parser would hand `switchyard bogus` to `run` and answer with `run`'s usage. Options alone
    /// (`switchyard --routes FILE`) still go to `run`.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let refusal = unknownCommand(in: arguments) {
            FileHandleOutput.stderr(refusal)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(arguments)
    }

    /// The names a first argument may take: every subcommand's name and aliases, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases } + ["help"]
    }

    /// The refusal of `arguments` whose first word is not a command (and not an option), naming the
    /// commands; nil when the first argument is a command, an option, or absent.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }.joined(separator: ", ")
        return RouteFileLoader.visible("switchyard: '\(first)' is not a command. The commands are \(names); "
            + "without one, switchyard opens the app (`switchyard --help` describes them).")
    }
}
