/// The query items of a URL, in order, with every value of a repeated key kept.
///
/// `+` decodes to a space here (and only here); each name and value is percent-decoded exactly once.
public struct QueryParameters: Sendable, Hashable, Sequence {
    /// The items in the order they were written.
    public private(set) var items: [QueryItem]

    /// An empty query.
    public init() { items = [] }

    /// A query from items.
    public init(_ items: [QueryItem]) { self.items = items }

    init(parsing buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        var result: [QueryItem] = []
        var itemStart = start
        var k = start
        while k <= end {
            if k == end || buf[k] == UInt8(ascii: "&") {
                if k > itemStart {
                    var eq = itemStart
                    while eq < k && buf[eq] != UInt8(ascii: "=") { eq += 1 }
                    let name = PercentDecoder.decode(buf, itemStart, eq, plusIsSpace: true)
                    let value = eq < k ? PercentDecoder.decode(buf, eq + 1, k, plusIsSpace: true) : ""
                    result.append(QueryItem(name: name, value: value))
                }
                itemStart = k + 1
            }
            k += 1
        }
        items = result
    }

    /// True when there are no items.
    public var isEmpty: Bool { items.isEmpty }

    /// The number of items (a repeated key counts once per occurrence).
    public var count: Int { items.count }

    /// Every value given for `name`, in order.
    public func values(for name: String) -> [String] {
        items.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The first value given for `name`.
    public func first(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// The last value given for `name` (last wins).
    public func last(_ name: String) -> String? {
        items.last { $0.name == name }?.value
    }

    /// The last value given for `name` (last wins), as in most web frameworks.
    public subscript(_ name: String) -> String? { last(name) }

    /// The distinct names, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return items.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// The items grouped by name, each name with all its values in order.
    public var grouped: [String: [String]] {
        var out: [String: [String]] = [:]
        for item in items { out[item.name, default: []].append(item.value) }
        return out
    }

    /// Appends an item.
    public mutating func append(_ name: String, _ value: String) {
        items.append(QueryItem(name: name, value: value))
    }

    /// Iterates the items in order.
    public func makeIterator() -> IndexingIterator<[QueryItem]> { items.makeIterator() }
}
