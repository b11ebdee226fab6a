/// Reads a snapshot's bytes with every read bounds-checked: reading past `end` is a typed error naming
/// what was being read and where, never a trap.
struct SnapshotReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int
    /// One past the last byte this reader may read.
    let end: Int
    /// The error for a read past `end`: `.truncated` in the header, `.corrupt` inside the payload (whose
    /// length the header already checked).
    let pastEndIsTruncation: Bool

    func pastEnd(_ what: String) -> SnapshotError {
        pastEndIsTruncation
            ? .truncated(offset: offset) : .corrupt("\(what) runs past the end of the payload", offset: offset)
    }

    mutating func take(_ n: Int, _ what: String) throws(SnapshotError) -> Int {
        guard n >= 0, end - offset >= n else { throw pastEnd(what) }
        let at = offset
        offset += n
        return at
    }

    mutating func u8(_ what: String) throws(SnapshotError) -> UInt8 { bytes[try take(1, what)] }
    mutating func u32(_ what: String) throws(SnapshotError) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4, what), as: UInt32.self))
    }
    mutating func u64(_ what: String) throws(SnapshotError) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8, what), as: UInt64.self))
    }
    mutating func i32(_ what: String) throws(SnapshotError) -> Int32 { Int32(bitPattern: try u32(what)) }
    mutating func i64(_ what: String) throws(SnapshotError) -> Int {
        let v = Int64(bitPattern: try u64(what))
        guard let i = Int(exactly: v) else { throw .corrupt("\(what) \(v) does not fit in Int", offset: offset - 8) }
        return i
    }
    mutating func bool(_ what: String) throws(SnapshotError) -> Bool {
        let at = offset
        switch try u8(what) {
        case 0: return false
        case 1: return true
        case let b: throw .corrupt("\(what) is \(b), not 0 or 1", offset: at)
        }
    }

    /// A count of elements that each take at least `minimumSize` bytes: refused when they cannot fit in
    /// what is left, so a hostile count never drives a huge allocation.
    mutating func count(_ what: String, minimumSize: Int) throws(SnapshotError) -> Int {
        let at = offset
        let n = Int(try u32("count of \(what)"))
        guard n <= SnapshotFormat.maxCount, n <= (end - offset) / max(minimumSize, 1) else {
            throw pastEndIsTruncation
                ? .truncated(offset: at) : .corrupt("count of \(what) (\(n)) does not fit in the payload", offset: at)
        }
        return n
    }

    /// A length-prefixed UTF-8 string; invalid UTF-8 is refused.
    mutating func string(_ what: String) throws(SnapshotError) -> String {
        let n = try count(what, minimumSize: 1)
        let at = try take(n, what)
        guard let s = String(validating: UnsafeRawBufferPointer(rebasing: bytes[at..<at + n]), as: UTF8.self) else {
            throw .corrupt("\(what) is not valid UTF-8", offset: at)
        }
        return s
    }

    /// A raw struct array written by ``SnapshotWriter/raw(_:)``: the count, then the elements' bytes,
    /// copied as they are, after `check` has seen the raw bytes of each element (at its byte offset), into
    /// a buffer from `trieBuffer(count:)` (the caller owns it, and frees it with `release(_:)`).
    mutating func raw<T: BitwiseCopyable>(_ type: T.Type, _ what: String,
                                          check: (Int) throws(SnapshotError) -> Void = { _ in })
        throws(SnapshotError) -> (items: UnsafeMutableBufferPointer<T>, start: Int) {
        let stride = MemoryLayout<T>.stride
        let n = try count(what, minimumSize: stride)
        let start = try take(n * stride, what)
        for i in 0..<n { try check(start + i * stride) }
        let buffer: UnsafeMutableBufferPointer<T> = trieBuffer(count: n)
        if n > 0 {
            UnsafeMutableRawBufferPointer(buffer)
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + n * stride]))
        }
        return (buffer, start)
    }
}
