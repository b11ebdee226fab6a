import ArgumentParser
import Foundation
import Switchyard

/// `switchyard match --routes FILE [URL …]`: one JSON object per URL, for QA and scripts.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match URLs against a JSON route table and print one JSON object per URL.",
        discussion: """
        URLs come from the arguments, or from standard input (one a line) when none are given.
        Each line printed is {"url", "via", "final"?, "pattern", "target", "path", "query", "error", "stopped"?}:
        relocations and redirects are followed first and listed in "via". The exit status is 0
        even when URLs do not match; a bad route file exits 1 with a message naming the bad entry.
        """
    )

    @Option(name: .long, help: "The JSON route table (see README, 'Route file format').")
    var routes: String

    @Argument(help: "URLs to match. Without any, URLs are read from standard input.")
    var urls: [String] = []

    func run() throws {
        let file = try RouteFileLoader.read(RouteFile.self, path: routes)
        let table: RouteTable<RouteDefinition>
        let router: Router
        do throws(RouteFileError) {
            table = try file.table()
            router = try RouteFileLoader.demoRouter(file)
        } catch {
            throw RouteFileLoader.fail(error.naming(routes))
        }
        if urls.isEmpty {
            while let line = readLine(strippingNewline: true) {
                if line.isEmpty { continue }
                print(Self.report(line, table, router: router))
            }
        } else {
            for url in urls { print(Self.report(url, table, router: router)) }
        }
    }

    /// One URL's result as a one-line JSON object. Relocations and redirects are followed (and listed in
    /// `via`) before matching, as an open would.
    static func report(_ url: String, _ table: RouteTable<RouteDefinition>, router: Router? = nil) -> String {
        // The rewrites only (`resolve`): the candidates `explain` adds cost a pass over the table per URL.
        let explanation = router?.resolve(url)
        let via: JSONText.Value = .array((explanation?.steps ?? []).map { .string($0.description) })
        let final = explanation.map { $0.stopped == nil ? $0.finalURL : url } ?? url
        var fields = fields(final, table)
        fields.insert(("via", via), at: 1)
        if final != url { fields.insert(("final", .string(final)), at: 2) }
        if let stopped = explanation?.stopped { fields.append(("stopped", .string(stopped))) }
        fields[0] = ("url", .string(url))
        return JSONText.render(.object(fields))
    }

    /// The match fields for one URL.
    static func fields(_ url: String, _ table: RouteTable<RouteDefinition>) -> [(String, JSONText.Value)] {
        var pattern = JSONText.Value.null
        var target = JSONText.Value.null
        var path: [(String, JSONText.Value)] = []
        var query: [(String, JSONText.Value)] = []
        var failure = JSONText.Value.null
        do throws(URLParseError) {
            if let m = try table.match(url) {
                pattern = .string(m.pattern.description)
                target = .string(m.target.target)
                path = m.parameters.map { ($0.0, .string($0.1)) }
            }
            let parsed = try RouteURL(url, limits: table.options.limits)
            query = parsed.query.names.map { name in (name, .array(parsed.query.values(for: name).map { .string($0) })) }
        } catch {
            failure = .object([("code", .string(error.code)), ("message", .string(error.description))])
        }
        return [
            ("url", .string(url)), ("pattern", pattern), ("target", target),
            ("path", .object(path)), ("query", .object(query)), ("error", failure),
        ]
    }
}
