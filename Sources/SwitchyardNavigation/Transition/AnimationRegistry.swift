/// The animations an app can name: the six built-ins (with the aliases ``Animation/init(name:)``
/// reads) and the ones it registers, plus an optional default played when a route names none.
public struct AnimationRegistry: Hashable, Sendable {
    /// The registered animations by lowercased name (built-ins are not stored here).
    public private(set) var registered: [String: Animation] = [:]
    /// The animation played when neither the URL nor the route names one; nil for each style's own
    /// default (push slides from the right, present from the bottom…).
    public private(set) var defaultAnimation: Animation?

    /// A registry of the built-ins only, with no default.
    public init() {}

    /// A registry with `animations` registered and `defaultName` (a built-in or one of them) as default.
    public init(_ animations: [Animation], defaultName: String? = nil) throws(AnimationError) {
        for a in animations { try register(a) }
        if let defaultName { try setDefault(defaultName) }
    }

    /// Registers `animation` under its name (case-insensitive). A name of a built-in (or one of its
    /// aliases), an empty name, a name already registered or an empty keyframe list is refused.
    public mutating func register(_ animation: Animation) throws(AnimationError) {
        let key = animation.name.lowercased()
        if animation.name.isEmpty || animation.name.contains(where: { $0.isWhitespace || $0 == "&" || $0 == "=" }) {
            throw AnimationError.invalidName(animation.name)
        }
        if Animation(name: animation.name) != nil || registered[key] != nil {
            throw AnimationError.duplicate(animation.name)
        }
        if case .keyframes(let frames) = animation.motion, frames.isEmpty {
            throw AnimationError.noKeyframes(animation.name)
        }
        registered[key] = animation
    }

    /// Makes the animation named `name` the default.
    public mutating func setDefault(_ name: String) throws(AnimationError) {
        defaultAnimation = try resolve(name)
    }

    /// The animation named `name`: a built-in (by name or alias) or a registered one, case-insensitively.
    public func animation(named name: String) -> Animation? {
        Animation(name: name) ?? registered[name.lowercased()]
    }

    /// The animation named `name`, or ``AnimationError/unknown(_:known:)`` naming it and the known names.
    public func resolve(_ name: String) throws(AnimationError) -> Animation {
        guard let found = animation(named: name) else { throw AnimationError.unknown(name, known: names) }
        return found
    }

    /// The names it knows: the built-ins, then the registered ones sorted.
    public var names: [String] {
        Animation.builtIns.map(\.name) + registered.values.map(\.name).sorted()
    }
}
