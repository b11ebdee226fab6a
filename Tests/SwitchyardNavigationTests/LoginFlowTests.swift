import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// Screens of the login flow (routes whose metadata sets `loginFlow`: the demo's "Reset password" and
/// "Log in as …") may cover the held login screen without ending the hold: going back to the login
/// screen keeps it, `login` from a detour closes the whole flow and resumes, and any other open, tab or
/// dismiss of the login screen ends the hold as before.
@MainActor
struct LoginFlowTests {
    struct Case: CustomStringConvertible, Sendable {
        /// What is done after `app://order/42` showed the login screen, in order.
        var commands: [NavigationCommand]
        /// The state afterwards (`compactDescription`).
        var stack: String
        /// The held open's URL afterwards, or nil.
        var held: String?
        /// What the held open's callback received (nothing while it is held).
        var delivered: [String]
        var description: String { commands.map(\.description).joined(separator: "; ") }
    }

    nonisolated static let cases: [Case] = [
        // A detour keeps the hold; back returns to the login screen, still holding.
        Case(commands: [.tap(1)], stack: "[Home] Home ^ Log in ^ Reset password", held: "app://order/42",
             delivered: []),
        Case(commands: [.tap(1), .back()], stack: "[Home] Home ^ Log in", held: "app://order/42", delivered: []),
        Case(commands: [.tap(1), .dismiss()], stack: "[Home] Home ^ Log in", held: "app://order/42", delivered: []),
        Case(commands: [.tap(2)], stack: "[Home] Home ^ Log in ^ Log in as 13800000000", held: "app://order/42",
             delivered: []),
        // Two detours deep, then back twice: the login screen, still holding.
        Case(commands: [.tap(1), .open("app://user/login/5"), .back(), .back()], stack: "[Home] Home ^ Log in",
             held: "app://order/42", delivered: []),
        // Logging in from a detour closes the flow and resumes the held open.
        Case(commands: [.tap(1), .login], stack: "[Orders] Orders > Order #42", held: nil, delivered: ["handled"]),
        Case(commands: [.tap(2), .login], stack: "[Orders] Orders > Order #42", held: nil, delivered: ["handled"]),
        // Any other open from a detour closes the detour and the login screen: the hold ends.
        Case(commands: [.tap(1), .open("app://discover/item/7")], stack: "[Discover] Discover > Item #7", held: nil,
             delivered: ["cancelled"]),
        Case(commands: [.tap(1), .tab(2)], stack: "[Discover] Discover", held: nil, delivered: ["cancelled"]),
        // Back from the login screen itself still cancels.
        Case(commands: [.tap(1), .back(), .back()], stack: "[Home] Home", held: nil, delivered: ["cancelled"]),
        // A newer gated open from a detour closes the detour, updates the login screen and holds anew.
        Case(commands: [.tap(1), .open("app://order/43")], stack: "[Home] Home ^ Log in", held: "app://order/43",
             delivered: ["cancelled"]),
    ]

    @Test(arguments: cases)
    func aDetourOfTheLoginFlowKeepsTheHold(_ c: Case) async throws {
        let runtime = try RuntimePropertyTests.runtime("demo")
        let held = Deliveries()
        _ = await runtime.perform(.open("app://order/42"), callback: held.callback())
        #expect(runtime.isShowingLogin)
        for command in c.commands {
            let report = await runtime.perform(command)
            #expect(runtime.holdViolation == nil, "after \(command): \(runtime.holdViolation ?? "")")
            #expect(!report.isError || command == .login, "\(command): \(report.message ?? "")")
        }
        #expect(runtime.state.compactDescription == c.stack)
        #expect(runtime.heldNavigation?.url == c.held)
        #expect(held.all == c.delivered)
    }

    /// A detour is a screen of the flow: `L` logs in from it, and the login screen's waiting line is
    /// there too (the shell reads `isShowingLogin`).
    @Test func aDetourCountsAsShowingTheLogin() async throws {
        let runtime = try RuntimePropertyTests.runtime("demo")
        _ = await runtime.perform(.open("app://order/42"))
        _ = await runtime.perform(.tap(1))
        #expect(runtime.state.top.title == "Reset password")
        #expect(runtime.state.top.parameters["openedFrom"] == "Log in", "a detour is opened from the login screen")
        #expect(runtime.isShowingLogin)
        _ = await runtime.perform(.open("app://discover"))
        #expect(!runtime.isShowingLogin)
    }
}

/// A `tab N` that a leave guard refuses is an open like any other: it ends `vetoed` and its callback is
/// told once, as opening the tab's URL does.
@MainActor
struct VetoedTabTests {
    @Test(arguments: [NavigationCommand.tab(2), .open("app://discover")])
    func aRefusedTabEndsVetoedOnce(_ command: NavigationCommand) async throws {
        let runtime = try RuntimePropertyTests.runtime("demo")
        _ = await runtime.perform(.login)
        _ = await runtime.perform(.open("app://settings/edit"))
        #expect(runtime.state.top.title == "Edit profile")
        let before = runtime.state
        let told = Deliveries()
        let report = await runtime.perform(command, callback: told.callback())
        #expect(report.outcome?.code == "vetoed", "\(report.message ?? "")")
        #expect(told.all == ["vetoed"])
        #expect(runtime.state == before)
    }
}

