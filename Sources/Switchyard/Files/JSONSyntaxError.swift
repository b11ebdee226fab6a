import Foundation

/// A JSON syntax error: what is wrong, where (1-based line and column, in characters), and in which
/// value (`routes[0]` for a trailing comma inside the first route).
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The coding path of the innermost value being read.
    package let path: String
    /// What is wrong.
    package let message: String
    /// The line, from 1; nil for an empty file.
    package let line: Int?
    /// The column in characters, from 1; nil for an empty file.
    package let column: Int?
}
