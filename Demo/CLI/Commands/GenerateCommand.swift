import ArgumentParser
import Foundation
import Switchyard

/// `switchyard generate swift [--routes FILE | --app FILE]`: typed link builders for a route table.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate code from a route table.",
        subcommands: [GenerateSwiftCommand.self]
    )
}
