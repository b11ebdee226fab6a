import Foundation

extension RouteRequest {
    /// Decodes a `Decodable` struct from the path, query and native parameters (see `ParameterDecoder`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(ParameterError) -> T {
        try ParameterDecoder(path: path, query: query, native: native).decode(type)
    }
}
