import Foundation
import Switchyard

extension Router {
    /// Registers `base/:service/:method` (for example `app://services/:service/:method`), and `base`
    /// itself for TheRouter's form `base?protocol=P&method=M`; their handler calls the registry's method
    /// and returns its result as the navigation's result.
    ///
    /// An unknown service or method throws ``ServiceError``, so the navigation ends as
    /// `RouteOutcome.failed(pattern:error:)` with the error's description; so does a method that throws.
    /// The method sees the query, the native parameters and any path parameters of `base`.
    /// - Parameters:
    ///   - registry: where the methods are looked up (at call time, so methods added later are found).
    ///   - base: the pattern the service routes hang under, such as `app://services`.
    ///   - target: the target name shown in tables and traces.
    ///   - priority: breaks ties with patterns whose segment classes are equal; higher wins.
    ///   - metadata: metadata for the route (for example `requiresLogin: "true"`).
    /// - Returns: the pattern registered.
    @discardableResult
    public func mountServices(_ registry: ServiceRegistry, at base: String, target: String = "Services",
                              priority: Int = 0, metadata: [String: String] = [:]) throws(RegistrationError) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") && !trimmed.hasSuffix("://") { trimmed = trimmed.dropLast() }
        let pattern = trimmed + "/:service/:method"
        try register(String(pattern), target: target, priority: priority, metadata: metadata) { request in
            guard let service = request.path["service"], let method = request.path["method"] else {
                throw ServiceError.unknownService(request.path["service"] ?? "")
            }
            var names: [String] = []
            var values: [String] = []
            for (n, v) in request.path where n != "service" && n != "method" {
                names.append(n)
                values.append(v)
            }
            let call = ServiceCall(service: service, method: method, path: PathParameters(names: names, values: values),
                                   query: request.query, native: request.native, request: request)
            return try await registry.call(call)
        }
        // TheRouter's form: `base?protocol=P&method=M` (the other query items are the call's parameters).
        try register(String(trimmed), target: target, priority: priority, metadata: metadata) { request in
            guard let service = request.query.last("protocol"), !service.isEmpty else {
                throw ServiceError.unknownService("(missing protocol=…)")
            }
            guard let method = request.query.last("method"), !method.isEmpty else {
                throw ServiceError.unknownMethod(service, "(missing method=…)")
            }
            let call = ServiceCall(service: service, method: method, path: PathParameters(names: [], values: []),
                                   query: request.query, native: request.native, request: request)
            return try await registry.call(call)
        }
        return String(pattern)
    }
}
