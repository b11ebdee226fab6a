/// LLVM's prefetch intrinsic, reached by its symbol name: a hint that starts loading the cache line at
/// `address` (no fault for any address, no effect on results). `write` 0 = for reading, `locality` 3 = keep
/// in every cache level, `data` 1 = a data line.
@_silgen_name("llvm.prefetch.p0")
func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ data: Int32)

extension Walker {
    /// Starts loading node `node`'s lines (a 52-byte node may span two) while the walk does something that
    /// does not need it yet, such as probing the literal table for the same segment: the node is read next
    /// if the probe finds nothing, and the two reads then overlap instead of waiting one for the other.
    @inline(__always)
    func prefetchNode(_ node: Int32) {
        guard let base = nodes.baseAddress else { return }
        let p = UnsafeRawPointer(base + Int(node))
        llvmPrefetch(p, 0, 3, 1)
        llvmPrefetch(p + (MemoryLayout<TrieNode>.stride - 1), 0, 3, 1)
    }
}
