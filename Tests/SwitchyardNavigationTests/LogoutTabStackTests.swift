import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// Logging out leaves a tab whose root needs login at its root: an ungated screen left above that root
/// could otherwise be shown again (a pop to target finds it in any tab) with the gated root under it and
/// no login asked.
@MainActor
struct LogoutTabStackTests {
    struct Case: CustomStringConvertible, Sendable {
        /// Commands given while logged in, before `logout`.
        var before: [NavigationCommand]
        /// The command given after `logout`.
        var after: NavigationCommand
        /// The state afterwards (`compactDescription`).
        var stack: String
        /// What the logout's report says.
        var says: String
        var description: String { (before + [.logout, after]).map(\.description).joined(separator: "; ") }
    }

    nonisolated static let cases: [Case] = [
        Case(before: [.tab(3), .open("app://cart"), .tab(2)], after: .open("app://cart"),
             stack: "[Discover] Discover > Cart", says: "dropped Cart from another tab (its root needs login)"),
        Case(before: [.tab(3), .open("app://order/42"), .open("app://cart"), .tab(1)], after: .open("app://cart"),
             stack: "[Home] Home > Cart",
             says: "dropped Order #42 (needs login) and Cart above it from another tab"),
        // A form closed by logout: its leave guard is overridden, and the note says the changes went.
        Case(before: [.open("app://settings"), .open("app://settings/edit")], after: .open("app://discover"),
             stack: "[Discover] Discover", says: "discarded the unsaved changes of Edit profile"),
        Case(before: [.tab(3), .open("app://cart"), .tab(1)], after: .tab(3),
             stack: "[Home] Home ^ Log in", says: "dropped Cart from another tab (its root needs login)"),
    ]

    @Test(arguments: cases)
    func aTabBehindLoginKeepsOnlyItsRootAfterLogout(_ c: Case) async throws {
        let runtime = try RuntimePropertyTests.runtime("demo")
        _ = await runtime.perform(.login)
        for command in c.before {
            let report = await runtime.perform(command)
            #expect(!report.isError, "\(command): \(report.message ?? "")")
        }
        let logout = await runtime.perform(.logout)
        #expect(logout.message?.contains(c.says) == true, "\(logout.message ?? "")")
        #expect(runtime.state.tabs[2].stack.map(\.title) == ["Orders"])
        _ = await runtime.perform(c.after)
        #expect(runtime.state.compactDescription == c.stack)
        #expect(RuntimePropertyTests.gatedScreenShown(runtime) == nil)
    }
}
