/// Why a pattern was refused.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem.
    public enum Reason: Sendable, Equatable {
        /// The pattern is empty.
        case empty
        /// The scheme is not letters, digits, `+ - .` starting with a letter.
        case invalidScheme
        /// There is no host after `://`.
        case missingHost
        /// The host cannot be optional or a catch-all.
        case invalidHost
        /// `:` or `*` is followed by an invalid name (names are `[A-Za-z_][A-Za-z0-9_]*`).
        case invalidParameterName
        /// The same parameter name is used twice.
        case duplicateParameterName(String)
        /// An optional segment that is not the last one.
        case optionalNotLast
        /// A catch-all that is not the last segment.
        case catchAllNotLast
        /// A `(` or `<` constraint that is not closed.
        case unterminatedConstraint
        /// `<type>` names an unknown type.
        case unknownType(String)
        /// The regex constraint was refused.
        case constraint(ConstraintError)
        /// Text after a parameter that is not part of it (`:id-x`).
        case unexpectedCharacter(Character)
        /// A `%` not followed by two hex digits, or an escape decoding to invalid UTF-8.
        case badPercentEscape
        /// `.` or `..` as a literal segment.
        case dotSegment
        /// A query (`?`) or fragment (`#`) in the pattern.
        case queryNotAllowed
        /// More than ``RoutePattern/maxSegments`` path segments.
        case tooManySegments
        /// A space or control character.
        case forbiddenCharacter
        /// More than ``RoutePattern/maxParameters`` parameters.
        case tooManyParameters
        /// A suffix pattern (`**/…`) holds an optional segment or a catch-all, or nothing after `**/`.
        case invalidSuffix
    }

    /// What was wrong.
    public let reason: Reason
    /// Byte offset in the pattern text.
    public let offset: Int
    /// The pattern text.
    public let pattern: String

    /// A sentence naming the problem, the pattern and the position.
    public var description: String {
        let what: String
        switch reason {
        case .empty: what = "the pattern is empty"
        case .invalidScheme: what = "invalid scheme"
        case .missingHost: what = "missing host"
        case .invalidHost: what = "the host must be a literal or a parameter"
        case .invalidParameterName: what = "invalid parameter name"
        case .duplicateParameterName(let n): what = "parameter name '\(n)' is used twice"
        case .optionalNotLast: what = "an optional segment must be the last"
        case .catchAllNotLast: what = "a catch-all must be the last segment"
        case .unterminatedConstraint: what = "unterminated constraint"
        case .unknownType(let t):
            what = "unknown type '\(t)' (known: \(SegmentConstraint.typeNames.joined(separator: ", ")))"
        case .constraint(let e): what = e.description
        case .unexpectedCharacter(let c): what = "unexpected '\(c)'"
        case .badPercentEscape: what = "bad percent escape"
        case .dotSegment: what = "'.' and '..' are not allowed as segments"
        case .queryNotAllowed: what = "a pattern cannot have a query or fragment"
        case .tooManySegments: what = "more than \(RoutePattern.maxSegments) segments"
        case .forbiddenCharacter: what = "space or control character"
        case .tooManyParameters: what = "more than \(RoutePattern.maxParameters) parameters"
        case .invalidSuffix:
            what = "'**/' may only start a pattern (after its scheme), and be followed by at least one literal or "
                + "parameter segment (no optional segment or catch-all)"
        }
        return "\(what) at byte \(offset) in pattern '\(pattern)'"
    }
}
