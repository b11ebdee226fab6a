import ArgumentParser
import Foundation
import Switchyard
import SwitchyardNavigation

/// `switchyard import PATH… [--format routes|app] [--domain HOST]`: route registrations found in a project's
/// sources and config files, written as a Switchyard route file (or app description).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a project's router registrations and config files and print a Switchyard route file.",
        discussion: """
        Reads Objective-C, Swift, Kotlin and Java registrations of WLRRoute, JLRoutes, MGJRouter, URLNavigator, \
        TheRouter, DeepLinkKit and ARouter; Jetpack Navigation graphs and AndroidManifest.xml intent filters; and \
        apple-app-site-association files. Each pattern is converted to Switchyard's grammar (README, "Command line", \
        `import`). The route file goes to standard output; everything that could not be converted, or was converted \
        with a loss, goes to standard error as `warning: FILE:LINE: what and why`. Exits 0 when a route was \
        imported, 1 when none was found or a path cannot be read.
        """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case routes, app
    }

    @Argument(help: "Files or directories to read (directories recursively).")
    var paths: [String]

    @Option(name: .long, help: "Output: routes (a route file) or app (an app description with an index tab per host).")
    var format: Format = .routes

    @Option(name: .long, help: "The domain apple-app-site-association files are served from; a :domain parameter otherwise.")
    var domain: String?

    func run() throws {
        if let domain, domain.isEmpty || domain.contains(where: { $0 == "/" || $0 == ":" || $0.isWhitespace }) {
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: --domain '\(domain)' is not a host name"))
            throw ExitCode(1)
        }
        var importer = ProjectImporter(domain: domain)
        for path in paths {
            guard importer.add(path, prefixed: paths.count > 1) else {
                FileHandleOutput.stderr(RouteFileLoader.visible("switchyard: \(path): no such file or directory"))
                throw ExitCode(1)
            }
        }
        let result = importer.finish()
        for w in result.warnings { FileHandleOutput.stderr(RouteFileLoader.visible("warning: \(w.description)")) }
        guard !result.file.routes.isEmpty else {
            FileHandleOutput.stderr("switchyard import: no routes found in \(importer.filesRead) file\(importer.filesRead == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        let text: String
        do {
            switch format {
            case .routes:
                text = try RouteMap(router: RouteFileLoader.demoRouter(result.file)).text(as: .json)
            case .app:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let name = paths.count == 1 ? URL(fileURLWithPath: paths[0]).lastPathComponent : "Imported"
                text = String(decoding: try encoder.encode(AppDescription.generated(from: result.file, name: name)), as: UTF8.self)
            }
        } catch {
            FileHandleOutput.stderr(RouteFileLoader.visible("switchyard import: \(error)"))
            throw ExitCode(1)
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        FileHandleOutput.stderr("switchyard import: \(result.file.routes.count) route\(result.file.routes.count == 1 ? "" : "s") from \(importer.filesRead) file\(importer.filesRead == 1 ? "" : "s"), \(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")")
    }
}

/// Walks the given paths, hands each file to its reader, and builds the route file: routes in file order
/// (files sorted by path), each checked by registering it, so a pattern Switchyard refuses, or one that
/// conflicts with an earlier route, becomes a warning with its place instead of a broken route file.
struct ProjectImporter {
    /// Files larger than this are skipped with a warning.
    static let maxFileSize = 4 << 20
    /// At most this many files are read; the rest are skipped with one warning.
    static let maxFiles = 20_000
    /// At most this many routes are written; the rest are reported in one warning. Registration and lint
    /// scale with the table (10,000 imported routes lint in seconds), so the cap only bounds hostile input.
    static let maxRoutes = 50_000
    /// Directories deeper than this are not entered.
    static let maxDepth = 48
    /// Directories never entered: build output, dependencies and VCS data (their router code is the
    /// routers' own, not the app's routes).
    static let skippedDirectories: Set<String> = [".git", ".svn", ".hg", ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules", ".gradle", ".idea"]

    let domain: String?
    private(set) var filesRead = 0
    /// The routes of each file read, in reading order; a source file's are filled in by ``finish()``,
    /// once every file's constants are known.
    private var fileRoutes: [[ImportedRoute]] = []
    /// Source files that name a router: their slot in `fileRoutes`, path, display name and language.
    private var deferredSources: [(slot: Int, path: String, display: String, language: SourceLanguage)] = []
    /// String constants per language, from every source file read.
    private var constants: [SourceLanguage: ConstantTable] = [:]
    private var warnings: [ImportWarning] = []
    private var entriesSeen = 0
    private var capped = false

    init(domain: String?) {
        self.domain = domain
    }

    /// Reads `path` (a file, or a directory recursively). False when it does not exist. Files in a
    /// directory are named relative to it, or with `prefixed`, with the directory in front (several paths).
    mutating func add(_ path: String, prefixed: Bool = false) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue {
            let display = prefixed ? (path.hasSuffix("/") ? String(path.dropLast()) : path) : ""
            walk(URL(fileURLWithPath: path), display: display, depth: 0, root: path)
        } else {
            read(path, display: path, explicit: true)
        }
        return true
    }

    private mutating func walk(_ dir: URL, display: String, depth: Int, root: String) {
        if depth > Self.maxDepth {
            warnings.append(ImportWarning(file: display.isEmpty ? root : display, line: nil, message: "deeper than \(Self.maxDepth) directories; not entered"))
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            warnings.append(ImportWarning(file: display.isEmpty ? root : display, line: nil, message: "cannot list this directory; skipped"))
            return
        }
        for name in names.sorted() {
            if capped { return }
            entriesSeen += 1
            if entriesSeen > Self.maxFiles * 5 || filesRead >= Self.maxFiles {
                capped = true
                warnings.append(ImportWarning(file: root, line: nil, message: "more than \(Self.maxFiles) files or \(Self.maxFiles * 5) entries; the rest is not read"))
                return
            }
            let url = dir.appendingPathComponent(name)
            let shown = display.isEmpty ? name : display + "/" + name
            // Symbolic links are not followed, so a link loop cannot hold the walk.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path), let type = attributes[.type] as? FileAttributeType else { continue }
            switch type {
            case .typeDirectory:
                if !Self.skippedDirectories.contains(name) { walk(url, display: shown, depth: depth + 1, root: root) }
            case .typeRegular:
                if Self.kind(of: name) != nil { read(url.path, display: shown, explicit: false) }
            default:
                break
            }
        }
    }

    /// The kinds of file `import` reads.
    enum FileKind { case source(SourceLanguage), xml, aasa }

    static func kind(of name: String) -> FileKind? {
        let lower = name.lowercased()
        if lower == "apple-app-site-association" || lower == "apple-app-site-association.json" { return .aasa }
        if lower.hasSuffix(".xml") { return .xml }
        return SourceLanguage(fileName: name).map(FileKind.source)
    }

    private mutating func read(_ path: String, display: String, explicit: Bool) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let kind = Self.kind(of: name) ?? (name.lowercased().hasSuffix(".json") ? .aasa : nil)
        guard let kind else {
            warnings.append(ImportWarning(file: display, line: nil, message: "not a format import reads (.m .mm .h .swift .kt .java .xml, apple-app-site-association); skipped"))
            return
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > Self.maxFileSize {
            warnings.append(ImportWarning(file: display, line: nil, message: "larger than \(Self.maxFileSize >> 20) MiB; skipped"))
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
        switch kind {
        case .source(let language):
            // Every source file may hold constants a registration elsewhere names.
            if text.contains("\"") {
                let (tokens, defines) = SourceLexer.tokensAndDefines(text, language: language)
                constants[language, default: ConstantTable()].collect(file: display, tokens: tokens, defines: defines, language: language)
            }
            // Cheap filter: a file that names no router keyword cannot register a route.
            let keywords = ["forRoute", "addRoute", "registerURLPattern", "register", "handle", "addRouterItem", "patternString", "@Route", "router", "Router"]
            guard keywords.contains(where: { text.contains($0) }) else { return }
            deferredSources.append((fileRoutes.count, path, display, language))
            fileRoutes.append([])
        case .xml:
            guard text.contains("deepLink") || text.contains("intent-filter") else { return }
            let importer = XMLImporter(file: display)
            importer.run(data)
            fileRoutes.append(importer.routes)
            warnings += importer.warnings
        case .aasa:
            var importer = AASAImporter(file: display, text: text, domain: domain)
            _ = importer.run()
            fileRoutes.append(importer.routes)
            warnings += importer.warnings
        }
    }

    /// The route file, and every warning in order. Each route is registered on a fresh table in turn: a
    /// pattern Switchyard refuses, an exact repeat and a conflict with an earlier route are warnings.
    mutating func finish() -> (file: RouteFile, warnings: [ImportWarning]) {
        // Source files are read again, now that the constants of every file are known.
        for (slot, path, display, language) in deferredSources {
            guard let data = FileManager.default.contents(atPath: path), data.count <= Self.maxFileSize, let text = String(data: data, encoding: .utf8) else {
                warnings.append(ImportWarning(file: display, line: nil, message: "changed while being read; skipped"))
                continue
            }
            var importer = SourceImporter(file: display, text: text, language: language, constants: constants[language])
            importer.run()
            fileRoutes[slot] = importer.routes
            warnings += importer.warnings
        }
        deferredSources = []
        let routes = fileRoutes.flatMap { $0 }
        var builder = RouteTableBuilder<Int>()
        var kept: [RouteDefinition] = []
        var firstPlace: [String: (ImportedRoute, String)] = [:]  // canonical pattern → first route
        var out = warnings
        for (index, route) in routes.enumerated() {
            if kept.count >= Self.maxRoutes {
                out.append(ImportWarning(file: route.file, line: route.line, message: "more than \(Self.maxRoutes) routes; this one and the \(routes.count - index - 1) after it are not imported"))
                break
            }
            let canonical: String
            do throws(PatternError) { canonical = try RoutePattern(route.pattern).description } catch {
                out.append(ImportWarning(file: route.file, line: route.line, message: "'\(SchemaTextEcho.echo(route.pattern))' not imported: \(error)"))
                continue
            }
            if let (first, _) = firstPlace[canonical] {
                if first.target != route.target || first.metadata["excluded"] != route.metadata["excluded"] {
                    out.append(ImportWarning(file: route.file, line: route.line, message: "'\(SchemaTextEcho.echo(route.pattern))' → \(route.target) not imported: \(first.file):\(first.line) already routes it to \(first.target)"))
                }
                continue
            }
            do throws(RegistrationError) { try builder.add(route.pattern, target: kept.count, priority: route.priority) } catch {
                out.append(ImportWarning(file: route.file, line: route.line, message: "'\(SchemaTextEcho.echo(route.pattern))' not imported: \(error)"))
                continue
            }
            firstPlace[canonical] = (route, canonical)
            var metadata = route.metadata
            metadata["source"] = "\(route.file):\(route.line)"
            kept.append(RouteDefinition(pattern: route.pattern, target: route.target, priority: route.priority, metadata: metadata))
        }
        // Warnings by file, then line (a stable sort keeps each file's own order).
        let sorted = out.enumerated().sorted { a, b in
            (a.element.file, a.element.line ?? 0, a.offset) < (b.element.file, b.element.line ?? 0, b.offset)
        }.map(\.element)
        return (RouteFile(routes: kept), sorted)
    }
}
