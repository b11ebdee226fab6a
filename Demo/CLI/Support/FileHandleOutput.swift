import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writing to standard error.
enum FileHandleOutput {
    /// Writes a line to standard error, after what `print` buffered for standard output: when both go
    /// to one file (a CI log), the line lands after the output printed before it, never inside a line.
    static func stderr(_ line: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
