/// MGJRouter's own matching, over every MGJRouter registration of the project at once.
///
/// MGJRouter keeps one tree of path components for all registrations (`MGJRouter.m`, `addURLPattern:`;
/// the scheme is the first key, a bare `scheme://` adds the wildcard key `~`). To route a URL it walks
/// the tree one component at a time, and at each node tries the keys **in sorted order**
/// (`extractParametersFromURL:`): the first key that equals the component, is `~`, or starts with `:`
/// takes it. A component no key takes is skipped, and the handler is the one of the deepest node reached.
/// Two consequences the per-registration conversion cannot see:
///
/// - A `:` parameter (or `~`) shadows every sibling key that sorts after it: `search/:keyword` takes
///   every URL `search/:query` would (`:k` < `:q`), and `category/:id` takes `category/travel` (`:` sorts
///   before letters). The shadowed registration is never reached: it is not imported, with a warning
///   naming the key that wins, so the imported table routes those URLs where MGJRouter does.
/// - A node that only leads to deeper registrations has no handler: `mgj://foo/bar` with only
///   `mgj://foo/bar/none/exists` registered reaches that node and opens nothing, though the converted
///   `…/*rest` of a shorter registration (or the `mgj://` catch-all) takes it. That route keeps a warning.
enum MGJRouterTree {
    /// The tree keys of `source`, as MGJRouter's `pathComponentsFromURL:` splits it: the scheme, kept with
    /// its `://` (then `~` when nothing follows), then the path components without the query or fragment.
    static func keys(of source: String) -> [String] {
        var text = source.trimmingWhitespace
        var keys: [String] = []
        if let r = text.range(of: "://") {
            keys.append(String(text[..<r.upperBound]))
            text = String(text[r.upperBound...])
            if text.isEmpty { keys.append("~") }
        }
        if let q = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<q]) }
        keys += text.split(separator: "/").map(String.init)
        return keys
    }

    /// Whether the key takes any component: a `:` parameter or the `~` wildcard.
    static func isWild(_ key: String) -> Bool { key.hasPrefix(":") || key == "~" }

    /// The key (and its registration) that takes the components of `path[depth]` before it does, if any:
    /// a wild sibling that sorts first.
    private static func shadow(of path: [String], children: [[String]: Set<String>]) -> (depth: Int, key: String)? {
        for depth in path.indices {
            let key = path[depth]
            let siblings = children[Array(path[..<depth])] ?? []
            if let first = siblings.filter({ $0 != key && isWild($0) && $0 < key }).min() { return (depth, first) }
        }
        return nil
    }

    /// Drops the registrations MGJRouter never reaches and marks the routes that take URLs MGJRouter
    /// gives no handler, each with a warning.
    static func resolve(_ routes: inout [ImportedRoute], warnings: inout [ImportWarning]) {
        // Each distinct key path, with the first route that registers it.
        var first: [[String]: Int] = [:]
        var order: [[String]] = []
        var pathOf: [Int: [String]] = [:]
        for (i, r) in routes.enumerated() {
            guard let source = r.mgjSource else { continue }
            let path = keys(of: source)
            guard !path.isEmpty else { continue }
            pathOf[i] = path
            if first[path] == nil {
                first[path] = i
                order.append(path)
            }
        }
        guard order.count > 1 else { return }
        var children: [[String]: Set<String>] = [:]
        for path in order {
            for depth in path.indices { children[Array(path[..<depth]), default: []].insert(path[depth]) }
        }
        func shown(_ path: [String]) -> String {
            guard let i = first[path], let s = routes[i].mgjSource else { return path.joined(separator: "/") }
            return SchemaTextEcho.echo(s)
        }
        func place(_ path: [String]) -> String {
            guard let i = first[path] else { return "" }
            return "\(routes[i].file):\(routes[i].line)"
        }
        var dropped: Set<[String]> = []
        for path in order {
            guard let (depth, key) = shadow(of: path, children: children) else { continue }
            let prefix = Array(path[..<depth]) + [key]
            guard let winner = order.first(where: { $0.starts(with: prefix) }) else { continue }
            dropped.insert(path)
            guard let i = routes.indices.first(where: { pathOf[$0] == path }) else { continue }
            let message = "MGJRouter pattern '\(shown(path))' not imported: MGJRouter never reaches it, because at "
                + "that place its tree tries the key '\(key)' of '\(shown(winner))' (\(place(winner))) first "
                + "(keys in sorted order; a ':' parameter or '~' takes any component)"
            let warning = ImportWarning(file: routes[i].file, line: routes[i].line, message: message)
            warnings.append(warning)
            // The winner's routes keep it, so `lint` on the route file still tells the shadowed registration.
            for w in routes.indices where pathOf[w] == winner { routes[w].losses.append(warning.description) }
        }
        // Nodes that lead only to deeper registrations: MGJRouter opens nothing at them.
        let registered = Set(order).subtracting(dropped)
        var bare: [[String]] = []
        for path in order where !dropped.contains(path) {
            let start = path[0].hasSuffix("://") ? 2 : 1
            for depth in start..<max(start, path.count) {
                let node = Array(path[..<depth])
                if !registered.contains(node) && !bare.contains(node) { bare.append(node) }
            }
        }
        var notes: [[String]: [String]] = [:]
        for node in bare {
            // The registration whose converted route takes the node's URLs: the deepest registered
            // ancestor, else the scheme's `~` catch-all.
            let owner = (1..<node.count).reversed().map { Array(node[..<$0]) }.first { registered.contains($0) }
                ?? [node[0], "~"]
            guard registered.contains(owner) else { continue }
            let text = node[0].hasSuffix("://") ? node[0] + node.dropFirst().joined(separator: "/")
                : node.joined(separator: "/")
            notes[owner, default: []].append(text)
        }
        for (owner, nodes) in notes.sorted(by: { place($0.key) < place($1.key) }) {
            let list = nodes.map { "'\($0)'" }.joined(separator: ", ")
            let message = "MGJRouter pattern '\(shown(owner))': MGJRouter opens nothing for a URL whose walk "
                + "ends at \(list) (a branch of a longer registration, with no handler of its own), but this "
                + "imported route takes it"
            var warned = false
            for i in routes.indices where pathOf[i] == owner {
                let catchAll = owner.last == "~"
                // Only the route that takes longer URLs (or, for the catch-all, both of its routes).
                guard catchAll || routes[i].pattern.contains("/*") else { continue }
                routes[i].losses.append(ImportWarning(file: routes[i].file, line: routes[i].line, message: message)
                    .description)
                if !warned {
                    warnings.append(ImportWarning(file: routes[i].file, line: routes[i].line, message: message))
                    warned = true
                }
            }
        }
        routes.removeAll { $0.mgjSource.map { dropped.contains(keys(of: $0)) } ?? false }
    }
}
