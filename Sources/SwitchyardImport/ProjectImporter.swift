import Foundation
import Switchyard
#if canImport(Glibc)
import Glibc
#endif

/// Walks the given paths, hands each file to its reader, and builds the route file: routes in file order
/// (files sorted by path), each checked by registering it, so a pattern Switchyard refuses, or one that
/// conflicts with an earlier route, becomes a warning with its place instead of a broken route file.
package struct ProjectImporter {
    /// Files larger than this are skipped with a warning.
    package static let maxFileSize = 4 << 20
    /// At most this many files are read; the rest are skipped with one warning.
    package static let maxFiles = 200_000
    /// At most this many routes are written; the rest are reported in one warning. Registration and lint
    /// scale with the table (100,000 routes lint in about 2 s), so the cap only bounds hostile input.
    package static let maxRoutes = 500_000
    /// Directories deeper than this are not entered.
    package static let maxDepth = 48
    /// Directories never entered: build output, dependencies and VCS data (their router code is the
    /// routers' own, not the app's routes).
    package static let skippedDirectories: Set<String> = [".git", ".svn", ".hg", ".build", "build", "Build",
        "DerivedData", "Pods", "Carthage", "node_modules", ".gradle", ".idea"]

    let domain: String?
    /// Whether test sources (``isTestDirectory(_:parent:)``) are read.
    let includeTests: Bool
    package private(set) var filesRead = 0
    /// Test directories not entered (without `includeTests`).
    package private(set) var testDirectoriesSkipped = 0
    /// The routes of each file read, in reading order; a source file's are filled in by ``finish()``,
    /// once every file's constants and types are known.
    private var fileRoutes: [[ImportedRoute]] = []
    /// Where a deferred source's text comes from: the disk again (to keep memory flat), or memory.
    private enum Origin { case disk(String), memory(String) }
    /// Source files that name a router: their slot in `fileRoutes`, origin, display name and language.
    private var deferredSources: [(slot: Int, origin: Origin, display: String, language: SourceLanguage)] = []
    /// String constants per language family (Java and Kotlin share one), from every source file read.
    private var constants: [SourceLanguage.Family: ConstantTable] = [:]
    /// Class and interface declarations of the JVM sources (for ARouter's services).
    private var jvmTypes = JVMTypeTable()
    private var warnings: [ImportWarning] = []
    /// Each manifest activity's `<nav-graph>`: (graph, activity).
    private var graphHosts: [(graph: String, activity: String)] = []
    /// Each navigation graph's `<include app:graph>`s.
    private var includedGraphs: [String: [String]] = [:]
    /// Each Gradle module's `namespace` (AGP 7+), by the module's directory as shown ("" for the root):
    /// what a manifest without `package` qualifies a relative class name (`.page.PageActivity`) with.
    private var namespaces: [String: String] = [:]
    /// Each Gradle module whose `namespace` is computed (`namespace = "com.app.$flavor"`, a variable): the
    /// build file, its line and the declaration, for the warning on the relative classes it leaves unqualified.
    private var computedNamespaces: [String: (file: String, line: Int, text: String)] = [:]
    private var entriesSeen = 0
    private var capped = false

    package init(domain: String?, includeTests: Bool = false) {
        self.domain = domain
        self.includeTests = includeTests
    }

    /// Whether the directory `name` (inside `parent`) holds test sources: `src/test`, `src/androidTest`
    /// (and other `src/…Test` source sets), `Tests`, `*Tests` and `*UITests`.
    package static func isTestDirectory(_ name: String, parent: String?) -> Bool {
        if name.hasSuffix("Tests") { return true }
        return parent == "src" && (name.hasPrefix("test") || name.hasPrefix("androidTest"))
    }

    /// Whether a file's relative path lies in a test directory.
    package static func isTestPath(_ display: String) -> Bool {
        let parts = display.split(separator: "/").map(String.init).dropLast()
        var parent: String?
        for p in parts {
            if isTestDirectory(p, parent: parent) { return true }
            parent = p
        }
        return false
    }

    /// Reads `path` (a file, or a directory recursively). False when it does not exist. Files in a
    /// directory are named relative to it, or with `prefixed`, with the directory in front (several paths).
    package mutating func add(_ path: String, prefixed: Bool = false) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue {
            let display = prefixed ? (path.hasSuffix("/") ? String(path.dropLast()) : path) : ""
            walk(URL(fileURLWithPath: path), display: display, depth: 0, root: path, parent: nil)
        } else {
            readFromDisk(path, display: path)
        }
        return true
    }

    /// Reads one file held in memory, named `display` (its relative path: it decides the reader and
    /// whether it is a test source).
    package mutating func add(file display: String, text: String) {
        if !includeTests && Self.isTestPath(display) {
            testDirectoriesSkipped += 1
            return
        }
        let name = display.split(separator: "/").last.map(String.init) ?? display
        guard let kind = Self.kind(of: name) ?? (name.lowercased().hasSuffix(".json") ? .aasa : nil) else { return }
        filesRead += 1
        read(text, kind: kind, display: display, origin: .memory(text))
    }

    private mutating func walk(_ dir: URL, display: String, depth: Int, root: String, parent: String?) {
        if depth > Self.maxDepth {
            warnings.append(ImportWarning(file: display.isEmpty ? root : display, line: nil,
                message: "deeper than \(Self.maxDepth) directories; not entered"))
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            warnings.append(ImportWarning(file: display.isEmpty ? root : display, line: nil,
                message: "cannot list this directory; skipped"))
            return
        }
        for name in names.sorted() {
            if capped { return }
            entriesSeen += 1
            if entriesSeen > Self.maxFiles * 5 || filesRead >= Self.maxFiles {
                capped = true
                warnings.append(ImportWarning(file: root, line: nil,
                    message: "more than \(Self.maxFiles) files or \(Self.maxFiles * 5) entries; the rest is not read"))
                return
            }
            let url = dir.appendingPathComponent(name)
            let shown = display.isEmpty ? name : display + "/" + name
            // Symbolic links are not followed, so a link loop cannot hold the walk.
            guard let entry = Self.entry(atPath: url.path) else { continue }
            switch entry.type {
            case .directory:
                if Self.skippedDirectories.contains(name) { continue }
                if !includeTests && Self.isTestDirectory(name, parent: parent) {
                    testDirectoriesSkipped += 1
                    continue
                }
                walk(url, display: shown, depth: depth + 1, root: root, parent: name)
            case .regular:
                if Self.kind(of: name) != nil { readFromDisk(url.path, display: shown, size: entry.size) }
            case .other:
                break
            }
        }
    }

    /// What a walk needs of a directory entry, without following a symbolic link: one `lstat`, no
    /// dictionary of attributes (a tree of 25,000 files spent a tenth of the import building them).
    private enum EntryType { case directory, regular, other }

    private static func entry(atPath path: String) -> (type: EntryType, size: Int)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return (.directory, Int(info.st_size))
        case S_IFREG: return (.regular, Int(info.st_size))
        default: return (.other, Int(info.st_size))
        }
    }

    /// The identifiers a registration needs: each reader's keyword, or a name with `router` in it
    /// (`self.router[…]`, `DPLDeepLinkRouter`).
    static let routerKeywords: Set<String> = ["forRoute", "addRoute", "registerURLPattern", "deregisterURLPattern",
        "register", "handle",
        "addRouterItem", "patternString", "Route", "RouterPage"]

    static func isRouterKeyword(_ word: String) -> Bool {
        routerKeywords.contains(word) || word.utf8.count >= 6 && (word.contains("router") || word.contains("Router"))
    }

    /// The kinds of file `import` reads.
    enum FileKind { case source(SourceLanguage), xml, aasa, gradle }

    static func kind(of name: String) -> FileKind? {
        let lower = name.lowercased()
        if lower == "apple-app-site-association" || lower == "apple-app-site-association.json" { return .aasa }
        if lower.hasSuffix(".xml") { return .xml }
        if lower == "build.gradle" || lower == "build.gradle.kts" { return .gradle }
        return SourceLanguage(fileName: name).map(FileKind.source)
    }

    private mutating func readFromDisk(_ path: String, display: String, size known: Int? = nil) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let kind = Self.kind(of: name) ?? (name.lowercased().hasSuffix(".json") ? .aasa : nil)
        guard let kind else {
            let message = "not a format import reads (.m .mm .h .swift .kt .java .xml, build.gradle(.kts), "
                + "apple-app-site-association); skipped"
            warnings.append(ImportWarning(file: display, line: nil, message: message))
            return
        }
        let size = known ?? (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > Self.maxFileSize {
            warnings.append(ImportWarning(file: display, line: nil,
                message: "larger than \(Self.maxFileSize >> 20) MiB; skipped"))
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            warnings.append(ImportWarning(file: display, line: nil, message: "cannot be read; skipped"))
            return
        }
        filesRead += 1
        if data.prefix(8192).contains(0) {
            warnings.append(ImportWarning(file: display, line: nil, message: "binary data (a NUL byte); skipped"))
            return
        }
        guard let text = String(data: data, encoding: .utf8) else {
            warnings.append(ImportWarning(file: display, line: nil, message: "not UTF-8 text; skipped"))
            return
        }
        read(text, kind: kind, display: display, origin: .disk(path))
    }

    private mutating func read(_ text: String, kind: FileKind, display: String, origin: Origin) {
        switch kind {
        case .source(let language):
            let (tokens, defines) = SourceLexer.tokensAndDefines(text, language: language)
            // Every source file may hold constants a registration elsewhere names (`const val ALIAS = BASE`
            // has no string of its own), and each is collected here once: a file missing from the table
            // would be collected again into a copy of the whole table when its routes are read.
            constants[language.family, default: ConstantTable()].collect(file: display, tokens: tokens,
                defines: defines, language: language)
            if language.family == .jvm { jvmTypes.collect(file: display, tokens: tokens) }
            // Cheap filter: a file that names no router keyword cannot register a route.
            guard tokens.contains(where: { $0.identifier.map(Self.isRouterKeyword) ?? false }) else { return }
            deferredSources.append((fileRoutes.count, origin, display, language))
            fileRoutes.append([])
        case .xml:
            guard text.contains("deepLink") || text.contains("intent-filter") || text.contains("nav-graph")
                || text.contains("<include") else { return }
            let importer = XMLImporter(file: display)
            importer.run(Data(text.utf8))
            graphHosts += importer.graphHosts
            if !importer.includedGraphs.isEmpty {
                includedGraphs[importer.graphName, default: []] += importer.includedGraphs
            }
            fileRoutes.append(importer.routes)
            warnings += importer.warnings
        case .gradle:
            let directory = display.split(separator: "/").dropLast().joined(separator: "/")
            if let namespace = Self.gradleNamespace(text) {
                namespaces[directory] = namespace
            } else if let computed = Self.computedGradleNamespace(text) {
                computedNamespaces[directory] = (display, computed.line, computed.text)
            }
        case .aasa:
            var importer = AASAImporter(file: display, text: text, domain: domain)
            _ = importer.run()
            fileRoutes.append(importer.routes)
            warnings += importer.warnings
        }
    }

    /// The route file, and every warning in order. Each route is registered on a fresh table in turn: a
    /// pattern Switchyard refuses, an exact repeat and a conflict with an earlier route are warnings.
    /// A route converted with a loss carries that warning as its `importWarning` metadata.
    package mutating func finish() -> (file: RouteFile, warnings: [ImportWarning]) {
        // Source files are read again, now that the constants and types of every file are known.
        for (slot, origin, display, language) in deferredSources {
            let text: String
            switch origin {
            case .memory(let t): text = t
            case .disk(let path):
                guard let data = FileManager.default.contents(atPath: path), data.count <= Self.maxFileSize,
                    let t = String(data: data, encoding: .utf8)
                else {
                    warnings.append(ImportWarning(file: display, line: nil,
                        message: "changed while being read; skipped"))
                    continue
                }
                text = t
            }
            var importer = SourceImporter(file: display, text: text, language: language,
                constants: constants[language.family], types: jvmTypes)
            importer.run()
            fileRoutes[slot] = importer.routes
            warnings += importer.warnings
        }
        deferredSources = []
        var routes = fileRoutes.flatMap { $0 }
        qualifyByNamespace(&routes)
        Self.qualifyTargets(&routes)
        warnUnqualified(&routes)
        Self.handOverToNavHosts(&routes, hosts: graphHosts, includes: includedGraphs)
        MGJRouterTree.resolve(&routes, warnings: &warnings)
        Self.distinguishDerivedTargets(&routes)
        var builder = RouteTableBuilder<Int>()
        var kept: [RouteDefinition] = []
        var firstPlace: [String: (route: ImportedRoute, index: Int)] = [:]  // canonical pattern → first route
        var keptIndex: [String: Int] = [:]  // pattern as written and canonical → its index in `kept`
        var out = warnings
        /// A registration left out for a route that takes its URLs: the warning, and the same line in that
        /// route's `importWarning`, so `lint` on the route file still tells it.
        func leftOut(_ route: ImportedRoute, _ message: String, keptAt index: Int?) {
            let warning = ImportWarning(file: route.file, line: route.line, message: message)
            out.append(warning)
            guard let index else { return }
            let previous = kept[index].metadata["importWarning"].map { $0 + "\n" } ?? ""
            kept[index].metadata["importWarning"] = previous + warning.description
        }
        for (index, route) in routes.enumerated() {
            let shown = SchemaTextEcho.echo(route.pattern)
            if kept.count >= Self.maxRoutes {
                let message = "more than \(Self.maxRoutes) routes; this one and the \(routes.count - index - 1) "
                    + "after it are not imported"
                out.append(ImportWarning(file: route.file, line: route.line, message: message))
                break
            }
            let canonical: String
            do throws(PatternError) { canonical = try RoutePattern(route.pattern).description } catch {
                out.append(ImportWarning(file: route.file, line: route.line,
                    message: "'\(shown)' not imported: \(error)"))
                continue
            }
            if let (first, at) = firstPlace[canonical] {
                if first.target != route.target || first.metadata["excluded"] != route.metadata["excluded"] {
                    let message = "'\(shown)' → \(route.target) not imported: \(first.file):\(first.line) already "
                        + "routes it to \(first.target)"
                    leftOut(route, message, keptAt: at)
                }
                continue
            }
            do throws(RegistrationError) {
                try builder.add(route.pattern, target: kept.count, priority: route.priority)
            } catch {
                var at: Int?
                if case .sameShape(_, let existing) = error {
                    at = keptIndex[existing] ?? (try? RoutePattern(existing).description).flatMap { keptIndex[$0] }
                }
                leftOut(route, "'\(shown)' not imported: \(error)", keptAt: at)
                continue
            }
            firstPlace[canonical] = (route, kept.count)
            keptIndex[canonical] = kept.count
            keptIndex[route.pattern] = kept.count
            var metadata = route.metadata
            metadata["source"] = "\(route.file):\(route.line)"
            if !route.losses.isEmpty { metadata["importWarning"] = route.losses.joined(separator: "\n") }
            kept.append(RouteDefinition(pattern: route.pattern, target: route.target, priority: route.priority,
                                        metadata: metadata))
        }
        // Warnings by file, then line (a stable sort keeps each file's own order).
        let sorted = out.enumerated().sorted { a, b in
            (a.element.file, a.element.line ?? 0, a.offset) < (b.element.file, b.element.line ?? 0, b.offset)
        }.map(\.element)
        return (RouteFile(routes: kept), sorted)
    }

    /// Targets made from paths (a block handler names no class) never merge two registrations: when
    /// registrations with different patterns get one name (`/artist/:id` and `/:profile_id/artist/:id`
    /// both `Artist`, `/` and `/:profile_id` both `Root`), each of them is named with its parameters too
    /// (`ArtistId`, `ProfileIdArtistId`), and a name still shared gets `2`, `3` … in reading order. One
    /// registration's routes (JLRoutes' two forms, MGJRouter's `…/*rest`) keep one name, and the same
    /// pattern registered twice stays one target.
    static func distinguishDerivedTargets(_ routes: inout [ImportedRoute]) {
        // Per derived name: each registration (file and line) in order, with its patterns.
        var registrations: [String: [(key: String, patterns: Set<String>, source: String)]] = [:]
        var names: [String] = []
        for r in routes {
            guard let source = r.derivedFrom else { continue }
            let key = "\(r.file):\(r.line):\(source)"
            if registrations[r.target] == nil { names.append(r.target) }
            var list = registrations[r.target, default: []]
            if let k = list.firstIndex(where: { $0.key == key }) {
                list[k].patterns.insert(r.pattern)
            } else {
                list.append((key, [r.pattern], source))
            }
            registrations[r.target] = list
        }
        var renamed: [String: String] = [:]  // "name|key" → new name
        let colliding = names.filter { Set((registrations[$0] ?? []).map(\.patterns)).count > 1 }
        guard !colliding.isEmpty else { return }
        // Names that stay: classes, and derived names that no two registrations share.
        var taken = Set(routes.filter { $0.derivedFrom == nil }.map(\.target))
            .union(names.filter { !colliding.contains($0) })
        for name in colliding {
            guard let list = registrations[name] else { continue }
            var given: [Set<String>: String] = [:]
            for entry in list {
                if let same = given[entry.patterns] {
                    renamed[name + "|" + entry.key] = same
                    continue
                }
                let full = PatternConversion.fullTargetName(for: entry.source)
                var candidate = full
                var n = 2
                while taken.contains(candidate) {
                    candidate = "\(full)\(n)"
                    n += 1
                }
                taken.insert(candidate)
                given[entry.patterns] = candidate
                renamed[name + "|" + entry.key] = candidate
            }
        }
        for i in routes.indices {
            guard let source = routes[i].derivedFrom else { continue }
            let key = "\(routes[i].file):\(routes[i].line):\(source)"
            if let new = renamed[routes[i].target + "|" + key] { routes[i].target = new }
        }
    }

    /// Android delivers a link to the activity whose intent filter takes it; a Navigation graph's
    /// `<deepLink>` is taken by the intent filters the manifest merger adds to the activity that declares
    /// the graph (`<nav-graph>`), whose NavHost then shows the deep link's destination. So when one URL is
    /// both a manifest filter's route to an activity and a deep link of a graph that activity hosts
    /// (itself or through `<include app:graph>`), the link opens the graph's destination: the manifest's
    /// route is dropped in its favour, whatever the files' order. A graph hosted by another activity is
    /// left as it is (two activities take the URL, and the later registration is warned as a repeat).
    static func handOverToNavHosts(_ routes: inout [ImportedRoute], hosts: [(graph: String, activity: String)],
                                   includes: [String: [String]]) {
        guard !hosts.isEmpty, routes.contains(where: { $0.navGraph != nil }) else { return }
        // Each graph's hosting activities, through includes (a bounded walk: include cycles end).
        var hostsOf: [String: Set<String>] = [:]
        for (graph, activity) in hosts {
            var queue = [graph]
            var seen: Set<String> = []
            while let g = queue.popLast(), seen.count < 1_000 {
                guard seen.insert(g).inserted else { continue }
                hostsOf[g, default: []].insert(activity)
                queue += includes[g] ?? []
            }
        }
        func canonical(_ pattern: String) -> String? {
            do throws(PatternError) { return try RoutePattern(pattern).description } catch { return nil }
        }
        // URL pattern → the activities whose NavHost shows a destination for it.
        var navigated: [String: Set<String>] = [:]
        for r in routes {
            guard let g = r.navGraph, let activities = hostsOf[g], let c = canonical(r.pattern) else { continue }
            navigated[c, default: []].formUnion(activities)
        }
        guard !navigated.isEmpty else { return }
        routes.removeAll { r in
            guard r.metadata["router"] == "AndroidManifest", let c = canonical(r.pattern),
                let activities = navigated[c] else { return false }
            return activities.contains(r.target) || r.qualifiedTarget.map(activities.contains) == true
        }
    }

    /// `namespace "a.b"` / `namespace = "a.b"` in a Gradle build file, outside comments; `nil` when none.
    static func gradleNamespace(_ text: String) -> String? {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine).drop(while: \.isWhitespace)
            guard line.hasPrefix("namespace") else { continue }
            line = line.dropFirst("namespace".count)
            guard let first = line.first, first == " " || first == "=" || first == "\t" else { continue }
            line = line.drop { $0 == " " || $0 == "\t" || $0 == "=" }
            guard let quote = line.first, quote == "\"" || quote == "'" else { continue }
            let value = line.dropFirst().prefix { $0 != quote }
            let valid = !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            if valid { return String(value) }
        }
        return nil
    }

    /// A `namespace` declaration whose value is not a string literal Switchyard can read (`namespace =
    /// "com.app.$flavor"`, `namespace = libs.ns`), outside comments: its line (from 1) and text; nil when
    /// the file has none.
    static func computedGradleNamespace(_ text: String) -> (line: Int, text: String)? {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.drop(while: \.isWhitespace)
            guard line.hasPrefix("namespace"), let next = line.dropFirst("namespace".count).first,
                next == " " || next == "=" || next == "\t" else { continue }
            return (index + 1, String(line.prefix(80)).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A relative manifest class (`.page.PageActivity`) in a module whose `namespace` is computed keeps
    /// its simple name: two such classes in different modules would share a target with nothing said, so
    /// each gets a warning naming the build file's line (in the route's `importWarning` too).
    private mutating func warnUnqualified(_ routes: inout [ImportedRoute]) {
        guard !computedNamespaces.isEmpty else { return }
        for i in routes.indices {
            guard routes[i].qualifiedTarget == nil, let relative = routes[i].relativeClass,
                  let computed = computedNamespaces[Self.moduleDirectory(of: routes[i].file)] else { continue }
            let message = "class '\(relative)' is relative and its module's namespace is computed "
                + "(\(computed.file):\(computed.line): `\(computed.text)`): the target is its simple name "
                + "'\(routes[i].target)', shared by any class of that name in another module"
            let warning = ImportWarning(file: routes[i].file, line: routes[i].line, message: message)
            warnings.append(warning)
            routes[i].losses.append(warning.description)
        }
    }

    /// The module directory of a file: the directory above `src/` (`feature/a/src/main/AndroidManifest.xml`
    /// → `feature/a`), else the file's own directory.
    static func moduleDirectory(of file: String) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if let src = parts.lastIndex(of: "src") { parts = parts[..<src] }
        return parts.joined(separator: "/")
    }

    /// A manifest route whose class is relative (`.page.PageActivity`) in a manifest without `package`
    /// gets its qualified name from its module's `namespace`: the module is the directory above `src/`
    /// (`feature/a/src/main/AndroidManifest.xml` → `feature/a`), else the manifest's own directory.
    private func qualifyByNamespace(_ routes: inout [ImportedRoute]) {
        guard !namespaces.isEmpty else { return }
        for i in routes.indices {
            guard routes[i].qualifiedTarget == nil, let relative = routes[i].relativeClass,
                  let namespace = namespaces[Self.moduleDirectory(of: routes[i].file)] else { continue }
            routes[i].qualifiedTarget = namespace + (relative.hasPrefix(".") ? relative : "." + relative)
        }
    }

    /// Two classes with one simple name in different packages (`a.TestActivity`, `b.TestActivity`) are
    /// two targets: each such route's target becomes its qualified name, never one merged name.
    static func qualifyTargets(_ routes: inout [ImportedRoute]) {
        var qualified: [String: Set<String>] = [:]
        for r in routes { if let q = r.qualifiedTarget { qualified[r.target, default: []].insert(q) } }
        for i in routes.indices {
            guard let q = routes[i].qualifiedTarget, let all = qualified[routes[i].target], all.count > 1 else {
                continue
            }
            routes[i].target = q
        }
    }
}
