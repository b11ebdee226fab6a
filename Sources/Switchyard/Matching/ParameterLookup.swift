import Foundation

/// Anything that looks parameters up by name as text, with typed accessors on top. The conformers
/// (`RouteRequest`, `PathParameters`, `SwitchyardKit`'s `ServiceCall`) publish `get(_:as:)` and
/// `require(_:as:)` themselves.
package protocol ParameterLookup {
    /// The parameter's text, or nil when there is none.
    subscript(_ name: String) -> String? { get }
}

extension ParameterLookup {
    /// The parameter converted to `T`, or nil when missing or not convertible.
    package func lookUp<T: ParameterValue>(_ name: String, as type: T.Type) -> T? {
        self[name].flatMap { T(parameter: $0) }
    }

    /// The parameter converted to `T`; throws an error naming the key and the expected type.
    package func lookUpRequired<T: ParameterValue>(_ name: String, as type: T.Type) throws(ParameterError) -> T {
        guard let text = self[name] else { throw .missing(key: name, expected: T.parameterTypeName) }
        guard let v = T(parameter: text) else { throw .invalid(key: name, value: text, expected: T.parameterTypeName) }
        return v
    }
}
