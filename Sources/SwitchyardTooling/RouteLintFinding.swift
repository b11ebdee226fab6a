import Switchyard

/// One problem found in a route file by `RouteLint` (or in an app by its app rules).
public struct RouteLintFinding: Sendable, Equatable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Equatable {
        /// The table is wrong: a route or redirect would not work as written.
        case error
        /// Probably unintended, but the table works.
        case warning
    }

    /// How serious it is.
    public let severity: Severity
    /// What kind of problem it is.
    public let code: LintCode
    /// Where in the file: `routes[2]`, `redirects[0]`, `relocations.entries[1]`, `relocations`.
    public let location: String
    /// What is wrong.
    public let message: String
    /// The line of the location in the file, from 1, when the finding was placed in a file's text
    /// (``RouteFileCheck``); nil otherwise.
    public internal(set) var line: Int?
    /// The column of the location in the file, in characters from 1, with ``line``.
    public internal(set) var column: Int?

    /// Creates a finding with an explicit severity.
    package init(_ severity: Severity, _ code: LintCode, _ location: String, _ message: String) {
        self.severity = severity
        self.code = code
        self.location = location
        self.message = message
    }

    /// Creates a finding with the code's own severity.
    package init(_ code: LintCode, _ location: String, _ message: String) {
        self.init(code.severity, code, location, message)
    }

    /// `error: [duplicate] routes[2]: pattern 'app://a' is already registered`.
    public var description: String { "\(severity.rawValue): [\(code)] \(location): \(message)" }

    /// The line `switchyard lint` prints, compiler style so editors jump to it:
    /// `FILE:LINE:COLUMN: error: [duplicate] routes[2]: …`; `FILE: …` when the finding has no place in
    /// the file (it concerns the file as a whole, or the file was not read for places), and
    /// ``description`` alone when there is no file (`file` nil: the built-in demo app).
    public func line(file: String?) -> String {
        guard let file else { return description }
        let place = line.map { line in column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)" } ?? file
        return "\(place): \(description)"
    }
}
