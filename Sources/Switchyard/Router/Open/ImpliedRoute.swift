/// A route that a navigation implies besides its own: its URL, pattern and metadata.
struct ImpliedRoute {
    /// The implied URL.
    let url: String
    /// The pattern of the route it matches, in canonical text.
    let pattern: String
    /// That route's metadata.
    let metadata: [String: String]
}
