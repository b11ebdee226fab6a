/// Up to ``RoutePattern/maxParameters`` byte ranges, stored inline.
struct CaptureRanges: Sendable {
    var storage: InlineArray<8, UInt64> = .init(repeating: 0)

    subscript(index: Int) -> (start: Int, end: Int) {
        let v = storage[index]
        return (Int(v >> 32), Int(v & 0xFFFF_FFFF))
    }
}
