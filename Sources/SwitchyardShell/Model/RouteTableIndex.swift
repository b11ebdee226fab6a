#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Switchyard
import SwitchyardNavigation

/// The route table panel's rows, read once for the filter: each row's searchable text (pattern,
/// target and notes, lowercased) as UTF-8 in one buffer, the rows' display widths, and the first
/// route row of each pattern. With it a key typed in the filter scans bytes, not strings, and a
/// key that only adds to the filter's text scans just the rows the previous text let through.
package struct RouteTableIndex: Sendable, Equatable {
    /// The rows, in table order.
    package let rows: [RouteRow]
    /// Every row's searchable text, lowercased UTF-8, one after another.
    private let text: [UInt8]
    /// Where each row's text starts in ``text``; one more entry than rows, the last being the end.
    private let starts: [Int]
    /// The display width of each row's pattern.
    private let patternWidths: [Int]
    /// The display width of each row's target.
    private let targetWidths: [Int]
    /// The first route row of each pattern, for "test a URL" mode.
    private let routeByPattern: [String: Int]
    /// The first route row of each target, for a reached route whose pattern is not in the table.
    private let routeByTarget: [String: Int]

    /// Indexes `rows`.
    package init(rows: [RouteRow]) {
        self.rows = rows
        var text: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(rows.count + 1)
        var byPattern: [String: Int] = [:]
        var byTarget: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            text += Self.searchText(of: row).utf8
            starts.append(text.count)
            if row.kind == .route {
                if byPattern[row.pattern] == nil { byPattern[row.pattern] = index }
                if byTarget[row.target] == nil { byTarget[row.target] = index }
            }
        }
        self.text = text
        self.starts = starts
        patternWidths = rows.map { AppViewText.width($0.pattern) }
        targetWidths = rows.map { AppViewText.width($0.target) }
        routeByPattern = byPattern
        routeByTarget = byTarget
    }

    /// Two indexes are equal when their rows are (the rest is derived from them).
    package static func == (a: RouteTableIndex, b: RouteTableIndex) -> Bool { a.rows == b.rows }

    /// What the filter searches in a row: its pattern, target and notes, lowercased, one space apart.
    static func searchText(of row: RouteRow) -> String {
        ([row.pattern, row.target] + row.notes).joined(separator: " ").lowercased()
    }

    /// The filter's words: its text lowercased, split at spaces, as UTF-8.
    static func words(of filter: String) -> [[UInt8]] {
        Array(filter.lowercased().utf8).split(separator: UInt8(ascii: " ")).map(Array.init)
    }

    /// All rows.
    package var all: RouteRowList {
        RouteRowList(index: self, positions: nil, filterText: "")
    }

    /// The rows whose text contains every word of `filter` (ignoring case); all rows when it has no
    /// words. `previous`, the list for an earlier filter text, is narrowed instead of the whole table
    /// when the new text only adds to that one (each row the new text lets through, the old one did).
    package func filtered(by filter: String, narrowing previous: RouteRowList? = nil) -> RouteRowList {
        let words = Self.words(of: filter)
        guard !words.isEmpty else { return all }
        var candidates: [Int]?
        if let previous, let old = previous.filterText, !Self.words(of: old).isEmpty,
           Array(filter.lowercased().utf8).starts(with: old.lowercased().utf8) {
            candidates = previous.positions ?? nil
        }
        let positions = text.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                var out: [Int] = []
                func keep(_ row: Int, checking others: ArraySlice<[UInt8]>) {
                    let range = starts[row]..<starts[row + 1]
                    if others.allSatisfy({ Self.find($0, in: bytes, range) != nil }) { out.append(row) }
                }
                if let candidates {
                    for row in candidates { keep(row, checking: words[...]) }
                    return out
                }
                // The whole table: the first word is searched for in all the text at once, and only the
                // rows it is found in are checked for the other words.
                var row = 0
                var at = 0
                while row < rows.count, let found = Self.find(words[0], in: bytes, at..<bytes.count) {
                    while starts[row + 1] <= found { row += 1 }
                    if found + words[0].count <= starts[row + 1] {
                        keep(row, checking: words.dropFirst())
                        row += 1
                        at = starts[row]
                    } else {
                        // The word runs on into the next row's text: look again from the next byte.
                        at = found + 1
                    }
                }
                return out
            }
        }
        return RouteRowList(index: self, positions: positions, filterText: filter)
    }

    /// Where `word` first starts in `bytes[range]`, or nil: each candidate first byte is found with
    /// `memchr`, which scans many bytes a step.
    private static func find(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let count = word.count
        guard let first = word.first else { return range.lowerBound }
        guard count <= range.count, let base = bytes.baseAddress else { return nil }
        return word.withUnsafeBufferPointer { word -> Int? in
            guard let wordBase = word.baseAddress else { return nil }
            var at = range.lowerBound
            let last = range.upperBound - count
            while at <= last {
                guard let hit = memchr(base + at, Int32(first), last - at + 1) else { return nil }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if count == 1 || memcmp(base + position + 1, wordBase + 1, count - 1) == 0 { return position }
                at = position + 1
            }
            return nil
        }
    }

    /// "Test a URL" mode: the routes the explanation considered, winner first, each with its verdict;
    /// the routes that do not fit the URL's scheme and host are left out.
    package func tested(by explanation: RoutePanel.URLTest) -> RouteRowList {
        let rows = explanation.candidates.compactMap { candidate -> RouteRow? in
            guard let index = routeByPattern[candidate.pattern] else { return nil }
            var row = self.rows[index]
            row.verdict = candidate.verdict
            row.wins = candidate.pattern == explanation.winner
            return row
        }
        return RouteRowList(tested: rows)
    }

    /// The row index of `route` (the first route of its target when its pattern is not in the table).
    package func row(of route: RouteCoverage.Route) -> Int? {
        if let index = routeByPattern[route.pattern], rows[index].target == route.target { return index }
        if let index = routeByTarget[route.target] { return index }
        return nil
    }

    func patternWidth(_ row: Int) -> Int { patternWidths[row] }
    func targetWidth(_ row: Int) -> Int { targetWidths[row] }
}
