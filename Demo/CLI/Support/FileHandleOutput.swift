import Foundation

/// Writing to standard error.
enum FileHandleOutput {
    /// Writes a line to standard error.
    static func stderr(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
