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
    public static func decode<T: Decodable>(_ type: T.Type, json data: Data, file: String? = nil) throws(RouteFileError) -> T {
        // A route file of the common shape is read directly; anything else, and every refusal, the
        // standard way below (``RouteFileFastReader`` gives up rather than decide differently).
        if T.self == RouteFile.self, let routeFile = RouteFileFastReader.read(data), let value = routeFile as? T { return value }
        return try decodeStandard(type, json: data, file: file)
    }

    /// ``decode(_:json:file:)`` through the standard decoder only, without the direct route file reader.
    package static func decodeStandard<T: Decodable>(_ type: T.Type, json data: Data, file: String? = nil) throws(RouteFileError) -> T {
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

    /// A JSON decoder that carries `index`.
    private static func decoder(_ index: SchemaIndex) -> JSONDecoder {
        let decoder = JSONDecoder()
        if let key = SchemaIndex.userInfoKey { decoder.userInfo[key] = index }
        return decoder
    }

    /// Decodes `type` from a property list (XML or binary). `file` names the source in errors.
    public static func decode<T: Decodable>(_ type: T.Type, propertyList data: Data, file: String? = nil) throws(RouteFileError) -> T {
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
    package static func load<T: Decodable>(_ type: T.Type, path: String, format: RouteMapFormat) throws(RouteFileError) -> T {
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
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue > maxFileSize {
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
            throw RouteFileError("", "cannot read the file (\(String(cString: strerror(errno)).lowercased()))", file: path)
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
    static func refusal(_ error: any Error, index: SchemaIndex?) -> RouteFileError {
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
            return RouteFileError(path, "expected \(expected)\(path.isEmpty ? " at the top level" : ""), found \(found(path))")
        case .valueNotFound(let type, let context):
            let path = SchemaPath.render(context.codingPath)
            return RouteFileError(path, "expected \(expectedName(type, propertyList: propertyList)), found \(found(path))")
        case .keyNotFound(let key, let context):
            return RouteFileError(SchemaPath.render(context.codingPath), "missing required key \"\(SchemaText.echo(key.stringValue))\"")
        case .dataCorrupted(let context):
            return RouteFileError(SchemaPath.render(context.codingPath), "invalid value (\(SchemaText.echo(context.debugDescription)))")
        @unknown default:
            return RouteFileError("", "cannot decode (\(SchemaText.echo(String(describing: e))))")
        }
    }

    /// `a string`, `an integer`, `an object`… for the type a decoder expected.
    static func expectedName(_ type: Any.Type, propertyList: Bool) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") || name.hasPrefix("[String") { return propertyList ? "a dictionary" : "an object" }
        if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
        switch name {
        case "String": return "a string"
        case "Bool": return "a boolean"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return "an integer"
        case "Double", "Float", "Decimal": return "a number"
        default: return "a value of type \(SchemaText.echo(name))"
        }
    }
}

/// Any member name, for reading every key of an object.
package struct SchemaKey: CodingKey {
    /// The name.
    package let stringValue: String
    /// Always nil: members are named, not numbered.
    package var intValue: Int? { nil }

    /// A key with this name.
    package init(_ name: String) { stringValue = name }
    /// A key with this name.
    package init?(stringValue: String) { self.stringValue = stringValue }
    /// Not used: members are named.
    package init?(intValue: Int) { nil }
}

/// One object of a schema being decoded: its keys checked against the known ones, and readers for the
/// field kinds the formats share (patterns, integers, metadata, names from a fixed list). Errors thrown
/// are ``RouteFileError``s with the field's coding path; the standard decoders pass them through.
package struct SchemaObject<Key: CodingKey & CaseIterable> {
    /// The keyed container.
    package let container: KeyedDecodingContainer<Key>
    /// The document's index, when the decoder carries one.
    package let index: SchemaIndex?

    /// Opens the object `decoder` is at and refuses the first unknown key (in file order) with the
    /// closest known key as a suggestion, or with `hints[key]` when given.
    package init(_ decoder: any Decoder, _ keys: Key.Type, hints: [String: String] = [:]) throws {
        index = SchemaIndex.of(decoder)
        let all = try decoder.container(keyedBy: SchemaKey.self)
        // Every key known (the common case) is told without building the lists below.
        if all.allKeys.contains(where: { Key(stringValue: $0.stringValue) == nil }) {
            let known = Key.allCases.map(\.stringValue)
            let unknown = Set(all.allKeys.map(\.stringValue)).subtracting(known)
            let path = SchemaPath.render(decoder.codingPath)
            let inOrder = (index?.values[path]?.keys ?? []).filter(unknown.contains)
            let first = inOrder.first ?? unknown.min() ?? ""
            let at = SchemaPath.appending(path, key: first)
            if let hint = hints[first] { throw RouteFileError(at, "unknown key (\(hint))") }
            if let guess = SchemaText.closest(to: first, in: known) { throw RouteFileError(at, "unknown key; did you mean \"\(guess)\"?") }
            throw RouteFileError(at, "unknown key (known keys: \(known.joined(separator: ", ")))")
        }
        container = try decoder.container(keyedBy: Key.self)
    }

    /// The coding path of `key`'s value.
    package func path(_ key: Key) -> String { SchemaPath.render(container.codingPath + [key]) }

    /// Whether `key` is present with a value other than null.
    package func has(_ key: Key) -> Bool { container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? false) }

    /// A refusal of `key`'s value.
    package func refuse(_ key: Key, _ message: String) -> RouteFileError { RouteFileError(path(key), message) }

    /// A required value.
    package func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T { try container.decode(type, forKey: key) }

    /// An optional value (absent or null is nil).
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? { try container.decodeIfPresent(type, forKey: key) }

    /// A required string that is not empty.
    package func nonEmptyString(_ key: Key) throws -> String {
        let s = try container.decode(String.self, forKey: key)
        if s.isEmpty { throw refuse(key, "must not be empty") }
        return s
    }

    /// A required pattern: a string the pattern grammar accepts.
    package func pattern(_ key: Key) throws -> String { try compiledPattern(key).text }

    /// A required pattern, with its parsed form.
    package func compiledPattern(_ key: Key) throws -> (text: String, pattern: RoutePattern) {
        let text = try container.decode(String.self, forKey: key)
        do throws(PatternError) { return (text, try RoutePattern(text)) } catch { throw refuse(key, Self.message(error)) }
    }

    /// An optional array of patterns; a bad one is refused with its index.
    package func patterns(_ key: Key) throws -> [String] {
        guard let list = try container.decodeIfPresent([String].self, forKey: key) else { return [] }
        for (i, text) in list.enumerated() {
            do throws(PatternError) { _ = try RoutePattern(text) } catch {
                throw RouteFileError(SchemaPath.appending(path(key), index: i), Self.message(error))
            }
        }
        return list
    }

    /// An optional integer. A number with a fraction or out of range is refused as such (the standard
    /// decoder's own error names neither the value nor the path).
    package func integer(_ key: Key) throws -> Int? {
        do { return try container.decodeIfPresent(Int.self, forKey: key) } catch {
            // A wrong type is the decoder's own error; a number that does not fit comes out as an
            // internal error (`JSONDecoder`) or a corrupted-data error without a path.
            if let e = error as? DecodingError {
                switch e {
                case .typeMismatch, .valueNotFound, .keyNotFound: throw e
                case .dataCorrupted: break
                @unknown default: break
                }
            }
            let text = index?.values[path(key)]?.text ?? (try? container.decode(Double.self, forKey: key)).map { "\($0)" }
            throw refuse(key, "expected an integer, found \(text ?? "a number that is not one")")
        }
    }

    /// Optional metadata: an object whose values are strings, numbers or booleans, read as text
    /// (`true`, `42`). A nested object or array, or null, is refused with its path.
    package func metadata(_ key: Key) throws -> [String: String] {
        guard has(key) else { return [:] }
        let m = try container.nestedContainer(keyedBy: SchemaKey.self, forKey: key)
        var out: [String: String] = [:]
        for k in m.allKeys {
            if let s = try? m.decode(String.self, forKey: k) {
                out[k.stringValue] = s
            } else if let b = try? m.decode(Bool.self, forKey: k) {
                out[k.stringValue] = b ? "true" : "false"
            } else if let n = try? m.decode(Int.self, forKey: k) {
                out[k.stringValue] = String(n)
            } else if let d = try? m.decode(Double.self, forKey: k) {
                out[k.stringValue] = index?.values[SchemaPath.appending(path(key), key: k.stringValue)]?.text ?? "\(d)"
            } else {
                let at = SchemaPath.appending(path(key), key: k.stringValue)
                let found = index?.values[at]?.name(propertyList: index?.propertyList ?? false) ?? "a value of another type"
                throw RouteFileError(at, "expected a string, number or boolean, found \(found)")
            }
        }
        return out
    }

    /// An optional name from a fixed list, read by `parse`; an unknown one is refused with the list
    /// (`unknown op 'move' (expected replace, add, delete or reset)`) and the closest name, if any.
    package func choice<T>(_ key: Key, what: String, names: [String], parse: (String) -> T?) throws -> T? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        return try choose(text, key, what: what, names: names, parse: parse)
    }

    /// A required name from a fixed list (see ``choice(_:what:names:parse:)``).
    package func requiredChoice<T>(_ key: Key, what: String, names: [String], parse: (String) -> T?) throws -> T {
        try choose(try container.decode(String.self, forKey: key), key, what: what, names: names, parse: parse)
    }

    private func choose<T>(_ text: String, _ key: Key, what: String, names: [String], parse: (String) -> T?) throws -> T {
        if let value = parse(text) { return value }
        let guess = SchemaText.closest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? ""
        throw refuse(key, "unknown \(what) \(SchemaText.quoted(text))\(guess) (expected \(SchemaText.list(names)))")
    }

    /// Refuses `keys` that are present: fields another field's value leaves without meaning.
    package func refusePresent(_ keys: [Key], _ why: String) throws {
        for key in keys where container.contains(key) { throw refuse(key, why) }
    }

    /// A pattern error as a message, the pattern echoed capped.
    static func message(_ error: PatternError) -> String {
        let full = error.description.unicodeScalars
        let suffix = " in pattern '\(error.pattern)'".unicodeScalars
        guard full.count >= suffix.count, full.suffix(suffix.count).elementsEqual(suffix) else { return error.description }
        return String(String.UnicodeScalarView(full.dropLast(suffix.count))) + " in pattern " + SchemaText.quoted(error.pattern)
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
