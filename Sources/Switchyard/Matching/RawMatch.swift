/// What the trie found for a URL: the route, whether an optional segment was absent, and byte ranges.
/// (The URL's layout is not kept: a match reads it again when its query or ``RouteURL`` is asked for,
/// which keeps the value a lookup returns small.)
@usableFromInline
struct RawMatch: Sendable {
    @usableFromInline let route: Int32
    let optionalAbsent: Bool
    /// The raw byte range of each captured parameter, in the pattern's parameter order.
    let captures: CaptureRanges
}
