/// A pattern that never wins: routes ranking above it match every URL it matches.
package struct ShadowReport: Sendable, Equatable, CustomStringConvertible {
    /// The pattern that never wins.
    package let pattern: String
    /// The pattern that wins instead (several joined with ` and ` when each covers part of it, as
    /// for an optional last segment present and absent).
    package let shadowedBy: String
    /// Example URLs the pattern matches that go to the winner instead.
    package let samples: [String]

    /// One line.
    package var description: String {
        "\(pattern) is shadowed by \(shadowedBy) (every URL it matches goes there, e.g. "
            + "\(samples.joined(separator: ", ")))"
    }
}
