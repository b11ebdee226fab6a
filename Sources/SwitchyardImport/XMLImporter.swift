import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Android XML: Jetpack Navigation graphs (`<deepLink app:uri="…"/>`) and `AndroidManifest.xml` intent
/// filters (`<data android:scheme/host/path/pathPrefix/pathPattern>`), read with Foundation's `XMLParser`.
final class XMLImporter: NSObject, XMLParserDelegate {
    /// Deeper element nesting than this stops the parse (with a warning).
    static let maxDepth = 256

    let file: String
    private(set) var routes: [ImportedRoute] = []
    private(set) var warnings: [ImportWarning] = []
    /// Manifest: each `<nav-graph android:value="@navigation/NAME"/>` of an activity, as (NAME, the
    /// activity's target), and again with its qualified class name when the package is known: the
    /// activity whose NavHost handles that graph's deep links.
    private(set) var graphHosts: [(graph: String, activity: String)] = []
    /// Navigation graph: the graphs this one includes (`<include app:graph="@navigation/NAME"/>`).
    private(set) var includedGraphs: [String] = []
    /// The graph's resource name (the file's name without `.xml`), for a navigation graph.
    var graphName: String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        return last.lowercased().hasSuffix(".xml") ? String(last.dropLast(4)) : last
    }

    private struct Element {
        let name: String
        let attributes: [String: String]
        let line: Int
    }
    private var stack: [Element] = []
    /// The `<data>` elements of the intent filter being read.
    private var filterData: [Element] = []
    /// The `<action>` names of the intent filter being read.
    private var filterActions: [String] = []
    private var filterLine = 0
    /// The manifest's `package`, which a relative class name (`.page.PageActivity`) is relative to.
    private var manifestPackage: String?
    private weak var parser: XMLParser?
    private var tooDeep = false
    /// The first error the parser reported: its line and code.
    private var firstError: (Int, Int)?

    init(file: String) {
        self.file = file
    }

    /// Parses `data`; a syntax error becomes a warning that names the line.
    func run(_ data: Data) {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = self
        self.parser = parser
        let finished = parser.parse()
        if let (line, code) = firstError, !tooDeep {
            warnings.append(ImportWarning(file: file, line: line,
                message: "XML error \(code) here; what follows it may not have been read"))
        } else if !finished && !tooDeep {
            warnings.append(ImportWarning(file: file, line: max(1, parser.lineNumber),
                message: "XML not read past this line"))
        }
        parser.delegate = nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]) {
        let element = Element(name: name, attributes: attributes, line: parser.lineNumber)
        if stack.count >= Self.maxDepth {
            tooDeep = true
            warnings.append(ImportWarning(file: file, line: parser.lineNumber,
                message: "elements nested deeper than \(Self.maxDepth); the rest of the file is skipped"))
            parser.abortParsing()
            return
        }
        switch name {
        case "manifest": manifestPackage = attribute(element, "package")?.trimmingWhitespace
        case "deepLink": recordingLosses { deepLink(element) }
        case "nav-graph" where stack.last?.name == "activity" || stack.last?.name == "activity-alias":
            if let value = attribute(element, "value"), let host = destinationName(stack.last) {
                // By its simple and its qualified name: a route's target is the qualified one only when
                // two classes share the simple name.
                graphHosts.append((Self.resourceName(value), host))
                if let qualified = qualifiedClassName(stack.last) {
                    graphHosts.append((Self.resourceName(value), qualified))
                }
            }
        case "include" where stack.contains(where: { $0.name == "navigation" }):
            if let graph = attribute(element, "graph") { includedGraphs.append(Self.resourceName(graph)) }
        case "intent-filter":
            filterData = []
            filterActions = []
            filterLine = element.line
        case "data" where stack.last?.name == "intent-filter": filterData.append(element)
        case "action" where stack.last?.name == "intent-filter": if let a = attribute(element,
            "name") { filterActions.append(a) }
        default: break
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstError == nil { firstError = (max(1, parser.lineNumber), (parseError as NSError).code) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "intent-filter" { intentFilter() }
        if !stack.isEmpty { stack.removeLast() }
    }

    // MARK: Navigation graphs

    /// `@navigation/main_graph` → `main_graph`.
    static func resourceName(_ reference: String) -> String {
        reference.split(separator: "/").last.map(String.init) ?? reference
    }

    private func attribute(_ e: Element, _ local: String) -> String? {
        e.attributes["android:\(local)"] ?? e.attributes["app:\(local)"] ?? e.attributes[local]
            ?? e.attributes.first(where: { $0.key.hasSuffix(":\(local)") })?.value
    }

    /// The target of a destination: its class (`android:name`), else its id, else its route.
    private func destinationName(_ e: Element?) -> String? {
        guard let e else { return nil }
        if let n = attribute(e, "name"), !n.isEmpty { return ImportTargets.name(from: n) }
        if let n = attribute(e, "id"), !n.isEmpty { return ImportTargets.name(from: n) }
        if let n = attribute(e, "route"), !n.isEmpty { return PatternConversion.targetName(for: n) }
        return nil
    }

    /// A destination's or component's package-qualified class (`com.app.a.DetailActivity`), so that two
    /// classes of one simple name in different packages stay two targets: `android:name` as written when
    /// it names a package, else relative to the manifest's `package` (`.a.DetailActivity`, `DetailActivity`).
    /// `nil` when the package is not known (a relative name in a navigation graph, a manifest without
    /// `package`).
    private func qualifiedClassName(_ e: Element?) -> String? {
        guard let e, let raw = attribute(e, "name")?.trimmingWhitespace, !raw.isEmpty, !raw.contains("/") else {
            return nil
        }
        if raw.hasPrefix(".") { return manifestPackage.map { $0 + raw } }
        if raw.contains(".") { return raw }
        return manifestPackage.map { $0 + "." + raw }
    }

    private func deepLink(_ e: Element) {
        guard let uri = attribute(e, "uri") else {
            if attribute(e, "action") == nil && attribute(e, "mimeType") == nil {
                warn(e.line, "<deepLink> has no app:uri")
            } else {
                warn(e.line, "<deepLink> without app:uri (action or MIME type only) has no URL to route")
            }
            return
        }
        if uri.contains("${") {
            warn(e.line, "deep link '\(SchemaTextEcho.echo(uri))' uses a build placeholder; not converted")
            return
        }
        let target = destinationName(stack.last)
        let qualified = qualifiedClassName(stack.last)
        // A URI without a scheme matches http and https.
        let sources = uri.contains("://") ? [uri] : ["http://" + uri, "https://" + uri]
        for source in sources {
            let converted = PatternConversion.convert(source, dialect: .navigation)
            if let why = converted.refusal {
                warn(e.line, "deep link '\(SchemaTextEcho.echo(uri))' not converted: \(why)")
                return
            }
            if source == sources[0] {
                for note in converted.notes { warn(e.line, "deep link '\(SchemaTextEcho.echo(uri))': \(note)") }
            }
            for p in converted.patterns {
                add(p, target: target, qualified: qualified, line: e.line, router: "Navigation")
                routes[routes.count - 1].navGraph = graphName
            }
        }
    }

    // MARK: Manifests

    private func intentFilter() {
        let schemes = filterData.compactMap { attribute($0, "scheme") }
        guard !schemes.isEmpty else { return }  // not a URL filter (actions, MIME types)
        // Only a filter with the VIEW action opens links; a service's or receiver's filter does not.
        guard filterActions.contains("android.intent.action.VIEW") else { return }
        let owner = stack.dropLast().last(where: { $0.name == "activity" || $0.name == "activity-alias"
            || $0.name == "service" || $0.name == "receiver" })
        let target = destinationName(owner)
        let qualified = qualifiedClassName(owner)
        // Without a `package`, a relative name waits for the module's Gradle `namespace`.
        var relative: String?
        if qualified == nil, let raw = owner.flatMap({ attribute($0, "name") })?.trimmingWhitespace, !raw.isEmpty,
            !raw.contains("/"), raw.hasPrefix(".") || !raw.contains(".") {
            relative = raw
        }
        // Each loss is a warning, and the `importWarning` of only the routes it concerns: a host's loss
        // those of that host, a path's those of that path (one filter's data elements combine).
        var hosts: [(host: String, losses: [String])] = []
        for d in filterData {
            guard let h = attribute(d, "host") else { continue }
            var losses: [String] = []
            if let port = attribute(d, "port") {
                losses.append(loss(d.line, "port \(SchemaTextEcho.echo(port)) dropped: Switchyard patterns do not "
                    + "match ports"))
            }
            if h == "*" {
                hosts.append((":host", losses))
            } else if h.hasPrefix("*.") {
                let rest = h.dropFirst(2).split(separator: ".").map { regexEscaped(String($0)) }
                    .joined(separator: "\\.")
                let message = "host '\(SchemaTextEcho.echo(h))' became a host parameter ':host(.*\\.\(rest))' "
                    + "(subdomains only)"
                hosts.append((":host(.*\\.\(rest))", losses + [loss(d.line, message)]))
            } else {
                hosts.append((literalSegment(h.lowercased()), losses))
            }
        }
        if hosts.isEmpty { hosts = [(":host", [])] }
        // Paths: (Switchyard path parts, line, losses); suffix patterns' segments, which take no host.
        var paths: [(parts: [String], line: Int, losses: [String])] = []
        var suffixes: [(parts: [String], line: Int, losses: [String])] = []
        var anyPathAttribute = false
        for d in filterData {
            if let p = attribute(d, "path") {
                anyPathAttribute = true
                paths.append((p.split(separator: "/").map { literalSegment(String($0)) }, d.line, []))
            }
            if let p = attribute(d, "pathPrefix") {
                anyPathAttribute = true
                // A prefix of the path's text: `/a/` covers whole components, `/a` also `/abc` (its last
                // component is a prefix of a component's text).
                var base = p.split(separator: "/").map { literalSegment(String($0)) }
                if !p.hasSuffix("/"), let last = p.split(separator: "/").last {
                    base.removeLast()
                    base.append(":prefix(\(regexEscaped(String(last))).*)")
                }
                paths.append((base, d.line, []))
                paths.append((base + ["*rest"], d.line, []))
            }
            if let p = attribute(d, "pathPattern") {
                anyPathAttribute = true
                switch androidPattern(Self.resourceUnescaped(p)) {
                case .success(let (variants, note)):
                    let losses = note.map { [loss(d.line, "pathPattern '\(SchemaTextEcho.echo(p))': \($0)")] } ?? []
                    for v in variants { paths.append((v, d.line, losses)) }
                case .failure(let e): warn(d.line,
                    "pathPattern '\(SchemaTextEcho.echo(p))' not converted: \(e.message)")
                }
            }
            if let p = attribute(d, "pathSuffix") {
                anyPathAttribute = true
                switch androidSuffix(p) {
                case .success(let segments):
                    // A suffix pattern names no host: it widens a filter that names one.
                    var named: [String] = []
                    for (h, _) in hosts where h != ":host" && !named.contains(h) { named.append(h) }
                    var losses: [String] = []
                    if !named.isEmpty {
                        let shown = schemes.first.map { "'\($0.lowercased())://**/\(segments.joined(separator: "/"))'" }
                            ?? "a suffix pattern"
                        let hostList = SchemaTextEcho.echo(named.joined(separator: ", "))
                        losses.append(loss(d.line, "pathSuffix '\(SchemaTextEcho.echo(p))' became "
                            + "\(SchemaTextEcho.echo(shown)), which matches on any host, not only \(hostList) "
                            + "(a suffix pattern has no host)"))
                    }
                    suffixes.append((segments, d.line, losses))
                case .failure(let e): warn(d.line, "pathSuffix '\(SchemaTextEcho.echo(p))' not converted: \(e.message)")
                }
            }
            if let p = attribute(d, "pathAdvancedPattern") {
                anyPathAttribute = true
                switch androidAdvancedPattern(Self.resourceUnescaped(p)) {
                case .success(let (variants, note)):
                    let losses = note.map { [loss(d.line, "pathAdvancedPattern '\(SchemaTextEcho.echo(p))': \($0)")] }
                        ?? []
                    for v in variants { paths.append((v, d.line, losses)) }
                case .failure(let e): warn(d.line,
                    "pathAdvancedPattern '\(SchemaTextEcho.echo(p))' not converted: \(e.message)")
                }
            }
            for key in ["sspPrefix", "ssp", "sspPattern", "sspSuffix", "sspAdvancedPattern"] {
                if let v = attribute(d, key) {
                    anyPathAttribute = true
                    warn(d.line, "\(key) '\(SchemaTextEcho.echo(v))' not converted: Switchyard patterns have no "
                        + "equivalent")
                }
            }
        }
        if !anyPathAttribute { paths = [([], filterLine, []), (["*rest"], filterLine, [])] }
        for scheme in schemes {
            guard PatternConversion.isScheme(scheme) else {
                warn(filterLine, "scheme '\(SchemaTextEcho.echo(scheme))' is not a URL scheme")
                continue
            }
            for (host, hostLosses) in hosts {
                for (parts, line, pathLosses) in paths {
                    let pattern = ([scheme.lowercased() + "://" + host] + parts).joined(separator: "/")
                    add(pattern, target: target, qualified: qualified, relative: relative, line: line,
                        router: "AndroidManifest", losses: hostLosses + pathLosses)
                }
            }
            for (parts, line, losses) in suffixes {
                let pattern = ([scheme.lowercased() + "://**"] + parts).joined(separator: "/")
                add(pattern, target: target, qualified: qualified, relative: relative, line: line,
                    router: "AndroidManifest", losses: losses)
            }
        }
    }

    /// An attribute's value as the resource compiler gives it to the app: `\c` becomes `c` (`\n` a line
    /// break, `\t` a tab, `\uXXXX` that scalar). A pattern is read after this, which is why Android's
    /// documentation has a literal `*` written `\\*` in XML: the pattern itself then sees `\*`.
    static func resourceUnescaped(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var out = ""
        var scalars = raw.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            guard c == "\\", let next = scalars.next() else {
                out.unicodeScalars.append(c)
                continue
            }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "u":
                var hex = ""
                var rest: [Unicode.Scalar] = []
                while hex.count < 4, let h = scalars.next() {
                    guard h.properties.isASCIIHexDigit else {
                        rest.append(h)
                        break
                    }
                    hex.unicodeScalars.append(h)
                }
                if hex.count == 4, let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "u" + hex
                }
                out.unicodeScalars.append(contentsOf: rest)
            default: out.unicodeScalars.append(next)
            }
        }
        return out
    }

    /// Android's `pathSuffix` (a suffix of the path's text) as a suffix pattern's segments: whole
    /// components after a `/` are literals; text before the first `/` (`.pdf`, or `x` in `x/y`) ends a
    /// component, so it becomes `:suffix(.*TEXT)`.
    private func androidSuffix(_ p: String) -> Result<[String], ConversionError> {
        let pieces = p.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let first = pieces.first, !p.isEmpty else { return .failure(ConversionError("it is empty")) }
        let rest = pieces.dropFirst()
        if rest.contains(where: \.isEmpty) {
            return .failure(ConversionError("an empty component ('//' or a trailing '/') has no Switchyard equivalent"))
        }
        var segments: [String] = []
        if !first.isEmpty { segments.append(":suffix(.*\(regexEscaped(first)))") }
        segments += rest.map(literalSegment)
        return .success(segments)
    }

    /// Android's `pathAdvancedPattern` (`.`, `[…]` sets and ranges, `*`, `+`, `{m,n}`, `\` escapes) as
    /// Switchyard segments, one regex-constrained parameter per component that is not plain text. A `.`
    /// or a negated set can match a `/` on Android but stays inside its component here (a warning); a
    /// whole `.*` or `.+` last is a catch-all. Groups, alternation and anchors are refused.
    private func androidAdvancedPattern(_ p: String) -> Result<([[String]], String?), ConversionError> {
        // Components, split on `/` outside sets.
        var components: [[Character]] = [[]]
        var inSet = false
        var negated = false
        var chars = Array(p)
        var k = 0
        while k < chars.count {
            let c = chars[k]
            if c == "\\" && k + 1 < chars.count {
                if chars[k + 1] == "/" {
                    return .failure(ConversionError("an escaped '/' has no Switchyard equivalent"))
                }
                components[components.count - 1] += [c, chars[k + 1]]
                k += 2
                continue
            }
            if c == "[" && !inSet {
                inSet = true
                negated = k + 1 < chars.count && chars[k + 1] == "^"
            } else if c == "]" {
                inSet = false
            }
            if c == "/" && inSet {
                // `[^/]` excludes what a component never holds; `[a/]` would match across components.
                if !negated {
                    return .failure(ConversionError("a character set holds '/'; Switchyard matches one component at "
                        + "a time"))
                }
                components[components.count - 1].append(c)
            } else if c == "/" {
                components.append([])
            } else {
                components[components.count - 1].append(c)
            }
            k += 1
        }
        chars.removeAll()
        if inSet { return .failure(ConversionError("a '[' is not closed")) }
        if components.first?.isEmpty == true { components.removeFirst() }
        var out: [String] = []
        var note: String?
        var n = 0
        for (i, part) in components.enumerated() {
            let last = i == components.count - 1
            if part.isEmpty {
                return .failure(ConversionError("an empty component ('//' or a trailing '/') has no Switchyard "
                    + "equivalent"))
            }
            if let q = part.first, "*+{".contains(q) {
                return .failure(ConversionError("'\(q)' repeats the '/' before it"))
            }
            if last && (part == [".", "*"] || part == [".", "+"]) {
                // A whole `.*` also matches nothing: the bare prefix is a route too.
                return .success((part == [".", "*"] ? [out, out + ["*rest"]] : [out + ["*rest"]], note))
            }
            if !part.contains(where: { ".[]*+{}()|?^$".contains($0) }) {
                out.append(literalSegment(String(part.filter { $0 != "\\" })))
                continue
            }
            var regex = ""
            var j = 0
            while j < part.count {
                let c = part[j]
                switch c {
                case "\\":
                    if j + 1 < part.count { regex += regexEscaped(String(part[j + 1])) }
                    j += 2
                    continue
                case ".":
                    regex += "."
                    note = "a wildcard inside a component now stays inside it (Android's may span a '/')"
                case "[":
                    var set = "["
                    j += 1
                    let start = j
                    while j < part.count && part[j] != "]" { j += part[j] == "\\" ? 2 : 1 }
                    if start < part.count && part[start] == "^" && !part[start..<min(j, part.count)].contains("/") {
                        note = "a negated set now stays inside its component (Android's may match a '/')"
                    }
                    j = start
                    while j < part.count && part[j] != "]" {
                        if part[j] == "\\" && j + 1 < part.count { set += "\\" + String(part[j + 1]); j += 2; continue }
                        set.append(part[j])
                        j += 1
                    }
                    regex += set + "]"
                case "*", "+":
                    if regex.isEmpty { return .failure(ConversionError("'\(c)' repeats nothing")) }
                    regex.append(c)
                case "{":
                    if regex.isEmpty { return .failure(ConversionError("'{' repeats nothing")) }
                    var bound = "{"
                    j += 1
                    while j < part.count && part[j] != "}" && bound.count < 12 { bound.append(part[j]); j += 1 }
                    guard j < part.count, bound.dropFirst().allSatisfy({ $0.isASCII
                        && ($0.isNumber || $0 == ",") }), bound.count > 1 else {
                        return .failure(ConversionError("'\(bound)' is not a repeat count"))
                    }
                    regex += bound + "}"
                case "]", "}":
                    return .failure(ConversionError("'\(c)' closes nothing"))
                case "(", ")", "|", "?", "^", "$":
                    return .failure(ConversionError("'\(c)' is not part of Android's advanced pattern syntax; not "
                        + "guessed"))
                default:
                    regex += regexEscaped(String(c))
                }
                j += 1
            }
            n += 1
            out.append(":part\(n)(\(regex))")
        }
        return .success(([out], note))
    }

    /// Android's `pathPattern` (`.` any character, `X*` repeats, `\\` escapes) as Switchyard segments:
    /// a whole `.*` component last is a catch-all, elsewhere one component; a component mixing text and
    /// wildcards becomes a regex constraint, and when it ends the pattern with `.*` (`/zh.*`) it is also
    /// followed by a catch-all, as Android's `.*` there spans the rest of the path.
    private func androidPattern(_ p: String) -> Result<([[String]], String?), ConversionError> {
        let parts = p.split(separator: "/").map(String.init)
        var out: [String] = []
        var note: String?
        var n = 0
        for (i, part) in parts.enumerated() {
            let last = i == parts.count - 1
            if part == ".*" {
                if last {
                    // `.*` also matches nothing: the bare prefix is a route too.
                    return .success(([out, out + ["*rest"]], note))
                }
                n += 1
                out.append(":part\(n)")
                note = "'.*' between slashes became one component (Android's may span several)"
                continue
            }
            if !part.contains(".") && !part.contains("*") {
                out.append(literalSegment(part.replacingOccurrences(of: "\\", with: "")))
                continue
            }
            // A regex for one component; `.*` runs (a wildcard `.` repeated) are counted, and whether the
            // component ends with one.
            var regex = ""
            let chars = Array(part)
            var k = 0
            var anyRuns = 0
            var endsWithAnyRun = false
            var previousWasWildcard = false
            while k < chars.count {
                let c = chars[k]
                if c == "\\" && k + 1 < chars.count {
                    regex += regexEscaped(String(chars[k + 1]))
                    (previousWasWildcard, endsWithAnyRun) = (false, false)
                    k += 2
                    continue
                }
                if c == "." {
                    regex += "."
                    (previousWasWildcard, endsWithAnyRun) = (true, false)
                } else if c == "*" {
                    if regex.isEmpty { return .failure(ConversionError("'*' repeats nothing")) }
                    regex += "*"
                    if previousWasWildcard { anyRuns += 1 }
                    endsWithAnyRun = previousWasWildcard
                    previousWasWildcard = false
                } else {
                    regex += regexEscaped(String(c))
                    (previousWasWildcard, endsWithAnyRun) = (false, false)
                }
                k += 1
            }
            n += 1
            out.append(":part\(n)(\(regex))")
            // A `.*` that ends the whole pattern also takes the components after this one (`/zh.*` is the
            // text prefix `/zh`): the component and the component followed by a catch-all say it exactly.
            let trailing = last && endsWithAnyRun
            if anyRuns > (trailing ? 1 : 0) {
                note = "a wildcard inside a component now stays inside it (Android's may span a '/')"
            }
            if trailing { return .success(([out, out + ["*rest"]], note)) }
        }
        return .success(([out], note))
    }

    private func regexEscaped(_ s: String) -> String {
        var out = ""
        for c in s {
            if "\\.^$|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A literal path component in Switchyard's grammar: characters that would read as syntax
    /// (a leading `:` or `*`, `?`, `#`, `(`, `<`, `%` …) percent-encoded.
    private func literalSegment(_ s: String) -> String {
        var out = ""
        for (i, scalar) in s.unicodeScalars.enumerated() {
            let special = "?#()<>%{}[]\\ \"^`|".unicodeScalars.contains(scalar)
                || (i == 0 && (scalar == ":" || scalar == "*")) || scalar.value < 0x20 || scalar.value == 0x7F
            if special {
                for b in String(scalar).utf8 { out += "%" + String(b, radix: 16, uppercase: true).leftPadded(2) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Runs `body`; the warnings it adds (what its conversions lost) become the `importWarning` of the
    /// routes it adds.
    private func recordingLosses(_ body: () -> Void) {
        let (w, r) = (warnings.count, routes.count)
        body()
        let losses = warnings[w...].map(\.description)
        guard !losses.isEmpty else { return }
        for i in routes.indices.dropFirst(r) { routes[i].losses = losses }
    }

    private func add(_ pattern: String, target: String?, qualified: String? = nil, relative: String? = nil,
        line: Int, router: String, losses: [String] = []) {
        var route = ImportedRoute(pattern: pattern, target: target ?? PatternConversion.targetName(for: pattern),
                                  file: file, line: line, metadata: ["router": router])
        route.losses = losses
        // Only a class target is qualified: a route without one is named from its path.
        if target != nil { (route.qualifiedTarget, route.relativeClass) = (qualified, relative) }
        routes.append(route)
    }

    private func warn(_ line: Int, _ message: String) {
        warnings.append(ImportWarning(file: file, line: line, message: message))
    }

    /// Warns, and gives the warning as a route's `importWarning` line.
    private func loss(_ line: Int, _ message: String) -> String {
        warn(line, message)
        return ImportWarning(file: file, line: line, message: message).description
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
