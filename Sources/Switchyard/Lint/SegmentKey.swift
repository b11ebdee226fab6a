/// What a ``SegmentLanguage`` made by ``PatternAnalyzer`` is built from, when that alone decides the
/// language: equal keys are equal languages (for one analyzer's options).
package enum SegmentKey: Hashable, Sendable {
    /// A parameter (required or optional) with this constraint, in the host or in the path.
    case parameter(host: Bool, constraint: SegmentConstraint?)
    /// A path literal compared without regard to ASCII case.
    case foldedLiteral(String)
    /// Any non-empty path segment (a catch-all's).
    case anyPath
}
