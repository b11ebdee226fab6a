import SwitchyardDemo
import SwitchyardNavigation
import Testing

/// A transition in the user's words, as the status line and the placer's notes say it: one table.
struct TransitionWordsTests {
    static func screen(_ title: String) -> Screen {
        Screen(kind: title, url: "app://\(title.lowercased())", pattern: "app://\(title.lowercased())", title: title)
    }

    @Test func eachStepInWords() {
        let (home, item, orders) = (Self.screen("Home"), Self.screen("Item"), Self.screen("Orders"))
        let tabs = ["Home", "Discover", "Orders"]
        let cases: [(Transition, String)] = [
            (.push(from: home, to: item, animation: .slideFromRight), "opened Item"),
            (.pop(from: item, to: home, animation: .slideFromLeft), "back to Home"),
            (.popTo(from: item, to: orders, removed: 1, animation: .none), "back to Orders, closed 1 screen"),
            (.popTo(from: item, to: orders, removed: 3, animation: .none), "back to Orders, closed 3 screens"),
            (.dismiss(item, animation: .slideFromBottom), "closed Item"),
            (.tabSwitch(from: 0, to: 2, animation: .none), "switched to Orders"),
            (.tabSwitch(from: 0, to: 7, animation: .none), "switched to tab 8"),
            (.sequence([.dismiss(item, animation: .none), .tabSwitch(from: 0, to: 1, animation: .none)]),
             "closed Item, then switched to Discover"),
            (.none, "nothing changed"),
        ]
        for (transition, words) in cases {
            #expect(transition.inWords(tabs: tabs) == words, "\(transition)")
        }
    }

    /// How deep parentheses nest in `text` (0 without any).
    static func nesting(_ text: String) -> Int {
        var depth = 0
        var deepest = 0
        for character in text {
            if character == "(" { depth += 1; deepest = max(deepest, depth) }
            if character == ")" { depth -= 1 }
        }
        return deepest
    }

    @Test func eachStepFlatForTheLog() {
        let (home, item, orders) = (Self.screen("Home"), Self.screen("Item"), Self.screen("Orders"))
        let cases: [(Transition, String)] = [
            (.push(from: home, to: item, animation: .slideFromRight), "push Home → Item (slideFromRight)"),
            (.push(from: home, to: item, animation: .none), "push Home → Item"),
            (.popTo(from: item, to: orders, removed: 2, animation: .none), "popTo Item → Orders, removed 2"),
            (.popTo(from: item, to: orders, removed: 1, animation: .slideFromRight),
             "popTo Item → Orders, removed 1 (slideToRight)"),
            (.tabSwitch(from: 2, to: 0, animation: .none), "tabSwitch 3 → 1"),
            (.sequence([.popTo(from: item, to: orders, removed: 1, animation: .none),
                        .tabSwitch(from: 2, to: 0, animation: .none)]),
             "popTo Item → Orders, removed 1, then tabSwitch 3 → 1"),
            (.sequence([.dismiss(item, animation: .slideFromBottom), .tabSwitch(from: 0, to: 1, animation: .none)]),
             "dismiss Item (slideToBottom), then tabSwitch 1 → 2"),
            (.none, "none"),
        ]
        for (transition, flat) in cases {
            #expect(transition.summary == flat, "\(transition)")
            #expect(Self.nesting(transition.summary) <= 1)
        }
    }

    /// A command's line in the timeline never nests parentheses: logouts that close sheets, gated
    /// stacks and tabs, backs and dismisses, in the demo.
    @Test @MainActor func commandLinesAreFlat() async throws {
        let scenes: [[NavigationCommand]] = [
            [.open("app://order/42"), .login, .logout],
            [.open("app://order/42/track"), .login, .logout],
            [.open("app://order/42"), .login, .open("app://share/1"), .logout],
            [.login, .tab(3), .open("app://order/42"), .tab(1), .logout],
            [.login, .open("app://checkout/7"), .open("app://checkout/7/coupons"), .logout],
            [.open("app://share/1"), .back(), .open("app://discover/item/7"), .dismiss()],
        ]
        for scene in scenes {
            let runtime = try DemoApp.makeRuntime()
            for command in scene { _ = await runtime.perform(command) }
            for event in runtime.timeline {
                guard case .command(let name, let result) = event.kind else { continue }
                #expect(Self.nesting(result) <= 1, "\(scene): \(name) → \(result)")
            }
        }
    }
}
