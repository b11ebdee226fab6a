import Foundation

/// The parameters a decoder reads, with the lookup rules.
struct ParameterSource {
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
