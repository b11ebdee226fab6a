import Foundation
import Switchyard
import SwitchyardNavigation
import SwitchyardTestSupport
import Testing

/// A command that takes the held login screen's place closes that screen: the new screen is placed
/// where the login screen was (never over it), the hold ends as cancelled once, and the report says
/// what opened and why the hold ended. A newer gated open keeps the login screen and holds anew.
@MainActor
struct LoginDetourTests {
    struct Case: CustomStringConvertible, Sendable {
        /// The app (`demo`: the login screen is presented full screen; `clinic`: it is pushed).
        var app: String
        /// The gated URL that shows the login screen and is held.
        var gated: String
        /// The command given while the login screen is up.
        var command: NavigationCommand
        /// The state afterwards (`compactDescription`).
        var stack: String
        /// What the report's message says about the hold.
        var says: String
        var description: String { "\(app): \(gated), then \(command)" }
    }

    nonisolated static let cases: [Case] = [
        Case(app: "demo", gated: "app://order/42", command: .open("app://discover"), stack: "[Discover] Discover",
             says: "held #1 app://order/42 cancelled: opening Discover closed the login screen"),
        Case(app: "demo", gated: "app://order/42", command: .open("app://discover/item/7"),
             stack: "[Discover] Discover > Item #7",
             says: "held #1 app://order/42 cancelled: opening Item #7 closed the login screen"),
        Case(app: "demo", gated: "app://order/42", command: .open("app://share/7"), stack: "[Home] Home ^ Share #7",
             says: "held #1 app://order/42 cancelled: opening Share #7 closed the login screen"),
        Case(app: "clinic", gated: "clinic://visit/3", command: .open("clinic://doctor/who"),
             stack: "[Doctors] Doctors > Dr who",
             says: "held #1 clinic://visit/3 cancelled: opening Dr who closed the login screen"),
        Case(app: "clinic", gated: "clinic://visit/3", command: .open("clinic://doctors"), stack: "[Doctors] Doctors",
             says: "held #1 clinic://visit/3 cancelled: opening Doctors closed the login screen"),
        Case(app: "clinic", gated: "clinic://visit/3", command: .tab(1), stack: "[Doctors] Doctors",
             says: "held #1 clinic://visit/3 cancelled: tab 1 closed the login screen"),
        Case(app: "clinic", gated: "clinic://visit/3", command: .back(), stack: "[Doctors] Doctors",
             says: "held #1 clinic://visit/3 cancelled: back closed the login screen"),
    ]

    @Test(arguments: cases)
    func aCommandThatTakesTheLoginScreensPlaceClosesIt(_ c: Case) async throws {
        let runtime = try RuntimePropertyTests.runtime(c.app)
        let held = Deliveries()
        _ = await runtime.perform(.open(c.gated), callback: held.callback())
        #expect(runtime.isShowingLogin)
        let login = runtime.state.top
        let report = await runtime.perform(c.command)
        #expect(runtime.state.compactDescription == c.stack)
        #expect(runtime.state.screen(withID: login.id) == nil,
                "the login screen is not left under \(runtime.state.top.title)")
        #expect(runtime.heldNavigation == nil)
        #expect(held.all == ["cancelled"])
        #expect(report.message == c.says)
        #expect(runtime.holdViolation == nil)
    }

    /// A newer gated open shows the same login screen (updated in place) and holds the newer open.
    @Test func aNewerGatedOpenKeepsTheLoginScreen() async throws {
        let runtime = try RuntimePropertyTests.runtime("clinic")
        _ = await runtime.perform(.open("clinic://visit/3"))
        let login = runtime.state.top
        let report = await runtime.perform(.open("clinic://visit/4"))
        #expect(runtime.state.top.id == login.id)
        #expect(runtime.heldNavigation?.url == "clinic://visit/4")
        #expect(report.message?.contains("held #1 clinic://visit/3 cancelled: superseded by #2") == true,
                "\(report.message ?? "")")
    }
}

/// A route file's screen shows a metadata value of several lines (an importer's warnings) as lines:
/// no newline reaches the screen as an escape.
@MainActor
struct RouteFileScreenTests {
    @Test func aMetadataValueOfSeveralLinesShowsAsLines() async throws {
        let route = RouteDefinition(pattern: "shop://item/:id", target: "Item",
                                    metadata: ["importWarning": "first warning\nsecond warning"])
        let runtime = try AppRuntime(app: AppDescription.generated(from: RouteFile(routes: [route])))
        _ = await runtime.perform(.tap(1))
        let body = runtime.state.top.body
        #expect(body.contains("metadata importWarning = first warning"), "\(body)")
        #expect(body.contains("second warning"), "\(body)")
        #expect(!body.contains { $0.contains("\n") }, "\(body)")
    }
}
