/// A typed key for a route's metadata: its name in the `[String: String]` that route files, tables and
/// interceptors see, and the type its value is read and written as.
///
/// Route files keep their spelling (`"metadata": {"requiresLogin": true}`); code reads and writes the
/// typed value instead of the text `"true"`:
///
/// ```swift
/// var metadata: [String: String] = [:]
/// metadata[.requiresLogin] = true                      // stored as "requiresLogin": "true"
/// try router.register("app://orders", target: "Orders", metadata: metadata) { _ in RouteResult() }
/// router.addInterceptor(gate, scope: .metadata(.requiresLogin, true))
/// ```
public struct MetadataKey<Value: LosslessStringConvertible & Sendable>: Sendable, Hashable {
    /// The key's name in the metadata dictionary and in route files.
    public let name: String

    /// A key named `name`.
    public init(_ name: String) {
        self.name = name
    }
}

extension MetadataKey where Value == Bool {
    /// The route needs a logged-in user: a login gate holds its opens until login (`"requiresLogin"`).
    public static var requiresLogin: MetadataKey<Bool> { MetadataKey("requiresLogin") }

    /// The route's screen belongs to the login flow (`"loginFlow"`): a screen the login screen opens,
    /// such as "forgot password" or "sign up", that may cover the login screen while a login gate holds
    /// a navigation without ending the hold.
    public static var loginFlow: MetadataKey<Bool> { MetadataKey("loginFlow") }

    /// The route opens a web page: the navigation module's web allow list checks its URLs (`"web"`).
    public static var web: MetadataKey<Bool> { MetadataKey("web") }
}

extension Dictionary where Key == String, Value == String {
    /// The value under a typed metadata key: nil when it is absent or its text is not a valid value
    /// of the key's type. Setting nil removes the key.
    public subscript<V>(_ key: MetadataKey<V>) -> V? {
        get { self[key.name].flatMap { V($0) } }
        set { self[key.name] = newValue.map(\.description) }
    }
}

extension InterceptorScope {
    /// Requests whose route's metadata has `key` set to `value` (written as the value's text).
    public static func metadata<V>(_ key: MetadataKey<V>, _ value: V) -> InterceptorScope {
        .metadata(key: key.name, value: value.description)
    }
}
