import Foundation

/// Walks path segments in a validated byte range, skipping empty ones.
enum SegmentCursor {
    /// Returns the next segment's `[start, end)` and moves `p` past it, or nil at the end.
    @inline(__always)
    static func next(_ buf: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ end: Int) -> (Int, Int)? {
        var i = p
        while i < end && buf[i] == UInt8(ascii: "/") { i += 1 }
        if i >= end { p = end; return nil }
        let start = i
        while i < end && buf[i] != UInt8(ascii: "/") { i += 1 }
        p = i
        return (start, i)
    }
}
