/// Why an open by target could not build its URL.
public enum TargetOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No route leads to the target.
    case unknownTarget(String)
    /// Every route of the target needs a parameter that was not given.
    case cannotBuild(target: String, reason: String)

    /// The reason in words.
    public var description: String {
        switch self {
        case .unknownTarget(let target): "no route leads to target '\(target)'"
        case .cannotBuild(let target, let reason): "cannot build a URL for target '\(target)': \(reason)"
        }
    }
}
