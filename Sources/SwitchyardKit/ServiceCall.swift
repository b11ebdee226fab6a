import Foundation
import Switchyard

/// One invocation of a service method (TheRouter's remote invocation), with its parameters.
///
/// Parameters are read the same way as on a `RouteRequest`: `subscript(_:)` for text,
/// `get(_:as:)` / `require(_:as:)` for typed values, `decode(_:)` for a `Decodable` struct,
/// and `native` for in-process values.
public struct ServiceCall: Sendable, ParameterLookup {
    /// The service name (`cart` in `app://services/cart/add`).
    public let service: String
    /// The method name (`add` in `app://services/cart/add`).
    public let method: String
    /// Path parameters other than the service and method names.
    public let path: PathParameters
    /// The query parameters.
    public let query: QueryParameters
    /// Native (in-process) parameters.
    public let native: NativeParameters
    /// The request the call came from, when it came through the router.
    public let request: RouteRequest?

    /// Creates a call (for invoking a method directly, without a URL).
    public init(service: String, method: String, path: PathParameters = PathParameters(names: [], values: []),
                query: QueryParameters = QueryParameters(), native: NativeParameters = NativeParameters(),
                request: RouteRequest? = nil) {
        self.service = service
        self.method = method
        self.path = path
        self.query = query
        self.native = native
        self.request = request
    }

    /// A string parameter by name: path parameters first, then the query (last value wins).
    public subscript(_ name: String) -> String? {
        path[name] ?? query.last(name)
    }

    /// The parameter converted to `T`, or nil when missing or not convertible.
    public func get<T: ParameterValue>(_ name: String, as type: T.Type = T.self) -> T? {
        lookUp(name, as: type)
    }

    /// The parameter converted to `T`; throws an error naming the key and the expected type.
    public func require<T: ParameterValue>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        try lookUpRequired(name, as: type)
    }



    /// Decodes a `Decodable` struct from the path, query and native parameters (see `ParameterDecoder`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(ParameterError) -> T {
        try ParameterDecoder(path: path, query: query, native: native).decode(type)
    }
}
