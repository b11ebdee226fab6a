import ArgumentParser
import Foundation
import Switchyard

/// `switchyard generate swift`: one Swift file of typed route links, `Routes.orderDetail(id: 42).url`.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write Swift constants and builders for every route (no hard-coded paths).",
        discussion: """
        Prints one Swift file (Foundation only) with an enum `Routes`: for every route a struct that \
        holds its parameters and builds its URL, and a static function to make one, named after the \
        route's target (`Routes.orderDetail(id: 42).url`). A parameter typed `<int>` is an `Int`, `<uint>` \
        a `UInt`, `<uuid>` a `UUID`, others `String`; an optional segment is an optional argument; a \
        catch-all is `[String]`; a suffix pattern's link takes a `base` URL, checked when the link is made. \
        A text value that could be empty, `.` or `..` (which no route matches) is checked too: such a link \
        throws a typed `Routes.LinkError` naming what is wrong. A call that leaves out a required \
        parameter does not compile. Values are percent-encoded for their segment. Names that would clash \
        (a target named `String`, `Link`, `Self` or \
        the enum's own name; `FAQ` and `fAQ`) get `Route` or a number appended, so the file compiles; a --name \
        that is a keyword or a name the file uses is refused. Each struct conforms to `Routes.Link` (its `pattern`, \
        `target` and `url`), the shape of TheRouter's CustomRouterInfo. The demo app's routes by default.
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes are used.")
    var app: String?

    @Option(name: .long, help: "The name of the generated enum.")
    var name = "Routes"

    func validate() throws {
        if let problem = SwiftRouteGenerator.problem(enumName: name) {
            throw ValidationError("--name: \(RouteFileLoader.visible(problem))")
        }
    }

    func run() throws {
        // A route file that does not read is refused with every error lint finds, in file order.
        let errors = routes.map { RouteFileLoader.everyErrorLine(path: $0) } ?? []
        let file: RouteFile
        do { file = try RouteFileLoader.load(routes: routes, app: app, quiet: !errors.isEmpty) } catch {
            for line in errors { FileHandleOutput.stderr(line) }
            throw error
        }
        let source = routes ?? app ?? RouteFileLoader.demoName
        var generator = SwiftRouteGenerator(enumName: name, source: URL(fileURLWithPath: source).lastPathComponent)
        for route in file.routes {
            generator.add(route)
        }
        print(generator.output, terminator: "")
        for skipped in generator.skipped {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(source): \(skipped)"))
        }
    }
}
