import ArgumentParser
import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTooling

/// `switchyard diff A B`: what changed between two route tables.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two route tables: routes added, removed and changed, and URLs that open differently.",
        discussion: """
        A and B are route files or app descriptions (an app description is told by its `tabs`). Routes \
        are compared by pattern: added (+), removed (-), changed (~: target, priority or metadata); then \
        redirects and relocation entries. Last, an example URL of every pattern of either table (and every \
        redirect source) is routed through both tables, redirects and relocations included (three example \
        URLs a pattern, its parameters filled with \
        different values), and each URL \
        whose winning route or target differs is listed. A route file with errors is compared by the entries \
        that load, each of its errors named on standard error first (so a broken file and its fix can be \
        compared); an app description with errors is refused with every error. Exits 0 when nothing differs, \
        1 when something does, 2 when a file cannot be read, is an app description with errors, or had entries \
        left out (the diff is printed first).
        """
    )

    @Argument(help: "The old table (a route file or an app description).")
    var old: String

    @Argument(help: "The new table.")
    var new: String

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let before: RouteFile, after: RouteFile
        let routerBefore: Router, routerAfter: Router
        // A route file with errors is compared by the entries that load, as every command that opens one
        // reads it, each entry left out named first (in file order) and the status 2 at the end; an app
        // description with errors is refused with every error. A file given twice is judged once.
        // Each plain route file is read and checked once here; the diff compares what the check loaded.
        var checked: [String: RouteFileCheck] = [:]
        var partial: Set<String> = []
        var refused = false
        for path in old == new ? [old] : [old, new] {
            // A file that cannot be read at all is named by the read below.
            guard let data = try? RouteSchema.read(path: path) else { continue }
            if RouteFileLoader.hasTabs(data) {
                let lines = RouteFileLoader.everyErrorLine(path: path)
                for line in lines { FileHandleOutput.stderr(line) }
                refused = refused || !lines.isEmpty
            } else if let check = try? RouteFileCheck(json: data, file: path, rules: .errors) {
                checked[path] = check
                // Every error named, the entries left out and those that load with one alike (a redirect
                // to no route), and each near-miss metadata key as a warning, as every command names them.
                if RouteFileLoader.tellLoadProblems(check) { partial.insert(path) }
            }
        }
        if refused {
            FileHandleOutput.stderr(Self.loadWhole)
            throw ExitCode(2)
        }
        do {
            before = try checked[old]?.loaded.file ?? Self.read(old)
            after = try checked[new]?.loaded.file ?? Self.read(new)
            routerBefore = try Self.router(before, path: old, parsed: checked[old]?.loaded.parsedPatterns)
            routerAfter = try Self.router(after, path: new, parsed: checked[new]?.loaded.parsedPatterns)
        } catch {
            // The read named why (a missing file, a syntax error).
            throw ExitCode(2)
        }
        let diff = RouteTableDiff(old: before, new: after, oldRouter: routerBefore, newRouter: routerAfter)
        print(json ? diff.json : diff.text(oldName: old, newName: new))
        for path in old == new ? [old] : [old, new] where partial.contains(path) {
            guard let check = checked[path] else { continue }
            FileHandleOutput.stderr(RouteFileLoader.visible("\(FileHandleOutput.tag): compared the entries of \(path) "
                + "that load (\(RouteFileLoader.countLine(check)))"))
        }
        if !partial.isEmpty { throw ExitCode(2) }
        if !diff.isEmpty { throw ExitCode(1) }
    }

    /// Why an app description with errors is refused.
    static let loadWhole = "\(FileHandleOutput.tag): compares app descriptions that load whole; "
        + "`switchyard lint --app FILE` lists every error"

    /// The routes of a route file or of an app description.
    static func read(_ path: String) throws -> RouteFile {
        do throws(RouteFileError) {
            // Read once; an app description is told by its `tabs`, then decoded from the same bytes.
            let data = try RouteSchema.read(path: path)
            // A plain route file of the common shape (only `routes`) has no `tabs`: read directly.
            if let file = RouteFileFastReader.read(data) { return file }
            if (try? JSONDecoder().decode(TopLevelKeys.self, from: data))?.hasTabs == true {
                return try RouteSchema.decode(AppDescription.self, json: data, file: path).routeFile
            }
            return try RouteSchema.decode(RouteFile.self, json: data, file: path)
        } catch {
            throw RouteFileLoader.fail(error)
        }
    }

    static func router(_ file: RouteFile, path: String, parsed: [RoutePattern]? = nil) throws -> Router {
        do throws(RouteFileError) { return try RouteFileLoader.demoRouter(file, parsed: parsed) } catch {
            throw RouteFileLoader.fail(error.naming(path))
        }
    }
}

/// Whether a JSON document is an object with a `tabs` member (its values are not built).
private struct TopLevelKeys: Decodable {
    let hasTabs: Bool

    init(from decoder: any Decoder) throws {
        hasTabs = try decoder.container(keyedBy: SchemaKey.self).contains(SchemaKey("tabs"))
    }
}
