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
}
