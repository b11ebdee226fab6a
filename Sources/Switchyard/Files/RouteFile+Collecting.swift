import Foundation

/// A route file read so that one bad entry does not hide the others: every route, redirect and
/// relocation entry that reads is kept, and every one that does not is an error naming its place.
///
/// ``RouteFile/decode(json:)`` refuses a file at its first bad value; `switchyard lint` and the app
/// opened with `--routes FILE` read with ``RouteFile/collecting(json:file:)`` instead, so that they
/// report every problem in one run and open the routes that load.
public struct CollectedRouteFile: Sendable, Equatable {
    /// The entries that read, in file order.
    public var file: RouteFile
    /// Every refusal, in file order: a value of the wrong type, an unknown or missing key, an invalid
    /// pattern, a redirect whose destination needs a parameter its source lacks, a bad relocation
    /// entry or one that closes a cycle, and (after ``registrable(options:)``) duplicates and same shapes.
    public var errors: [RouteFileError]
    /// For each route of ``file``, its index in the file as written.
    public var routeIndices: [Int]
    /// For each redirect of ``file``, its index in the file as written.
    public var redirectIndices: [Int]
    /// For each relocation entry of ``file``, its index in the file as written.
    public var relocationIndices: [Int]
    /// The file as it was named, for errors found later (``registrable(options:)``).
    public var source: String?

    /// The same file without the routes and redirects the router would refuse to register (an exact
    /// duplicate, the same shape as an earlier pattern), each of them added to ``errors`` at its place.
    public func registrable(options: MatchOptions = MatchOptions()) -> CollectedRouteFile {
        var out = self
        var routes = RouteTableBuilder<Int>(options: options)
        var keptRoutes: [RouteDefinition] = [], keptIndices: [Int] = []
        var extra: [(Int, RouteFileError)] = []
        for (k, r) in file.routes.enumerated() {
            do throws(RegistrationError) {
                try routes.add(r.pattern, target: k, priority: r.priority)
                keptRoutes.append(r)
                keptIndices.append(routeIndices[k])
            } catch {
                extra.append((routeIndices[k], RouteFileError("routes[\(routeIndices[k])]", error.description, file: source)))
            }
        }
        var redirects = RouteTableBuilder<Int>(options: options)
        var keptRedirects: [(from: String, to: String)] = [], keptRedirectIndices: [Int] = []
        var redirectErrors: [RouteFileError] = []
        for (k, r) in file.redirects.enumerated() {
            do throws(RegistrationError) {
                try redirects.add(r.from, target: k)
                keptRedirects.append(r)
                keptRedirectIndices.append(redirectIndices[k])
            } catch {
                redirectErrors.append(RouteFileError("redirects[\(redirectIndices[k])]", "redirect source: \(error.description)", file: source))
            }
        }
        out.file.routes = keptRoutes
        out.routeIndices = keptIndices
        out.file.redirects = keptRedirects
        out.redirectIndices = keptRedirectIndices
        out.errors = Self.inFileOrder(errors + extra.map(\.1) + redirectErrors)
        return out
    }

    /// Errors sorted by their place: routes, then redirects, then relocations, each by index.
    static func inFileOrder(_ errors: [RouteFileError]) -> [RouteFileError] {
        func key(_ e: RouteFileError) -> (Int, Int) {
            let sections = ["routes[": 1, "redirects[": 2, "relocations": 3]
            for (prefix, rank) in sections where e.location.hasPrefix(prefix) {
                let digits = e.location.dropFirst(prefix.count).prefix { $0.isNumber }
                if prefix == "relocations", let open = e.location.firstIndex(of: "[") {
                    return (rank, Int(e.location[e.location.index(after: open)...].prefix { $0.isNumber }) ?? 0)
                }
                return (rank, Int(digits) ?? 0)
            }
            return (0, 0)
        }
        return errors.enumerated().sorted { a, b in
            let ka = key(a.element), kb = key(b.element)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }
}

extension RouteFile {
    /// Reads a route file, keeping every entry that reads and collecting an error for every one that
    /// does not (see ``CollectedRouteFile``). Throws only when nothing can be read: a syntax error, a
    /// top level that is not an object. `file` names the source in the errors.
    public static func collecting(json data: Data, file: String? = nil) throws(RouteFileError) -> CollectedRouteFile {
        // A file of the common shape that reads whole has every entry and no error.
        if let whole = RouteFileFastReader.read(data) {
            return CollectedRouteFile(file: whole, errors: [], routeIndices: Array(whole.routes.indices), redirectIndices: [],
                                      relocationIndices: [], source: file)
        }
        return try collectingStandard(json: data, file: file)
    }

    /// ``collecting(json:file:)`` through the standard decoder only, without the direct route file reader.
    package static func collectingStandard(json data: Data, file: String? = nil) throws(RouteFileError) -> CollectedRouteFile {
        let collected = try RouteSchema.decode(CollectingFile.self, json: data, file: file)
        var out = collected.result
        out.errors = CollectedRouteFile.inFileOrder(out.errors).map { $0.naming(file) }
        out.source = file
        return out
    }

