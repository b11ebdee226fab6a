import ArgumentParser
import Foundation
import Switchyard
import SwitchyardImport
import SwitchyardNavigation
import SwitchyardTooling

/// `switchyard import PATH… [--format routes|app] [--domain HOST]`: route registrations found in a project's
/// sources and config files, written as a Switchyard route file (or app description).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a project's router registrations and config files and print a Switchyard route file.",
        discussion: """
        Reads Objective-C, Swift, Kotlin and Java registrations of WLRRoute, JLRoutes, MGJRouter, URLNavigator, \
        TheRouter, DeepLinkKit and ARouter; Jetpack Navigation graphs and AndroidManifest.xml intent filters; and \
        apple-app-site-association files. Each pattern is converted to Switchyard's grammar (README, "Command line", \
        `import`). Test sources are left out unless --include-tests is given. The route file goes to standard \
        output; everything that could not be converted, or was converted \
        with a loss, goes to standard error as `warning: FILE:LINE: what and why`. Exits 0 when a route was \
        imported, 1 when none was found or a path cannot be read.
        """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case routes, app
    }

    @Argument(help: "Files or directories to read (directories recursively).")
    var paths: [String]

    @Option(name: .long, help: "Output: routes (a route file) or app (an app description with an index tab per host).")
    var format: Format = .routes

    @Option(name: .long, help: """
        The domain apple-app-site-association files are served from; a :domain parameter otherwise.
        """)
    var domain: String?

    @Flag(name: .long, help: """
        Also read test sources (src/test, src/androidTest, Tests/, *Tests/, *UITests/), which are left out by default.
        """)
    var includeTests = false

    func run() throws {
        if let domain, domain.isEmpty || domain.contains(where: { $0 == "/" || $0 == ":" || $0.isWhitespace }) {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): --domain '\(domain)' is not a host name"))
            throw ExitCode(1)
        }
        var importer = ProjectImporter(domain: domain, includeTests: includeTests)
        for path in paths {
            guard importer.add(path, prefixed: paths.count > 1) else {
                FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(path): no such file or directory"))
                throw ExitCode(1)
            }
        }
        let result = importer.finish()
        for w in result.warnings { FileHandleOutput.stderr(RouteFileLoader.visible("warning: \(w.description)")) }
        guard !result.file.routes.isEmpty else {
            FileHandleOutput.stderr(
                "\(FileHandleOutput.tag): no routes found in \(importer.filesRead) file\(importer.filesRead == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        let text: String
        do {
            switch format {
            case .routes:
                text = try RouteMap(router: RouteFileLoader.demoRouter(result.file)).text(as: .json)
            case .app:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let name = paths.count == 1 ? URL(fileURLWithPath: paths[0]).lastPathComponent : "Imported"
                let description = AppDescription.generated(from: result.file, name: name)
                text = String(decoding: try encoder.encode(description), as: UTF8.self)
            }
        } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(error)"))
            throw ExitCode(1)
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        if importer.testDirectoriesSkipped > 0 {
            let skipped = importer.testDirectoriesSkipped
            FileHandleOutput.stderr("\(FileHandleOutput.tag): \(skipped) test director\(skipped == 1 ? "y" : "ies") not read"
                                    + " (--include-tests reads them)")
        }
        let routeCount = result.file.routes.count, files = importer.filesRead, warnings = result.warnings.count
        FileHandleOutput.stderr("\(FileHandleOutput.tag): \(routeCount) route\(routeCount == 1 ? "" : "s")"
                                + " from \(files) file\(files == 1 ? "" : "s"),"
                                + " \(warnings) warning\(warnings == 1 ? "" : "s")")
    }
}

