import Foundation

/// A single text value (used by `RawRepresentable` enums and other single-value types).
struct ParameterTextContainer: SingleValueDecodingContainer {
    let key: String
    let text: String?
    var codingPath: [any CodingKey] { [ParameterKey(stringValue: key)] }

    func decodeNil() -> Bool { text == nil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let expected = ParameterSource.typeName(type)
        guard let text else { throw ParameterError.missing(key: key, expected: expected) }
        if ParameterText.isScalar(type) {
            guard let v = ParameterText.parse(text, as: type) else {
                throw ParameterError.invalid(key: key, value: text, expected: expected)
            }
            return v
        }
        return try T(from: ParameterTextDecoder(key: key, text: text))
    }
}
