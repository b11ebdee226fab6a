import Switchyard

/// An app's navigation as a graph: its tabs and screens, and the tab roots, links, parents,
/// redirects and relocations between them, resolved through the app's own router, so an edge goes
/// where opening the URL would go. Gated screens (`requiresLogin`) are marked.
///
/// `switchyard graph --format dot|mermaid` prints it for Graphviz or Mermaid.
public struct NavigationGraph: Sendable, Equatable {
    /// A tab, a screen, or a URL no screen answers.
    public struct Node: Sendable, Equatable {
        /// What a node stands for.
        public enum Kind: String, Sendable, Equatable {
            /// A tab of the tab bar.
            case tab
            /// A screen route.
            case screen
            /// The source pattern of a redirect or relocation.
            case rule
            /// A route with no screen (a service call, a route registered in code).
            case handler
            /// A URL that reaches no screen (a broken link, a deleted route).
            case missing
            /// Screens of one host that nothing reaches from a tab, summarised in one node.
            case unreachable
        }

        /// The node's identifier in the output (`tab1`, `screen3`, `rule0`, `missing2`).
        public let id: String
        /// The node's label lines (a screen: its title and pattern; a generated index screen: its
        /// name, `user index (tab 1)`).
        public let label: [String]
        /// What the node stands for.
        public let kind: Kind
        /// Whether the screen asks for login (its route sets `requiresLogin`).
        public let isGated: Bool
    }

    /// A way from one node to another.
    public struct Edge: Sendable, Equatable {
        /// How the edge is taken.
        public enum Kind: String, Sendable, Equatable {
            /// A tab's root screen.
            case root
            /// A link of a screen.
            case link
            /// A deep link builds `to` on top of its parent `from`.
            case parent
            /// A static redirect.
            case redirect
            /// A relocation-table entry.
            case relocation
        }

        /// The node the edge leaves.
        public let from: String
        /// The node the edge reaches.
        public let to: String
        /// How it is taken.
        public let kind: Kind
        /// The link's title, or the rule; empty for roots and parents.
        public let label: String
    }

    /// The app's name.
    public let name: String
    /// The nodes: tabs, then screens in route order, then rules, handlers and missing URLs.
    public private(set) var nodes: [Node] = []
    /// The edges, in the order they were found.
    public private(set) var edges: [Edge] = []
    /// Screens grouped by their pattern's host, each group drawn as a box of its own, when the app
    /// has more than ``groupedScreenThreshold`` screens (an imported table); empty otherwise.
    public private(set) var groups: [(title: String, nodes: [String])] = []

    /// More screens than this are drawn grouped by host.
    public static let groupedScreenThreshold = 40

    /// Compares names, nodes, edges and groups.
    public static func == (a: NavigationGraph, b: NavigationGraph) -> Bool {
        a.name == b.name && a.nodes == b.nodes && a.edges == b.edges
            && a.groups.map(\.title) == b.groups.map(\.title) && a.groups.map(\.nodes) == b.groups.map(\.nodes)
    }

