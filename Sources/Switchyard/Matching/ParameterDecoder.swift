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
            return try T(from: ParameterStructDecoder(source: source))
        } catch let error as ParameterError {
            throw error
        } catch let error as DecodingError {
            throw ParameterSource.convert(error, fallbackType: String(describing: T.self))
        } catch {
            throw .invalid(key: "", value: String(describing: error), expected: String(describing: T.self))
        }
    }
}
