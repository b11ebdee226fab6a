import Testing
@testable import SwitchyardShell

/// The route table's column widths over every list width from 10 to 160 and a spread of widest cells:
/// a row never overflows, the pattern is whole whenever it leaves the target 6 columns (a sixth of a
/// wide list), and the target
/// is whole whenever that still leaves the flags 10.
@Suite("Route table columns")
struct RouteColumnsTests {
    @Test func rowsFitAndPatternsComeFirst() {
        let cells = [0, 1, 5, 8, 10, 14, 20, 26, 40, 70]
        for width in 10...160 {
            for pattern in cells.dropFirst() {
                for target in cells {
                    for flags in cells {
                        for showsTarget in [true, false] {
                            let c = AppView.routeColumns(width: width, widestPattern: pattern, widestTarget: target,
                                                         widestFlags: flags, showsTarget: showsTarget)
                            let context = "width \(width), pattern \(pattern), target \(target), flags \(flags)"
                            let targetFloor = showsTarget ? 1 + min(target, max(6, width / 6)) : 0
                            // `▸`, pattern, space, mark, then the target after a space.
                            let used = 3 + c.pattern + (showsTarget ? 1 + c.target : 0)
                            #expect(c.pattern >= 1 && c.pattern <= pattern && c.target <= target, "\(context)")
                            #expect(used <= width, "\(context): \(c)")
                            if 3 + pattern + targetFloor <= width {
                                #expect(c.pattern == pattern, "\(context): the pattern is cut")
                            }
                            if !showsTarget {
                                #expect(c.target == 0, "\(context)")
                            } else if 3 + pattern + 1 + target + (flags == 0 ? 0 : 2 + min(flags, 10)) <= width {
                                #expect(c.target == target, "\(context): the target is cut")
                            } else if c.pattern == pattern {
                                #expect(c.target >= min(target, max(6, width / 6)) || used == width,
                                        "\(context): the target is starved")
                            }
                        }
                    }
                }
            }
        }
    }
}