    /// The graph of `runtime`'s app, resolved through its router (redirects and relocations applied).
    @MainActor
    public init(runtime: AppRuntime) {
        let app = runtime.app
        let router = runtime.router
        name = app.name
        // A matched route is drawn as the screen whose pattern (or alias) it is, so routes sharing a
        // target are each their own node; a relocation `add` opens the first screen of its target.
        var indexByKind: [String: Int] = [:]
        var indexByPattern: [String: Int] = [:]
        for (index, route) in app.routes.enumerated() {
            if indexByKind[route.kind] == nil { indexByKind[route.kind] = index }
            for text in [route.pattern] + route.aliases {
                let key = (try? RoutePattern(text))?.description ?? text
                if indexByPattern[key] == nil { indexByPattern[key] = index }
            }
        }
        var missing: [String: String] = [:]
        var handlers: [String: String] = [:]
        var extra: [Node] = []

        /// The node a URL reaches when opened.
        func node(for url: String) -> String {
            let resolution = router.resolve(url)
            if let match = resolution.match {
                let pattern = match.pattern.description
                if let index = match.isAlias ? indexByKind[match.entry.name] : indexByPattern[pattern]
                    ?? indexByKind[match.entry.name] {
                    return "screen\(index)"
                }
                if let id = handlers[pattern] {
                    return id
                }
                let id = "handler\(handlers.count)"
                handlers[pattern] = id
                extra.append(Node(id: id, label: [match.entry.name, pattern], kind: .handler,
                                  isGated: match.entry.metadata[.requiresLogin] == true))
                return id
            }
            if let id = missing[url] {
                return id
            }
            let id = "missing\(missing.count)"
            missing[url] = id
            extra.append(Node(id: id, label: [app.showingIndexNames(in: url),
                                              app.showingIndexNames(in: resolution.stopped ?? "no route")],
                              kind: .missing, isGated: false))
            return id
        }

        for (index, tab) in app.tabs.enumerated() {
            nodes.append(Node(id: "tab\(index + 1)", label: ["Tab \(index + 1): \(tab.title)"], kind: .tab,
                              isGated: false))
        }
        for (index, route) in app.routes.enumerated() {
            // A generated index screen (`--routes FILE`) is named as the app names it, after its tab,
            // not by its internal `switchyard-index://tab/N` URL.
            let label = app.generatedIndexName(for: route.pattern).map { [$0] } ?? [route.title, route.pattern]
            nodes.append(Node(id: "screen\(index)", label: label, kind: .screen,
                              isGated: route.metadata[.requiresLogin] == true))
        }
        for (index, tab) in app.tabs.enumerated() {
            edges.append(Edge(from: "tab\(index + 1)", to: node(for: tab.root), kind: .root, label: ""))
        }
        for (index, route) in app.routes.enumerated() {
            let values = Self.exampleValues(for: route.pattern)
            for link in route.links {
                edges.append(Edge(from: "screen\(index)", to: node(for: ScreenFactory.fillURL(link.url, values)),
                                  kind: .link, label: link.title))
            }
            if let parent = route.parent {
                edges.append(Edge(from: node(for: ScreenFactory.fillURL(parent, values)), to: "screen\(index)",
                                  kind: .parent, label: ""))
            }
        }
        var rules: [(pattern: String, to: String?, kind: Edge.Kind, label: String)] = app.redirects.map {
            ($0.from, $0.to, .redirect, "redirect")
        }
        for entry in app.relocations?.entries ?? [] {
            switch entry {
            case .replace(let pattern, let to, _): rules.append((pattern, to, .relocation, "relocation: replace"))
            case .add(let pattern, let target):
                rules.append((pattern, nil, .relocation, "relocation: add for \(target)"))
            case .delete(let pattern): rules.append((pattern, nil, .relocation, "relocation: delete"))
            case .reset(let pattern): rules.append((pattern, nil, .relocation, "relocation: reset"))
            }
        }
        for (index, rule) in rules.enumerated() {
            let id = "rule\(index)"
            extra.insert(Node(id: id, label: [rule.pattern], kind: .rule, isGated: false), at: index)
            // Where the rule's own source leads, as an open would go (for `add`, the target's screen).
            let destination = rule.to.map { AppDescription.exampleURL(for: $0) }
                ?? AppDescription.exampleURL(for: rule.pattern)
            edges.append(Edge(from: id, to: node(for: destination), kind: rule.kind, label: rule.label))
        }
        nodes += extra
        summariseUnreachable(app)
        groupByHost(app)
    }

    /// Fills ``groups`` when there are more than ``groupedScreenThreshold`` screens: one group per
    /// literal host (`*` for a parameter host and suffix patterns), in the order hosts first appear.
    private mutating func groupByHost(_ app: AppDescription) {
        let screens = nodes.filter { $0.kind == .screen }
        guard screens.count > Self.groupedScreenThreshold else { return }
        for node in screens {
            guard let index = Int(node.id.dropFirst("screen".count)), app.routes.indices.contains(index),
                  !app.isGeneratedScreen(app.routes[index].pattern) else { continue }
            var host = "*"
            if let p = try? RoutePattern(app.routes[index].pattern), !p.isSuffix,
                case .literal(let h) = p.host { host = h }
            if let g = groups.firstIndex(where: { $0.title == host }) {
                groups[g].nodes.append(node.id)
            } else {
                groups.append((host, [node.id]))
            }
        }
    }

