import Switchyard
import SwitchyardNavigation

/// The rows the route table's filter lets through: positions in a ``RouteTableIndex`` (so a key
/// copies no rows), or the rows of "test a URL" mode; with the widest pattern and target among them.
package struct RouteRowList: RandomAccessCollection, Sendable, Equatable {
    private let index: RouteTableIndex?
    /// The rows' positions in the index; nil for all of them.
    let positions: [Int]?
    private let testedRows: [RouteRow]
    /// The filter text the rows answer (nil in "test a URL" mode).
    package let filterText: String?
    /// The widest pattern's display width.
    package let widestPattern: Int
    /// The widest target's display width.
    package let widestTarget: Int

    init(index: RouteTableIndex, positions: [Int]?, filterText: String) {
        self.index = index
        self.positions = positions
        testedRows = []
        self.filterText = filterText
        var pattern = 0, target = 0
        if let positions {
            for row in positions {
                pattern = Swift.max(pattern, index.patternWidth(row))
                target = Swift.max(target, index.targetWidth(row))
            }
        } else {
            for row in index.rows.indices {
                pattern = Swift.max(pattern, index.patternWidth(row))
                target = Swift.max(target, index.targetWidth(row))
            }
        }
        widestPattern = pattern
        widestTarget = target
    }

    init(tested rows: [RouteRow]) {
        index = nil
        positions = nil
        testedRows = rows
        filterText = nil
        widestPattern = rows.map { AppViewText.width($0.pattern) }.max() ?? 0
        widestTarget = rows.map { AppViewText.width($0.target) }.max() ?? 0
    }

    /// No rows.
    package init() {
        self.init(tested: [])
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        guard let index else { return testedRows.count }
        return positions?.count ?? index.rows.count
    }

    package subscript(position: Int) -> RouteRow {
        guard let index else { return testedRows[position] }
        return index.rows[positions?[position] ?? position]
    }

    package static func == (a: RouteRowList, b: RouteRowList) -> Bool {
        a.filterText == b.filterText && a.elementsEqual(b)
    }
}
