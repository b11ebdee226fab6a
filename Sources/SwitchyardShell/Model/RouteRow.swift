import Switchyard
import SwitchyardTooling
import TerminalKit

/// One row of the route table panel: a route, a redirect or a relocation rule.
package struct RouteRow: Hashable, Sendable {
    /// What the row describes.
    package enum Kind: String, Hashable, Sendable {
        /// A registered route.
        case route
        /// A static redirect.
        case redirect
        /// A relocation rule.
        case relocation
    }

    /// What the row describes.
    package var kind: Kind
    /// The pattern (for a redirect, its source pattern; for a relocation, the rule's pattern).
    package var pattern: String
    /// The route's target, the redirect's destination or the relocation's effect.
    package var target: String
    /// The route's metadata, `key` for a `true` value, else `key=value`, sorted by key.
    package var metadata: [String]
    /// The interceptors whose scope covers the route.
    package var interceptors: [String]
    /// The route's priority.
    package var priority: Int
    /// In "test a URL" mode: why the route won or lost for the URL typed in the filter.
    package var verdict: String?
    /// In "test a URL" mode: whether the route wins.
    package var wins = false

    /// Creates a row.
    package init(kind: Kind, pattern: String, target: String, metadata: [String] = [], interceptors: [String] = [],
                 priority: Int = 0) {
        self.kind = kind
        self.pattern = pattern
        self.target = target
        self.metadata = metadata
        self.interceptors = interceptors
        self.priority = priority
    }

    /// Everything known about the row besides pattern and target: metadata, interceptors
    /// (`via NAME`), a non-zero priority, or the kind for redirects and relocations.
    package var notes: [String] {
        var notes = metadata + interceptors.map { "via \($0)" }
        if priority != 0 {
            notes.append("priority \(priority)")
        }
        if kind != .route {
            notes.insert(kind.rawValue, at: 0)
        }
        return notes
    }

    /// The notes in a few letters for the table's last column: metadata only, `requiresLogin`
    /// written 🔒 (as the phone marks a gated link or tab), plus the kind of a redirect or relocation.
    package var flags: String {
        if let verdict { return (wins ? "✓ " : "✗ ") + verdict }
        var flags = metadata.map { $0 == "requiresLogin" ? "🔒" : $0 }
        if kind != .route {
            flags.insert(kind.rawValue, at: 0)
        }
        return flags.joined(separator: " ")
    }

    /// The rows of a route map: routes in registration order, then redirects, then relocations.
    package static func rows(of map: RouteMap) -> [RouteRow] {
        var rows = map.routes.map { route in
            let metadata = route.metadata.keys.sorted().map { key in
                let value = route.metadata[key] ?? ""
                return value == "true" ? key : "\(key)=\(value)"
            }
            return RouteRow(kind: .route, pattern: route.pattern, target: route.target, metadata: metadata,
                            interceptors: route.interceptors, priority: route.priority)
        }
        rows += map.redirects.map { RouteRow(kind: .redirect, pattern: $0.from, target: "⇒ " + $0.to) }
        rows += map.relocations.map { entry in
            let target: String
            switch entry {
            case .replace(_, let to, _): target = "⇒ " + to
            case .add(_, let name): target = name
            case .delete: target = "(deleted)"
            case .reset: target = "(reset)"
            }
            return RouteRow(kind: .relocation, pattern: entry.pattern, target: target)
        }
        return rows
    }

    /// "Test a URL" mode: the routes the explanation considered, winner first, each with its verdict;
    /// the routes that do not fit the URL's scheme and host are left out.
    package static func tested(_ rows: [RouteRow], by explanation: RoutePanel.URLTest) -> [RouteRow] {
        Array(RouteTableIndex(rows: rows).tested(by: explanation))
    }

    /// The rows whose pattern, target or notes contain `filter` (ignoring case); all rows when the
    /// filter is empty or only spaces. Several words must all match. (The route table filters through
    /// a ``RouteTableIndex`` it keeps; this is the same filter on rows given once.)
    package static func filter(_ rows: [RouteRow], by filter: String) -> [RouteRow] {
        Array(RouteTableIndex(rows: rows).filtered(by: filter))
    }
}