    /// More unreachable screens than this are summarised, one node per host, instead of drawn one by one.
    public static let unreachableDrawnLimit = 8

    /// Replaces the screens no tab reaches (by roots, links, parents and rules) with one node per host
    /// naming how many there are and a few of their patterns, when there are more than
    /// ``unreachableDrawnLimit``. Edges to or from them go to or from their host's node, once.
    private mutating func summariseUnreachable(_ app: AppDescription) {
        var next: [String: [String]] = [:]
        for edge in edges { next[edge.from, default: []].append(edge.to) }
        var reached: Set<String> = []
        var queue = nodes.filter { $0.kind == .tab }.map(\.id)
        while let id = queue.popLast() {
            guard reached.insert(id).inserted else { continue }
            queue += next[id] ?? []
        }
        let routeOf = Dictionary(uniqueKeysWithValues: app.routes.enumerated().map {
            ("screen\($0.offset)", $0.element)
        })
        let lost = nodes.filter { $0.kind == .screen && !reached.contains($0.id) }
        guard lost.count > Self.unreachableDrawnLimit else { return }
        var groups: [(host: String, ids: [String], patterns: [String])] = []
        var groupOf: [String: String] = [:]
        for node in lost {
            let pattern = routeOf[node.id]?.pattern ?? ""
            var host = "*"
            if let p = try? RoutePattern(pattern), !p.isSuffix, case .literal(let h) = p.host { host = h }
            if let g = groups.firstIndex(where: { $0.host == host }) {
                groups[g].ids.append(node.id)
                groups[g].patterns.append(pattern)
            } else {
                groups.append((host, [node.id], [pattern]))
            }
        }
        var summaries: [Node] = []
        for (k, group) in groups.enumerated() {
            let id = "unreachable\(k)"
            for member in group.ids { groupOf[member] = id }
            let count = group.ids.count
            var label = ["\(count) unreachable screen\(count == 1 ? "" : "s") on host \(group.host)"]
            label += group.patterns.prefix(3)
            if count > 3 { label.append("… and \(count - 3) more") }
            summaries.append(Node(id: id, label: label, kind: .unreachable, isGated: false))
        }
        nodes = nodes.filter { groupOf[$0.id] == nil } + summaries
        var seen: Set<String> = []
        edges = edges.compactMap { e in
            let edge = Edge(from: groupOf[e.from] ?? e.from, to: groupOf[e.to] ?? e.to, kind: e.kind, label: e.label)
            // Links among the summarised screens are left out; the rest are kept once.
            if groupOf[e.from] != nil && groupOf[e.to] != nil { return nil }
            if groupOf[e.from] != nil && e.kind == .link { return nil }
            return seen.insert("\(edge.from)>\(edge.to)>\(edge.kind.rawValue)>\(edge.label)").inserted ? edge : nil
        }
    }

    /// Example values for `pattern`'s parameters, as ``AppDescription/exampleURL(for:)`` picks them.
    static func exampleValues(for pattern: String) -> [String: String] {
        (try? RoutePattern(pattern)).map { AppDescription.exampleParameters(for: $0) } ?? [:]
    }

    // MARK: Output

