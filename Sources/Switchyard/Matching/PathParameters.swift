import Foundation

/// Decoded path parameters, in pattern order.
public struct PathParameters: Sendable, Hashable, Sequence, ParameterLookup {
    /// The names, in pattern order.
    public let names: [String]
    /// The decoded values, matching `names`.
    public let values: [String]

    /// Creates parameters from parallel arrays.
    public init(names: [String], values: [String]) {
        self.names = names
        self.values = values
    }

    /// The value of `name`, decoded.
    public subscript(_ name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// The parameter converted to `T`, or nil when missing or not convertible.
    public func get<T: ParameterValue>(_ name: String, as type: T.Type = T.self) -> T? {
        lookUp(name, as: type)
    }

    /// The parameter converted to `T`; throws an error naming the key and the expected type.
    public func require<T: ParameterValue>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        try lookUpRequired(name, as: type)
    }



    /// The parameters as a dictionary.
    public var dictionary: [String: String] {
        Dictionary(zip(names, values), uniquingKeysWith: { a, _ in a })
    }

    /// Iterates `(name, value)` pairs in pattern order.
    public func makeIterator() -> Zip2Sequence<[String], [String]>.Iterator { zip(names, values).makeIterator() }
}
