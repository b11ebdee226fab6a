/// A relocation `add` rule that applied: its pattern is a path for the route target `target`.
struct RelocationAlias {
    /// The added pattern.
    let pattern: RoutePattern
    /// The route target the pattern leads to.
    let target: String
    /// The path parameters the pattern matched.
    let parameters: PathParameters
}
