import Foundation

/// A value that can be read from a URL parameter's text.
public protocol ParameterValue: Sendable {
    /// Parses the text; nil when it is not a valid value of this type.
    init?(parameter text: String)
    /// The name used in error messages (`Int`, `UUID`…).
    static var parameterTypeName: String { get }
}

extension ParameterValue {
    /// The type's name.
    public static var parameterTypeName: String { String(describing: Self.self) }
}
