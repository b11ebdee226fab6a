import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTooling

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
        /// For a URL the same route wins in both tables: how opening it changed (`now asks for login`).
        var change: String?
    }

    private(set) var changes: [Change] = []
    private(set) var winners: [Winner] = []

    var isEmpty: Bool { changes.isEmpty && winners.isEmpty }

    /// The differences between `old` and `new`, whose routers (the diff's own, each with its file's
    /// routes registered in file order) are narrowed to the routes that can matter to a URL that may
    /// open differently (``RouteTableChanges/keepingRoutesThatMayMatter(on:)``).
    init(old: RouteFile, new: RouteFile, oldRouter: Router, newRouter: Router) {
        // Each pattern parsed once: its canonical text is its key, and its parsed form makes its examples.
        // The routes' patterns are the ones their routers parsed when they registered them, in file order.
        var parsed: [String: RoutePattern?] = [:]
        func pattern(_ text: String) -> RoutePattern? {
            if let known = parsed[text] { return known }
            let p = try? RoutePattern(text)
            parsed[text] = p
            return p
        }
        func key(_ text: String) -> String { pattern(text)?.description ?? text }
        func patterns(_ file: RouteFile, _ router: Router) -> [RoutePattern?] {
            let registered = router.registeredRoutes
            guard registered.count == file.routes.count else { return file.routes.map { pattern($0.pattern) } }
            return registered.map(\.pattern)
        }
        let oldPatterns = patterns(old, oldRouter), newPatterns = patterns(new, newRouter)
        let oldKeys = zip(old.routes, oldPatterns).map { $1?.description ?? $0.pattern }
        let newKeys = zip(new.routes, newPatterns).map { $1?.description ?? $0.pattern }
        let oldRoutes = Dictionary(zip(oldKeys, old.routes), uniquingKeysWith: { first, _ in first })
        let newRoutes = Dictionary(zip(newKeys, new.routes), uniquingKeysWith: { first, _ in first })
        for (k, route) in new.routes.enumerated() where oldRoutes[newKeys[k]] == nil {
            changes.append(Change(mark: "+", kind: "route", pattern: route.pattern, detail: route.target))
        }
        for (k, route) in old.routes.enumerated() where newRoutes[oldKeys[k]] == nil {
            changes.append(Change(mark: "-", kind: "route", pattern: route.pattern, detail: route.target))
        }
        for (k, route) in new.routes.enumerated() {
            guard let was = oldRoutes[newKeys[k]] else { continue }
            var what: [String] = []
            if was.target != route.target { what.append("target \(was.target) → \(route.target)") }
            if was.priority != route.priority { what.append("priority \(was.priority) → \(route.priority)") }
            for name in Set(was.metadata.keys).union(route.metadata.keys).sorted()
            where was.metadata[name] != route.metadata[name] {
                what.append("\(name) \(was.metadata[name] ?? "unset") → \(route.metadata[name] ?? "unset")")
            }
            if !what.isEmpty {
                changes.append(Change(mark: "~", kind: "route", pattern: route.pattern,
                                      detail: what.joined(separator: ", ")))
            }
        }
        let oldRedirects = Dictionary(old.redirects.map { (key($0.from), $0.to) },
                                      uniquingKeysWith: { first, _ in first })
        let newRedirects = Dictionary(new.redirects.map { (key($0.from), $0.to) },
                                      uniquingKeysWith: { first, _ in first })
        for redirect in new.redirects {
            switch oldRedirects[key(redirect.from)] {
            case nil:
                changes.append(Change(mark: "+", kind: "redirect", pattern: redirect.from,
                                      detail: "→ \(redirect.to)"))
            case let to? where key(to) != key(redirect.to):
                changes.append(Change(mark: "~", kind: "redirect", pattern: redirect.from,
                                      detail: "→ \(to) becomes → \(redirect.to)"))
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
        // Only the URLs a route the tables do not share can reach are routed through both tables
        // (``RouteTableChanges``); every other URL opens the same under both.
        let changes = RouteTableChanges(old: old, new: new, keys: (oldKeys, newKeys), options: oldRouter.options,
                                        maxRedirectHops: oldRouter.maxRedirectHops)
        // Example URLs of every pattern either table knows, routed through both.
        // A pattern text met again adds no URL (its examples are the same), so each is made once. The
        // examples of a pattern that are sure not to open differently (``RouteTableChanges/examplesMayDiffer(_:)``)
        // are not made: the list keeps only URLs ``RouteTableChanges/mayDiffer(_:)`` could let through, in
        // the same order.
        var urls: [String] = []
        var seen: Set<String> = []
        var done: Set<String> = []
        // Whether each route may matter, asked once: for its examples and for its router.
        let oldMatters = oldPatterns.map { $0.map(changes.mayMatter) ?? true }
        let newMatters = newPatterns.map { $0.map(changes.mayMatter) ?? true }
        let parsedRoutes = zip(old.routes + new.routes, zip(oldPatterns + newPatterns, oldMatters + newMatters))
            .map { ($0.pattern, $1.0, $1.1) }
        let rules = ((old.redirects + new.redirects).map(\.from) + (oldEntries + newEntries).map(\.pattern))
            .map { ($0, pattern($0), true) }
        for (text, parsedPattern, matters) in parsedRoutes + rules {
            if let parsedPattern, !changes.examplesMayDiffer(parsedPattern, mayMatter: matters) { continue }
            guard done.insert(text).inserted else { continue }
            let examples = parsedPattern.map { AppDescription.exampleURLs(for: $0, count: 3) } ?? [text]
            for url in examples where seen.insert(url).inserted {
                urls.append(url)
            }
        }
        // Each router keeps only the routes that can take part in those URLs' outcomes, so only those
        // are compiled into its matching table (the routers are the diff's own).
        // The verdicts are by registration order when each router has just its file's routes, in order.
        let oldAligned = oldRouter.registeredRoutes.count == old.routes.count
        let newAligned = newRouter.registeredRoutes.count == new.routes.count
        // A route both tables share whose login gating changed opens differently though it still wins:
        // asked before the routers are narrowed, so the route is there to answer.
        let gated = Self.gatingChanges(old: old, new: new, keys: (oldKeys, newKeys), patterns: newPatterns,
                                       routers: (oldRouter, newRouter))
        changes.keepingRoutesThatMayMatter(on: oldRouter, verdicts: oldAligned ? oldMatters : nil)
        changes.keepingRoutesThatMayMatter(on: newRouter, verdicts: newAligned ? newMatters : nil)
        for url in urls where changes.mayDiffer(url) {
            let a = oldRouter.resolve(url), b = newRouter.resolve(url)
            if RouteTableChanges.surelySameOutcome(a, b) { continue }
            let was = RouteTableChanges.outcome(of: a), now = RouteTableChanges.outcome(of: b)
            if was != now { winners.append(Winner(url: url, old: was, new: now)) }
        }
        // A URL listed for another winner says its gating change too.
        for winner in gated {
            if let i = winners.firstIndex(where: { $0.url == winner.url }) {
                winners[i].change = winner.change
            } else {
                winners.append(winner)
            }
        }
    }

    /// What opening a route's URLs does, as its login metadata says: whether it asks for login
    /// (`requiresLogin`) and whether it is a screen of the login flow (`loginFlow`).
    private static func gating(_ metadata: [String: String]) -> (login: Bool, flow: Bool) {
        (metadata["requiresLogin"] == "true", metadata["loginFlow"] == "true")
    }

    /// The example URLs of every route both tables hold whose `requiresLogin` or `loginFlow` changed,
    /// where that route wins in both tables: each with the change in words.
    private static func gatingChanges(old: RouteFile, new: RouteFile, keys: ([String], [String]),
                                      patterns: [RoutePattern?], routers: (Router, Router)) -> [Winner] {
        let oldByKey = Dictionary(zip(keys.0, old.routes), uniquingKeysWith: { first, _ in first })
        var found: [Winner] = []
        var seen: Set<String> = []
        for (k, route) in new.routes.enumerated() {
            guard let was = oldByKey[keys.1[k]], let pattern = patterns[k] else { continue }
            let before = gating(was.metadata), after = gating(route.metadata)
            guard before != after else { continue }
            var words: [String] = []
            if before.login != after.login {
                words.append(after.login ? "now asks for login" : "no longer asks for login")
            }
            if before.flow != after.flow {
                words.append(after.flow ? "now counts as part of the login flow"
                             : "no longer counts as part of the login flow")
            }
            for url in AppDescription.exampleURLs(for: pattern, count: 3) where seen.insert(url).inserted {
                let a = routers.0.resolve(url), b = routers.1.resolve(url)
                guard let wasEntry = a.match?.entry, let nowEntry = b.match?.entry,
                      gating(wasEntry.metadata) == before, gating(nowEntry.metadata) == after else { continue }
                let outcome = RouteTableChanges.outcome(of: b)
                found.append(Winner(url: url, old: RouteTableChanges.outcome(of: a), new: outcome,
                                    change: words.joined(separator: ", ")))
            }
        }
        return found
    }

    func text(oldName: String, newName: String) -> String {
        guard !isEmpty else { return "no differences" }
        var lines = ["--- \(oldName)", "+++ \(newName)"]
        for change in changes {
            lines.append("\(change.mark) \(change.kind) \(change.pattern)  \(change.detail)")
        }
        if !winners.isEmpty {
            lines.append("URLs that open differently (another winner, another reason nothing opens, or another "
                         + "login gate):")
            for winner in winners {
                if let change = winner.change, winner.old == winner.new {
                    lines.append("  \(winner.url): \(winner.new) \(change)")
                } else {
                    let change = winner.change.map { ", \($0)" } ?? ""
                    lines.append("  \(winner.url): \(winner.old) → \(winner.new)\(change)")
                }
            }
        }
        let count = { (mark: String) in changes.filter { $0.mark == mark }.count }
        let urlCount = "\(winners.count) URL\(winners.count == 1 ? "" : "s")"
        lines.append("\(count("+")) added, \(count("-")) removed, \(count("~")) changed, \(urlCount)"
                     + " that open\(winners.count == 1 ? "s" : "") differently")
        return lines.map(RouteFileLoader.visible).joined(separator: "\n")
    }

    var json: String {
        JSONText.render(.object([
            ("changes", .array(changes.map {
                .object([("change", .string($0.mark == "+" ? "added" : $0.mark == "-" ? "removed" : "changed")),
                         ("kind", .string($0.kind)), ("pattern", .string($0.pattern)), ("detail", .string($0.detail))])
            })),
            ("winners", .array(winners.map {
                .object([("url", .string($0.url)), ("old", .string($0.old)), ("new", .string($0.new))]
                        + ($0.change.map { [("change", JSONText.Value.string($0))] } ?? []))
            })),
        ]))
    }
}
