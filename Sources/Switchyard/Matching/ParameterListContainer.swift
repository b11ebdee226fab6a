import Foundation

/// The values of a repeated query key, in order.
struct ParameterListContainer: UnkeyedDecodingContainer {
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
        let v: T = try ParameterTextContainer(key: key, text: text).decode(type)
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
