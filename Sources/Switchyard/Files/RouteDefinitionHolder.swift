/// A value built around one route as text (``RouteDefinition``): its `pattern`, `target`, `priority`
/// and `metadata` read and write the definition it holds, so the four fields exist in one place.
public protocol RouteDefinitionHolder {
    /// The route as text.
    var definition: RouteDefinition { get set }
}

extension RouteDefinitionHolder {
    /// The pattern text.
    public var pattern: String {
        get { definition.pattern }
        set { definition.pattern = newValue }
    }

    /// The target's name.
    public var target: String {
        get { definition.target }
        set { definition.target = newValue }
    }

    /// Tie-breaking priority (higher wins).
    public var priority: Int {
        get { definition.priority }
        set { definition.priority = newValue }
    }

    /// Free-form metadata (`requiresLogin`, `title`…).
    public var metadata: [String: String] {
        get { definition.metadata }
        set { definition.metadata = newValue }
    }
}
