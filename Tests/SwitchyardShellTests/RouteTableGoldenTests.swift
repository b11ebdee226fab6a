import TerminalKit
import Testing
@testable import SwitchyardShell

/// The filtered route table at the other common sizes (100×30 is `routeTablePanelFiltered`): the
/// columns use the row's room before any is cut, a row's target takes what its flags leave, and the
/// title drops whole parts.
extension AppViewGoldenTests {
    @Test(arguments: [(80, 24), (120, 40)])
    func routeTableFilteredAtCommonSizes(_ width: Int, _ height: Int) async throws {
        let (loop, terminal) = try AppFixture.loop(width: width, height: height)
        await AppFixture.type("Rorder", to: loop, terminal)
        await AppFixture.send([.down], to: loop, terminal)
        let frame = try #require(terminal.lastFrame)
        // No row of the table ends in blank columns while its target is cut.
        for line in frame.text() where line.contains("…  ") || line.contains("… │") {
            #expect(!line.contains("…     "), "a cut cell with spare columns after it: \(line)")
        }
        try Self.assertGolden("route-table-order-\(width)x\(height)", frame)
    }
}
