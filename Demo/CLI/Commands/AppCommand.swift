import ArgumentParser
import SwitchyardDemo

/// `switchyard app --print`: the demo app's description, as a template for your own.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Print the demo app's description (JSON), a template to start your own app from.",
        discussion: """
        Save it, edit it and open it with `switchyard --app FILE` (see README, "App description format").
        """
    )

    @Flag(name: .long, help: "Print the description (the default and only action).")
    var print = false

    func run() throws {
        Swift.print(DemoApp.json)
    }
}
