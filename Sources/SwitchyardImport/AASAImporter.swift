import Foundation
import Switchyard

/// iOS universal links: an `apple-app-site-association` file's `applinks.details`, in the older
/// `paths` form (`*`, `?`, `NOT ` exclusions) and the newer `components` form (`/`, `?`, `#`, `exclude`).
/// The file does not name its domain, so patterns use `domain` (`--domain`), else a `:domain` parameter.
struct AASAImporter {
    let file: String
    let text: String
    let domain: String?
    private(set) var routes: [ImportedRoute] = []
    private(set) var warnings: [ImportWarning] = []
    /// Where the search for the next value's line starts, so repeated strings get their own lines.
    private var cursor: String.Index
    /// The line the cursor is on.
    private var cursorLine = 1

    init(file: String, text: String, domain: String?) {
        self.file = file
        self.text = text
        self.domain = domain
        self.cursor = text.startIndex
    }

    /// Reads the file; returns false when it is not an AASA file at all.
    mutating func run() -> Bool {
        guard let data = text.data(using: .utf8),
            let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            warnings.append(ImportWarning(file: file, line: nil, message: "not valid JSON; skipped"))
            return false
        }
        guard let applinks = top["applinks"] as? [String: Any] else {
            warnings.append(ImportWarning(file: file, line: nil, message: "no \"applinks\" object; nothing to import"))
            return false
        }
        let details: [[String: Any]]
        if let list = applinks["details"] as? [[String: Any]] {
            details = list
        } else if let map = applinks["details"] as? [String: Any] {
            // An early form: details keyed by app ID.
            details = map.keys.sorted().compactMap { id in
                (map[id] as? [String: Any]).map { $0.merging(["appID": id]) { a, _ in a } }
            }
        } else {
            warnings.append(ImportWarning(file: file, line: nil,
                message: "applinks has no \"details\" array; nothing to import"))
            return false
        }
        for detail in details {
            let app = (detail["appID"] as? String) ?? (detail["appIDs"] as? [String])?.first ?? ""
            if let components = detail["components"] as? [[String: Any]] {
                for (order, c) in components.enumerated() {
                    component(c, app: app, order: order, count: components.count)
                }
            } else if let paths = detail["paths"] as? [String] {
                for (order, p) in paths.enumerated() {
                    let line = lineOf(p)
                    if p.hasPrefix("NOT ") {
                        add(glob: String(p.dropFirst(4)), exclude: true, app: app, line: line, order: order,
                            count: paths.count)
                    } else {
                        add(glob: p, exclude: false, app: app, line: line, order: order, count: paths.count)
                    }
                }
            }
        }
        return true
    }

    private mutating func component(_ c: [String: Any], app: String, order: Int, count: Int) {
        let path = c["/"] as? String ?? "*"
        let line = c["/"] is String ? lineOf(path) : lineOf("\"/\"", quoted: false)
        if c["?"] != nil {
            warn(line, "component '\(SchemaTextEcho.echo(path))': its query condition \"?\" is dropped (Switchyard "
                + "matches the path; query values still reach the handler)")
        }
        if c["#"] != nil {
            warn(line, "component '\(SchemaTextEcho.echo(path))': its fragment condition \"#\" is dropped (fragments "
                + "never take part in matching)")
        }
        if (c["caseSensitive"] as? Bool) == false {
            warn(line, "component '\(SchemaTextEcho.echo(path))': caseSensitive false is not kept (paths match "
                + "case-sensitively)")
        }
        add(glob: path, exclude: (c["exclude"] as? Bool) == true, app: app, line: line, order: order, count: count)
    }

    /// An AASA path glob (`*` any run of characters, `?` one character) as Switchyard patterns.
    private mutating func add(glob: String, exclude: Bool, app: String, line: Int, order: Int, count: Int) {
        let host = domain ?? ":domain"
        let parts = glob.split(separator: "/").map(String.init)
        var segments: [String] = []
        var variants: [[String]] = []
        var n = 0
        for (i, part) in parts.enumerated() {
            let last = i == parts.count - 1
            if part == "*" {
                if last {
                    // `/buy/*` matches `/buy/` too, which Switchyard reads as `/buy`.
                    variants = [segments, segments + ["*rest"]]
                    break
                }
                n += 1
                segments.append(":part\(n)")
                warn(line, "path '\(SchemaTextEcho.echo(glob))': '*' between slashes became one component (AASA's "
                    + "may span several)")
                continue
            }
            if !part.contains("*") && !part.contains("?") {
                segments.append(part)
                continue
            }
            var regex = ""
            for ch in part {
                switch ch {
                case "*": regex += ".*"
                case "?": regex += "."
                default:
                    if "\\.^$|+()[]{}".contains(ch) { regex.append("\\") }
                    regex.append(ch)
                }
            }
            n += 1
            segments.append(":part\(n)(\(regex))")
            if part.contains("*") {
                warn(line, "path '\(SchemaTextEcho.echo(glob))': a '*' inside a component now stays inside it "
                    + "(AASA's may span a '/')")
            }
        }
        if variants.isEmpty { variants = [segments] }
        for v in variants {
            let pattern = (["https://" + host] + v).joined(separator: "/")
            var metadata = ["router": "AASA", "appID": app]
            if exclude { metadata["excluded"] = "true" }
            // AASA takes the first entry that matches; among equally specific patterns the earlier entry wins here.
            routes.append(ImportedRoute(pattern: pattern,
                target: exclude ? "Excluded" : PatternConversion.targetName(for: pattern), file: file, line: line,
                                        metadata: metadata, priority: count - order))
        }
    }

    /// The line of the next occurrence of `value` as a JSON string, from the cursor on (lines are
    /// counted from the cursor, so a file with many entries is read in linear time).
    private mutating func lineOf(_ value: String, quoted: Bool = true) -> Int {
        let needle = quoted ? JSONValue.quoted(value) : value
        guard let found = text.range(of: needle, range: cursor..<text.endIndex) else { return cursorLine }
        cursorLine += text[cursor..<found.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        cursor = found.lowerBound
        let line = cursorLine
        cursorLine += text[found].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        cursor = found.upperBound
        return line
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append(ImportWarning(file: file, line: line, message: message))
    }
}
