import Foundation
import Testing

/// `switchyard import`: the fixture project (one file per router and config format, written the way
/// each router's documentation registers routes) against its golden route file and warnings, and the QA
/// loop `import → lint → script`.
@Suite("Import", .disabled(if: TmuxDriver.binary == nil, "the switchyard binary is not built"))
struct ImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures")
    static let project = fixtures.appendingPathComponent("project").path

    static func text(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sy-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func theFixtureProjectGivesTheGoldenRouteFileAndWarnings() throws {
        let r = try CommandLineTests.run(["import", Self.project, "--domain", "shop.example.com"])
        #expect(r.status == 0)
        #expect(r.out == (try Self.text("expected-routes.json")))
        #expect(r.err == (try Self.text("expected-warnings.txt")))
    }

    @Test func importLintScriptWorksEndToEnd() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let imported = try CommandLineTests.run(["import", Self.project, "--domain", "shop.example.com"])
        #expect(imported.status == 0)
        let routes = dir.appendingPathComponent("routes.json").path
        try Data(imported.out.utf8).write(to: URL(fileURLWithPath: routes))

        let lint = try CommandLineTests.run(["lint", "--routes", routes])
        #expect(lint.status == 0, "\(lint.out)\(lint.err)")
        #expect(lint.err.contains("0 errors"))

        // The output is a route file as `export` writes it: exporting it again gives the same bytes.
        let exported = try CommandLineTests.run(["export", "--routes", routes])
        #expect(exported.status == 0)
        #expect(exported.out == imported.out)

        // Headless, the app on the imported table opens what each router registered.
        let script = """
            open dpl://product/93598
            expect top DPLProductRouteHandler
            open navigator://post/42
            expect top PostViewController
            open navigator://post/abc
            expect outcome not_found
            open myapp://search
            expect top SearchQuery
            open myapp://search/shoes
            expect top SearchQuery
            open thing://foo/a/b
            expect top Foo
            open https://shop.example.com/buy/old/1
            expect top Excluded
            open https://shop.example.com/buy/new/1
            expect top ShopExampleComBuy
            open https://shop.example.com/product/7/reviews
            expect top ProductActivity
            open app://m.example.com/test/activity
            expect top DetailActivity
            open scheme://router/account/7
            expect top AccountController
            open app://team/7
            expect top Team
            open navigator://order/5
            expect top OrderViewController
            open mgj://detail/9
            expect top DetailId
            open shop://item/user/42
            expect top ProductActivity
            open shop://item/files/report.pdf
            expect top ProductActivity
            open shop://elsewhere/a/login/phone
            expect top ProductActivity

            """
        let run = try CommandLineTests.run(["script", "--routes", routes, "--no-trace"], input: script)
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("17 of 17 expectations passed, 0 failed"))
    }

    @Test func theAppFormatIsAnAppDescriptionLintAccepts() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CommandLineTests.run(["import", Self.project + "/ios-swift", "--format", "app"])
        #expect(r.status == 0)
        let app = dir.appendingPathComponent("app.json").path
        try Data(r.out.utf8).write(to: URL(fileURLWithPath: app))
        let lint = try CommandLineTests.run(["lint", "--app", app])
        #expect(lint.status == 0, "\(lint.out)\(lint.err)")
        let run = try CommandLineTests.run(["script", "--app", app, "--no-trace"], input: "open navigator://user/ann\nexpect top UserViewController\n")
        #expect(run.status == 0, "\(run.out)\(run.err)")
    }

    @Test func oneFileAndAnAASAFileWithoutDomain() throws {
        let aasa = Self.project + "/web/.well-known/apple-app-site-association"
        let r = try CommandLineTests.run(["import", aasa])
        #expect(r.status == 0)
        #expect(r.out.contains(#""pattern": "https://:domain/buy/*rest""#))
        #expect(r.out.contains(#""source": "\#(aasa):7""#))
    }

    @Test func nothingFoundOrAMissingPathExitsOne() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("let x = 1 // no routes here\n".utf8).write(to: dir.appendingPathComponent("Plain.swift"))
        let empty = try CommandLineTests.run(["import", dir.path])
        #expect(empty.status == 1)
        #expect(empty.out.isEmpty)
        #expect(empty.err.contains("switchyard import: no routes found in 1 file"))

        let missing = try CommandLineTests.run(["import", dir.appendingPathComponent("nope").path])
        #expect(missing.status == 1)
        #expect(missing.out.isEmpty)
        #expect(missing.err.contains("nope: no such file or directory"))

        let badDomain = try CommandLineTests.run(["import", dir.path, "--domain", "a/b"])
        #expect(badDomain.status == 1)
    }

    /// Binary files, a huge file, a symlink loop, deep nesting and unterminated strings and comments:
    /// skipped or read with warnings, never a crash or a hang.
    @Test func hostileTreesAreSkippedWithWarnings() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try Data("[MGJRouter registerURLPattern:@\"mgj://ok\" toHandler:nil];\n".utf8).write(to: dir.appendingPathComponent("Good.m"))
        try Data([0x5B, 0x00, 0xFF, 0xFE] + Array("forRoute:@\"/x\"".utf8)).write(to: dir.appendingPathComponent("Binary.m"))
        try Data(String(repeating: "// addRoute\n", count: 500_000).utf8).write(to: dir.appendingPathComponent("Huge.swift"))
        try Data("[r addRoute:@\"/unterminated\n/* never closed addRoute:@\"/x\"".utf8).write(to: dir.appendingPathComponent("Broken.m"))
        try Data("r.addRoute(\"\"\"\n#\"unterminated raw\n".utf8).write(to: dir.appendingPathComponent("Broken.swift"))
        try Data("<navigation><deepLink app:uri=\"shop://x\"".utf8).write(to: dir.appendingPathComponent("nav.xml"))
        try Data("{\"applinks\": [1, 2".utf8).write(to: dir.appendingPathComponent("apple-app-site-association"))
        // Constants: a 30,000-long alias chain, names defined 30,000 times alike and unalike, followed from 3,000 call sites.
        let chain = (0..<30_000).map { "#define K\($0) K\($0 + 1)\n#define SAME SAME\n#define MANY @\"/m\($0)\"\n" }.joined()
        let calls = String(repeating: "[r addRoute:K0 handler:nil]; [r addRoute:SAME handler:nil]; [r addRoute:MANY handler:nil];\n", count: 1_000)
        try Data((chain + calls).utf8).write(to: dir.appendingPathComponent("Constants.m"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("loop").path, withDestinationPath: dir.path)
        var deep = dir
        for i in 0..<60 { deep = deep.appendingPathComponent("d\(i)") }
        try fm.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("[MGJRouter registerURLPattern:@\"mgj://deep\" toHandler:nil];\n".utf8).write(to: deep.appendingPathComponent("Deep.m"))

        let start = Date()
        let r = try CommandLineTests.run(["import", dir.path])
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(r.status == 0)
        #expect(r.out.contains(#""pattern": "mgj://ok""#))
        #expect(!r.out.contains("mgj://deep"))
        #expect(r.err.contains("warning: Binary.m: binary data (a NUL byte); skipped"))
        #expect(r.err.contains("warning: Huge.swift: larger than 4 MiB; skipped"))
        #expect(r.err.contains("not entered"))
        #expect(r.err.contains("warning: apple-app-site-association: not valid JSON; skipped"))
        #expect(r.err.contains("warning: nav.xml:"))
        #expect(r.err.contains("warning: Constants.m:90001: JLRoutes pattern is K0 (Constants.m:1) = K1 (Constants.m:4) = … = K16 (Constants.m:49), one of too many constants naming each other; not imported"), "\(r.err.prefix(2000))")
        #expect(r.err.contains("warning: Constants.m:90001: JLRoutes pattern is MANY, which names 32 different constants (Constants.m:3, Constants.m:6, Constants.m:9, Constants.m:12, …); not imported"))
        #expect(r.err.contains("warning: Constants.m:90001: JLRoutes pattern is SAME (Constants.m:2) = SAME, which leads back to itself; not imported"))
    }

    /// Registrations inside comments, strings, character literals and preprocessor lines are not
    /// registrations; escapes and raw strings are read as the compiler reads them.
    @Test func theScannerKnowsCommentsStringsAndCharacterLiterals() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let objc = #"""
            #define ROUTE(x) [[JLRoutes globalRoutes] addRoute:@"/macro" handler:nil]
            char q = '"'; [[JLRoutes globalRoutes] addRoute:@"/after/char" handler:nil];
            // [[JLRoutes globalRoutes] addRoute:@"/line/comment" handler:nil];
            NSString *s = @"[[JLRoutes globalRoutes] addRoute:@\"/in/string\" handler:nil]";
            [[JLRoutes globalRoutes] addRoute:@"/esc\"aped" handler:nil];
            """#
        let kotlin = #"""
            /* /* nested */ @Route(path = "/nested/comment") */
            val raw = """@Route(path = "/in/raw")"""
            @Route(path = "/real/page")
            class RealPage
            """#
        let swift = ##"""
            let s = #"navigator.register("app://in/raw")"#
            navigator.register(#"app://raw/<id>"#) { _, _, _ in nil }
            """##
        try Data(objc.utf8).write(to: dir.appendingPathComponent("A.m"))
        try Data(kotlin.utf8).write(to: dir.appendingPathComponent("B.kt"))
        try Data(swift.utf8).write(to: dir.appendingPathComponent("C.swift"))
        let r = try CommandLineTests.run(["import", dir.path])
        #expect(r.status == 0)
        let patterns = r.out.split(separator: "\n").filter { $0.contains(#""pattern""#) }.map { $0.trimmingCharacters(in: .whitespaces) }
        // JLRoutes' `/after/char` also routes by path on a dotted host; ARouter's `/real/page` by path on any host.
        #expect(patterns == [#""pattern": "after/char","#, #""pattern": ":host(localhost|[^.]*\\..*)/after/char","#, #""pattern": "esc%22aped","#,
                             #""pattern": ":host(localhost|[^.]*\\..*)/esc%22aped","#, #""pattern": ":host/real/page","#, #""pattern": "app://raw/:id","#],
                "\(r.out)\(r.err)")
    }

    /// Patterns held in constants: followed across the files of one language when the value is one
    /// literal (or adjacent literals, or literals joined with `+`); a qualified name matches by its last
    /// components; an ambiguous name, a cycle, a long alias chain and a name defined nowhere are warnings
    /// that name the constant.
    @Test func constantsAreFollowedAcrossFilesAndWhatCannotBeIsNamed() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files: [String: String] = [
            "Paths.kt": "object Paths {\n    const val USER = \"/app/user\"\n}\n",
            "Other.kt": "object Other {\n    const val USER = \"/other/user\"\n}\n",
            "Pages.kt": "@Route(path = Paths.USER)\nclass UserPage\n@Route(path = USER)\nclass Ambiguous\n",
            "Consts.java": "public final class Consts {\n    public static final String HOME = \"/app/\" + \"home\";\n}\n",
            "Home.java": "@Route(path = Consts.HOME)\npublic class HomeActivity {}\n",
            "Links.swift": "struct Links {\n    static let profile = \"app://profile/<id>\"\n}\nlet userRoute = \"app://user/<int:id>\"\n",
            "Nav.swift": "navigator.register(Links.profile) { _, _, _ in nil }\nnavigator.register(userRoute) { _, _, _ in nil }\nnavigator.register(Links.missing) { _, _, _ in nil }\n",
            "Routes.m": (["#define SELF SELF", "#define A B", "#define B A", "static NSString * const kJoined = @\"/joined/\" \":id\";"]
                + (0..<40).map { "#define D\($0) D\($0 + 1)" } + ["#define D40 @\"/deep\""]
                + ["[[JLRoutes globalRoutes] addRoute:SELF handler:nil];", "[[JLRoutes globalRoutes] addRoute:A handler:nil];",
                   "[[JLRoutes globalRoutes] addRoute:D0 handler:nil];", "[[JLRoutes globalRoutes] addRoute:D30 handler:nil];",
                   "[[JLRoutes globalRoutes] addRoute:kJoined handler:nil];"]).joined(separator: "\n") + "\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        let r = try CommandLineTests.run(["import", dir.path])
        #expect(r.status == 0)
        for pattern in [":host/app/user", ":host/app/home", "app://profile/:id", "app://user/:id<int>", "joined/:id", "deep"] {
            #expect(r.out.contains("\"pattern\": \"\(pattern)\""), "\(pattern)\n\(r.out)\(r.err)")
        }
        #expect(!r.out.contains("other/user"))
        #expect(r.err.contains("warning: Pages.kt:3: ARouter path is USER, which names 2 different constants (Other.kt:2, Paths.kt:2); not imported"), "\(r.err)")
        #expect(r.err.contains("warning: Nav.swift:3: URLNavigator pattern is Links.missing, a name not defined as a string constant in the scanned Swift files; not imported"))
        #expect(r.err.contains("warning: Routes.m:46: JLRoutes pattern is SELF (Routes.m:1) = SELF, which leads back to itself; not imported"))
        #expect(r.err.contains("warning: Routes.m:47: JLRoutes pattern is A (Routes.m:2) = B (Routes.m:3) = A, which leads back to itself; not imported"))
        #expect(r.err.contains("warning: Routes.m:48: JLRoutes pattern is D0 (Routes.m:5) = D1 (Routes.m:6) = … = D16 (Routes.m:21), one of too many constants naming each other; not imported"))
    }

    /// `pathSuffix` and `pathAdvancedPattern` in an intent filter: converted where faithful, a warning
    /// where a suffix pattern widens a named host or a component is narrowed, refused otherwise.
    @Test func manifestSuffixesAndAdvancedPatterns() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".AnyHost"><intent-filter><action android:name="android.intent.action.VIEW" />
            <data android:scheme="app" android:host="*" android:pathSuffix="/share/now" />
            </intent-filter></activity>
            <activity android:name=".Named"><intent-filter><action android:name="android.intent.action.VIEW" />
            <data android:scheme="https" android:host="example.com" android:pathSuffix="x/y.pdf" />
            <data android:pathAdvancedPattern="/item/[0-9]+/[a-z]{2,4}" />
            <data android:pathAdvancedPattern="/raw/[a/b]" />
            <data android:pathAdvancedPattern="/p/.*" />
            </intent-filter></activity>
            </application></manifest>
            """
        try Data(manifest.utf8).write(to: dir.appendingPathComponent("AndroidManifest.xml"))
        let r = try CommandLineTests.run(["import", dir.path])
        #expect(r.status == 0)
        for pattern in ["app://**/share/now", #"https://**/:suffix(.*x)/y.pdf"#, "https://example.com/item/:part1([0-9]+)/:part2([a-z]{2,4})", "https://example.com/p", "https://example.com/p/*rest"] {
            #expect(r.out.contains("\"pattern\": \"\(pattern.replacingOccurrences(of: "\\", with: "\\\\"))\""), "\(pattern)\n\(r.out)\(r.err)")
        }
        #expect(!r.err.contains("AndroidManifest.xml:3:"), "\(r.err)")
        #expect(r.err.contains("warning: AndroidManifest.xml:6: pathSuffix 'x/y.pdf' became 'https://**/:suffix(.*x)/y.pdf', which matches on any host, not only example.com (a suffix pattern has no host)"), "\(r.err)")
        #expect(r.err.contains("warning: AndroidManifest.xml:8: pathAdvancedPattern '/raw/[a/b]' not converted: a character set holds '/'"))
    }
}
