/// Why a URL could not be built from a pattern.
public enum URLBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter the pattern needs was not given.
    case missingParameter(name: String, pattern: String)
    /// A value does not satisfy the segment's constraint.
    case constraintFailed(name: String, value: String, constraint: String)
    /// A value is empty or `.`/`..` (a `/` in a parameter's value is percent-encoded as data; a
    /// catch-all's value is split on `/` and must hold at least one non-empty segment).
    case invalidValue(name: String, value: String)
    /// The pattern has no scheme, so it cannot make an absolute URL and no default scheme was given.
    case missingScheme(pattern: String)
    /// A suffix pattern (`**/…`) ends a URL: it needs a `base` (`scheme://host[/path]`) to append to, and
    /// the base given (if any) is not an absolute URL without query or fragment, or has another scheme.
    case suffixNeedsBase(pattern: String, base: String?)

    /// A sentence naming the parameter.
    public var description: String {
        switch self {
        case .missingParameter(let n, let p): "missing parameter '\(n)' for pattern '\(p)'"
        case .constraintFailed(let n, let v, let c): "value '\(v)' of parameter '\(n)' does not satisfy \(c)"
        case .invalidValue(let n, let v): "value '\(v)' of parameter '\(n)' is not allowed in a URL segment"
        case .missingScheme(let p): "pattern '\(p)' has no scheme; give a default scheme"
        case .suffixNeedsBase(let p, nil): "suffix pattern '\(p)' needs a base URL to append to"
        case .suffixNeedsBase(let p, let b?):
            "'\(b)' cannot be the base of suffix pattern '\(p)' "
                + "(an absolute URL of its scheme, without query or fragment)"
        }
    }
}
