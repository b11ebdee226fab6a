import ArgumentParser
import Foundation
import Switchyard
import SwitchyardNavigation

/// `switchyard diff A B`: what changed between two route tables.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two route tables: routes added, removed and changed, and URLs whose winner changes.",
        discussion: """
        A and B are route files or app descriptions (an app description is told by its `tabs`). Routes \
        are compared by pattern: added (+), removed (-), changed (~: target, priority or metadata); then \
        redirects and relocation entries. Last, an example URL of every pattern of either table (and every \
        redirect source) is routed through both tables, redirects and relocations included (three example URLs a pattern, its parameters filled with \
        different values), and each URL \
        whose winning route or target differs is listed. Exits 0 when nothing differs, 1 when something \
        does, 2 when a file cannot be read.
        """
    )

    @Argument(help: "The old table (a route file or an app description).")
    var old: String

    @Argument(help: "The new table.")
    var new: String

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let before: RouteFile, after: RouteFile
        let routerBefore: Router, routerAfter: Router
        do {
            before = try Self.read(old)
            after = try Self.read(new)
            routerBefore = try Self.router(before, path: old)
            routerAfter = try Self.router(after, path: new)
        } catch {
            throw ExitCode(2)
        }
        let diff = RouteTableDiff(old: before, new: after, oldRouter: routerBefore, newRouter: routerAfter)
        print(json ? diff.json : diff.text(oldName: old, newName: new))
        if !diff.isEmpty { throw ExitCode(1) }
    }

    /// The routes of a route file or of an app description.
    static func read(_ path: String) throws -> RouteFile {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let object = try? JSONSerialization.jsonObject(with: data)
        if let dictionary = object as? [String: Any], dictionary["tabs"] != nil {
            return try RouteFileLoader.read(AppDescription.self, path: path).routeFile
        }
        return try RouteFileLoader.read(RouteFile.self, path: path)
    }

    static func router(_ file: RouteFile, path: String) throws -> Router {
        do throws(RouteFileError) { return try RouteFileLoader.demoRouter(file) } catch {
            throw RouteFileLoader.fail(error.naming(path))
        }
    }
}

/// The differences between two route tables.
struct RouteTableDiff {
    /// One route-level change.
    struct Change: Equatable {
        /// `+`, `-` or `~`.
        let mark: String
        /// What kind of rule: `route`, `redirect` or `relocation`.
        let kind: String
        /// The pattern (for a redirect, its source).
        let pattern: String
        /// What it is or what changed.
        let detail: String
    }

    /// A URL routed differently by the two tables.
    struct Winner: Equatable {
        let url: String
        let old: String
        let new: String
    }

    private(set) var changes: [Change] = []
    private(set) var winners: [Winner] = []

    var isEmpty: Bool { changes.isEmpty && winners.isEmpty }

