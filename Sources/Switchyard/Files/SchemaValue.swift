import Foundation

/// What kind of value sits at a coding path, and, for scalars, its text as written (for messages).
package struct SchemaValue: Sendable {
    /// The kinds of values in JSON and property lists.
    package enum Kind: Sendable, Equatable {
        case object, array, string, number, boolean, null, data, date
    }

    /// The kind.
    package let kind: Kind
    /// Numbers and booleans as written (echo-capped); nil for other kinds.
    package let text: String?
    /// The keys of an object in document order (property lists: sorted).
    package let keys: [String]

    /// The kind as a message names it: `an object`, `a boolean`…; `dictionary` for property lists.
    package func name(propertyList: Bool) -> String {
        switch kind {
        case .object: propertyList ? "a dictionary" : "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        case .data: "data"
        case .date: "a date"
        }
    }
}
