import Testing
@testable import SwitchyardShell

/// The route table's column widths over every list width from 10 to 160 and a spread of widest cells:
/// a row never overflows, no column is cut while the row has a spare column, the longest columns are
/// cut first (the pattern keeping three quarters of the room), and flags are shown from five columns.
@Suite("Route table columns")
struct RouteColumnsTests {
    /// The columns a row of these widths takes: `▸`, pattern, space, mark, then a space and the target,
    /// then two spaces and the flags.
    static func used(_ c: (pattern: Int, target: Int, flags: Int), showsTarget: Bool) -> Int {
        3 + c.pattern + (showsTarget ? 1 + c.target : 0) + (c.flags > 0 ? 2 + c.flags : 0)
    }

    @Test func rowsAreFilledBeforeAnyColumnIsCut() {
        let cells = [0, 1, 5, 8, 10, 14, 20, 26, 40, 70]
        for width in 10...160 {
            for pattern in cells.dropFirst() {
                for target in cells {
                    for flags in cells {
                        for showsTarget in [true, false] {
                            let c = AppView.routeColumns(width: width, widestPattern: pattern, widestTarget: target,
                                                         widestFlags: flags, showsTarget: showsTarget)
                            let context = "width \(width), pattern \(pattern), target \(target), flags \(flags), "
                                + "target shown \(showsTarget): \(c)"
                            let used = Self.used(c, showsTarget: showsTarget)
                            let wanted = showsTarget ? target : 0
                            #expect(c.pattern >= 1 && c.pattern <= pattern && c.target <= wanted
                                    && c.flags <= flags, "\(context)")
                            #expect(used <= width, "\(context): the row overflows")
                            let cut = c.pattern < pattern || c.target < wanted || (c.flags > 0 && c.flags < flags)
                            if cut {
                                #expect(used == width, "\(context): a column is cut with spare columns")
                            }
                            if flags > 0 && c.flags == 0 {
                                // Left out only when five columns of flags do not fit beside the rest.
                                #expect(used + 2 + min(5, flags) > width, "\(context): flags left out")
                            }
                            // Flags are shown whole or from five columns, never as `l…`.
                            #expect(c.flags == 0 || c.flags >= min(5, flags), "\(context)")
                            // The longest column is cut first: a cut target or flags column is at least
                            // as wide as any other shown column but one, the pattern apart (it keeps
                            // three quarters of the room).
                            let room = width - 3 - (showsTarget ? 1 : 0) - (c.flags > 0 ? 2 : 0)
                            #expect(c.pattern >= min(pattern, max(1, room * 3 / 4)), "\(context): pattern starved")
                            if showsTarget, c.target < target, c.flags > 0 {
                                #expect(c.flags <= c.target + 1, "\(context): target cut before the flags")
                            }
                            if c.flags > 0, c.flags < flags, showsTarget {
                                #expect(c.target <= c.flags + 1, "\(context): flags cut before the target")
                            }
                        }
                    }
                }
            }
        }
    }

    /// Widths at the sizes the app is used at, from the route tables of the fixture app.
    @Test(arguments: [
        // width, widest pattern, target, flags → pattern, target, flags
        (50, 26, 17, 10, 26, 9, 9),  // 100 columns, filter `order`: the rewrite's target and flags share
        (50, 29, 16, 10, 29, 8, 7),
        (33, 28, 11, 5, 21, 8, 0),  // 80 columns: the flags make way for the pattern and the target
        (70, 29, 16, 10, 29, 16, 10),  // 120 columns: all whole
        (40, 20, 11, 5, 20, 9, 5),  // the target cut, the flags whole: the shorter column is kept
    ])
    func widthsAtCommonSizes(_ width: Int, _ pattern: Int, _ target: Int, _ flags: Int,
                             _ p: Int, _ t: Int, _ f: Int) {
        let c = AppView.routeColumns(width: width, widestPattern: pattern, widestTarget: target,
                                     widestFlags: flags, showsTarget: true)
        #expect(c.pattern == p && c.target == t && c.flags == f, "\(c)")
    }

    /// A row's target takes what its own flags leave of the flags column before it is cut.
    @Test func aTargetTakesTheRoomItsFlagsLeave() {
        let table = AppView.RouteTableLayout(pattern: 26, target: 9, flags: 9, blocks: [], verdicts: [:], end: 0)
        #expect(AppView.targetWidth(11, flags: 5, table: table) == 13, "OrderDetail beside `login`")
        #expect(AppView.targetWidth(20, flags: 0, table: table) == 20, "no flags: the column and its gap")
        #expect(AppView.targetWidth(17, flags: 10, table: table) == 9, "no room left: cut")
        #expect(AppView.targetWidth(6, flags: 5, table: table) == 9, "fits: the column")
    }

    /// The listing title drops its least telling parts first: the key, the reached count, the
    /// rewrites, the total; it is cut only when not even the count of shown rows fits.
    @Test(arguments: [
        (60, "4 shown of 25 routes, 2 rewrites · 6 reached · F3"),
        (48, "4 shown of 25 routes, 2 rewrites · 6 reached"),
        (40, "4 shown of 25 routes, 2 rewrites"),
        (25, "4 shown of 25 routes"),
        (12, "4 shown"),
        (5, "4 sh…"),
    ])
    func listingTitleDropsPartsWhole(_ room: Int, _ expected: String) {
        let rows = (0..<25).map { RouteRow(kind: .route, pattern: "app://r\($0)", target: "T") }
            + (0..<2).map { RouteRow(kind: .redirect, pattern: "app://x\($0)", target: "⇒ app://r0") }
        #expect(AppView.listingTitle(shown: 4, of: rows, reached: 6, room: room) == expected)
    }
}