    init(old: RouteFile, new: RouteFile, oldRouter: Router, newRouter: Router) {
        func key(_ pattern: String) -> String { (try? RoutePattern(pattern))?.description ?? pattern }
        let oldRoutes = Dictionary(old.routes.map { (key($0.pattern), $0) }, uniquingKeysWith: { first, _ in first })
        let newRoutes = Dictionary(new.routes.map { (key($0.pattern), $0) }, uniquingKeysWith: { first, _ in first })
        for route in new.routes where oldRoutes[key(route.pattern)] == nil {
            changes.append(Change(mark: "+", kind: "route", pattern: route.pattern, detail: route.target))
        }
        for route in old.routes where newRoutes[key(route.pattern)] == nil {
            changes.append(Change(mark: "-", kind: "route", pattern: route.pattern, detail: route.target))
        }
        for route in new.routes {
            guard let was = oldRoutes[key(route.pattern)] else { continue }
            var what: [String] = []
            if was.target != route.target { what.append("target \(was.target) → \(route.target)") }
            if was.priority != route.priority { what.append("priority \(was.priority) → \(route.priority)") }
            for name in Set(was.metadata.keys).union(route.metadata.keys).sorted() where was.metadata[name] != route.metadata[name] {
                what.append("\(name) \(was.metadata[name] ?? "unset") → \(route.metadata[name] ?? "unset")")
            }
            if !what.isEmpty {
                changes.append(Change(mark: "~", kind: "route", pattern: route.pattern, detail: what.joined(separator: ", ")))
            }
        }
        let oldRedirects = Dictionary(old.redirects.map { (key($0.from), $0.to) }, uniquingKeysWith: { first, _ in first })
        let newRedirects = Dictionary(new.redirects.map { (key($0.from), $0.to) }, uniquingKeysWith: { first, _ in first })
        for redirect in new.redirects {
            switch oldRedirects[key(redirect.from)] {
            case nil: changes.append(Change(mark: "+", kind: "redirect", pattern: redirect.from, detail: "→ \(redirect.to)"))
            case let to? where to != redirect.to: changes.append(Change(mark: "~", kind: "redirect", pattern: redirect.from, detail: "→ \(to) becomes → \(redirect.to)"))
            default: break
            }
        }
        for redirect in old.redirects where newRedirects[key(redirect.from)] == nil {
            changes.append(Change(mark: "-", kind: "redirect", pattern: redirect.from, detail: "→ \(redirect.to)"))
        }
        let oldEntries = old.relocations?.entries ?? [], newEntries = new.relocations?.entries ?? []
        for entry in newEntries where !oldEntries.contains(entry) {
            changes.append(Change(mark: "+", kind: "relocation", pattern: entry.pattern, detail: entry.description))
        }
        for entry in oldEntries where !newEntries.contains(entry) {
            changes.append(Change(mark: "-", kind: "relocation", pattern: entry.pattern, detail: entry.description))
        }
        // Example URLs of every pattern either table knows, routed through both.
        var urls: [String] = []
        var seen: Set<String> = []
        let patterns = (old.routes + new.routes).map(\.pattern) + (old.redirects + new.redirects).map(\.from)
            + (oldEntries + newEntries).map(\.pattern)
        for pattern in patterns {
            for url in AppDescription.exampleURLs(for: pattern, count: 3) where seen.insert(url).inserted {
                urls.append(url)
            }
        }
        for url in urls {
            let was = Self.winner(url, oldRouter), now = Self.winner(url, newRouter)
            if was != now { winners.append(Winner(url: url, old: was, new: now)) }
        }
    }

    /// Where `router` sends `url`: `PATTERN (TARGET)`, after redirects and relocations; or why nothing.
    static func winner(_ url: String, _ router: Router) -> String {
        let explanation = router.explain(url)
        if let stopped = explanation.stopped { return "none (\(stopped))" }
        guard let pattern = explanation.final.winner else { return "none" }
        let target = (try? router.match(explanation.final.url))?.target.target
        let via = explanation.steps.isEmpty ? "" : " via \(explanation.steps.map(\.kind).joined(separator: ", "))"
        return pattern + (target.map { " (\($0))" } ?? "") + via
    }

    func text(oldName: String, newName: String) -> String {
        guard !isEmpty else { return "no differences" }
        var lines = ["--- \(oldName)", "+++ \(newName)"]
        for change in changes {
            lines.append("\(change.mark) \(change.kind) \(change.pattern)  \(change.detail)")
        }
        if !winners.isEmpty {
            lines.append("URLs whose winner changes:")
            for winner in winners {
                lines.append("  \(winner.url): \(winner.old) → \(winner.new)")
            }
        }
        let count = { (mark: String) in changes.filter { $0.mark == mark }.count }
        lines.append("\(count("+")) added, \(count("-")) removed, \(count("~")) changed, \(winners.count) URL\(winners.count == 1 ? "" : "s") with a new winner")
        return lines.map(RouteFileLoader.visible).joined(separator: "\n")
    }

    var json: String {
        JSONText.render(.object([
            ("changes", .array(changes.map {
                .object([("change", .string($0.mark == "+" ? "added" : $0.mark == "-" ? "removed" : "changed")),
                         ("kind", .string($0.kind)), ("pattern", .string($0.pattern)), ("detail", .string($0.detail))])
            })),
            ("winners", .array(winners.map { .object([("url", .string($0.url)), ("old", .string($0.old)), ("new", .string($0.new))]) })),
        ]))
    }
}
