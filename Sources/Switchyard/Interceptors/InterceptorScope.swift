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
