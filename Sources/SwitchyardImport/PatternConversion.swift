enum PatternConversion {
    /// The most optional groups expanded for one JLRoutes pattern (2^n patterns).
    static let maxOptionalGroups = 4
    /// A host JLRoutes does not read as a path component: one with a `.`, or `localhost`.
    static let webHostRegex = "localhost|[^.]*\\..*"

    /// `base`, or `base2`, `base3` … when a segment already names a parameter `base`.
    static func unusedName(_ base: String, in segments: [String]) -> String {
        func taken(_ n: String) -> Bool {
            segments.contains { $0 == ":" + n || $0 == "*" + n || $0.hasPrefix(":" + n + "(")
                || $0.hasPrefix(":" + n + "<") || $0.hasPrefix(":" + n + "?") }
        }
        var name = base, n = 2
        while taken(name) { name = "\(base)\(n)"; n += 1 }
        return name
    }

    /// Converts `source` written in `dialect`. `scheme` is used when the source names one separately
    /// (JLRoutes' `routesForScheme:`); a pattern with neither stays scheme-less (it then matches any scheme,
    /// and its first component is the host).
    static func convert(_ source: String, dialect: PatternDialect, scheme: String? = nil) -> ConvertedPattern {
        var result = ConvertedPattern()
        var text = source.trimmingWhitespace
        if text.isEmpty { return .refused("the pattern is empty") }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .refused("the pattern holds control characters")
        }
        // The query and fragment: Switchyard matches scheme, host and path; query values still reach the handler.
        if let q = queryStart(text) {
            let dropped = String(text[q...])
            text = String(text[..<q])
            result.notes.append("query/fragment part '\(dropped)' dropped: Switchyard matches the scheme, host and "
                + "path (query values still reach the handler)")
        }
        var patternScheme = scheme
        if let r = schemeSeparator(in: text) {
            let s = String(text[..<r.lowerBound])
            if !s.isEmpty { patternScheme = s }
            text = String(text[r.upperBound...])
        }
        if let s = patternScheme, !isScheme(s) {
            return .refused("scheme '\(s)' is not a URL scheme (letters, digits, +, -, .)")
        }
        // Expand JLRoutes optional groups into every combination, outermost order kept.
        var variants = [text]
        if dialect == .jlRoutes && text.contains("(") {
            guard let expanded = expandOptionalGroups(text) else {
                return .refused("unbalanced or more than \(maxOptionalGroups) optional '( )' groups")
            }
            variants = expanded
        }
        var seen: Set<String> = []
        var converted: [(variant: String, segments: [String], notes: [String])] = []
        for variant in variants {
            switch convertPath(variant, dialect: dialect) {
            case .failure(let error): return .refused(error.message)
            case .success(let (segments, notes)): converted.append((variant, segments, notes))
            }
        }
        // An optional group that is one trailing parameter reads better as `:name?`.
        if dialect == .jlRoutes, converted.count == 2, let last = converted[1].segments.last, last.hasPrefix(":"),
            converted[1].segments.dropLast().elementsEqual(converted[0].segments),
            !last.contains(where: { $0 == "(" || $0 == "<" || $0 == "?" })
        {
            converted = [(converted[0].variant, converted[0].segments + [last + "?"],
                converted[0].notes + converted[1].notes)]
        }
        for (variant, segments, notes) in converted {
            do {
                for n in notes where !result.notes.contains(n) { result.notes.append(n) }
                let body = segments.joined(separator: "/")
                let startsWithSlash = variant.trimmingWhitespace.hasPrefix("/")
                var bodies = [body]
                if body.isEmpty {
                    // MGJRouter's `mgj://`: a wildcard component under the scheme, so it catches every URL
                    // of the scheme that no other registration takes.
                    if dialect == .mgjRouter, patternScheme != nil {
                        bodies = [":host", ":host/*rest"]
                    } else if dialect == .jlRoutes, startsWithSlash {
                        // JLRoutes' `/`: no path components, so a dotted (or `localhost`) host and no path.
                        bodies = [":host(\(webHostRegex))"]
                    } else {
                        return .refused("the pattern has no host or path")
                    }
                } else {
                    switch dialect {
                    case .wlrRoute where patternScheme == nil && startsWithSlash:
                        // WLRRoute anchors only an expression that does not start with `/`: `/login/:phone`
                        // is matched anywhere in the URL, which is Switchyard's suffix pattern.
                        bodies = ["**/" + body]
                        let note = "WLRRoute leaves a route starting with '/' unanchored: imported as the suffix "
                            + "pattern '**/…', which matches any host and leading segments; a URL whose host is the "
                            + "first segment (app://\(segments[0])/…) is not matched, though WLRRoute's expression "
                            + "took it"
                        if !result.notes.contains(note) { result.notes.append(note) }
                    case .deepLinkKit where startsWithSlash:
                        // DeepLinkKit matches `host + path` against the route and anchors only a route that
                        // does not start with `/`: `/product/:id` ends the path, whatever comes before.
                        bodies = ["**/" + body]
                    case .aRouter where patternScheme == nil:
                        // ARouter routes by `uri.getPath()`: the scheme and host take no part.
                        bodies = [":\(unusedName("host", in: segments))/" + body]
                    case .jlRoutes where segments.last?.hasPrefix("*") == true:
                        // JLRoutes' `*` takes zero or more components (`routeVariablesForRequest:` lets a
                        // wildcard stand past the URL's last component): `/a/*` also routes `/a`, and `*` alone
                        // every URL of its scheme, whatever the host.
                        let host = ":\(unusedName("host", in: segments))"
                        let before = segments.dropLast().joined(separator: "/")
                        bodies = before.isEmpty ? [host, host + "/" + body]
                            : [before, body, "\(host)(\(webHostRegex))/" + before, "\(host)(\(webHostRegex))/" + body]
                    case .jlRoutes:
                        // JLRoutes reads the host as the first path component only when it has no `.` and is
                        // not `localhost`; otherwise the route applies to the path alone.
                        bodies = [body, ":\(unusedName("host", in: segments))(\(webHostRegex))/" + body]
                    case .mgjRouter:
                        // MGJRouter walks its tree as far as the URL's components go and calls the last
                        // handler it reached: a registration also takes every longer URL.
                        if segments.last?.hasPrefix("*") != true {
                            bodies = [body, body + "/*\(unusedName("rest", in: segments))"]
                            let note = "MGJRouter also routes every longer URL to this handler (it falls back to the "
                                + "longest registered prefix): imported with '…/*rest' as well; a component it skips "
                                + "in the middle (mgj://a/x/b reaching a/b) is not kept"
                            if !result.notes.contains(note) { result.notes.append(note) }
                        }
                    case .urlNavigator where segments.count == 2 && segments[0] == ":host"
                        && segments[1].hasPrefix("*"):
                        // `http://<path:url>`: the placeholder also takes a URL with a host and no path.
                        bodies = [":host", body]
                    default:
                        break
                    }
                }
                for b in bodies {
                    let pattern = (patternScheme.map { "\($0)://" } ?? "") + b
                    if seen.insert(pattern).inserted { result.patterns.append(pattern) }
                }
            }
        }
        return result
    }

    /// Where the query or fragment starts: the first `?` or `#` outside parentheses (a regex constraint
    /// or an optional group may hold a `?`).
    static func queryStart(_ text: String) -> String.Index? {
        var depth = 0
        var i = text.startIndex
        while i < text.endIndex {
            switch text[i] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "?", "#": if depth == 0 { return i }
            default: break
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// `(…)` groups expanded: `/a(/:b)(/:c)` gives `/a`, `/a/:b`, `/a/:c`, `/a/:b/:c` (JLRoutes' own rule).
    static func expandOptionalGroups(_ text: String) -> [String]? {
        // Only top-level groups; a `(` inside a regex constraint does not occur in JLRoutes.
        var parts: [(String, Bool)] = []  // (text, optional)
        var current = "", depth = 0
        for ch in text {
            if ch == "(" {
                if depth == 0 { parts.append((current, false)); current = "" } else { current.append(ch) }
                depth += 1
            } else if ch == ")" {
                depth -= 1
                if depth < 0 { return nil }
                if depth == 0 { parts.append((current, true)); current = "" } else { current.append(ch) }
            } else {
                current.append(ch)
            }
        }
        if depth != 0 { return nil }
        parts.append((current, false))
        let optional = parts.indices.filter { parts[$0].1 }
        if optional.count > maxOptionalGroups { return nil }
        var out: [String] = []
        for mask in 0..<(1 << optional.count) {
            var s = ""
            for (i, part) in parts.enumerated() {
                if let bit = optional.firstIndex(of: i) {
                    if mask & (1 << bit) != 0 {
                        // A nested group inside an optional one is kept as written (it is then refused as a segment).
                        s += part.0
                    }
                } else {
                    s += part.0
                }
            }
            out.append(s)
        }
        // Fewest segments first, as JLRoutes registers them.
        return out.sorted { $0.split(separator: "/").count < $1.split(separator: "/").count }
    }

    /// Converts the host-and-path part (no scheme, no query) segment by segment.
    private static func convertPath(_ text: String, dialect: PatternDialect)
        -> Result<([String], [String]), ConversionError>
    {
        let raw = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var segments: [String] = [], notes: [String] = []
        var used: Set<String> = []
        func unique(_ base: String) -> String {
            var name = sanitizedName(base), n = 2
            while used.contains(name) { name = "\(sanitizedName(base))\(n)"; n += 1 }
            used.insert(name)
            return name
        }
        for (index, seg) in raw.enumerated() {
            let last = index == raw.count - 1
            switch dialect {
            case .urlNavigator:
                if seg.hasPrefix("<") && seg.hasSuffix(">") {
                    let inner = seg.dropFirst().dropLast()
                    let (type, name): (String, String) = {
                        if let colon = inner.firstIndex(of: ":") {
                            return (String(inner[..<colon]), String(inner[inner.index(after: colon)...]))
                        }
                        return ("string", String(inner))
                    }()
                    let n = unique(name)
                    switch type {
                    case "string": segments.append(":\(n)")
                    case "int": segments.append(":\(n)<int>")
                    case "uuid": segments.append(":\(n)<uuid>")
                    case "float": segments.append(":\(n)(-?[0-9]+(\\.[0-9]+)?)")
                    case "path":
                        if index == 0 {
                            // `http://<path:url>`: any host, then any path.
                            segments.append(":host")
                            segments.append("*\(n)")
                        } else if last {
                            segments.append("*\(n)")
                        } else {
                            return .failure(ConversionError("'<path:\(name)>' is not the last component; a "
                                + "Switchyard catch-all must be last"))
                        }
                    default: return .failure(ConversionError("unknown URLNavigator type '\(type)' in '\(seg)'"))
                    }
                } else if seg.contains("<") || seg.contains(">") {
                    return .failure(ConversionError("'\(seg)' mixes text and a placeholder in one component"))
                } else {
                    segments.append(seg)
                }
            case .navigation:
                if seg.hasPrefix("{") && seg.hasSuffix("}")
                    && seg.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" }) {
                    segments.append(":\(unique(String(seg.dropFirst().dropLast())))")
                } else if seg == ".*" {
                    if last { segments.append("*rest") } else {
                        segments.append(":\(unique("any"))")
                        notes.append("'.*' inside the path became one component ':any'")
                    }
                } else if seg.contains("{") || seg.contains("}") || seg.contains(".*") {
                    return .failure(ConversionError("'\(seg)' mixes text and a placeholder or wildcard in one "
                        + "component"))
                } else {
                    segments.append(seg)
                }
            case .jlRoutes, .wlrRoute, .mgjRouter, .plain, .aRouter, .deepLinkKit:
                if seg == "*" || (dialect == .mgjRouter && seg == "~" && last) {
                    if !last {
                        return .failure(ConversionError("'*' is not the last component; a Switchyard catch-all must "
                            + "be last"))
                    }
                    segments.append("*rest")
                } else if dialect == .mgjRouter && seg == "~" {
                    segments.append(":\(unique("any"))")
                } else if seg.hasPrefix(":") {
                    var body = Substring(seg.dropFirst())
                    var constraint = ""
                    if let paren = body.firstIndex(of: "("), body.hasSuffix(")") {
                        if dialect != .wlrRoute {
                            return .failure(ConversionError("'\(seg)': a regex constraint is not part of this "
                                + "router's syntax"))
                        }
                        constraint = String(body[paren...])
                        body = body[..<paren]
                    }
                    if body.isEmpty { return .failure(ConversionError("'\(seg)' has no parameter name")) }
                    if dialect == .wlrRoute && last && (constraint == "(.*)" || constraint == "(.+)") {
                        // WLRRoute's expression runs over the whole URL: `.*` last takes the rest, slashes too.
                        segments.append("*\(unique(String(body)))")
                        continue
                    }
                    if dialect == .wlrRoute && (constraint.contains(".") || constraint.contains("[^")
                        || constraint.contains("\\S") || constraint.contains("\\W")) {
                        notes.append("the expression \(constraint) of ':\(body)' can match a '/' in WLRRoute, which "
                            + "applies it to the whole URL; here it stays inside one component")
                    }
                    segments.append(":\(unique(String(body)))\(constraint)")
                } else if seg.contains(":") && index > 0 || seg.contains("*") || seg.contains("(") {
                    return .failure(ConversionError("'\(seg)' mixes text and a placeholder in one component"))
                } else {
                    segments.append(seg)
                }
            }
        }
        return .success((segments, notes))
    }

    /// A parameter name in Switchyard's grammar: `[A-Za-z_][A-Za-z0-9_]*`, other characters as `_`.
    static func sanitizedName(_ name: String) -> String {
        var out = String(name.unicodeScalars.map { ($0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) ? Character($0) : "_" })
        if out.isEmpty { out = "p" }
        if let f = out.unicodeScalars.first, ("0"..."9").contains(f) { out = "p" + out }
        return out
    }

    /// The first `://` in `s` (a byte search: Foundation's `range(of:)` was a tenth of a large import).
    static func schemeSeparator(in s: String) -> Range<String.Index>? {
        let u = s.utf8
        var i = u.startIndex
        while i != u.endIndex {
            if u[i] == UInt8(ascii: ":") {
                let a = u.index(after: i)
                if a != u.endIndex, u[a] == UInt8(ascii: "/") {
                    let b = u.index(after: a)
                    if b != u.endIndex, u[b] == UInt8(ascii: "/") { return i..<u.index(after: b) }
                }
            }
            i = u.index(after: i)
        }
        return nil
    }

    /// Whether `s` is an RFC 3986 scheme.
    static func isScheme(_ s: String) -> Bool {
        guard let f = s.unicodeScalars.first, f.isASCII, f.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    /// A target name from a pattern's literal words: `app://user/view/:id` → `UserView`.
    /// A target name from a pattern as its router writes it, parameters included: `/:profile_id/artist/:id`
    /// → `ProfileIdArtistId`, `<int:id>` → `Id`; wildcards (`*`, `~`) and constraints give nothing.
    static func fullTargetName(for source: String) -> String {
        var body = source.trimmingWhitespace
        if let q = queryStart(body) { body = String(body[..<q]) }
        if let r = schemeSeparator(in: body) { body = String(body[r.upperBound...]) }
        var words: [Substring] = []
        for var segment in body.split(separator: "/") {
            if segment.hasPrefix("<"), let colon = segment.lastIndex(of: ":") {
                segment = segment[segment.index(after: colon)...]
            }
            segment = segment.drop { $0 == ":" || $0 == "*" || $0 == "<" || $0 == "{" }
            if let cut = segment.firstIndex(where: { "(<?>}".contains($0) }) { segment = segment[..<cut] }
            words += segment.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
        }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.isEmpty ? "Root" : name
    }

    static func targetName(for pattern: String) -> String {
        var body = pattern
        if let r = schemeSeparator(in: body) { body = String(body[r.upperBound...]) }
        let words = body.split(separator: "/").filter { !$0.hasPrefix(":") && !$0.hasPrefix("*") }
            .flatMap { $0.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.isEmpty ? "Root" : name
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line ends.
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
