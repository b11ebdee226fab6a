import Foundation

/// Why a route file, app description, relocation table or route map was refused: the file, the coding
/// path of the bad value (`routes[3].pattern`), what was wrong, and for syntax errors the line and column.
///
/// ``description`` reads `routes.json: routes[1].guard: expected a string, found a boolean`, or for a
/// syntax error `routes.json:4:7: routes[0]: trailing comma before '}'`. Control characters, bidi
/// controls and DEL in it are escaped (`\u{1B}`), and values from the file are echoed at most 80
/// characters long, so a message can be printed to a terminal as it is.
public struct RouteFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The coding path of the bad value, such as `routes[3].pattern`; empty when the file as a whole is
    /// wrong (not found, empty, not an object).
    public let location: String
    /// What was wrong.
    public let message: String
    /// The file as it was named (`--routes FILE`); nil when the data did not come from a file.
    public var file: String?
    /// The line of a syntax error, from 1.
    public var line: Int?
    /// The column of a syntax error, in characters, from 1.
    public var column: Int?

    /// Creates an error.
    public init(_ location: String, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.location = location
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same error naming `file`, unless it already names one.
    public func naming(_ file: String?) -> RouteFileError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }

    /// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out the parts that are unknown or empty; without a
    /// file, the position reads `line L, column C`.
    public var description: String {
        var parts: [String] = []
        var head = file ?? ""
        if let line, let column { head += file == nil ? "line \(line), column \(column)" : ":\(line):\(column)" }
        if !head.isEmpty { parts.append(head) }
        if !location.isEmpty { parts.append(location) }
        parts.append(message)
        return SchemaText.visible(parts.joined(separator: ": "))
    }
}
