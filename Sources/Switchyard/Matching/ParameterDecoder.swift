import Foundation

/// Decodes a `Decodable` struct from a request's path, query and native parameters.
///
/// ```swift
/// struct OrderParams: Decodable { let id: Int; let from: String?; let tags: [String]; let image: Avatar? }
/// let p = try request.decode(OrderParams.self)   // app://order/42?from=push&tags=a&tags=b
/// ```
///
/// Each property is looked up by its coding key:
/// - a native parameter of that name whose value has the property's type wins;
/// - otherwise the text comes from the path (path wins) or the query (last value wins), and is parsed as
///   the property's type: `String`, `Int` and the other integer types, `Double`, `Float`, `Bool`
///   (`true/false/1/0/yes/no`), `UUID`, any ``ParameterValue``, and `RawRepresentable` enums;
/// - arrays (and sets) take every value of a repeated query key (`tags=a&tags=b`, or `tags[]=a`);
/// - a non-optional property whose key is absent is an error (arrays included: use `[T]?` for "maybe none");
///   an optional one is nil, but an invalid value is still an error.
///
/// Errors are ``ParameterError``s naming the key and the expected type.
/// Nested structs are not supported (a property of struct type must be a native parameter).
package struct ParameterDecoder: Sendable {
    /// The path parameters.
    package let path: PathParameters
    /// The query parameters.
    package let query: QueryParameters
    /// The native parameters.
    package let native: NativeParameters

    /// Creates a decoder over the given parameters.
    package init(path: PathParameters = PathParameters(names: [], values: []),
                 query: QueryParameters = QueryParameters(),
                 native: NativeParameters = NativeParameters()) {
        self.path = path
        self.query = query
        self.native = native
    }

    /// Decodes `T`; throws a ``ParameterError`` naming the missing or invalid key and the expected type.
    package func decode<T: Decodable>(_ type: T.Type = T.self) throws(ParameterError) -> T {
        let source = ParameterSource(path: path, query: query, native: native)
        do {
            return try T(from: StructDecoder(source: source))
        } catch let error as ParameterError {
            throw error
        } catch let error as DecodingError {
            throw ParameterSource.convert(error, fallbackType: String(describing: T.self))
        } catch {
            throw .invalid(key: "", value: String(describing: error), expected: String(describing: T.self))
        }
    }
}

extension RouteRequest {
    /// Decodes a `Decodable` struct from the path, query and native parameters (see `ParameterDecoder`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(ParameterError) -> T {
        try ParameterDecoder(path: path, query: query, native: native).decode(type)
    }
}

/// The parameters a decoder reads, with the lookup rules.
private struct ParameterSource {
    let path: PathParameters
    let query: QueryParameters
    let native: NativeParameters

    /// Every text value for `key`: the path value alone, else every query value (`key` or `key[]`).
    func texts(_ key: String) -> [String] {
        if let v = path[key] { return [v] }
        let values = query.values(for: key)
        return values.isEmpty ? query.values(for: key + "[]") : values
    }

    func hasNative(_ key: String) -> Bool { native.names.contains(key) }

    func contains(_ key: String) -> Bool { hasNative(key) || !texts(key).isEmpty }

    /// The display name of a type in errors.
    static func typeName<T>(_ type: T.Type) -> String {
        if let p = type as? any ParameterValue.Type { return p.parameterTypeName }
        return String(describing: type)
    }

    static func convert(_ error: DecodingError, fallbackType: String) -> ParameterError {
        func keyName(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .keyNotFound(let key, let ctx):
            return .missing(key: keyName(ctx.codingPath + [key]), expected: fallbackType)
        case .valueNotFound(let type, let ctx):
            return .missing(key: keyName(ctx.codingPath), expected: typeName(type))
        case .typeMismatch(let type, let ctx):
            return .invalid(key: keyName(ctx.codingPath), value: ctx.debugDescription, expected: typeName(type))
        case .dataCorrupted(let ctx):
            return .invalid(key: keyName(ctx.codingPath), value: ctx.debugDescription, expected: fallbackType)
        @unknown default:
            return .invalid(key: "", value: String(describing: error), expected: fallbackType)
        }
    }
}

/// A coding key made from a string or an index.
private struct ParameterKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

/// Parses text as one of the types a parameter can have; nil when `T` is not such a type or the text is invalid.
private enum TextValue {
    /// Whether `T` is read from a single text value.
    static func isScalar<T>(_ type: T.Type) -> Bool {
        if type is any ParameterValue.Type { return true }
        switch type {
        case is Float.Type, is Int8.Type, is Int16.Type, is Int32.Type, is UInt8.Type, is UInt16.Type,
             is UInt32.Type, is UInt64.Type: return true
        default: return false
        }
    }

    /// The text parsed as `T`; nil when invalid.
    static func parse<T>(_ text: String, as type: T.Type) -> T? {
        if let p = type as? any ParameterValue.Type { return p.init(parameter: text) as? T }
        switch type {
        case is Float.Type:
            guard let f = Float(text), f.isFinite else { return nil }
            return f as? T
        case is Int8.Type: return Int8(text, radix: 10) as? T
        case is Int16.Type: return Int16(text, radix: 10) as? T
        case is Int32.Type: return Int32(text, radix: 10) as? T
        case is UInt8.Type: return UInt8(text, radix: 10) as? T
        case is UInt16.Type: return UInt16(text, radix: 10) as? T
        case is UInt32.Type: return UInt32(text, radix: 10) as? T
        case is UInt64.Type: return UInt64(text, radix: 10) as? T
        default: return nil
        }
    }
}

