import Foundation
import Switchyard

/// The routes of one host as a value (XKRouter's route definition grouped by host): read one with
/// `Router.definition(forHost:)`, register a whole one with `Router.register(_:)`, and remove one with
/// `Router.removeAll(host:)`.
public struct HostDefinition: Sendable {
    /// One route of the host: the route as text (`RouteDefinition`) and its handler.
    public struct Route: Sendable, RouteDefinitionHolder {
        /// The route as text.
        public var definition: RouteDefinition
        /// The handler.
        public var handler: (any RouteHandler)?

        /// Creates a route from a definition.
        public init(_ definition: RouteDefinition, handler: (any RouteHandler)?) {
            self.definition = definition
            self.handler = handler
        }

        /// Creates a route.
        public init(_ pattern: String, target: String, priority: Int = 0, metadata: [String: String] = [:],
                    handler: (any RouteHandler)?) {
            self.init(RouteDefinition(pattern: pattern, target: target, priority: priority, metadata: metadata),
                      handler: handler)
        }
    }

    /// The host, lowercased.
    public var host: String
    /// The routes, in registration order.
    public var routes: [Route]

    /// Creates a definition.
    public init(host: String, routes: [Route]) {
        self.host = host.asciiLowercased
        self.routes = routes
    }
}

extension Router {
    /// The routes whose pattern has the literal host `host`, in registration order.
    public func definition(forHost host: String) -> HostDefinition {
        let lowered = host.asciiLowercased
        let routes = registeredRoutes.filter { route in
            if !route.pattern.isSuffix, case .literal(let h) = route.pattern.host { return h == lowered }
            return false
        }
        return HostDefinition(host: lowered, routes: routes.map {
            HostDefinition.Route($0.definition, handler: $0.target.handler)
        })
    }

    /// Registers every route of a host's definition, or none: the first refusal (an invalid pattern, a
    /// conflict, a pattern whose host is not the definition's) leaves the router unchanged.
    public func register(_ definition: HostDefinition) throws(RegistrationError) {
        let result: Result<Void, RegistrationError> = updateRoutes { routes in
            var copy = routes
            for route in definition.routes {
                let pattern: RoutePattern
                do throws(PatternError) { pattern = try RoutePattern(route.pattern) } catch {
                    return .failure(.invalidPattern(error))
                }
                guard !pattern.isSuffix, case .literal(let h) = pattern.host, h == definition.host else {
                    return .failure(.hostMismatch(pattern: route.pattern, host: definition.host))
                }
                let entry = RouteEntry(name: route.target, handler: route.handler, metadata: route.metadata)
                do throws(RegistrationError) {
                    try copy.add(route.pattern, target: entry, priority: route.priority)
                } catch {
                    return .failure(error)
                }
            }
            routes = copy
            return .success(())
        }
        try result.get()
    }
}
