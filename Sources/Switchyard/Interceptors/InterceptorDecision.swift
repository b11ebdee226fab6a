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