/// The top-level decoder: the struct's properties are the parameters.
private struct StructDecoder: Decoder {
    let source: ParameterSource
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ParameterContainer<Key>(source: source))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [String].self, .init(codingPath: [], debugDescription: "parameters decode into a struct, not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            String.self, .init(codingPath: [], debugDescription: "parameters decode into a struct, not a single value"))
    }
}

/// The keyed container over the parameters.
private struct ParameterContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: ParameterSource
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var names = source.path.names + source.query.names + source.native.names
        var seen = Set<String>()
        names = names.filter { seen.insert($0).inserted }
        return names.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { source.contains(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool { !source.contains(key.stringValue) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try FieldDecoder(source: source, key: key.stringValue).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw ParameterError.invalid(key: key.stringValue, value: source.texts(key.stringValue).last ?? "",
                                     expected: "a nested value (not supported in parameters)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        FieldDecoder(source: source, key: key.stringValue).listContainer()
    }

    func superDecoder() throws -> any Decoder { StructDecoder(source: source) }

    func superDecoder(forKey key: Key) throws -> any Decoder { FieldDecoder(source: source, key: key.stringValue) }
}

/// Decodes one parameter: a scalar from its (last) text, a list from all its texts, or a native value.
private struct FieldDecoder: Decoder {
    let source: ParameterSource
    let key: String
    var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes the parameter as `T`, converting any failure into a ``ParameterError`` naming the key.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let raw = source.native.get(key, as: (any Sendable).self), let v = raw as? T { return v }
        let texts = source.texts(key)
        let expected = ParameterSource.typeName(type)
        guard let last = texts.last else {
            throw nativeMismatch(expected) ?? ParameterError.missing(key: key, expected: expected)
        }
        if TextValue.isScalar(type) {
            guard let v = TextValue.parse(last, as: type) else {
                throw ParameterError.invalid(key: key, value: last, expected: expected)
            }
            return v
        }
        do {
            return try T(from: self)
        } catch let error as ParameterError {
            throw error
        } catch {
            throw ParameterError.invalid(key: key, value: texts.joined(separator: ","), expected: expected)
        }
    }

    /// The error for a native value of the wrong type, if the key names one.
    private func nativeMismatch(_ expected: String) -> ParameterError? {
        guard let shown = source.native.describeValue(key) else { return nil }
        return .invalid(key: key, value: shown, expected: expected)
    }

    func listContainer() -> ListContainer {
        ListContainer(key: key, texts: source.texts(key))
    }

    func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
        throw ParameterError.invalid(key: key, value: source.texts(key).last ?? "",
                                     expected: "a nested value (not supported in parameters)")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { listContainer() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TextContainer(key: key, text: source.texts(key).last)
    }
}

/// A single text value (used by `RawRepresentable` enums and other single-value types).
private struct TextContainer: SingleValueDecodingContainer {
    let key: String
    let text: String?
    var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }

    func decodeNil() -> Bool { text == nil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let expected = ParameterSource.typeName(type)
        guard let text else { throw ParameterError.missing(key: key, expected: expected) }
        if TextValue.isScalar(type) {
            guard let v = TextValue.parse(text, as: type) else {
                throw ParameterError.invalid(key: key, value: text, expected: expected)
            }
            return v
        }
        return try T(from: TextDecoder(key: key, text: text))
    }
}

/// A decoder over one text value.
private struct TextDecoder: Decoder {
    let key: String
    let text: String
    var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
        throw ParameterError.invalid(key: key, value: text, expected: "a nested value (not supported in parameters)")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ListContainer(key: key, texts: [text]) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { TextContainer(key: key, text: text) }
}

/// The values of a repeated query key, in order.
private struct ListContainer: UnkeyedDecodingContainer {
    let key: String
    let texts: [String]
    private(set) var currentIndex = 0

    init(key: String, texts: [String]) {
        self.key = key
        self.texts = texts
    }

    var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }
    var count: Int? { texts.count }
    var isAtEnd: Bool { currentIndex >= texts.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let expected = ParameterSource.typeName(type)
        guard currentIndex < texts.count else { throw ParameterError.missing(key: key, expected: expected) }
        let text = texts[currentIndex]
        let v: T = try TextContainer(key: key, text: text).decode(type)
        currentIndex += 1
        return v
    }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        throw ParameterError.invalid(key: key, value: texts.joined(separator: ","),
                                     expected: "a nested value (not supported in parameters)")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ParameterError.invalid(key: key, value: texts.joined(separator: ","),
                                     expected: "a nested list (not supported in parameters)")
    }

    mutating func superDecoder() throws -> any Decoder {
        throw ParameterError.invalid(key: key, value: texts.joined(separator: ","),
                                     expected: "a nested value (not supported in parameters)")
    }
}
