/// A literal edge as the node lists it (`litStart`, `litCount`): the canonical copy, which snapshots store
/// and diagnostics read. Lookups go through ``EdgeSlot``s instead.
struct LiteralEdge: Sendable {
    var keyStart: Int32
    var keyLength: Int32
    var child: Int32

    /// Up to 8 bytes packed little-endian, optionally ASCII-folded (the words ``EdgeSlot`` compares).
    @inline(__always)
    static func pack(_ p: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt64 {
        var v: UInt64 = 0
        var k = min(count, 8)
        while k > 0 {
            k -= 1
            var b = p[k]
            if fold && b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            v = v << 8 | UInt64(b)
        }
        return v
    }
}
