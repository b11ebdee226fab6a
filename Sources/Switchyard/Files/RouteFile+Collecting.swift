import Foundation

extension RouteFile {
    /// Reads a route file, keeping every entry that reads and collecting an error for every one that
    /// does not (see ``CollectedRouteFile``). Throws only when nothing can be read: a syntax error, a
    /// top level that is not an object. `file` names the source in the errors.
    public static func collecting(json data: Data, file: String? = nil) throws(RouteFileError) -> CollectedRouteFile {
        // A file of the common shape that reads whole has every entry and no error.
        // The patterns it parsed are kept, so that they are not parsed again (`parsedPatterns`).
        if let (whole, patterns) = RouteFileFastReader.readParsed(data) {
            return CollectedRouteFile(file: whole, errors: [], routeIndices: Array(whole.routes.indices),
                                      redirectIndices: [], relocationIndices: [], source: file,
                                      parsedPatterns: patterns)
        }
        return try collectingStandard(json: data, file: file)
    }

    /// ``collecting(json:file:)`` through the standard decoder only, without the direct route file reader.
    package static func collectingStandard(json data: Data,
                                           file: String? = nil) throws(RouteFileError) -> CollectedRouteFile {
        var collected = try RouteSchema.decode(CollectingFile.self, json: data, file: file)
        // Read with only some values indexed, a collected error may not know what it found: read again
        // with every value indexed, which only a file with errors pays for.
        if !collected.result.errors.isEmpty,
           let again = try? RouteSchema.decodeIndexingEveryValue(CollectingFile.self, json: data, file: file) {
            collected = again
        }
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

// The readers behind `collecting(json:file:)`, which only it uses.
extension RouteFile {
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
        var result = CollectedRouteFile(file: RouteFile(routes: []), errors: [], routeIndices: [],
                                         redirectIndices: [], relocationIndices: [], source: nil)

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
        private mutating func read<T: Decodable>(_ type: T.Type, _ c: KeyedDecodingContainer<RouteFile.Keys>,
                                                 _ key: RouteFile.Keys, _ index: SchemaIndex?) -> T? {
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
                        let table = RelocationTable(version: partial.version, entries: kept + [entry])
                        _ = try RelocationState().applying(table)
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
            do { version = try o.integer(.version) ?? 0 } catch {
                errors.append(RouteSchema.refusal(error, index: o.index))
            }
            let list = try o.decode([Collected<RelocationEntry>].self, .entries)
            for (i, e) in list.enumerated() {
                switch e.result {
                case .success(let entry): entries.append((i, entry))
                case .failure(let error): errors.append(error)
                }
            }
        }
    }
}
