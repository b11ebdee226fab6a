/// One static redirect of a route file: `{"from", "to"}`, read strictly.
package struct RedirectDefinition: Sendable, Equatable, Codable {
    /// The pattern redirected from.
    package var from: String
    /// The pattern redirected to.
    package var to: String

    /// Creates a redirect entry.
    package init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    private enum Keys: String, CodingKey, CaseIterable { case from, to }

    /// Decodes `{"from", "to"}` strictly: both must be patterns, and the destination may only use
    /// parameters the source captures (refused at `to`, as a relocation's `replace` is).
    package init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        let (from, source) = try o.compiledPattern(.from)
        let (to, destination) = try o.compiledPattern(.to)
        if let problem = RoutePattern.destinationProblem(from: source, to: destination) { throw o.refuse(.to, problem) }
        self.init(from: from, to: to)
    }

    /// Encodes the shape it decodes.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
    }
}
