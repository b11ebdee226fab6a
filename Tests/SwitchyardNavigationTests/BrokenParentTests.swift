import Foundation
import SwitchyardNavigation
import Testing

/// A deep link whose parent chain breaks is pushed alone, and the step says why: its back stack is not
/// dropped in silence.
@MainActor
struct BrokenParentTests {
    static func runtime(parent: String) throws -> AppRuntime {
        let json = """
        {"name": "Parents", "tabs": [{"title": "Home", "root": "app://home"}, {"title": "Orders", "root": "app://orders"}],
         "routes": [
           {"pattern": "app://home", "target": "Home", "opens": "tab"},
           {"pattern": "app://orders", "target": "Orders", "opens": "tab"},
           {"pattern": "app://order/:id<int>", "target": "Order", "title": "Order #{id}", "parent": "app://orders"},
           {"pattern": "app://order/:id<int>/track", "target": "Tracking", "title": "Tracking #{id}",
            "parent": "\(parent)"},
           {"pattern": "app://loose", "target": "Loose"}
         ]}
        """
        return try AppRuntime(app: AppDescription.decode(json: Data(json.utf8)))
    }

    @Test(arguments: [
        ("app://order/{id}", "[Orders] Orders > Order #42 > Tracking #42", nil),
        ("app://ordr/{id}", "[Home] Home > Tracking #42",
         "pushed Tracking #42 without its back stack: its parent app://ordr/42 opens no screen"),
        ("app://loose", "[Home] Home > Tracking #42",
         "pushed Tracking #42 without its back stack: its parents reach no tab's root"),
    ] as [(String, String, String?)])
    func aBrokenChainIsSaid(parent: String, stack: String, note: String?) async throws {
        let runtime = try Self.runtime(parent: parent)
        let report = await runtime.perform(.open("app://order/42/track"))
        #expect(!report.isError, "\(report.message ?? "")")
        #expect(runtime.state.description == stack)
        let said = report.message ?? ""
        if let note {
            #expect(said.contains(note), "\(said)")
        } else {
            #expect(!said.contains("without its back stack"), "\(said)")
        }
    }
}
