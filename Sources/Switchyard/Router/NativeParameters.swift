/// Parameters passed in-process with a request, never through the URL (WLRRoute's native parameters).
///
/// Values are `Sendable` and read back with their type: by a ``NativeKey``, or by name with
/// ``get(_:as:)`` / ``require(_:as:)``. There is no `[String: Any]`.
public struct NativeParameters: Sendable {
    private var storage: [String: any Sendable] = [:]
    private var order: [String] = []

    /// No parameters.
    public init() {}

    /// Parameters from name-value pairs.
    public init(_ values: [String: any Sendable]) {
        for key in values.keys.sorted() {
            if let v = values[key] { set(key, v) }
        }
    }

    /// The value stored under a typed key.
    public subscript<K: NativeKey>(key: K.Type) -> K.Value? {
        get { storage["@" + K.name] as? K.Value }
        set {
            if let newValue { set("@" + K.name, newValue) } else { remove("@" + K.name) }
        }
    }

    /// Stores `value` under `name`, replacing any earlier value.
    public mutating func set(_ name: String, _ value: some Sendable) {
        if storage.updateValue(value, forKey: name) == nil { order.append(name) }
    }

    /// Removes the value under `name`.
    public mutating func remove(_ name: String) {
        if storage.removeValue(forKey: name) != nil { order.removeAll { $0 == name } }
    }

    /// The value under `name` if it has type `T`.
    public func get<T: Sendable>(_ name: String, as type: T.Type = T.self) -> T? {
        storage[name] as? T
    }

    /// The value under `name` as `T`; throws an error naming the key and type when missing or of another type.
    public func require<T: Sendable>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        guard let raw = storage[name] else { throw .missing(key: name, expected: String(describing: T.self)) }
        guard let v = raw as? T else {
            throw .invalid(key: name, value: String(describing: raw), expected: String(describing: T.self))
        }
        return v
    }

    /// The names, in the order they were first set.
    public var names: [String] { order }

    /// True when there are none.
    public var isEmpty: Bool { storage.isEmpty }

    /// The raw value under `name`, for display.
    public func describeValue(_ name: String) -> String? {
        storage[name].map { String(describing: $0) }
    }

    /// Copies every value of `other` over this one's (other wins).
    public mutating func merge(_ other: NativeParameters) {
        for name in other.order {
            if let v = other.storage[name] { set(name, v) }
        }
    }
}
