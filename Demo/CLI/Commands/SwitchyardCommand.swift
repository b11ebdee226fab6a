import ArgumentParser
import Foundation
import Switchyard

/// The `switchyard` command: the terminal app by default, plus tools for route tables.
@main
struct SwitchyardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "A URL router for app navigation, and a terminal app that shows it working.",
        discussion: """
        With no subcommand, `switchyard` opens the terminal app (`run`): the demo app, or \
        `--routes FILE` (an app made from a route table), `--app FILE` (an app description); \
        `--record FILE` writes the session as a script, `--replay FILE [--step]` plays one. \
        `switchyard run --help` lists every option of the app.
        """,
        subcommands: [RunCommand.self, MatchCommand.self, ExplainCommand.self, AppCommand.self, ScriptCommand.self,
                      RoutesCommand.self, LintCommand.self, ExportCommand.self, GraphCommand.self, DiffCommand.self,
                      GenerateCommand.self, ImportCommand.self, CoverageCommand.self],
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
        // The parser names an unknown option (with the nearest known one) only when the rest of the
        // line decodes: `match --route FILE` was answered "missing --routes". An unknown option is the
        // first thing said wrong on a line that does not parse, whatever else is missing.
        if (try? parseAsRoot(arguments)) == nil,
           let refusal = unknownSubcommand(in: arguments) ?? unknownOption(in: arguments)
               ?? unexpectedFile(in: arguments) {
            FileHandleOutput.stderr(refusal)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(arguments)
    }

    /// The command the leading words of `arguments` select (subcommand names and aliases), and the words after them.
    static func selectedCommand(_ arguments: [String]) -> (ParsableCommand.Type, ArraySlice<String>) {
        var command: ParsableCommand.Type = SwitchyardCommand.self
        var words = arguments[...]
        while let word = words.first, let next = command.configuration.subcommands.first(where: {
            $0.configuration.commandName == word || $0.configuration.aliases.contains(word)
        }) {
            command = next
            words = words.dropFirst()
        }
        return (command, words)
    }

    /// `message` as the parser words a refusal: the message, then `command`'s usage and where its help is.
    static func refusal(_ message: String, of command: ParsableCommand.Type) -> String {
        let usage = usageString(for: command)
        let path = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && !$0.hasPrefix("<") }
            .joined(separator: " ")
        return RouteFileLoader.visible(message) + "\nUsage: \(usage)\n  See '\(path) --help' for more information."
    }

    /// The refusal of the first `--option` in `arguments` that the command they select does not
    /// take, in the parser's words: `Error: Unknown option '--route'. Did you mean '--routes'?`, then
    /// the command's usage. Nil when every option is known (or the options cannot be listed).
    static func unknownOption(in arguments: [String]) -> String? {
        var (command, words) = selectedCommand(arguments)
        if command == SwitchyardCommand.self, let fallback = configuration.defaultSubcommand { command = fallback }
        guard let known = longOptionNames(of: command) else { return nil }
        for word in words.prefix(while: { $0 != "--" }) where word.hasPrefix("--") && word.count > 2 {
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            let nearest = SchemaText.closest(to: name, in: known.sorted())
            return refusal("Error: Unknown option '--\(name)'" + (nearest.map { ". Did you mean '--\($0)'?" } ?? ""),
                           of: command)
        }
        return nil
    }

    /// The refusal of a file given as a bare word to a command that reads its table from `--routes`
    /// (`switchyard lint small.json`), in the parser's words and with the spelling it takes:
    /// `Error: Unexpected argument 'small.json'. A route file is given as '--routes small.json'`. Nil
    /// when the command takes no `--routes`, or no bare word names a file.
    static func unexpectedFile(in arguments: [String]) -> String? {
        var (command, words) = selectedCommand(arguments)
        if command == SwitchyardCommand.self, let fallback = configuration.defaultSubcommand { command = fallback }
        guard let known = longOptionNames(of: command), known.contains("routes") else { return nil }
        var previous: String?
        for word in words.prefix(while: { $0 != "--" }) {
            defer { previous = word }
            // A word right after `--option` (without `=`) is that option's value.
            if word.hasPrefix("-") || (previous.map { $0.hasPrefix("--") && !$0.contains("=") } ?? false) { continue }
            guard RouteFileLoader.isFile(word) else { continue }
            let app = known.contains("app") ? " (an app description: '--app \(word)')" : ""
            return refusal("Error: Unexpected argument '\(word)'. A route file is given as '--routes \(word)'" + app,
                           of: command)
        }
        return nil
    }

    /// The refusal of a mistyped subcommand (`switchyard generate swfit`), in the parser's words:
    /// `Error: Unknown subcommand 'swfit'. Did you mean 'swift'?`, then the command's usage. The parser
    /// answered with `Unexpected argument 'swfit'`. Nil when the word after a command that has
    /// subcommands is one of them, an option, or absent; the first word is ``unknownCommand(in:)``'s.
    static func unknownSubcommand(in arguments: [String]) -> String? {
        let (command, words) = selectedCommand(arguments)
        let subcommands = command.configuration.subcommands
        guard command != SwitchyardCommand.self, !subcommands.isEmpty, command.configuration.defaultSubcommand == nil,
              let word = words.first, !word.hasPrefix("-"), word != "help" else { return nil }
        let names = subcommands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases }
            .filter { !$0.isEmpty }
        return refusal("Error: Unknown subcommand '\(word)'"
            + (nearestCommand(to: word, among: names).map { ". Did you mean '\($0)'?" } ?? ".")
            + " The subcommands are \(names.joined(separator: ", ")).", of: command)
    }

    /// The command name in `names` nearest to the mistyped `word`: at most two edits away, and fewer
    /// than half the name's length (so `xyz` is not taken for `app`); the first of equals. Nil when
    /// none is that near.
    static func nearestCommand(to word: String, among names: [String]) -> String? {
        SchemaText.closest(to: word, in: names)
    }

    /// The long option names `command` takes (with the parser's own: `help` and the like), read from
    /// the parser's description of it; nil when that cannot be read.
    static func longOptionNames(of command: ParsableCommand.Type) -> Set<String>? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
              let info = object["command"] as? [String: Any],
              let arguments = info["arguments"] as? [[String: Any]] else { return nil }
        var names: Set<String> = ["help", "version", "experimental-dump-help", "generate-completion-script"]
        for argument in arguments {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                if let text = name["name"] as? String { names.insert(text) }
            }
        }
        return names
    }

    /// The names a first argument may take: every subcommand's name and aliases, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases } + ["help"]
    }

    /// The refusal of `arguments` whose first word is not a command (and not an option), naming the
    /// nearest command when there is one (`switchyard explian`: `Did you mean 'explain'?`) and the
    /// commands; nil when the first argument is a command, an option, or absent.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }.joined(separator: ", ")
        let suggestion = RouteFileLoader.isFile(first) ? " To open the app on a route file, give it as '--routes \(first)'."
            : nearestCommand(to: first, among: commandNames.filter { !$0.isEmpty }).map { " Did you mean '\($0)'?" } ?? ""
        return RouteFileLoader.visible("switchyard: '\(first)' is not a command.\(suggestion)"
            + " The commands are \(names); "
            + "without one, switchyard opens the app (`switchyard --help` describes them).")
    }
}
