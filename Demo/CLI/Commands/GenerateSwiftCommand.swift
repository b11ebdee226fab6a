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
        catch-all is `[String]`; a suffix pattern's link takes a `base` URL, checked when the link is made \
        (a typed `Routes.SuffixBaseError` names what is wrong). A call that leaves out a required \
        parameter does not compile. Values are \
        percent-encoded for their segment. Each struct conforms to `Routes.Link` (its `pattern`, \
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
        guard SwiftRouteGenerator.isIdentifier(name) else {
            throw ValidationError("--name: '\(RouteFileLoader.visible(name))' is not a Swift type name")
        }
    }

    func run() throws {
        let file = try RouteFileLoader.load(routes: routes, app: app)
        let source = routes ?? app ?? RouteFileLoader.demoName
        var generator = SwiftRouteGenerator(enumName: name, source: URL(fileURLWithPath: source).lastPathComponent)
        for route in file.routes {
            generator.add(route)
        }
        print(generator.output, terminator: "")
        for skipped in generator.skipped {
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: \(source): \(skipped)"))
        }
    }
}
