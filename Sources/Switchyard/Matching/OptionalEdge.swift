/// An optional last segment: its constraint and the terminal that ends a match there.
struct OptionalEdge: Sendable {
    /// `-1` for an unconstrained optional.
    var constraint: Int32
    var terminal: Int32
}
