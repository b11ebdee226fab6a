import Foundation

/// The one way route files, app descriptions, relocation tables and route maps are read: the standard
/// decoders (`JSONDecoder`, `PropertyListDecoder`) over the types' `Codable` conformances, after a strict
/// syntax check, with every refusal a ``RouteFileError`` naming the file, the coding path and, for
/// syntax errors, the line and column.
///
/// The formats are strict: a value of the wrong type, a missing required key, an unknown key, a
/// trailing comma or a duplicate key is refused, never dropped or guessed at.
///
/// ```swift
/// let file = try RouteSchema.load(RouteFile.self, path: "routes.json")
/// // routes.json: routes[0].patern: unknown key; did you mean "pattern"?
/// ```
public enum RouteSchema {
    /// The largest file ``load(_:path:)`` reads: 16 MiB.
    public static let maxFileSize = 16 << 20

    /// Decodes `type` from JSON text. `file` names the source in errors.
    public static func decode<T: Decodable>(_ type: T.Type, json data: Data,
                                            file: String? = nil) throws(RouteFileError) -> T {
        // A route file of the common shape is read directly; anything else, and every refusal, the
        // standard way below (``RouteFileFastReader`` gives up rather than decide differently).
        if T.self == RouteFile.self, let routeFile = RouteFileFastReader.read(data), let value = routeFile as? T {
            return value
        }
        return try decodeStandard(type, json: data, file: file)
    }

    /// ``decode(_:json:file:)`` through the standard decoder only, without the direct route file reader.
    package static func decodeStandard<T: Decodable>(_ type: T.Type, json data: Data,
                                                     file: String? = nil) throws(RouteFileError) -> T {
        // A valid document is decoded with the index of what decoding reads (numbers and arrays); a
        // refusal is found again with every value indexed, so that it names what was found and lists
        // unknown keys in file order. Decoding reads the same entries either way, so it fails the same.
        let index: SchemaIndex
        do throws(JSONSyntaxError) { index = try JSONSyntax.check(data, everyValue: false) } catch {
            throw RouteFileError(error.path, error.message, file: file, line: error.line, column: error.column)
        }
        do { return try decoder(index).decode(T.self, from: data) } catch {
            let full = (try? JSONSyntax.check(data)) ?? index
            do { _ = try decoder(full).decode(T.self, from: data) } catch let again {
                throw refusal(again, index: full).naming(file)
            }
            throw refusal(error, index: full).naming(file)
        }
    }

    /// Decodes `type` from JSON with every value indexed, so that each error a type collects (rather than
    /// throws) names what was found (`found a string`); for a document whose decoding collected errors.
    package static func decodeIndexingEveryValue<T: Decodable>(_ type: T.Type, json data: Data,
                                                               file: String? = nil) throws(RouteFileError) -> T {
        let index: SchemaIndex
        do throws(JSONSyntaxError) { index = try JSONSyntax.check(data) } catch {
            throw RouteFileError(error.path, error.message, file: file, line: error.line, column: error.column)
        }
        do { return try decoder(index).decode(T.self, from: data) } catch {
            throw refusal(error, index: index).naming(file)
        }
    }

    /// A JSON decoder that carries `index`.
    private static func decoder(_ index: SchemaIndex) -> JSONDecoder {
        let decoder = JSONDecoder()
        if let key = SchemaIndex.userInfoKey { decoder.userInfo[key] = index }
        return decoder
    }

