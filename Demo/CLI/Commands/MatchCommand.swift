import ArgumentParser
import Foundation
import Switchyard

/// `switchyard match [--routes FILE | --app FILE] [URL …]`: one JSON object per URL, for QA and scripts.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match URLs against a JSON route table and print one JSON object per URL.",
        discussion: """
        URLs come from the arguments, or from standard input (one a line) when none are given; lines \
        from standard input are answered as they arrive, in input order. Each line printed is {"url", "via", "final"?, "pattern", "target", "path", "query", "error", "stopped"?, \
        "nearest"?}: relocations and redirects are followed first and listed in "via". When the walk ends at \
        no route, "nearest" says why: {"pattern", "verdict"} of the route nearest to the last URL, the \
        verdict `explain` gives it (null when the table has no route). The exit status is 0 \
        even when URLs do not match; a bad route file exits 1 with a message naming the bad entry.
        """
    )

    @Option(name: .long, help: "The JSON route table (see README, 'Route file format'). The demo app by default.")
    var routes: String?

    @Option(name: .long, help: "An app description; its routes, redirects and relocations are used.")
    var app: String?

    @Argument(help: "URLs to match. Without any, URLs are read from standard input.")
    var urls: [String] = []

    /// A route file given as a bare word (`match FILE URL`) would be matched as a URL against the demo
    /// app: it is refused with the spelling that takes it.
    func validate() throws {
        guard routes == nil, app == nil else { return }
        if let file = urls.first(where: RouteFileLoader.isFile) {
            throw ValidationError("Unexpected argument '\(file)'. A route file is given as '--routes \(file)'")
        }
    }

    func run() throws {
        // As the app opens the file: an entry the router refuses (a duplicate, the same shape) is left
        // out and named on standard error.
        // Without a file, the app's (the demo app's by default), as `explain` and `routes` do.
        let (file, router, hasErrors, leftOutRoutes): (RouteFile, Router, Bool, LeftOutRoutes?)
        if let routes {
            (file, router, hasErrors, leftOutRoutes) = try RouteFileLoader.routerKeepingWhatLoads(path: routes)
        } else {
            let loaded = try RouteFileLoader.router(routes: nil, app: app)
            (file, router, hasErrors, leftOutRoutes) = (loaded.file, loaded.router, false, nil)
        }
        // A URL meant for a route that was left out is told so on standard error (the JSON line stays
        // what the loaded table answers).
        func write(_ url: String, _ line: String) {
            print(line)
            for note in leftOutRoutes?.notes(for: url, winner: { router.explain(url).opens?.pattern }) ?? [] {
                FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): \(note)"))
            }
        }
        // One run a worker: the file's own table (built only for a URL the router's line cannot be
        // written without), the nearest-route index and the pattern texts are each worker's own.
        let runs = (0..<Self.workers).map { _ in MatchRun(file, router: router) }
        if urls.isEmpty {
            if isatty(0) == 1 {
                FileHandleOutput.stderr("\(FileHandleOutput.tag): reading URLs from standard input, one a line (Ctrl-D ends)")
            }
            // The lines that have arrived are answered together (in parallel when there are many), in
            // order, and written before the next are awaited: a script that writes a URL and waits for
            // its line gets it.
            var reader = LineReader(fd: 0)
            while let batch = reader.nextLines() {
                let urls = batch.filter { !$0.isEmpty }
                for (url, line) in zip(urls, Self.reports(urls, runs: runs, router: router)) { write(url, line) }
                fflush(nil)
            }
        } else {
            for url in urls { write(url, Self.report(url, runs[0], router: router)) }
        }
        // Every URL is answered; a file with errors still fails the step.
        if hasErrors { throw ExitCode(1) }
    }

    /// How many threads answer a large batch of URLs: one a processor, at most 8.
    static let workers = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

    /// The lines of `urls`, in order; a batch of more than a few hundred URLs is split among the
    /// workers (`runs`, one each), each answering a contiguous part.
    static func reports(_ urls: [String], runs: [MatchRun], router: Router) -> [String] {
        let parts = urls.count < 512 ? 1 : runs.count
        guard parts > 1 else { return urls.map { report($0, runs[0], router: router) } }
        let size = (urls.count + parts - 1) / parts
        let work = Parts(runs: runs, count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (part * size)..<min(urls.count, (part + 1) * size)
            work.set(part, range.map { report(urls[$0], work.runs[part], router: router) })
        }
        return work.lines
    }

    /// The workers' runs and the lines each wrote. Each worker uses only its own run (a run is not
    /// shared between threads), and the lines are stored under a lock.
    final class Parts: @unchecked Sendable {
        let runs: [MatchRun]
        private let lock = NSLock()
        private var parts: [[String]]

        init(runs: [MatchRun], count: Int) {
            self.runs = runs
            parts = Array(repeating: [], count: count)
        }

        func set(_ part: Int, _ lines: [String]) {
            lock.lock()
            parts[part] = lines
            lock.unlock()
        }

        /// Every part's lines, in order (read after the workers are done).
        var lines: [String] {
            lock.lock()
            defer { lock.unlock() }
            return parts.flatMap { $0 }
        }
    }

    /// What a run keeps between URLs, each part made on first use: the route file's own table, the
    /// index that names the nearest route of a miss, and the pattern texts written so far.
    final class MatchRun {
        private let file: RouteFile
        private let router: Router
        private var built: RouteTable<RouteDefinition>?
        private var index: NearestRouteIndex?
        private var texts: [Int: String] = [:]

        init(_ file: RouteFile, router: Router) {
            self.file = file
            self.router = router
        }

        /// The route nearest to `url` that does not match it, by the nearest-route index of the
        /// router's table (built at the first miss; the table does not change during a run).
        func nearestMiss(_ url: String) -> Explanation.Candidate? {
            let index = index ?? NearestRouteIndex(router.table)
            self.index = index
            return index.nearestMiss(url)
        }

        /// The pattern text of the route a walk reached, written once per route.
        func patternText(_ m: Resolution.Match) -> String {
            guard let route = m.route else { return m.pattern.description }
            if let known = texts[route] { return known }
            let text = m.pattern.description
            texts[route] = text
            return text
        }

        /// The table (an empty one if the file's routes conflict, which the router has refused already).
        var table: RouteTable<RouteDefinition> {
            if let built { return built }
            let table = (try? file.table()) ?? RouteTableBuilder<RouteDefinition>().build()
            built = table
            return table
        }
    }

    /// ``report(_:_:router:run:)`` with the table built only when needed.
    static func report(_ url: String, _ run: MatchRun, router: Router) -> String {
        let resolution = router.resolve(url)
        return direct(url, resolution, router: router, run: run)
            ?? report(url, run.table, router: router, run: run)
    }

    /// One URL's result as a one-line JSON object. Relocations and redirects are followed (and listed in
    /// `via`) before matching, as an open would (``Router/resolve(_:)``): a URL whose walk stops (a
    /// deleted route, a loop) or ends at no route reports no pattern and no target, and a relocation
    /// `add` reports the added pattern with its target.
    static func report(_ url: String, _ table: RouteTable<RouteDefinition>, router: Router, run: MatchRun) -> String {
        let resolution = router.resolve(url)
        if let line = direct(url, resolution, router: router, run: run) { return line }
        let final = resolution.finalURL
        var fields = Self.fields(final, table)
        switch resolution.end {
        case .matched(let m):
            fields[1] = ("pattern", .string(run.patternText(m)))
            fields[2] = ("target", .string(m.entry.name))
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
        if case .notFound = resolution.end { fields.append(("nearest", nearest(final, run))) }
        return JSONText.render(.object(fields))
    }

    /// ``report(_:_:router:run:)``'s line written directly from the router's walk, without the table: nil
    /// when the walk ended at a URL that does not read or whose query does not read (the table's own
    /// reading then gives the error).
    static func direct(_ url: String, _ resolution: Resolution, router: Router, run: MatchRun) -> String? {
        let final = resolution.finalURL
        // The walk read the final URL already (the router reads with the default limits, as below),
        // unless it stopped at a loop, whose last URL it never read; a URL it read that has no `?`
        // has no query, so only the others are read again.
        let readByWalk: Bool
        switch resolution.end {
        case .invalidURL: return nil
        case .loop: readByWalk = false
        case .matched, .notFound, .deleted, .failed: readByWalk = true
        }
        var parsed: RouteURL?
        if !readByWalk || final.utf8.contains(UInt8(ascii: "?")) {
            guard let read = try? RouteURL(final) else { return nil }
            parsed = read
        }
        var line = "{\"url\":"
        // Room for a typical line at once, rather than growing it several times.
        line.reserveCapacity(160 + 2 * final.utf8.count)
        JSONText.appendQuoted(url, to: &line)
        line += ",\"via\":["
        for (k, step) in resolution.steps.enumerated() {
            if k > 0 { line += "," }
            JSONText.appendQuoted(step.description, to: &line)
        }
        line += "]"
        if final != url {
            line += ",\"final\":"
            JSONText.appendQuoted(final, to: &line)
        }
        line += ",\"pattern\":"
        if case .matched(let m) = resolution.end {
            JSONText.appendQuoted(run.patternText(m), to: &line)
            line += ",\"target\":"
            JSONText.appendQuoted(m.entry.name, to: &line)
            line += ",\"path\":{"
            for (k, p) in m.parameters.enumerated() {
                if k > 0 { line += "," }
                JSONText.appendQuoted(p.0, to: &line)
                line += ":"
                JSONText.appendQuoted(p.1, to: &line)
            }
            line += "}"
        } else {
            line += "null,\"target\":null,\"path\":{}"
        }
        line += ",\"query\":{"
        for (k, name) in (parsed?.query.names ?? []).enumerated() {
            if k > 0 { line += "," }
            JSONText.appendQuoted(name, to: &line)
            line += ":["
            for (j, value) in (parsed?.query.values(for: name) ?? []).enumerated() {
                if j > 0 { line += "," }
                JSONText.appendQuoted(value, to: &line)
            }
            line += "]"
        }
        line += "},\"error\":null"
        if let stopped = resolution.stopped {
            line += ",\"stopped\":"
            JSONText.appendQuoted(stopped, to: &line)
        }
        if case .notFound = resolution.end {
            line += ",\"nearest\":" + JSONText.render(nearest(final, run))
        }
        return line + "}"
    }

    /// Why `url` (the end of a walk that found no route) matches nothing: the nearest route and its
    /// verdict, `{"pattern": "app://user/:id<int>", "verdict": "'abc' does not satisfy <int>"}`, the
    /// first candidate `explain` lists for the URL that does not match it (found by the run's index,
    /// which answers as `explain` without a pass over the table); null when the table has no route at all.
    static func nearest(_ url: String, _ run: MatchRun) -> JSONText.Value {
        guard let candidate = run.nearestMiss(url) else { return .null }
        return .object([("pattern", .string(candidate.pattern)), ("verdict", .string(candidate.verdict))])
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
            query = parsed.query.names.map { name in
                (name, .array(parsed.query.values(for: name).map { .string($0) }))
            }
        } catch {
            failure = .object([("code", .string(error.code)), ("message", .string(error.description))])
        }
        return [
            ("url", .string(url)), ("pattern", pattern), ("target", target),
            ("path", .object(path)), ("query", .object(query)), ("error", failure),
        ]
    }
}
