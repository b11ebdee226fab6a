import Foundation

/// Any member name, for reading every key of an object.
package struct SchemaKey: CodingKey {
    /// The name.
    package let stringValue: String
    /// Always nil: members are named, not numbered.
    package var intValue: Int? { nil }

    /// A key with this name.
    package init(_ name: String) { stringValue = name }
    /// A key with this name.
    package init?(stringValue: String) { self.stringValue = stringValue }
    /// Not used: members are named.
    package init?(intValue: Int) { nil }
}
