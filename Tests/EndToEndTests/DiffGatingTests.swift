import Foundation
import Testing

/// `diff` lists a URL whose route wins in both tables but whose login gating changed (`requiresLogin`,
/// `loginFlow`) among the URLs that open differently, and refuses a file with errors naming each
/// error that keeps it from loading whole, in file order.
struct DiffGatingTests {
    static func routes(_ metadata: String) -> String {
        #"{"routes": [{"pattern": "shop://home", "target": "Home"}, "#
            + #"{"pattern": "shop://account", "target": "Account"\#(metadata)}]}"#
    }

    @Test("a gating change is a change of what opening does", arguments: [
        ("", #", "metadata": {"requiresLogin": true}"#,
         "  shop://account: shop://account (Account) now asks for login"),
        (#", "metadata": {"requiresLogin": "true"}"#, "",
         "  shop://account: shop://account (Account) no longer asks for login"),
        (#", "metadata": {"requireLogin": "true"}"#, #", "metadata": {"requiresLogin": "true"}"#,
         "  shop://account: shop://account (Account) now asks for login"),
        ("", #", "metadata": {"loginFlow": true}"#,
         "  shop://account: shop://account (Account) now counts as part of the login flow"),
    ])
    func gating(_ before: String, _ after: String, _ line: String) throws {
        let old = try CommandLineTests.routeFile(Self.routes(before))
        let new = try CommandLineTests.routeFile(Self.routes(after))
        let run = try CommandLineTests.run(["diff", old, new])
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("\nURLs that open differently"), "\(run.out)")
        #expect(run.out.contains(line + "\n"), "\(run.out)")
        #expect(run.out.hasSuffix("1 URL that opens differently\n"), "\(run.out)")
    }

    @Test func aFileWithErrorsIsComparedByWhatLoadsOrRefusedWithEachErrorInFileOrder() throws {
        let json = """
        {"routes": [
          {"pattern": "shop://a", "target": "A"},
          {"pattern": "shop://a", "target": "Again"},
          {"pattern": "shop://u/:id(\\\\d+\\\\d+)", "target": "U"}
        ]}
        """
        let bad = try CommandLineTests.routeFile(json)
        let good = try CommandLineTests.routeFile(Self.routes(""))
        for arguments in [["diff", bad, good], ["diff", good, bad], ["generate", "swift", "--routes", bad]] {
            let run = try CommandLineTests.run(arguments)
            let isDiff = arguments[0] == "diff"
            #expect(run.status == (isDiff ? 2 : 1), "\(arguments): \(run.err)")
            let duplicate = try #require(run.err.range(of: "routes[1]: pattern 'shop://a' is already registered"),
                                         "\(arguments): \(run.err)")
            let pattern = try #require(run.err.range(of: "routes[2].pattern: "), "\(arguments): \(run.err)")
            #expect(duplicate.lowerBound < pattern.lowerBound, "in file order: \(run.err)")
            // `diff` compares the entries that load, so its errors are marked as left out, and says so last;
            // `generate swift` refuses the file.
            #expect(run.err.contains("(left out)") == isDiff, "\(arguments): \(run.err)")
            if isDiff {
                #expect(run.err.contains("switchyard diff: compared the entries of \(bad) that load "
                                         + "(2 entries left out for errors)"), "\(run.err)")
                // What loads of the broken file is compared: its first `shop://a`, not the entries left out.
                #expect(run.out.contains("route shop://a  A\n"), "\(run.out)")
                #expect(!run.out.contains("Again") && !run.out.contains("shop://u/"), "\(run.out)")
            }
        }
    }

    /// An app description with errors is refused as a route file is: every error, in file order, and
    /// the hint names `lint --app`.
    @Test func anAppDescriptionWithErrorsIsRefusedWithEachError() throws {
        let app = """
        {"name": "S", "tabs": [{"title": "Home", "root": "shop://home"}],
         "routes": [
          {"pattern": "shop://home", "target": "Home", "opens": "tab"},
          {"pattern": "shop://u/:id<int", "target": "U"},
          {"pattern": "shop://v", "target": 5},
          {"pattern": "shop://w", "target": "W", "opens": "sideways"}
        ]}
        """
        let bad = try CommandLineTests.routeFile(app)
        let good = try CommandLineTests.routeFile(Self.routes(""))
        let run = try CommandLineTests.run(["diff", good, bad])
        #expect(run.status == 2, "\(run.err)")
        let places = ["routes[1].pattern: ", "routes[2].target: ", "routes[3].opens: "].map { run.err.range(of: $0) }
        #expect(places.allSatisfy { $0 != nil }, "every error: \(run.err)")
        let starts = places.compactMap { $0?.lowerBound }
        #expect(starts == starts.sorted(), "in file order: \(run.err)")
        #expect(run.err.contains("compares app descriptions that load whole; `switchyard lint --app FILE`"), "\(run.err)")
    }
}
