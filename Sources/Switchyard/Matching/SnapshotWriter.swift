/// Appends little-endian scalars, length-prefixed strings and raw struct arrays.
struct SnapshotWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
    mutating func i64(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
    mutating func count(_ n: Int) { u32(UInt32(truncatingIfNeeded: n)) }

    mutating func string(_ s: String) {
        count(s.utf8.count)
        bytes.append(contentsOf: s.utf8)
    }

    /// The count, then each element's bytes as they are in memory, `stride` apart, padding zeroed (the
    /// structs written this way have no padding between their fields, so the output is deterministic).
    mutating func raw<T: BitwiseCopyable>(_ items: UnsafeBufferPointer<T>) {
        count(items.count)
        let stride = MemoryLayout<T>.stride
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: items.count * stride))
        bytes.withUnsafeMutableBytes { out in
            for (i, item) in items.enumerated() {
                out.storeBytes(of: item, toByteOffset: start + i * stride, as: T.self)
            }
        }
    }
}
