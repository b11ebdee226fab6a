import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writing to standard error.
enum FileHandleOutput {
    /// The tag every message of Switchyard's own on standard error begins with, before `: `:
    /// `switchyard` and the subcommand as typed in full (`switchyard lint`, `switchyard generate swift`;
    /// an alias is named by its command's name), or `switchyard` alone for the app (no subcommand, or
    /// `run`). The argument parser's own refusals (`Error: …` and a usage) are not tagged.
    static let tag: String = {
        var words = ["switchyard"]
        var command: ParsableCommand.Type = SwitchyardCommand.self
        for word in CommandLine.arguments.dropFirst() {
            guard let next = command.configuration.subcommands.first(where: {
                $0.configuration.commandName == word || $0.configuration.aliases.contains(word)
            }) else { break }
            command = next
            if next != SwitchyardCommand.configuration.defaultSubcommand {
                words.append(next.configuration.commandName ?? word)
            }
        }
        return words.joined(separator: " ")
    }()

    /// Writes a line to standard error, after what `print` buffered for standard output: when both go
    /// to one file (a CI log), the line lands after the output printed before it, never inside a line.
    static func stderr(_ line: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
