import Foundation

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
            if let guess = SchemaText.closest(to: first, in: known) {
                throw RouteFileError(at, "unknown key; did you mean \"\(guess)\"?")
            }
            throw RouteFileError(at, "unknown key (known keys: \(known.joined(separator: ", ")))")
        }
        container = try decoder.container(keyedBy: Key.self)
    }

    /// The coding path of `key`'s value.
    package func path(_ key: Key) -> String { SchemaPath.render(container.codingPath + [key]) }

    /// Whether `key` is present with a value other than null.
    package func has(_ key: Key) -> Bool {
        container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? false)
    }

    /// A refusal of `key`'s value.
    package func refuse(_ key: Key, _ message: String) -> RouteFileError { RouteFileError(path(key), message) }

    /// A required value.
    package func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try container.decode(type, forKey: key)
    }

    /// An optional value (absent or null is nil).
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try container.decodeIfPresent(type, forKey: key)
    }

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
        do throws(PatternError) { return (text, try RoutePattern(text)) } catch {
            throw refuse(key, Self.message(error))
        }
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
            let text = index?.values[path(key)]?.text
                ?? (try? container.decode(Double.self, forKey: key)).map { "\($0)" }
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
                let found = index?.values[at]?.name(propertyList: index?.propertyList ?? false)
                    ?? "a value of another type"
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

    private func choose<T>(_ text: String, _ key: Key, what: String, names: [String],
                           parse: (String) -> T?) throws -> T {
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
        guard full.count >= suffix.count, full.suffix(suffix.count).elementsEqual(suffix) else {
            return error.description
        }
        return String(String.UnicodeScalarView(full.dropLast(suffix.count)))
            + " in pattern " + SchemaText.quoted(error.pattern)
    }
}
