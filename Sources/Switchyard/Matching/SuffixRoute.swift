/// A suffix pattern as the matcher tries it: its route, its scheme (lowercased; nil for any) and its
/// segments, matched against the last segments of a URL's path.
struct SuffixRoute: Sendable {
    enum Segment: Sendable {
        /// Key bytes, ASCII-lowercased when paths ignore case.
        case literal([UInt8])
        case parameter
        /// A constrained parameter: the constraint's index in the trie.
        case constrained(Int32)
    }

    var route: Int32
    var scheme: [UInt8]?
    var segments: [Segment]
}
