import Foundation

/// The top-level decoder: the struct's properties are the parameters.
struct ParameterStructDecoder: Decoder {
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