    /// The graph in Graphviz's DOT language: tabs as boxes, screens as rounded boxes (gated ones
    /// red, with a lock), rules as notes and missing URLs dashed; parents, redirects and
    /// relocations as dashed edges.
    public var dot: String {
        var lines = ["digraph \(Self.dotQuoted(name)) {", "  rankdir=LR;",
                     "  node [fontname=\"Helvetica\", fontsize=10];",
                     "  edge [fontname=\"Helvetica\", fontsize=9];"]
        for node in nodes {
            let labelLines = node.isGated ? ["🔒 " + node.label[0]] + node.label.dropFirst() : node.label
            let label = labelLines.map(Self.dotEscaped).joined(separator: "\\n")
            let shape: String
            switch node.kind {
            case .tab: shape = "shape=box, style=filled, fillcolor=\"#dde8ff\""
            case .screen: shape = node.isGated ? "shape=box, style=\"rounded,bold\", color=\"#c0392b\""
                : "shape=box, style=rounded"
            case .rule: shape = "shape=note"
            case .handler: shape = "shape=component"
            case .missing: shape = "shape=box, style=dashed, color=gray"
            case .unreachable: shape = "shape=folder, style=dashed, color=gray"
            }
            lines.append("  \(node.id) [label=\"\(label)\", \(shape)];")
        }
        for edge in edges {
            var attributes: [String] = []
            if !edge.label.isEmpty { attributes.append("label=\"\(Self.dotEscaped(edge.label))\"") }
            switch edge.kind {
            case .root: attributes.append("style=bold")
            case .link: break
            case .parent: attributes.append("style=dashed, arrowhead=empty, label=\"parent\"")
            case .redirect, .relocation: attributes.append("style=dashed, color=\"#8e44ad\"")
            }
            let listed = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(edge.from) -> \(edge.to)" + listed + ";")
        }
        for (k, group) in groups.enumerated() {
            lines.append("  subgraph cluster_\(k) { label=\"\(Self.dotEscaped(group.title))\"; style=dashed; "
                         + "\(group.nodes.joined(separator: "; ")); }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The graph as a Mermaid flowchart: the same shapes and edge styles as ``dot`` where Mermaid
    /// has them, gated screens in the `gated` class.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        for node in nodes {
            let labelLines = node.isGated ? ["🔒 " + node.label[0]] + node.label.dropFirst() : node.label
            let label = labelLines.map(Self.mermaidEscaped).joined(separator: "<br/>")
            switch node.kind {
            case .tab: lines.append("  \(node.id)[[\"\(label)\"]]")
            case .screen: lines.append("  \(node.id)(\"\(label)\")")
            case .rule: lines.append("  \(node.id)>\"\(label)\"]")
            case .handler: lines.append("  \(node.id)[/\"\(label)\"/]")
            case .missing, .unreachable: lines.append("  \(node.id)[\"\(label)\"]")
            }
        }
        for edge in edges {
            let label = edge.kind == .parent ? "parent" : edge.label
            let arrow = edge.kind == .link || edge.kind == .root ? "-->" : "-.->"
            lines.append("  \(edge.from) \(arrow)" + (label.isEmpty ? "" : "|\"\(Self.mermaidEscaped(label))\"|")
                         + " \(edge.to)")
        }
        for (k, group) in groups.enumerated() {
            lines.append("  subgraph group\(k) [\"\(Self.mermaidEscaped(group.title))\"]")
            lines += group.nodes.map { "    " + $0 }
            lines.append("  end")
        }
        let gated = nodes.filter(\.isGated).map(\.id)
        if !gated.isEmpty {
            lines.append("  classDef gated stroke:#c0392b,stroke-width:2px")
            lines.append("  class \(gated.joined(separator: ",")) gated")
        }
        let missing = nodes.filter { $0.kind == .missing || $0.kind == .unreachable }.map(\.id)
        if !missing.isEmpty {
            lines.append("  classDef missing stroke-dasharray:4 3,color:#777")
            lines.append("  class \(missing.joined(separator: ",")) missing")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` quoted as a DOT identifier.
    static func dotQuoted(_ text: String) -> String {
        "\"" + dotEscaped(text) + "\""
    }

    /// `text` for inside a DOT string: quotes and backslashes escaped, control characters dropped.
    static func dotEscaped(_ text: String) -> String {
        escaped(text, ["\"": "\\\"", "\\": "\\\\"])
    }

    /// `text` for inside a quoted Mermaid label: quotes, `<`, `>` and `&` as entities, control
    /// characters dropped.
    static func mermaidEscaped(_ text: String) -> String {
        escaped(text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;"])
    }

    /// `text` with each scalar in `replacements` replaced and control characters dropped.
    private static func escaped(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                out += replacement
            } else if scalar.properties.generalCategory != .control {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
