import Switchyard

/// The type a metadata key's value must have.
package enum MetadataType: String, Sendable, Equatable {
    /// `true` or `false`.
    case boolean
    /// A whole number.
    case integer
    /// Any text.
    case string

    /// Whether `text` (as a route file stores it) is a value of this type.
    package func accepts(_ text: String) -> Bool {
        switch self {
        case .boolean: text == "true" || text == "false"
        case .integer: Int(text) != nil
        case .string: true
        }
    }
}