    /// Reads the route file at `path` as ``collecting(json:file:)`` does; a file that cannot be read
    /// at all is refused with the reason, naming `path`.
    public static func collecting(path: String) throws(RouteFileError) -> CollectedRouteFile {
        try collecting(json: try RouteSchema.read(path: path), file: path)
    }
}

/// One entry read on its own: its value, or the refusal, so that the array goes on to the next entry.
private struct Collected<T: Decodable>: Decodable {
    let result: Result<T, RouteFileError>

    init(from decoder: any Decoder) throws {
        do { result = .success(try T(from: decoder)) } catch {
            result = .failure(RouteSchema.refusal(error, index: SchemaIndex.of(decoder)))
        }
    }
}

/// A route file's top level read entry by entry.
private struct CollectingFile: Decodable {
    var result = CollectedRouteFile(file: RouteFile(routes: []), errors: [], routeIndices: [], redirectIndices: [], relocationIndices: [],
                                     source: nil)

    init(from decoder: any Decoder) throws {
        let index = SchemaIndex.of(decoder)
        let all = try decoder.container(keyedBy: SchemaKey.self)
        let known = RouteFile.Keys.allCases.map(\.rawValue)
        let order = index?.values[""]?.keys ?? all.allKeys.map(\.stringValue).sorted()
        for key in order where !known.contains(key) {
            let hint = RouteFile.appDescriptionKeys[key].map { "unknown key (\($0))" }
                ?? SchemaText.closest(to: key, in: known).map { "unknown key; did you mean \"\($0)\"?" }
                ?? "unknown key (known keys: \(known.joined(separator: ", ")))"
            result.errors.append(RouteFileError(key, hint))
        }
        let c = try decoder.container(keyedBy: RouteFile.Keys.self)
        // routes: required.
        if !c.contains(.routes) { result.errors.append(RouteFileError("", "missing required key \"routes\"")) }
        if let routes = read([Collected<RouteDefinition>].self, c, .routes, index) {
            for (i, r) in routes.enumerated() {
                switch r.result {
                case .success(let d):
                    result.file.routes.append(d)
                    result.routeIndices.append(i)
                case .failure(let e): result.errors.append(e)
                }
            }
        }
        if let redirects = read([Collected<RedirectDefinition>].self, c, .redirects, index) {
            for (i, r) in redirects.enumerated() {
                switch r.result {
                case .success(let d):
                    result.file.redirects.append((d.from, d.to))
                    result.redirectIndices.append(i)
                case .failure(let e): result.errors.append(e)
                }
            }
        }
        if c.contains(.relocations), !((try? c.decodeNil(forKey: .relocations)) ?? false) {
            readRelocations(c, index)
        }
    }

    /// The value at `key`, or nil with the refusal recorded (absent or null is nil without one).
    private mutating func read<T: Decodable>(_ type: T.Type, _ c: KeyedDecodingContainer<RouteFile.Keys>, _ key: RouteFile.Keys,
                                             _ index: SchemaIndex?) -> T? {
        do { return try c.decodeIfPresent(type, forKey: key) } catch {
            result.errors.append(RouteSchema.refusal(error, index: index))
            return nil
        }
    }

    /// The relocation table: as a whole when it reads; else entry by entry, each bad entry (or one that
    /// would close a cycle of replacements) refused at its index and the others kept.
    private mutating func readRelocations(_ c: KeyedDecodingContainer<RouteFile.Keys>, _ index: SchemaIndex?) {
        do {
            if let table = try c.decodeIfPresent(RelocationTable.self, forKey: .relocations) {
                result.file.relocations = table
                result.relocationIndices = Array(table.entries.indices)
            }
            return
        } catch {
            guard let partial = try? c.decode(CollectingRelocations.self, forKey: .relocations) else {
                result.errors.append(RouteSchema.refusal(error, index: index))
                return
            }
            result.errors += partial.errors
            var kept: [RelocationEntry] = []
            var indices: [Int] = []
            for (i, entry) in partial.entries {
                do throws(RelocationError) {
                    _ = try RelocationState().applying(RelocationTable(version: partial.version, entries: kept + [entry]))
                    kept.append(entry)
                    indices.append(i)
                } catch {
                    let message: String
                    switch error {
                    case .invalidEntry(_, let reason): message = reason
                    case .cycle, .malformed: message = error.description
                    }
                    result.errors.append(RouteFileError("relocations.entries[\(i)]", message))
                }
            }
            result.file.relocations = RelocationTable(version: partial.version, entries: kept)
            result.relocationIndices = indices
        }
    }
}

/// A relocation table's object form read entry by entry.
private struct CollectingRelocations: Decodable {
    var version = 0
    var entries: [(Int, RelocationEntry)] = []
    var errors: [RouteFileError] = []

    private enum Keys: String, CodingKey, CaseIterable { case version, entries }

    init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        do { version = try o.integer(.version) ?? 0 } catch { errors.append(RouteSchema.refusal(error, index: o.index)) }
        let list = try o.decode([Collected<RelocationEntry>].self, .entries)
        for (i, e) in list.enumerated() {
            switch e.result {
            case .success(let entry): entries.append((i, entry))
            case .failure(let error): errors.append(error)
            }
        }
    }
}
