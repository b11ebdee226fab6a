/// Fills a route's templates to make a screen.
///
/// The encoding rule: a value substituted into a URL template (`links[].url`, `parent`) is
/// percent-encoded for the component it lands in (host, path segment, query name or value, fragment),
/// so it can never add a segment, a query item or a fragment; a path value that is `.` or `..` is
/// encoded too. A value substituted into text (`title`, `body`, `links[].title`) is shown decoded, with
/// control characters escaped. A placeholder with no value renders as empty: never as `{name}`.
package enum ScreenFactory {
    /// The component of a URL template a placeholder sits in.
    enum Component {
        case scheme, host, path, queryName, queryValue, fragment
    }

    /// `template` with each `{name}` replaced by `parameters[name]`, encoded for its component.
    package static func fillURL(_ template: String, _ parameters: [String: String]) -> String {
        // Without a placeholder the loop below copies the template as it is (a generated index screen
        // has a link for every route of its file, none of them with a placeholder).
        guard hasPlaceholderBrace(template) else { return template }
        var out = ""
        var component: Component = template.contains("://") ? .scheme : .path
        var rest = Substring(template)
        while let c = rest.first {
            if c == "{", let (name, after) = placeholder(in: rest) {
                out += encode(parameters[name] ?? "", for: component)
                rest = after
                continue
            }
            out.append(c)
            rest = rest.dropFirst()
            switch (component, c) {
            case (.scheme, ":") where rest.hasPrefix("//"):
                out += "//"
                rest = rest.dropFirst(2)
                component = .host
            case (.host, "/"): component = .path
            case (.host, "?"), (.path, "?"): component = .queryName
            case (.queryName, "="): component = .queryValue
            case (.queryValue, "&"), (.queryName, "&"): component = .queryName
            case (.scheme, "#"), (.host, "#"), (.path, "#"), (.queryName, "#"), (.queryValue, "#"):
                component = .fragment
            default: break
            }
        }
        return out
    }

    /// `template` with each `{name}` replaced by `parameters[name]` as text: decoded, control
    /// characters escaped, and `—` when the open did not carry the parameter (so `Sort: {sort}` reads
    /// `Sort: —`, not `Sort: `); a parameter given empty stays empty.
    package static func fillText(_ template: String, _ parameters: [String: String]) -> String {
        guard hasPlaceholderBrace(template) else { return template }
        var out = ""
        var rest = Substring(template)
        while let c = rest.first {
            if c == "{", let (name, after) = placeholder(in: rest) {
                out += parameters[name].map(SafeText.visible) ?? "—"
                rest = after
                continue
            }
            out.append(c)
            rest = rest.dropFirst()
        }
        return out
    }

    /// Whether `template` has a `{` at all (a byte scan: no placeholder can start without one).
    static func hasPlaceholderBrace(_ template: String) -> Bool {
        template.utf8.contains(UInt8(ascii: "{"))
    }

    /// The placeholder names a template uses, in order.
    package static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let c = rest.first {
            if c == "{", let (name, after) = placeholder(in: rest) {
                names.append(name)
                rest = after
            } else {
                rest = rest.dropFirst()
            }
        }
        return names
    }

    /// A `{name}` at the start of `text` (name: letters, digits, `_`, `-`, not starting with a digit,
    /// so a regex quantifier such as `{3}` in a pattern shown in a title stays text), and the text
    /// after it.
    static func placeholder(in text: Substring) -> (String, Substring)? {
        guard text.first == "{", let first = text.dropFirst().first, !first.isNumber else { return nil }
        var name = ""
        var rest = text.dropFirst()
        while let c = rest.first {
            if c == "}" {
                return name.isEmpty ? nil : (name, rest.dropFirst())
            }
            guard c.isASCII, c.isLetter || c.isNumber || c == "_" || c == "-" else { return nil }
            name.append(c)
            rest = rest.dropFirst()
        }
        return nil
    }

    /// Percent-encodes everything but unreserved characters (and, in a path, a whole `.` or `..`).
    static func encode(_ value: String, for component: Component) -> String {
        if component == .path && (value == "." || value == "..") {
            return String(repeating: "%2E", count: value.count)
        }
        var out = ""
        for byte in value.utf8 {
            let unreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF")
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// Makes the screen for `route` with `parameters` (path, query and native values as text) and the
    /// path parameters that identify it.
    package static func make(_ route: ScreenRoute, url: String, pattern: String, parameters: [String: String],
                            pathParameters: [String: String]) -> Screen {
        Screen(kind: route.kind, url: url, pattern: pattern, title: fillText(route.title, parameters),
               parameters: parameters, pathParameters: pathParameters,
               body: route.body.map { fillText($0, parameters) },
               // A deferred link (a generated index's) stays deferred: it is filled when it is read.
               links: route.links.map { $0.filled(parameters) },
               leaveGuard: route.leaveGuard.map { LeaveGuard(reason: $0) })
    }
}
