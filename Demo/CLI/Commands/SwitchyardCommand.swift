import ArgumentParser

/// The `switchyard` command: the terminal app by default, plus tools for route tables.
@main
struct SwitchyardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "A URL router for app navigation, and a terminal app that shows it working.",
        subcommands: [RunCommand.self, MatchCommand.self, ExplainCommand.self, AppCommand.self, ScriptCommand.self, RoutesCommand.self, LintCommand.self, ExportCommand.self, GraphCommand.self, DiffCommand.self, GenerateCommand.self, ImportCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
