import Foundation

/// Decodes one parameter: a scalar from its (last) text, a list from all its texts, or a native value.
struct ParameterFieldDecoder: Decoder {
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
        if ParameterText.isScalar(type) {
            guard let v = ParameterText.parse(last, as: type) else {
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

    func listContainer() -> ParameterListContainer {
        ParameterListContainer(key: key, texts: source.texts(key))
    }

    func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
        throw ParameterError.invalid(key: key, value: source.texts(key).last ?? "",
                                     expected: "a nested value (not supported in parameters)")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { listContainer() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ParameterTextContainer(key: key, text: source.texts(key).last)
    }
}
