internal import CSwitchyardPrefetch

/// Starts loading the cache line at `address` (a hint: no fault for any address, no effect on results).
@inline(__always)
func prefetch(_ address: UnsafeRawPointer) {
    switchyard_prefetch(address)
}

extension Walker {
    /// Starts loading node `node`'s lines (a 52-byte node may span two) while the walk does something that
    /// does not need it yet, such as probing the literal table for the same segment: the node is read next
    /// if the probe finds nothing, and the two reads then overlap instead of waiting one for the other.
    @inline(__always)
    func prefetchNode(_ node: Int32) {
        guard let base = nodes.baseAddress else { return }
        let p = UnsafeRawPointer(base + Int(node))
        prefetch(p)
        prefetch(p + (MemoryLayout<TrieNode>.stride - 1))
    }
}
