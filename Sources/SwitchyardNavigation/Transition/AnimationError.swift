/// Why an animation name or registration was refused.
public enum AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No animation has this name; `known` lists the names that exist.
    case unknown(String, known: [String])
    /// The name is a built-in's (or an alias of one) or is registered already.
    case duplicate(String)
    /// The name is empty or holds a space, `&` or `=` (it could not be given in a URL query).
    case invalidName(String)
    /// A keyframe animation with no keyframes.
    case noKeyframes(String)

    /// A one-line explanation naming the animation.
    public var description: String {
        switch self {
        case .unknown(let name, let known):
            "unknown animation '\(name)'\(didYouMean(name, among: known)) (known: \(known.joined(separator: ", ")))"
        case .duplicate(let name):
            "animation '\(name)' is already defined"
        case .invalidName(let name):
            "animation name '\(name)' must be non-empty, without spaces, '&' or '='"
        case .noKeyframes(let name):
            "animation '\(name)' needs at least one keyframe"
        }
    }
}
