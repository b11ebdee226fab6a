/// A constrained parameter edge: the constraint's index in the trie and the child node.
struct ConstrainedEdge: Sendable {
    var constraint: Int32
    var child: Int32
}
