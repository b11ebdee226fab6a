import Foundation
import Testing
@testable import Switchyard
import SwitchyardKit

/// A greeting service used as a protocol-typed key.
private protocol Greeter: Sendable {
    func greet(_ name: String) -> String
}

private final class PoliteGreeter: Greeter {
    let serial: Int
    init(serial: Int) { self.serial = serial }
    func greet(_ name: String) -> String { "Hello, \(name)" }
}

/// Counts calls from any thread.
private final class CallCounter: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var n = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}

/// Records callback deliveries.
private final class OutcomeBox: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var items: [RouteOutcome] = []
    func add(_ o: RouteOutcome) { lock.lock(); items.append(o); lock.unlock() }
    var all: [RouteOutcome] { lock.lock(); defer { lock.unlock() }; return items }
    func callback() -> RouteCallback { RouteCallback { [self] in add($0) } }
}

struct ServiceRegistryTests {
    @Test func instanceIsRegisteredResolvedAndUnregistered() {
        let registry = ServiceRegistry()
        #expect(registry.resolve((any Greeter).self) == nil)
        let greeter = PoliteGreeter(serial: 1)
        registry.register((any Greeter).self, instance: greeter)
        #expect(registry.isRegistered((any Greeter).self))
        let resolved = registry.resolve((any Greeter).self)
        #expect(resolved?.greet("Ada") == "Hello, Ada")
        #expect((resolved as? PoliteGreeter) === greeter)
        #expect(registry.resolve(PoliteGreeter.self) == nil, "keys are the registered type, not the concrete type")
        #expect(registry.serviceNames.count == 1)
        #expect(registry.unregister((any Greeter).self))
        #expect(!registry.unregister((any Greeter).self))
        #expect(registry.resolve((any Greeter).self) == nil)
    }

    @Test func valueTypesAreServicesToo() {
        let registry = ServiceRegistry()
        registry.register(String.self, instance: "config")
        registry.register(Int.self, factory: { 7 })
        #expect(registry.resolve(String.self) == "config")
        #expect(registry.resolve(Int.self) == 7)
        registry.register(String.self, instance: "replaced")
        #expect(registry.resolve(String.self) == "replaced")
    }

    @Test func factoryMakesANewInstanceForEveryResolve() throws {
        let registry = ServiceRegistry()
        let counter = CallCounter()
        registry.register((any Greeter).self, factory: { PoliteGreeter(serial: counter.next()) })
        let a = try #require(registry.resolve((any Greeter).self) as? PoliteGreeter)
        let b = try #require(registry.resolve((any Greeter).self) as? PoliteGreeter)
        #expect(a !== b)
        #expect(a.serial == 1 && b.serial == 2)
        #expect(counter.value == 2)
    }

