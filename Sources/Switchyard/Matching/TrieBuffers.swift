/// An uninitialised buffer of `count` elements that lives as long as its owner, starting on a cache line
/// (so that each 64-byte ``TrieNode`` is one line). At least one element is allocated; the buffer is viewed
/// as `count`. Freed with `release(_:)`.
func trieBuffer<T>(count: Int) -> UnsafeMutableBufferPointer<T> {
    let capacity = max(count, 1)
    let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<T>.stride,
                                               alignment: max(MemoryLayout<T>.alignment, 64))
    let buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: capacity), count: capacity)
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
}

/// Copies an array into a manually managed buffer from `trieBuffer(count:)`. Freed with `release(_:)`.
func frozen<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let buffer: UnsafeMutableBufferPointer<T> = trieBuffer(count: array.count)
    _ = buffer.initialize(from: array)
    return buffer
}

/// Frees a buffer made by `frozen(_:)` or `trieBuffer(count:)` (its elements are trivial values).
func release<T>(_ buffer: UnsafeMutableBufferPointer<T>) {
    buffer.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
}

/// The trie's arrays of trivial values, in buffers from `trieBuffer(count:)`, which a ``RouteTrie``
/// frees when it is deallocated.
struct TrieBuffers {
    var nodes: UnsafeMutableBufferPointer<TrieNode>
    var literals: UnsafeMutableBufferPointer<LiteralEdge>
    var keyBytes: UnsafeMutableBufferPointer<UInt8>
    var constrained: UnsafeMutableBufferPointer<ConstrainedEdge>
    var optionals: UnsafeMutableBufferPointer<OptionalEdge>
    var terminals: UnsafeMutableBufferPointer<TrieTerminal>

    /// Frees the buffers (only for a set that no trie took).
    func deallocate() {
        release(nodes)
        release(literals)
        release(keyBytes)
        release(constrained)
        release(optionals)
        release(terminals)
    }
}
