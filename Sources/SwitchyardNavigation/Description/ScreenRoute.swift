import Switchyard

/// One route of an app: its pattern, the screen it shows and how that screen opens.
public struct ScreenRoute: Sendable, Equatable {
    /// The route pattern (with the pattern grammar).
    public var pattern: String
    /// More patterns for the same screen (for example a legacy path).
    public var aliases: [String]
    /// The screen kind (the route's target name).
    public var kind: String
    /// The title template; `{name}` is replaced by the parameter `name` (path, then query).
    public var title: String
    /// Body line templates.
    public var body: [String]
    /// Links the screen offers; titles and URLs are templates.
    public var links: [Link]
    /// How the screen opens unless the URL says otherwise (`jumpType` query parameter).
    public var opens: OpenStyle
    /// The animation to play; nil for the style's default.
    public var animation: Animation?
    /// The parent's URL template: a deep link builds the back stack through it, down to a tab root.
    public var parent: String?
    /// Metadata interceptors can read (`requiresLogin`…).
    public var metadata: [String: String]
    /// When set, the screen vetoes leaving it (a form with unsaved input), with this reason.
    public var leaveGuard: String?
    /// Tie-breaking priority.
    public var priority: Int

    /// Creates a route.
    public init(pattern: String, aliases: [String] = [], kind: String, title: String? = nil, body: [String] = [],
                links: [Link] = [], opens: OpenStyle = .push, animation: Animation? = nil, parent: String? = nil,
                metadata: [String: String] = [:], leaveGuard: String? = nil, priority: Int = 0) {
        self.pattern = pattern
        self.aliases = aliases
        self.kind = kind
        self.title = title ?? kind
        self.body = body
        self.links = links
        self.opens = opens
        self.animation = animation
        self.parent = parent
        self.metadata = metadata
        self.leaveGuard = leaveGuard
        self.priority = priority
    }
}

extension ScreenRoute {
    /// The route as text: its pattern, the screen kind as target, its priority and metadata.
    public var definition: RouteDefinition { definition(of: pattern) }

    /// The route and each alias as text, the pattern first (an alias is a route to the same screen).
    public var definitions: [RouteDefinition] { ([pattern] + aliases).map(definition(of:)) }

    private func definition(of pattern: String) -> RouteDefinition {
        RouteDefinition(pattern: pattern, target: kind, priority: priority, metadata: metadata)
    }

    /// Why `metadata`'s `requiresLogin` or `loginFlow` cannot be read (a value other than `true` or
    /// `false`), or nil when both can or are absent. A route with such a value would open without
    /// login (or not be taken for a screen of the login flow), so the app refuses it: when loading what
    /// loads, it is left out and named; otherwise the load fails.
    public static func loginMetadataProblem(_ metadata: [String: String]) -> String? {
        loginMetadataKeyProblem(metadata)?.message
    }

    /// ``loginMetadataProblem(_:)`` with the key it concerns (`requiresLogin` first, then `loginFlow`),
    /// for the error's location (`routes[3].metadata.loginFlow`).
    public static func loginMetadataKeyProblem(_ metadata: [String: String]) -> (key: String, message: String)? {
        let gate = MetadataKey<Bool>.requiresLogin.name, flow = MetadataKey<Bool>.loginFlow.name
        if let value = metadata[gate], value != "true", value != "false" {
            return (gate, "'\(value)' is not a boolean (requiresLogin takes true or false): no login gate can "
                + "read the value, and it would otherwise open without login")
        }
        if let value = metadata[flow], value != "true", value != "false" {
            return (flow, "'\(value)' is not a boolean (loginFlow takes true or false): the login hold cannot "
                + "read the value, and it would otherwise not count as part of the login flow")
        }
        return nil
    }
}

