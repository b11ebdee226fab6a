/// What an interceptor decided about a request.
public enum InterceptorDecision: Sendable, Equatable, CustomStringConvertible {
    /// Let the navigation go on.
    case proceed
    /// Open another URL instead. With `keepParameters`, the original query items the new URL does
    /// not set are carried over, and native parameters always are.
    case redirect(to: String, keepParameters: Bool = true)
    /// Stop the navigation, with a reason shown to the user.
    case reject(reason: String)

    /// A short description for traces.
    public var description: String {
        switch self {
        case .proceed: "proceed"
        case .redirect(let to, _): "redirect → \(to)"
        case .reject(let r): "reject: \(r)"
        }
    }
}

/// Checks a request before its handler runs (WLRRoute's middleware, TheRouter's interceptors).
///
/// One async function that returns a decision: there is no completion to forget, so a navigation
/// can never be left hanging by an interceptor that "forgot to call back". An interceptor that takes
/// longer than its deadline ends the navigation as ``RouteOutcome/timedOut(interceptor:seconds:)``.
public protocol Interceptor: Sendable {
    /// The name shown in traces and outcomes.
    var name: String { get }
    /// Decides about the request.
    func intercept(_ request: RouteRequest) async throws -> InterceptorDecision
}

/// An interceptor made of a closure.
public struct ClosureInterceptor: Interceptor {
    /// The name shown in traces.
    public let name: String
    let body: @Sendable (RouteRequest) async throws -> InterceptorDecision

    /// Creates an interceptor.
    public init(_ name: String, _ body: @escaping @Sendable (RouteRequest) async throws -> InterceptorDecision) {
        self.name = name
        self.body = body
    }

    /// Runs the closure.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { try await body(request) }
}

/// Which requests an interceptor sees.
public enum InterceptorScope: Sendable, Equatable, CustomStringConvertible {
    /// Every request.
    case global
    /// Only requests whose matched pattern is one of these (TheRouter's whitelist), in canonical text.
    case patterns([String])
    /// Every request except those whose matched pattern is one of these.
    case excluding([String])
    /// Requests whose route metadata has `key` equal to `value` (for example `requiresLogin` = `true`).
    case metadata(key: String, value: String)

    /// Whether a request for `pattern` with `metadata` is in scope.
    public func applies(pattern: String, metadata: [String: String]) -> Bool {
        switch self {
        case .global: true
        case .patterns(let list): list.contains(pattern)
        case .excluding(let list): !list.contains(pattern)
        case .metadata(let k, let v): metadata[k] == v
        }
    }

    /// A short description for tables.
    public var description: String {
        switch self {
        case .global: "global"
        case .patterns(let l): "patterns[\(l.joined(separator: ", "))]"
        case .excluding(let l): "excluding[\(l.joined(separator: ", "))]"
        case .metadata(let k, let v): "\(k)=\(v)"
        }
    }
}

/// A registered interceptor with its ordering and limits.
package struct InterceptorRegistration: Sendable {
    /// Identifies the registration, for removal.
    package let id: Int
    /// The interceptor.
    package let interceptor: any Interceptor
    /// Higher runs first.
    package let priority: Int
    /// Which requests it sees.
    package let scope: InterceptorScope
    /// Seconds before it is considered stuck.
    package let timeout: Double
}
