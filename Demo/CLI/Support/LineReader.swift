import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor in lines, handing over at once every complete line that has arrived: a batch
/// from a file or a fast pipe, one line from a script that writes a URL and waits for its answer.
///
/// A line ends at `\n` (a `\r` before it is dropped, as `readLine` drops it); text that is not UTF-8 is
/// repaired as `readLine` repairs it; the last line needs no newline.
struct LineReader {
    private let fd: Int32
    private var pending: [UInt8] = []
    private var ended = false
    /// What one `read` fills (kept between reads).
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The complete lines read so far and not yet handed over (at least one, waiting for input when
    /// there are none), or nil once the input has ended and every line was handed over.
    mutating func nextLines() -> [String]? {
        while true {
            if let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) {
                let lines = Self.split(pending[..<lastNewline])
                pending.removeSubrange(...lastNewline)
                return lines
            }
            if ended {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return Self.split(pending[...])
            }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                ended = true
            }
        }
    }

    private static func split(_ bytes: ArraySlice<UInt8>) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }
}
