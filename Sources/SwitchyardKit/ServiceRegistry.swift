import Foundation
import Switchyard

/// A service method callable by name: receives the call, returns the navigation's result.
public typealias ServiceMethod = @Sendable (ServiceCall) async throws -> RouteResult

/// A registry of services keyed by type (TheRouter's service registry), plus methods callable by name.
///
/// A service is registered under a type (usually a protocol) as an instance, a factory that makes a new
/// instance for every ``resolve(_:)``, or a lazily created singleton made once on first use, even when
/// many threads resolve at the same moment.
///
/// ```swift
/// protocol CartService: Sendable { func count() -> Int }
/// let registry = ServiceRegistry()
/// registry.register((any CartService).self, lazy: { LiveCart() })
/// let cart = registry.resolve((any CartService).self)
///
/// registry.registerMethod(service: "cart", method: "add") { call in
///     RouteResult(try call.require("sku", as: String.self), note: "added")
/// }
/// try router.mountServices(registry, at: "app://services")   // app://services/cart/add?sku=42
/// ```
///
/// Thread-safe: one lock guards the tables; factories and methods run outside it.
/// A lazy factory must not resolve its own type (that would wait on itself).
public final class ServiceRegistry: Sendable {
    private struct Tables {
        var providers: [ObjectIdentifier: Provider] = [:]
        var methods: [String: [String: ServiceMethod]] = [:]
    }

    private let tables = Locked(Tables())

    /// Creates an empty registry.
    public init() {}

    private enum Provider: Sendable {
        case instance(name: String, value: any Sendable)
        case factory(name: String, make: @Sendable () -> any Sendable)
        case lazy(name: String, box: LazyBox)

        var name: String {
            switch self {
            case .instance(let n, _), .factory(let n, _), .lazy(let n, _): n
            }
        }
    }

    private func key<T>(_ type: T.Type) -> ObjectIdentifier { ObjectIdentifier(type) }

    private func store(_ provider: Provider, for id: ObjectIdentifier) {
        tables.withLock { $0.providers[id] = provider }
    }

    // MARK: Services by type

    /// Registers one shared instance under `type`, replacing any earlier registration of that type.
    public func register<T: Sendable>(_ type: T.Type, instance: T) {
        store(.instance(name: String(reflecting: type), value: instance), for: key(type))
    }

    /// Registers a factory under `type`: every ``resolve(_:)`` makes a new instance.
    public func register<T: Sendable>(_ type: T.Type, factory: @escaping @Sendable () -> T) {
        store(.factory(name: String(reflecting: type), make: { factory() }), for: key(type))
    }

    /// Registers a lazily created singleton under `type`: the first ``resolve(_:)`` creates it, exactly
    /// once even when many threads resolve at once; later ones return the same instance.
    public func register<T: Sendable>(_ type: T.Type, lazy make: @escaping @Sendable () -> T) {
        store(.lazy(name: String(reflecting: type), box: LazyBox { make() }), for: key(type))
    }

    /// The service registered under `type`, or nil when there is none.
    public func resolve<T>(_ type: T.Type) -> T? {
        let provider = tables.withLock { $0.providers[key(type)] }
        switch provider {
        case nil: return nil
        case .instance(_, let value)?: return value as? T
        case .factory(_, let make)?: return make() as? T
        case .lazy(_, let box)?: return box.value() as? T
        }
    }

    /// Whether a service is registered under `type`.
    public func isRegistered<T>(_ type: T.Type) -> Bool {
        tables.withLock { $0.providers[key(type)] != nil }
    }

    /// Removes the registration of `type`. Returns whether there was one.
    @discardableResult
    public func unregister<T>(_ type: T.Type) -> Bool {
        tables.withLock { $0.providers.removeValue(forKey: key(type)) != nil }
    }

    /// The names of the registered service types, sorted.
    public var serviceNames: [String] {
        tables.withLock { $0.providers.values.map(\.name).sorted() }
    }

    // MARK: Methods by name

    /// Registers `body` as `service`.`method`, replacing any earlier method of that name.
    public func registerMethod(service: String, method: String, _ body: @escaping ServiceMethod) {
        tables.withLock { $0.methods[service, default: [:]][method] = body }
    }

    /// Removes `service`.`method`. Returns whether it was registered.
    @discardableResult
    public func unregisterMethod(service: String, method: String) -> Bool {
        tables.withLock { t in
            guard t.methods[service]?.removeValue(forKey: method) != nil else { return false }
            if t.methods[service]?.isEmpty == true { t.methods[service] = nil }
            return true
        }
    }

    /// The registered method names, sorted, as `service.method`.
    public var methodNames: [String] {
        tables.withLock { t in t.methods.flatMap { s, ms in ms.keys.map { "\(s).\($0)" } }.sorted() }
    }

    /// The method registered as `service`.`method`; throws ``ServiceError`` naming what is unknown.
    public func method(service: String, method: String) throws(ServiceError) -> ServiceMethod {
        let table = tables.withLock { $0.methods[service] }
        guard let table else { throw .unknownService(service) }
        guard let body = table[method] else { throw .unknownMethod(service, method) }
        return body
    }

    /// Invokes the method named by `call`. Throws ``ServiceError`` for an unknown service or method,
    /// and whatever the method throws.
    public func call(_ call: ServiceCall) async throws -> RouteResult {
        let body = try method(service: call.service, method: call.method)
        return try await body(call)
    }
}

/// Creates a value once, on first use, even when many threads ask at once.
private final class LazyBox: Sendable {
    private let made = Locked<(any Sendable)?>(nil)
    private let make: @Sendable () -> any Sendable

    init(_ make: @escaping @Sendable () -> any Sendable) {
        self.make = make
    }

    /// The value, made by the first caller while the others wait.
    func value() -> any Sendable {
        made.withLock { made in
            if let made { return made }
            let v = make()
            made = v
            return v
        }
    }
}
