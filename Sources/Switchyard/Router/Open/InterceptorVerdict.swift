/// How one interceptor's run under its deadline ended.
enum InterceptorVerdict: Sendable {
    /// It answered in time.
    case decided(InterceptorDecision)
    /// It threw this error (described).
    case threw(String)
    /// Its deadline passed first.
    case timedOut
}
