import ArgumentParser
import Foundation
import Switchyard
import SwitchyardTooling

/// `switchyard explain URL [--routes FILE | --app FILE] [--json]`: which route wins for a URL, and why
/// every other candidate lost.
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain which route wins for a URL and why each other candidate lost.",
        discussion: """
        Lists the relocations, redirects and aliases applied on the way, then every candidate route with its \
        verdict: won, lost on rank (naming the position), on priority or on registration order, refused by \
        a constraint (naming the constraint and the segment), wrong scheme, or a literal mismatch at a \
        segment. Routes that match a URL on the way but that a redirect or relocation rewrites first are \
        listed as bypassed. It walks the URL as opening it does (same relocations, redirects, relocation \
        `add` paths and hop limit), so nothing wins when the walk stops first (a deleted route, a loop). \
        The demo app's routes (and its services) by default. Exits 0 when the URL opens a route, 1 otherwise, \
        and 1 when the --routes file has errors (the report is printed all the same; standard error names \
        the errors).
        """
    )

    @Option(name: .long, help: "A JSON route table (see README, 'Route file format').")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes, redirects and relocations are used.")
    var app: String?

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    @Argument(help: "The URL to explain.")
    var url: String

    @MainActor
    func run() async throws {
        // The router the app runs, with its interceptors, so the report can name those that judge the open.
        let (router, hasErrors, leftOutRoutes) = try RouteFileLoader.appRouter(routes: routes, app: app)
        let explanation = router.explain(url)
        print(json ? Self.json(explanation) : Self.text(explanation))
        for note in leftOutRoutes?.notes(for: url, winner: { explanation.opens?.pattern }) ?? [] {
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(note)"))
        }
        if explanation.opens == nil || hasErrors { throw ExitCode(1) }
    }

    /// The report, each line with its control characters escaped.
    static func text(_ e: RouteExplanation) -> String {
        e.description.split(separator: "\n", omittingEmptySubsequences: false)
            .map { RouteFileLoader.visible(String($0)) }
            .joined(separator: "\n")
    }

    static func json(_ e: RouteExplanation) -> String {
        JSONText.render(.object([
            ("url", .string(e.url)),
            ("via", .array(e.steps.map {
                .object([("kind", .string($0.kind)), ("rule", .string($0.rule)), ("result", .string($0.result))])
            })),
            ("stopped", e.stopped.map { .string($0) } ?? .null),
            ("chain", .array(e.chain.map { .string($0) })),
            ("final", .string(e.final.url)),
            ("error", e.final.error.map { .string($0.description) } ?? .null),
            ("winner", e.final.winner.map { .string($0) } ?? .null),
            ("target", e.opens.map { .string($0.target) } ?? .null),
            ("candidates", .array(e.final.candidates.map {
                .object([("pattern", .string($0.pattern)), ("matched", .bool($0.matched)),
                         ("verdict", .string($0.verdict))])
            })),
            ("bypassed", .array(e.bypassed.map {
                .object([("pattern", .string($0.pattern)), ("verdict", .string($0.verdict))])
            })),
            ("interceptors", .array(e.interceptors.map { .string($0) })),
        ]))
    }
}
