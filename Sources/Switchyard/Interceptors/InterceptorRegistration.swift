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
