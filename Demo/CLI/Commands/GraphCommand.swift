import ArgumentParser
import Foundation
import SwitchyardNavigation

/// `switchyard graph [--format dot|mermaid] [--app FILE | --routes FILE]`: the app's navigation graph.
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the app's navigation graph (Graphviz DOT or Mermaid).",
        discussion: """
        Tabs, screens, and the tab roots, links, parents, redirects and relocations between them, each \
        resolved through the app's own router (so an edge goes where opening the URL would go); screens \
        that ask for login are marked with a lock, and a link that reaches no screen ends in a dashed \
        node naming why. The demo app by default. For a picture: `switchyard graph | dot -Tsvg > app.svg`, \
        or paste `--format mermaid` into a Markdown file.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid
    }

    @OptionGroup var appOptions: AppOptions

    @Option(name: .long, help: "dot (Graphviz) or mermaid.")
    var format: Format = .dot

    @MainActor
    func run() async throws {
        // A route file opens with the routes that load, as in the app; each error is named, and a file
        // with errors exits 1 once the graph is drawn.
        let (runtime, check) = try appOptions.makeRuntimeKeepingWhatLoads()
        let hasErrors = RouteFileLoader.tellLoadProblems(check) || RouteFileLoader.tellAppLintErrors(appOptions.app)
        let graph = NavigationGraph(runtime: runtime)
        print(format == .dot ? graph.dot : graph.mermaid)
        if hasErrors { throw ExitCode(1) }
    }
}
