import Foundation

/// A decoder over one text value.
struct ParameterTextDecoder: Decoder {
    let key: String
    let text: String
    var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
        throw ParameterError.invalid(key: key, value: text, expected: "a nested value (not supported in parameters)")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ParameterListContainer(key: key, texts: [text]) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ParameterTextContainer(key: key, text: text)
    }
}
