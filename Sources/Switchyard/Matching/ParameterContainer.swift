import Foundation

/// The keyed container over the parameters.
struct ParameterContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
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
        try ParameterFieldDecoder(source: source, key: key.stringValue).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw ParameterError.invalid(key: key.stringValue, value: source.texts(key.stringValue).last ?? "",
                                     expected: "a nested value (not supported in parameters)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ParameterFieldDecoder(source: source, key: key.stringValue).listContainer()
    }

    func superDecoder() throws -> any Decoder { ParameterStructDecoder(source: source) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ParameterFieldDecoder(source: source, key: key.stringValue)
    }
}
