extension Route where Target == RouteEntry {
    /// The route as text, as a route file writes it: the pattern's canonical text, the target's name,
    /// the priority and the metadata (the handler is not text, so it is left out).
    public var definition: RouteDefinition {
        RouteDefinition(pattern: pattern.description, target: target.name, priority: priority,
                        metadata: target.metadata)
    }
}
