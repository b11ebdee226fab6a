/// One decoded `name=value` pair of a query.
public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value (`""` when the item had no `=`).
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
