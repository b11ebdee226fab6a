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
            router = try RouteFileLoader.router(file, mountsServices: false)
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
    /// `via`) before matching, as an open would (``Router/resolve(_:)``): a URL whose walk stops (a
    /// deleted route, a loop) or ends at no route reports no pattern and no target, and a relocation
    /// `add` reports the added pattern with its target.
    static func report(_ url: String, _ table: RouteTable<RouteDefinition>, router: Router? = nil) -> String {
        guard let router else { return JSONText.render(.object(fields(url, table))) }
        let resolution = router.resolve(url)
        let final = resolution.finalURL
        var fields = fields(final, table)
        switch resolution.end {
        case .matched(let m):
            fields[1] = ("pattern", .string(m.pattern.description))
            fields[2] = ("target", .string(m.entry.target))
            fields[3] = ("path", .object(m.parameters.map { ($0.0, .string($0.1)) }))
        case .deleted, .loop, .failed, .notFound:
            fields[1] = ("pattern", .null)
            fields[2] = ("target", .null)
            fields[3] = ("path", .object([]))
        case .invalidURL:
            break
        }
        fields[0] = ("url", .string(url))
        fields.insert(("via", .array(resolution.steps.map { .string($0.description) })), at: 1)
        if final != url { fields.insert(("final", .string(final)), at: 2) }
        if let stopped = resolution.stopped { fields.append(("stopped", .string(stopped))) }
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
