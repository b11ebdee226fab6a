/// Distinct strings, each kept once and numbered in order of arrival (through an ``InternIndex``).
struct TextPool {
    private(set) var texts: [String] = []
    private var index = InternIndex()

    /// The number of `s`, added when new.
    mutating func id(_ s: String) -> Int32 {
        var copy = s
        let hash = copy.withUTF8 { InternIndex.hash($0) }
        let (id, isNew) = index.id(hash: hash) { texts[Int($0)] == s }
        if isNew { texts.append(s) }
        return id
    }
}
