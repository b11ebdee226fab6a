import Foundation
import Switchyard
import SwitchyardTooling
import Testing

/// An open caught in a cycle of relocations and redirects, `explain` and `match` answer from one walk:
/// the open's outcome lists the chain `explain` shows (up to the first URL met again), its trace
/// holds the rewrites `match` lists under `via`, and the description says the same chain.
struct RedirectLoopAgreementTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let redirects: [(String, String)]
        let url: String
        let chain: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "two redirects", redirects: [("shop://a/:id", "shop://b/:id"), ("shop://b/:id", "shop://a/:id")],
             url: "shop://a/1", chain: ["shop://a/1", "shop://b/1", "shop://a/1"]),
        Case(name: "a redirect to itself", redirects: [("shop://self/:id", "shop://self/:id")],
             url: "shop://self/3", chain: ["shop://self/3", "shop://self/3"]),
        Case(name: "a lead-in, then a cycle of three",
             redirects: [("shop://in/:id", "shop://x/:id"), ("shop://x/:id", "shop://y/:id"),
                         ("shop://y/:id", "shop://z/:id"), ("shop://z/:id", "shop://x/:id")],
             url: "shop://in/9",
             chain: ["shop://in/9", "shop://x/9", "shop://y/9", "shop://z/9", "shop://x/9"]),
    ]

    @Test(arguments: cases)
    func theOpenExplainAndMatchAgree(_ c: Case) async throws {
        let router = Router()
        for (from, to) in c.redirects { try router.addRedirect(from: from, to: to) }
        let explanation = router.explain(c.url)
        #expect(explanation.stopped == "redirect loop")
        #expect(explanation.chain == c.chain, "explain: \(explanation.chain)")
        // `match` lists one rewrite a hop.
        #expect(explanation.rewrites.count == c.chain.count - 1, "\(explanation.rewrites)")

        let outcome = await router.open(c.url)
        guard case .redirectLoop(let chain) = outcome else {
            Issue.record("expected a redirect loop: \(outcome)")
            return
        }
        #expect(chain == c.chain, "open: \(chain)")
        #expect(outcome.description == "redirect loop: " + c.chain.joined(separator: " → "))
        #expect(RouteOutcome.loopChain(chain) == c.chain)
    }
}
