/// A side of the area an ``Animation`` plays in.
public enum AnimationEdge: String, Hashable, Sendable, CaseIterable, Codable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
}
