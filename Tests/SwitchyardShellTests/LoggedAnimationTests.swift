import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

/// The log names the animation that plays, once: for each jump type, back, dismiss, tab switch, login
/// and logout, the animation names in the step's log lines, in order, are the motions the phone plays
/// (a `none` plays nothing). Read from the log's text, not from the transition that drew it.
@Suite("Logged animations")
@MainActor
struct LoggedAnimationTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// Commands that set the scene (not checked).
        var setup: [NavigationCommand]
        /// The command whose log and playback are compared.
        var command: NavigationCommand
        /// The motions it must play, as the log names them.
        var plays: [String]
        var description: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "push", setup: [.tab(2)], command: .open("app://discover/item/7"), plays: ["slideFromRight"]),
        Case(name: "deep link across tabs", setup: [], command: .open("app://discover/item/7"),
             plays: ["slideFromRight"]),
        Case(name: "push from the left", setup: [.tab(2)],
             command: .open("app://discover/item/8?animation=slideFromLeft"),
             plays: ["slideFromLeft"]),
        Case(name: "back", setup: [.tab(2), .open("app://discover/item/7")], command: .back(), plays: ["slideToRight"]),
        Case(name: "back toward the left (<)", setup: [.tab(2), .open("app://discover/item/7")],
             command: .back(animation: .slideFromLeft), plays: ["slideToLeft"]),
        Case(name: "present", setup: [], command: .open("app://share/7"), plays: ["slideFromBottom"]),
        Case(name: "back from a sheet", setup: [.open("app://share/7")], command: .back(), plays: ["slideToBottom"]),
        Case(name: "dismiss toward the top", setup: [.open("app://share/7")],
             command: .dismiss(animation: .slideFromTop),
             plays: ["slideToTop"]),
        Case(name: "tab switch", setup: [], command: .tab(2), plays: []),
        Case(name: "setRoot", setup: [], command: .open("app://user/1?jumpType=setRoot"), plays: ["fade"]),
        Case(name: "replace", setup: [.open("app://user/1")], command: .open("app://user/2?jumpType=replace"),
             plays: ["fade"]),
        Case(name: "dismissThenPush", setup: [.open("app://share/7")],
             command: .open("app://user/2?jumpType=dismissThenPush"), plays: ["slideToBottom", "slideFromRight"]),
        Case(name: "popTo", setup: [.open("app://user/1"), .open("app://search/x")],
             command: .open("app://user/1?jumpType=popTo"), plays: ["slideToRight"]),
        Case(name: "gated open shows the login screen", setup: [], command: .open("app://order/42"),
             plays: ["slideFromBottom"]),
        Case(name: "login resumes", setup: [.open("app://order/42")], command: .login,
             plays: ["slideToBottom", "slideFromRight"]),
        // The gated Orders tab's stack goes at once (its root needs login too): only the sheet slides.
        Case(name: "logout closes a sheet and a gated tab",
             setup: [.open("app://order/42"), .login, .open("app://share/1")],
             command: .logout, plays: ["slideToBottom"]),
    ]

    /// The motion a logged animation name stands for; nil for `none`.
    static func motion(named name: String) -> Motion? {
        let edges: [String: Motion.Edge] = ["Left": .left, "Right": .right, "Top": .top, "Bottom": .bottom]
        if name == "fade" { return .crossFade }
        if name == "none" { return nil }
        if name.hasPrefix("slideFrom"), let edge = edges[String(name.dropFirst(9))] { return .enter(from: edge) }
        if name.hasPrefix("slideTo"), let edge = edges[String(name.dropFirst(7))] { return .exit(toward: edge) }
        Issue.record("unknown animation name \(name)")
        return nil
    }

    /// The animation names in parentheses in `text`, in order (`(slideFromRight)`, `(none)`).
    static func names(in text: String) -> [String] {
        let known = Set(Animation.builtIns.flatMap { [$0.name, $0.exitName] })
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "(") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let word = String(rest[..<close])
            if known.contains(word) { out.append(word) }
        }
        return out
    }

    @Test(arguments: cases)
    func theLogNamesWhatPlays(_ c: Case) async throws {
        let runtime = try AppFixture.runtime()
        let loop = AppLoop(runtime: runtime, terminal: MemoryTerminal(width: 100, height: 30), animations: true,
                           stopsWhenIdle: true)
        for command in c.setup { await loop.perform(command) }
        loop.model.finishPlayback()
        let seen = Set(loop.model.log.map(\.sequence))
        await loop.perform(c.command)
        let fresh = loop.model.log.filter { !seen.contains($0.sequence) }
        let text = fresh.map { entry in
            ([entry.event ?? ""] + entry.steps.map(\.detail)).joined(separator: " | ")
        }.joined(separator: "\n")
        let named = Self.names(in: text)
        let playbacks = [loop.model.playback].compactMap { $0 } + loop.model.queuedPlaybacks
        let played = playbacks.map(\.animator.motion)
        #expect(named.compactMap(Self.motion(named:)) == played, "log: \(text)")
        #expect(named.filter { $0 != "none" } == c.plays, "log: \(text)")
    }
}