    /// Decodes `type` from a property list (XML or binary). `file` names the source in errors.
    public static func decode<T: Decodable>(_ type: T.Type, propertyList data: Data,
                                            file: String? = nil) throws(RouteFileError) -> T {
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
                .map { " (\(SchemaText.echo($0.trimmingCharacters(in: .whitespaces))))" } ?? ""
            throw RouteFileError("", "not a valid property list\(detail)", file: file)
        }
        let index = SchemaIndex.propertyList(root)
        let decoder = PropertyListDecoder()
        if let key = SchemaIndex.userInfoKey { decoder.userInfo[key] = index }
        do { return try decoder.decode(T.self, from: data) } catch {
            throw refusal(error, index: index).naming(file)
        }
    }

    /// Reads the JSON file at `path` and decodes `type` from it; every error names `path` as given.
    public static func load<T: Decodable>(_ type: T.Type, path: String) throws(RouteFileError) -> T {
        try load(type, path: path, format: .json)
    }

    /// Reads the file at `path` in `format` and decodes `type` from it; every error names `path` as given.
    package static func load<T: Decodable>(_ type: T.Type, path: String,
                                           format: RouteMapFormat) throws(RouteFileError) -> T {
        let data = try read(path: path)
        switch format {
        case .json: return try decode(type, json: data, file: path)
        case .plist: return try decode(type, propertyList: data, file: path)
        }
    }

    /// The bytes of the file at `path`, refusing a missing file, a directory and a file larger than
    /// ``maxFileSize`` with errors that name `path`.
    public static func read(path: String) throws(RouteFileError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RouteFileError("", "no such file", file: path)
        }
        if isDirectory.boolValue { throw RouteFileError("", "is a directory, not a file", file: path) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > maxFileSize {
            throw RouteFileError("", "larger than \(maxFileSize >> 20) MiB", file: path)
        }
        let data: Data
        if isStream(path) {
            data = try readStream(path: path)
        } else {
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw RouteFileError("", "cannot read the file (\(reason(error)))", file: path)
            }
        }
        if data.count > maxFileSize { throw RouteFileError("", "larger than \(maxFileSize >> 20) MiB", file: path) }
        return data
    }

    /// Whether `path` is a pipe, socket or character device (`/dev/stdin`, `<(…)`): read as a stream,
    /// since it has no size and cannot be mapped.
    private static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// The bytes of a stream, read to its end, refusing more than ``maxFileSize``.
    private static func readStream(path: String) throws(RouteFileError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw RouteFileError("", "cannot read the file (\(reason))", file: path)
        }
        defer { try? handle.close() }
        var data = Data()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 16) } catch {
                throw RouteFileError("", "cannot read the file (\(reason(error)))", file: path)
            }
            guard let chunk, !chunk.isEmpty else { break }
            data.append(chunk)
            if data.count > maxFileSize { throw RouteFileError("", "larger than \(maxFileSize >> 20) MiB", file: path) }
        }
        return data
    }

    /// Why a file could not be read, in a few words.
    private static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let text = strerror(Int32(underlying.code)) {
            return String(cString: text).lowercased()
        }
        switch ns.code {
        case CocoaError.fileReadNoPermission.rawValue: return "permission denied"
        case CocoaError.fileReadNoSuchFile.rawValue: return "no such file"
        default: return "error \(ns.code)"
        }
    }

    /// A decoder's error as a refusal naming the coding path and, using `index`, what was found.
    package static func refusal(_ error: any Error, index: SchemaIndex?) -> RouteFileError {
        if let e = error as? RouteFileError { return e }
        guard let e = error as? DecodingError else {
            return RouteFileError("", "cannot decode (\(SchemaText.echo(String(describing: error))))")
        }
        let propertyList = index?.propertyList ?? false
        func found(_ path: String) -> String {
            index?.values[path]?.name(propertyList: propertyList) ?? "a value of another type"
        }
        switch e {
        case .typeMismatch(let type, let context):
            let path = SchemaPath.render(context.codingPath)
            let expected = expectedName(type, propertyList: propertyList)
            let place = path.isEmpty ? " at the top level" : ""
            return RouteFileError(path, "expected \(expected)\(place), found \(found(path))")
        case .valueNotFound(let type, let context):
            let path = SchemaPath.render(context.codingPath)
            let expected = expectedName(type, propertyList: propertyList)
            return RouteFileError(path, "expected \(expected), found \(found(path))")
        case .keyNotFound(let key, let context):
            return RouteFileError(SchemaPath.render(context.codingPath),
                                  "missing required key \"\(SchemaText.echo(key.stringValue))\"")
        case .dataCorrupted(let context):
            return RouteFileError(SchemaPath.render(context.codingPath),
                                  "invalid value (\(SchemaText.echo(context.debugDescription)))")
        @unknown default:
            return RouteFileError("", "cannot decode (\(SchemaText.echo(String(describing: e))))")
        }
    }

    /// `a string`, `an integer`, `an object`… for the type a decoder expected.
    static func expectedName(_ type: Any.Type, propertyList: Bool) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") || name.hasPrefix("[String") {
            return propertyList ? "a dictionary" : "an object"
        }
        if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
        switch name {
        case "String": return "a string"
        case "Bool": return "a boolean"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return "an integer"
        case "Double", "Float", "Decimal": return "a number"
        default: return "a value of type \(SchemaText.echo(name))"
        }
    }
}

extension RoutePattern {
    /// The parameters this destination pattern needs that `source` does not capture (optional
    /// parameters may stay empty, so they are not needed).
    package func parameters(missingFrom source: RoutePattern) -> [String] {
        let available = Set(source.parameterNames)
        return segments.compactMap { segment in
            guard let name = segment.parameterName, !available.contains(name) else { return nil }
            if case .optional = segment { return nil }
            return name
        }
    }

    /// `destination parameter 'x' is not in 'app://a'`, or nil when `destination` needs nothing `source` lacks.
    package static func destinationProblem(from source: RoutePattern, to destination: RoutePattern) -> String? {
        destination.parameters(missingFrom: source).first.map {
            "destination parameter \(SchemaText.quoted($0)) is not in \(SchemaText.quoted(source.description))"
        }
    }
}
