/// Something `switchyard import` could not convert, or converted with a loss, with its place.
package struct ImportWarning {
    package var file: String
    /// The line, from 1; nil for a whole file.
    package var line: Int?
    package var message: String

    /// `FILE:LINE: MESSAGE` (`FILE: MESSAGE` without a line).
    package var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
}