    @Test func lazySingletonIsCreatedOnceUnderOneHundredConcurrentResolves() async throws {
        let registry = ServiceRegistry()
        let counter = CallCounter()
        registry.register((any Greeter).self, lazy: {
            usleep(20_000) // widen the window in which other threads arrive
            return PoliteGreeter(serial: counter.next())
        })
        #expect(counter.value == 0, "nothing is created before the first resolve")
        let ids = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    (registry.resolve((any Greeter).self) as? PoliteGreeter).map { ObjectIdentifier($0) }
                }
            }
            var out: [ObjectIdentifier?] = []
            for await id in group { out.append(id) }
            return out
        }
        #expect(ids.count == 100)
        #expect(!ids.contains(nil))
        #expect(Set(ids.compactMap { $0 }).count == 1)
        #expect(counter.value == 1)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in _ = registry.resolve((any Greeter).self) }
        #expect(counter.value == 1)
    }

    @Test func lazySingletonIsCreatedOnceWhenOneHundredThreadsResolveAtOnce() {
        let registry = ServiceRegistry()
        let counter = CallCounter()
        let seen = CallCounter()
        registry.register((any Greeter).self, lazy: {
            usleep(20_000)
            return PoliteGreeter(serial: counter.next())
        })
        let group = DispatchGroup()
        for _ in 0..<100 {
            group.enter()
            let thread = Thread {
                if let g = registry.resolve((any Greeter).self) as? PoliteGreeter, g.serial == 1 { _ = seen.next() }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        #expect(counter.value == 1)
        #expect(seen.value == 100)
    }

    static func servicesRouter() throws -> (Router, ServiceRegistry) {
        let router = Router()
        let registry = ServiceRegistry()
        registry.registerMethod(service: "cart", method: "add") { call in
            let sku = try call.require("sku", as: String.self)
            let qty = call.get("qty", as: Int.self) ?? 1
            let note = call.native.get("note", as: String.self) ?? ""
            return RouteResult(qty, note: "added \(qty) × \(sku)\(note.isEmpty ? "" : " (\(note))")")
        }
        registry.registerMethod(service: "cart", method: "fail") { _ in
            throw ParameterError.missing(key: "sku", expected: "String")
        }
        try router.mountServices(registry, at: "app://services/")
        return (router, registry)
    }

    @Test func serviceMethodIsCalledThroughAURLAndItsResultReachesTheCallback() async throws {
        let (router, registry) = try Self.servicesRouter()
        #expect(registry.methodNames == ["cart.add", "cart.fail"])
        #expect(router.table.routes.map(\.pattern.description) == ["app://services/:service/:method", "app://services"])
        // TheRouter's form reaches the same method.
        let theRouter = await router.open("app://services?protocol=cart&method=add&sku=B2&qty=1")
        #expect(theRouter.isHandled, "\(theRouter)")
        #expect(await router.open("app://services?protocol=cart&method=nope").code == "failed")
        let box = OutcomeBox()
        let outcome = await router.open("app://services/cart/add?sku=A1&qty=3", native: NativeParameters(["note": "gift"]),
                                        callback: box.callback())
        guard case .handled(let pattern, let result) = outcome else {
            Issue.record("expected handled, got \(outcome)")
            return
        }
        #expect(pattern == "app://services/:service/:method")
        #expect(result.payload(as: Int.self) == 3)
        #expect(result.note == "added 3 × A1 (gift)")
        #expect(box.all.count == 1)
        #expect(box.all.first?.code == "handled")
        if case .handled(_, let r)? = box.all.first { #expect(r.payload(as: Int.self) == 3) }
    }

    @Test func unknownServiceEndsTheNavigationAsFailedWithTheTypedError() async throws {
        let (router, _) = try Self.servicesRouter()
        let box = OutcomeBox()
        let outcome = await router.open("app://services/wallet/pay", callback: box.callback())
        guard case .failed(let pattern, let error) = outcome else {
            Issue.record("expected failed, got \(outcome)")
            return
        }
        #expect(pattern == "app://services/:service/:method")
        #expect(error == ServiceError.unknownService("wallet").description)
        #expect(box.all.map(\.code) == ["failed"])
    }

    @Test func unknownMethodEndsTheNavigationAsFailedWithTheTypedError() async throws {
        let (router, _) = try Self.servicesRouter()
        let outcome = await router.open("app://services/cart/remove?sku=A1")
        guard case .failed(_, let error) = outcome else {
            Issue.record("expected failed, got \(outcome)")
            return
        }
        #expect(error == ServiceError.unknownMethod("cart", "remove").description)
        #expect(error == "service 'cart' has no method 'remove'")
    }

    @Test func methodErrorsAndMissingParametersFailTheNavigation() async throws {
        let (router, _) = try Self.servicesRouter()
        let thrown = await router.open("app://services/cart/fail")
        #expect(thrown.code == "failed")
        let missing = await router.open("app://services/cart/add")
        guard case .failed(_, let error) = missing else {
            Issue.record("expected failed, got \(missing)")
            return
        }
        #expect(error == ParameterError.missing(key: "sku", expected: "String").description)
    }

    @Test func directCallsThrowTypedServiceErrors() async throws {
        let (_, registry) = try Self.servicesRouter()
        let result = try await registry.call(ServiceCall(service: "cart", method: "add", query: QueryParameters([QueryItem(name: "sku", value: "B2")])))
        #expect(result.payload(as: Int.self) == 1)
        await #expect(throws: ServiceError.unknownService("nope")) {
            try await registry.call(ServiceCall(service: "nope", method: "x"))
        }
        await #expect(throws: ServiceError.unknownMethod("cart", "x")) {
            try await registry.call(ServiceCall(service: "cart", method: "x"))
        }
        #expect(registry.unregisterMethod(service: "cart", method: "add"))
        #expect(registry.unregisterMethod(service: "cart", method: "fail"))
        #expect(!registry.unregisterMethod(service: "cart", method: "fail"))
        #expect(throws: ServiceError.unknownService("cart")) { try registry.method(service: "cart", method: "add") }
    }

    @Test func serviceCallsDecodeTypedParameters() async throws {
        struct AddItem: Decodable { let sku: String; let qty: Int; let gift: Bool? }
        let router = Router()
        let registry = ServiceRegistry()
        registry.registerMethod(service: "cart", method: "add") { call in
            let p = try call.decode(AddItem.self)
            return RouteResult("\(p.sku)×\(p.qty) gift=\(p.gift.map(String.init) ?? "nil")")
        }
        try router.mountServices(registry, at: "app://api")
        let outcome = await router.open("app://api/cart/add?sku=Z9&qty=2&gift=yes")
        guard case .handled(_, let r) = outcome else {
            Issue.record("expected handled, got \(outcome)")
            return
        }
        #expect(r.payload(as: String.self) == "Z9×2 gift=true")
        let bad = await router.open("app://api/cart/add?sku=Z9&qty=two")
        guard case .failed(_, let error) = bad else {
            Issue.record("expected failed, got \(bad)")
            return
        }
        #expect(error == ParameterError.invalid(key: "qty", value: "two", expected: "Int").description)
    }
}
