import Switchyard
import Testing

@testable import SwitchyardImport

/// Whole-project cases: files in memory → (pattern, target) pairs and warnings. Each case reproduces a
/// construct seen in public projects (constants across languages and modules, services, test
/// directories, intent filters without VIEW, targets with one simple name).
@Suite struct ProjectImportTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let files: [String: String]
        /// `pattern -> target`, sorted.
        let routes: [String]
        /// Substrings that must each appear in some warning.
        var warnings: [String] = []
        /// Substrings that no warning may hold.
        var absentWarnings: [String] = []
        var includeTests = false
        var description: String { name }
    }

    static func run(_ c: Case) -> (routes: [String], warnings: [String], file: RouteFile) {
        var importer = ProjectImporter(domain: nil, includeTests: c.includeTests)
        for path in c.files.keys.sorted() { importer.add(file: path, text: c.files[path] ?? "") }
        let result = importer.finish()
        return (result.file.routes.map { "\($0.pattern) -> \($0.target)" }.sorted(), result.warnings.map(\.description), result.file)
    }

    static let cases: [Case] = [
        Case(name: "Java interface fields and a constant expression", files: [
            "core/src/main/java/a/RouterHub.java": "package a;\npublic interface RouterHub {\n    String APP = \"/app\";\n    String SPLASH = APP + \"/SplashActivity\";\n}\n",
            "app/src/main/java/b/SplashActivity.java": "package b;\nimport a.RouterHub;\n@Route(path = RouterHub.SPLASH)\npublic class SplashActivity extends Activity {}\n",
        ], routes: [":host/app/SplashActivity -> SplashActivity"]),
        Case(name: "static import", files: [
            "lib/src/main/java/a/Paths.java": "package a;\npublic final class Paths {\n    public static final String HOME = \"/main/home\";\n}\n",
            "lib/src/main/java/a/Other.java": "package a;\npublic final class Other {\n    public static final String HOME = \"/other/home\";\n}\n",
            "app/src/main/java/b/Home.java": "package b;\nimport static a.Paths.HOME;\n@Route(path = HOME)\npublic class Home extends Activity {}\n",
        ], routes: [":host/main/home -> Home"]),
        Case(name: "Kotlin const val, object, companion and templates, used from Java", files: [
            "base/src/main/java/r/Routes.kt": "package r\nobject Routes {\n    const val BASE = \"http://kymjs.com/app\"\n    const val DETAIL = \"$BASE/detail\"\n    const val EDIT = \"${Routes.BASE}/edit\"\n}\nclass Screen {\n    companion object {\n        const val PATH = Routes.BASE + \"/screen\"\n    }\n}\n",
            "app/src/main/java/a/Detail.java": "package a;\nimport com.therouter.router.Route;\n@Route(path = Routes.DETAIL)\npublic class Detail extends TheRouterActivity {}\n",
            "app/src/main/java/a/Edit.kt": "package a\n@Route(path = Routes.INSTANCE.EDIT)\nclass Edit : TheRouterActivity()\n",
            "app/src/main/java/a/ScreenActivity.kt": "package a\n@Route(path = Screen.PATH)\nclass ScreenActivity : TheRouterActivity()\n",
        ], routes: ["http://kymjs.com/app/detail -> Detail", "http://kymjs.com/app/edit -> Edit", "http://kymjs.com/app/screen -> ScreenActivity"]),
        // A constant that names another constant has no string of its own; it is found all the same,
        // from a file read before or after the one that uses it.
        Case(name: "a constant defined as another constant, in a file with no string", files: [
            "a/src/main/java/p/Base.kt": "package p\nobject Base {\n    const val ROOT = \"/shop\"\n}\n",
            "b/src/main/java/p/Alias.kt": "package p\nobject Alias {\n    const val HOME = Base.ROOT\n}\n",
            "c/src/main/java/q/Home.java": "package q;\n@Route(path = Alias.HOME)\npublic class Home extends Activity {}\n",
            "0/src/main/java/q/Early.kt": "package q\n@Route(path = Alias.HOME + \"/early\")\nclass Early : Activity()\n",
        ], routes: [":host/shop -> Home", ":host/shop/early -> Early"]),
        Case(name: "Java constant used from Kotlin", files: [
            "lib/src/main/java/a/P.java": "package a;\npublic class P { public static final String X = \"/java/x\"; }\n",
            "app/src/main/java/b/X.kt": "package b\nimport a.P\n@Route(path = P.X)\nclass XActivity : Activity()\n",
        ], routes: [":host/java/x -> XActivity"]),
        Case(name: "an unresolvable constant is a warning with its place", files: [
            "app/src/main/java/b/X.java": "package b;\n@Route(path = Missing.PATH)\npublic class X extends Activity {}\n",
            "app/src/main/java/b/Y.java": "package b;\n@Route(path = build(\"/y\"))\npublic class Y extends Activity {}\n",
        ], routes: [], warnings: ["app/src/main/java/b/X.java:2: ARouter path is Missing.PATH", "app/src/main/java/b/Y.java:2: ARouter path is an expression"]),
        Case(name: "ARouter services are not screens; a group other than the first segment is warned", files: [
            "api/src/main/java/s/HelloService.java": "package s;\npublic interface HelloService extends IProvider { void hi(); }\n",
            "impl/src/main/java/s/HelloServiceImpl.java": "package s;\n@Route(path = \"/service/hello\")\npublic class HelloServiceImpl implements HelloService {}\n",
            "impl/src/main/java/s/Json.kt": "package s\n@Route(path = \"/service/json\")\nclass Json : SerializationService {}\n",
            "app/src/main/java/a/Page.java": "package a;\n@Route(path = \"/module/2\", group = \"m2\")\npublic class Page extends Activity {}\n",
        ], routes: [":host/module/2 -> Page"], warnings: ["HelloServiceImpl is a service", "Json is a service", "group 'm2'"]),
        Case(name: "two classes with one simple name get qualified targets", files: [
            "a/src/main/java/x/TestActivity.java": "package x;\n@Route(path = \"/a/test\")\npublic class TestActivity extends Activity {}\n",
            "b/src/main/java/y/TestActivity.java": "package y;\n@Route(path = \"/b/test\")\npublic class TestActivity extends Activity {}\n",
        ], routes: [":host/a/test -> x.TestActivity", ":host/b/test -> y.TestActivity"]),
        Case(name: "test directories are left out, by directory", files: [
            "app/src/test/java/a/T.java": "package a;\n@Route(path = \"/t/unit\")\npublic class T extends Activity {}\n",
            "app/src/androidTest/java/a/U.java": "package a;\n@Route(path = \"/t/ui\")\npublic class U extends Activity {}\n",
            "AppTests/Routes.m": "[JLRoutes.globalRoutes addRoute:@\"/tests/only\" handler:nil];\n",
            "App/Test/Routes.m": "[[JLRoutes routesForScheme:@\"app\"] addRoute:@\"/kept\" handler:nil];\n",
        ], routes: ["app://:host(localhost|[^.]*\\..*)/kept -> Kept", "app://kept -> Kept"]),
        Case(name: "--include-tests reads them", files: [
            "app/src/test/java/a/T.java": "package a;\n@Route(path = \"/t/unit\")\npublic class T extends Activity {}\n",
        ], routes: [":host/t/unit -> T"], includeTests: true),
        Case(name: "intent filters without VIEW are not links", files: [
            "app/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <service android:name=".Sync"><intent-filter><action android:name="a.SYNC"/><data android:scheme="sync"/></intent-filter></service>
            <receiver android:name=".R"><intent-filter><action android:name="android.intent.action.PACKAGE_ADDED"/><data android:scheme="package"/></intent-filter></receiver>
            <activity android:name=".Main"><intent-filter><action android:name="android.intent.action.VIEW"/><category android:name="android.intent.category.BROWSABLE"/>
            <data android:scheme="https" android:host="example.com" android:pathPrefix="/@"/></intent-filter></activity>
            </application></manifest>
            """,
        ], routes: ["https://example.com/:prefix(@.*) -> Main", "https://example.com/:prefix(@.*)/*rest -> Main"]),
        Case(name: "TheRouter iOS @RouterPage, patternString arrays only, the router's own source skipped", files: [
            "App/Pages.swift": "@RouterPage([\"scheme://router/macro\", \"scheme://router/macro2\"])\nclass MacroController: UIViewController {}\nstruct Api: TheRouterApi {\n    static var patternString = \"scheme://router/api\"\n}\nclass Other: TheRouterable {\n    static var patternString: [String] { [\"scheme://router/other\"] }\n}\n",
            "TheRouter/Classes/Convenience.swift": "extension TheRouter {\n    class func addRouterItem(_ p: String, classString: String) { addRouterItem(patternString: p, classString: classString) }\n}\n",
        ], routes: ["scheme://router/macro -> MacroController", "scheme://router/macro2 -> MacroController", "scheme://router/other -> Other"]),
        Case(name: "a handler held in a variable resolves to its type; JLRoutes priority is warned", files: [
            "App/Delegate.m": "HBXHandler *h = [[HBXHandler alloc] init];\n[self.router registerHandler:h forRoute:@\"x-call/:path(.*)\"];\n[JLRoutes.globalRoutes addRoute:@\"/p/:id\" priority:5 handler:nil];\n",
        ], routes: [":host(localhost|[^.]*\\..*)/p/:id -> P", "p/:id -> P", "x-call/*path -> HBXHandler"], warnings: ["JLRoutes priority 5"]),
        Case(name: "DeepLinkKit's Swift register is not URLNavigator's", files: [
            "App/AppDelegate.swift": "import DeepLinkKit\nlet router = DPLDeepLinkRouter()\nfunc setUp() {\n    router.register(\"/log/:message\") { link in print(link) }\n}\n",
        ], routes: ["**/log/:message -> Log"]),
        Case(name: "TheRouter iOS: a class name held in a string constant names the target", files: [
            "App/Api.swift": """
            public struct DemoApi {
                public static var patternString = "scheme://router/demo"
                public static var routerClass = "App_Example.DemoController"
            }
            """,
            "App/Register.swift": """
            TheRouter.addRouterItem(DemoApi.patternString, classString: DemoApi.routerClass)
            TheRouter.addRouterItem(["scheme://router/demo2": DemoApi.routerClass])
            TheRouter.addRouterItem("scheme://router/demo3", classString: Missing.name)
            """,
        ], routes: ["scheme://router/demo -> DemoController", "scheme://router/demo2 -> DemoController",
                    "scheme://router/demo3 -> RouterDemo3"]),
        Case(name: "targets made from paths never merge two registrations", files: [
            "App/Board.m": """
            @property (readonly, nonatomic, copy) JLRoutes *routes;
            _routes = [[JLRoutes alloc] init];
            [self.routes addRoute:@"/artist/:id" handler:^BOOL(NSDictionary *p) { return YES; }];
            [self.routes addRoute:@"/:profile_id/artist/:id" handler:^BOOL(NSDictionary *p) { return YES; }];
            [self.routes addRoute:@"/" handler:^BOOL(NSDictionary *p) { return YES; }];
            [self.routes addRoute:@"/:profile_id" handler:^BOOL(NSDictionary *p) { return YES; }];
            [self.routes addRoute:@"/gene/:id" handler:^BOOL(NSDictionary *p) { return YES; }];
            """,
        ], routes: ["artist/:id -> ArtistId", ":host(localhost|[^.]*\\..*)/artist/:id -> ArtistId",
                    ":profile_id/artist/:id -> ProfileIdArtistId",
                    ":host(localhost|[^.]*\\..*)/:profile_id/artist/:id -> ProfileIdArtistId",
                    ":host(localhost|[^.]*\\..*) -> Root",
                    ":profile_id -> ProfileId", ":host(localhost|[^.]*\\..*)/:profile_id -> ProfileId",
                    "gene/:id -> Gene", ":host(localhost|[^.]*\\..*)/gene/:id -> Gene"]),
        Case(name: "a pattern that interpolates string constants at the call site, or a string helper builds", files: [
            "App/Constant.swift": "enum Constant {\n    static let scheme = \"chat\"\n}\n",
            "App/NavigationMap.swift": """
            func chatURL(path: String) -> String { "\\(Constant.scheme)://\\(path)" }
            enum NavigationMap {
              static func initialize(navigator: NavigatorType) {
                navigator.register("\\(Constant.scheme)://jump/recharge") { url, values, context in
                  return WalletViewController()
                }
                navigator.register("\\(Constant.scheme)://jump/profile") { url, values, context in
                  return ProfileEditingViewController.loadFromStoryboard()
                }
                navigator.register("\\(Constant.scheme)://jump/chat") { url, values, context in
                  let data = ConversationData()
                  let vc = ChatViewController(conversation: data)
                  return vc
                }
                navigator.register("\\(Constant.missing)://jump/x") { _, _, _ in nil }
                navigator.register(chatURL(path: "jump/home")) { _, _, _ in HomeViewController() }
                navigator.register(otherURL("jump/other")) { _, _, _ in nil }
                navigator.register("chat://auth") { _, _, _ in
                  if female { return AnchorAuthViewController() } else { return RealNameViewController.load() }
                }
              }
            }
            """,
            "App/Routes.swift": "JLRoutes(forScheme: \"chat\").addRoute(\"/\\(Constant.scheme)/:id\") { _ in true }\n",
        ], routes: ["chat://jump/recharge -> WalletViewController",
                    "chat://jump/profile -> ProfileEditingViewController",
                    "chat://jump/chat -> ChatViewController", "chat://jump/home -> HomeViewController",
                    "chat://auth -> Auth",
                    "chat://chat/:id -> Chat", "chat://:host(localhost|[^.]*\\..*)/chat/:id -> Chat"],
            warnings: ["App/NavigationMap.swift:15: URLNavigator pattern is an expression over Constant.missing",
                       "App/NavigationMap.swift:17: URLNavigator pattern is a call of otherURL(…), not a string helper",
                       "App/NavigationMap.swift:18: URLNavigator factory returns AnchorAuthViewController or "
                       + "RealNameViewController (chosen at run time): the target is named from the pattern"]),
        Case(name: "a factory function that returns one of several controllers names the target", files: [
            "App/Map.swift": """
            enum Map {
              static func setUp(navigator: NavigatorType) {
                navigator.register("chat://web/<path:_>", self.webFactory)
                navigator.register("chat://one", self.oneFactory)
              }
              private static func webFactory(url: URLConvertible, values: [String: Any],
                                             context: Any?) -> UIViewController? {
                if safari { return SFSafariViewController(url: url) }
                return WebViewController(url: url)
              }
              private static func oneFactory(url: URLConvertible, values: [String: Any],
                                             context: Any?) -> UIViewController? {
                guard let id = url.queryParameters["id"] else { return nil }
                return OneViewController(id: id)
              }
            }
            """,
        ], routes: ["chat://web/*_ -> WebFactory", "chat://one -> OneViewController"],
            warnings: ["App/Map.swift:3: URLNavigator factory webFactory returns SFSafariViewController or "
                       + "WebViewController (chosen at run time): the target names the factory"]),
        // A registration under a condition is imported, with a warning naming the condition and its line.
        Case(name: "conditional registrations: ObjC if, #if, switch case; a JLRoutes handler that declines", files: [
            "App/Board.m": """
            - (id)init {
                self = [super init];
                if (!self) { return nil; }
                _routes = [[JLRoutes alloc] init];
                if ([UIDevice isPad]) {
                    [self.routes addRoute:@"/:profile_id/artist/:id" handler:^BOOL(NSDictionary *p) { return YES; }];
                }
                [self.routes addRoute:@"/:profile_id/guide" handler:^BOOL(NSDictionary *p) {
                    if ([UIDevice isPad]) { return NO; }
                    return YES;
                }];
            #ifdef BETA
                [MGJRouter registerURLPattern:@"mgj://beta" toHandler:nil];
            #endif
                switch (self.flavor) {
                case ARFlavorStore:
                    [MGJRouter registerURLPattern:@"mgj://store" toHandler:nil];
                    break;
                }
                [MGJRouter registerURLPattern:@"mgj://always" toHandler:nil];
            }
            """,
        ], routes: [":profile_id/artist/:id -> Artist",
                    ":host(localhost|[^.]*\\..*)/:profile_id/artist/:id -> Artist",
                    ":profile_id/guide -> Guide", ":host(localhost|[^.]*\\..*)/:profile_id/guide -> Guide",
                    "mgj://beta -> Beta", "mgj://beta/*rest -> Beta", "mgj://store -> Store",
                    "mgj://store/*rest -> Store", "mgj://always -> Always", "mgj://always/*rest -> Always"],
            warnings: ["App/Board.m:6: JLRoutes pattern '/:profile_id/artist/:id' is registered only under "
                       + "`if ([UIDevice isPad])` (line 5)",
                       "App/Board.m:8: JLRoutes handler returns NO at line 9 under `if ([UIDevice isPad])` (line 9)",
                       "App/Board.m:13: MGJRouter pattern 'mgj://beta' is registered only under `#ifdef BETA` "
                       + "(line 12)",
                       "App/Board.m:17: MGJRouter pattern 'mgj://store' is registered only under "
                       + "`switch (self.flavor), case ARFlavorStore` (line 16)"]),
        Case(name: "conditional registrations: Swift #if, guard, if; a condition in the factory is not one", files: [
            "App/Routes.swift": """
            func setUp(navigator: NavigatorType) {
                #if DEBUG
                navigator.register("app://debug") { _, _, _ in DebugViewController() }
                #endif
                navigator.register("app://auth") { _, _, _ in
                    if female { return AController() } else { return BController() }
                }
                if UIDevice.current.userInterfaceIdiom == .pad {
                    navigator.register("app://split") { _, _, _ in SplitViewController() }
                }
                guard Features.shop else { return }
                navigator.register("app://shop") { _, _, _ in ShopViewController() }
            }
            """,
        ], routes: ["app://debug -> DebugViewController", "app://auth -> Auth", "app://split -> SplitViewController",
                    "app://shop -> ShopViewController"],
            warnings: ["App/Routes.swift:3: URLNavigator pattern 'app://debug' is registered only under `#if DEBUG` "
                       + "(line 2)",
                       "App/Routes.swift:9: URLNavigator pattern 'app://split' is registered only under "
                       + "`if UIDevice.current.userInterfaceIdiom == .pad` (line 8)",
                       "App/Routes.swift:12: URLNavigator pattern 'app://shop' is registered only under "
                       + "`guard Features.shop else { … }` (line 11)"]),
        Case(name: "MGJRouter: an object handler's target is the class its block returns", files: [
            "App/Entry.m": """
            + (void)load {
                [MGJRouter registerURLPattern:@"mgj://mod/home" toObjectHandler:^(NSDictionary *p) {
                    HomeViewController *vc = [[HomeViewController alloc] initWithParam:p[@"x"]];
                    return vc;
                }];
                [MGJRouter registerURLPattern:@"mgj://mod/new" toObjectHandler:^(NSDictionary *p) {
                    return [NewViewController new];
                }];
                [MGJRouter registerURLPattern:@"mgj://mod/either" toObjectHandler:^(NSDictionary *p) {
                    if (p[@"a"]) { return [[AViewController alloc] init]; }
                    return [[BViewController alloc] init];
                }];
                [MGJRouter registerURLPattern:@"mgj://mod/bar" toObjectHandler:^id(NSDictionary *p) {
                    UIView *bar = [[UIView alloc] init];
                    return bar;
                }];
                [MGJRouter registerURLPattern:@"mgj://mod/block" toHandler:^(NSDictionary *p) {
                    UIViewController *vc = [[CViewController alloc] init];
                }];
            }
            """,
        ], routes: ["mgj://mod/home -> HomeViewController", "mgj://mod/home/*rest -> HomeViewController",
                    "mgj://mod/new -> NewViewController", "mgj://mod/new/*rest -> NewViewController",
                    "mgj://mod/either -> ModEither", "mgj://mod/either/*rest -> ModEither",
                    "mgj://mod/block -> ModBlock", "mgj://mod/block/*rest -> ModBlock",
                    "mgj://mod/bar -> ModBar", "mgj://mod/bar/*rest -> ModBar"],
            warnings: ["App/Entry.m:9: MGJRouter object handler returns AViewController or BViewController"]),
        Case(name: "MGJRouter: a deregistration is told where it is, and the route stays", files: [
            "App/Deal.m": """
            [MGJRouter registerURLPattern:@"mgj://deal/:id" toHandler:^(NSDictionary *p) {}];
            - (void)dealloc {
                [MGJRouter deregisterURLPattern:@"mgj://deal/:id"];
                [MGJRouter deregisterURLPattern:DEAL_URL];
            }
            """,
        ], routes: ["mgj://deal/:id -> Deal", "mgj://deal/:id/*rest -> Deal"],
            warnings: ["App/Deal.m:3: MGJRouter deregisters 'mgj://deal/:id' here; the route is imported as registered "
                       + "(it is removed only when this runs)",
                       "App/Deal.m:4: MGJRouter deregisters DEAL_URL here; the route is imported as registered "
                       + "(it is removed only when this runs)"]),
        // MGJRouter's tree tries a node's keys in sorted order; a ':' parameter takes any component.
        Case(name: "MGJRouter: of two sibling parameters the one sorted first wins, as MGJRouter routes", files: [
            "App/Demo.m": """
            [MGJRouter registerURLPattern:@"mgj://find/:query" toHandler:^(NSDictionary *p) {}];
            #define FIND_URL @"mgj://find/:keyword"
            [MGJRouter registerURLPattern:FIND_URL toHandler:^(NSDictionary *p) {}];
            [MGJRouter registerURLPattern:FIND_URL toHandler:^(NSDictionary *p) {}];
            """,
        ], routes: ["mgj://find/:keyword -> Find", "mgj://find/:keyword/*rest -> Find"],
            warnings: ["App/Demo.m:1: MGJRouter pattern 'mgj://find/:query' not imported: MGJRouter never reaches it",
                       "the key ':keyword' of 'mgj://find/:keyword' (App/Demo.m:3)"]),
        Case(name: "MGJRouter: a parameter shadows a literal sorted after it, not one sorted before", files: [
            "App/A.m": "[MGJRouter registerURLPattern:@\"mgj://user/profile\" toHandler:nil];\n",
            "App/B.m": """
            [MGJRouter registerURLPattern:@"mgj://user/:uid" toObjectHandler:nil];
            [MGJRouter registerURLPattern:@"mgj://user/7days" toHandler:nil];
            [MGJRouter registerURLPattern:@"mgj://user/profile/edit" toHandler:nil];
            """,
        ], routes: ["mgj://user/7days -> User7days", "mgj://user/7days/*rest -> User7days",
                    "mgj://user/:uid -> User", "mgj://user/:uid/*rest -> User"],
            warnings: ["App/A.m:1: MGJRouter pattern 'mgj://user/profile' not imported",
                       "App/B.m:3: MGJRouter pattern 'mgj://user/profile/edit' not imported"]),
        Case(name: "MGJRouter: a branch with no handler of its own is warned on the route that takes it", files: [
            "App/C.m": """
            [MGJRouter registerURLPattern:@"mgj://" toHandler:nil];
            [MGJRouter registerURLPattern:@"mgj://foo/bar/none/exists" toHandler:nil];
            [MGJRouter registerURLPattern:@"mgj://shop" toHandler:nil];
            [MGJRouter registerURLPattern:@"mgj://shop/cart/list" toHandler:nil];
            """,
        ], routes: ["mgj://:host -> Root", "mgj://:host/*rest -> Root",
                    "mgj://foo/bar/none/exists -> FooBarNoneExists",
                    "mgj://foo/bar/none/exists/*rest -> FooBarNoneExists",
                    "mgj://shop -> Shop", "mgj://shop/*rest -> Shop",
                    "mgj://shop/cart/list -> ShopCartList", "mgj://shop/cart/list/*rest -> ShopCartList"],
            warnings: ["App/C.m:1: MGJRouter pattern 'mgj://': MGJRouter opens nothing for a URL whose walk ends at "
                       + "'mgj://foo', 'mgj://foo/bar', 'mgj://foo/bar/none'",
                       "App/C.m:3: MGJRouter pattern 'mgj://shop': MGJRouter opens nothing for a URL whose walk "
                       + "ends at 'mgj://shop/cart'"]),
        Case(name: "a pathPattern ending in '.*' in a component is a text prefix; XML's \\\\ is one escape",
             files: [
            "app/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".Doc"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="http"/>
            <data android:scheme="https"/>
            <data android:host="*.shop.org" android:pathPrefix="/docs/"/>
            <data android:host="*.shop.org" android:pathPattern="/fr.*"/>
            </intent-filter></activity>
            <activity android:name=".Mid"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="app" android:host="m" android:pathPattern="/x.*y"/>
            <data android:scheme="app" android:host="m" android:pathPattern="/v\\\\.*"/>
            <data android:scheme="app" android:host="m" android:pathPattern="/files/.*\\\\.pdf"/>
            </intent-filter></activity>
            </application></manifest>
            """,
        ], routes: ["http://:host(.*\\.shop\\.org)/docs -> Doc", "http://:host(.*\\.shop\\.org)/docs/*rest -> Doc",
                    "http://:host(.*\\.shop\\.org)/:part1(fr.*) -> Doc",
                    "http://:host(.*\\.shop\\.org)/:part1(fr.*)/*rest -> Doc",
                    "https://:host(.*\\.shop\\.org)/docs -> Doc", "https://:host(.*\\.shop\\.org)/docs/*rest -> Doc",
                    "https://:host(.*\\.shop\\.org)/:part1(fr.*) -> Doc",
                    "https://:host(.*\\.shop\\.org)/:part1(fr.*)/*rest -> Doc",
                    "app://m/:part1(x.*y) -> Mid", "app://m/:part1(v\\.*) -> Mid",
                    "app://m/files/:part1(.*\\.pdf) -> Mid"],
             warnings: ["pathPattern '/x.*y': a wildcard inside a component", "pathPattern '/files/"],
             absentWarnings: ["pathPattern '/fr.*'", "pathPattern '/v"]),
        Case(name: "destinations and activities of one simple name in different packages get qualified targets",
             files: [
            "a/src/main/res/navigation/a.xml": """
            <navigation xmlns:app="http://schemas.android.com/apk/res-auto"
                xmlns:android="http://schemas.android.com/apk/res/android">
            <fragment android:id="@+id/d" android:name="com.shop.a.DetailFragment"><deepLink app:uri="shop://a/{id}"/>
            </fragment></navigation>
            """,
            "b/src/main/res/navigation/b.xml": """
            <navigation xmlns:app="http://schemas.android.com/apk/res-auto"
                xmlns:android="http://schemas.android.com/apk/res/android">
            <fragment android:id="@+id/d" android:name="com.shop.b.DetailFragment"><deepLink app:uri="shop://b/{id}"/>
            </fragment></navigation>
            """,
            "app/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.shop"><application>
            <activity android:name=".one.ItemActivity"><intent-filter>
            <action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="one" android:path="/item"/></intent-filter></activity>
            <activity android:name="com.shop.two.ItemActivity"><intent-filter>
            <action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="two" android:path="/item"/></intent-filter></activity>
            <activity android:name="CartActivity"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="cart" android:path="/"/></intent-filter></activity>
            </application></manifest>
            """,
            "lib/src/main/java/x/CartActivity.kt":
                "package x\n@Route(path = \"/lib/cart\")\nclass CartActivity : Activity()\n",
        ], routes: ["shop://a/:id -> com.shop.a.DetailFragment", "shop://b/:id -> com.shop.b.DetailFragment",
                    "shop://one/item -> com.shop.one.ItemActivity", "shop://two/item -> com.shop.two.ItemActivity",
                    "shop://cart -> com.shop.CartActivity", ":host/lib/cart -> x.CartActivity"]),
        Case(name: "a manifest without package qualifies a relative name by its module's Gradle namespace", files: [
            "feature/a/build.gradle.kts":
                "android {\n    // namespace = \"not.this\"\n    namespace = \"com.shop.a\"\n}\n",
            "feature/a/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".DetailActivity"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="a" android:path="/d"/></intent-filter></activity>
            </application></manifest>
            """,
            "feature/b/build.gradle": "android {\n    namespace 'com.shop.b'\n}\n",
            "feature/b/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name="DetailActivity"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="b" android:path="/d"/></intent-filter></activity>
            </application></manifest>
            """,
            "feature/c/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".List"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="c" android:path="/l"/></intent-filter></activity>
            </application></manifest>
            """,
        ], routes: ["shop://a/d -> com.shop.a.DetailActivity", "shop://b/d -> com.shop.b.DetailActivity",
                    "shop://c/l -> List"]),
        Case(name: "a relative class in a module whose namespace is computed is warned, never merged silently",
             files: [
            "feature/a/build.gradle.kts": "android {\n    namespace = \"com.shop.${name}\"\n}\n",
            "feature/a/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".DetailActivity"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="a" android:path="/d"/></intent-filter></activity>
            </application></manifest>
            """,
            "feature/b/build.gradle": "android {\n    namespace libs.versions.ns.get()\n}\n",
            "feature/b/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".DetailActivity"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="shop" android:host="b" android:path="/d"/></intent-filter></activity>
            </application></manifest>
            """,
        ], routes: ["shop://a/d -> DetailActivity", "shop://b/d -> DetailActivity"],
            warnings: ["feature/a/src/main/AndroidManifest.xml:3: class '.DetailActivity' is relative and its module's "
                       + "namespace is computed (feature/a/build.gradle.kts:2: `namespace = \"com.shop.${name}\"`)",
                       "feature/b/src/main/AndroidManifest.xml:3: class '.DetailActivity' is relative and its module's "
                       + "namespace is computed (feature/b/build.gradle:2: `namespace libs.versions.ns.get()`)"]),
        Case(name: "one URL in two graphs for two classes of one simple name is a warned repeat, never merged", files: [
            "a/src/main/res/navigation/a.xml": """
            <navigation xmlns:app="http://schemas.android.com/apk/res-auto"
                xmlns:android="http://schemas.android.com/apk/res/android">
            <fragment android:id="@+id/d" android:name="com.shop.a.DetailFragment"><deepLink app:uri="shop://d/{id}"/>
            </fragment></navigation>
            """,
            "b/src/main/res/navigation/b.xml": """
            <navigation xmlns:app="http://schemas.android.com/apk/res-auto"
                xmlns:android="http://schemas.android.com/apk/res/android">
            <fragment android:id="@+id/d" android:name="com.shop.b.DetailFragment"><deepLink app:uri="shop://d/{id}"/>
            </fragment></navigation>
            """,
        ], routes: ["shop://d/:id -> com.shop.a.DetailFragment"],
            warnings: ["b/src/main/res/navigation/b.xml:3: 'shop://d/:id' → com.shop.b.DetailFragment not imported: "
                       + "a/src/main/res/navigation/a.xml:3 already routes it to com.shop.a.DetailFragment"]),
    ]

    /// Only the conditions a case lists are warned: an unconditional registration, and one whose condition is
    /// inside its handler, get no such warning.
    @Test func conditionWarningsAreExactlyTheConditionalRegistrations() {
        for c in Self.cases where c.name.hasPrefix("conditional registrations") {
            func isCondition(_ w: String) -> Bool {
                w.contains("registered only under") || w.contains("handler returns")
            }
            let warned = Self.run(c).warnings.filter(isCondition)
            let listed = c.warnings.filter(isCondition)
            #expect(warned.count == listed.count, "\(c): \(warned)")
        }
    }

    /// Android gives a link to the activity whose intent filter takes it; a Navigation graph's deep link is
    /// taken by the activity that declares the graph (`<nav-graph>`), whose NavHost shows the destination.
    /// (files, routes `pattern -> target`, whether a repeat is warned).
    static let navHostCases: [(name: String, files: [String: String], routes: [String], repeatWarned: Bool)] = {
        func manifest(_ graphOn: String?, filterOn: String = ".Main") -> String {
            let navGraph = graphOn.map {
                "<activity android:name=\"\($0)\"><nav-graph android:value=\"@navigation/main\"/></activity>"
            }
            return """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name="\(filterOn)"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <data android:scheme="https" android:host="ex.com" android:pathPattern="/"/></intent-filter></activity>
            \(navGraph ?? "")
            </application></manifest>
            """
        }
        let graph = """
        <navigation xmlns:app="http://schemas.android.com/apk/res-auto"
            xmlns:android="http://schemas.android.com/apk/res/android">
        <fragment android:id="@+id/home" android:name="a.HomeFragment"><deepLink app:uri="ex.com"/></fragment>
        </navigation>
        """
        let including = """
        <navigation xmlns:app="http://schemas.android.com/apk/res-auto">
        <include app:graph="@navigation/sub"/></navigation>
        """
        let home = ["http://ex.com -> HomeFragment", "https://ex.com -> HomeFragment"]
        let main = ["http://ex.com -> HomeFragment", "https://ex.com -> Main"]
        return [
            ("the activity that hosts the graph", ["app/AndroidManifest.xml": manifest(".Main"),
                "app/res/navigation/main.xml": graph], home, false),
            ("the graph read before the manifest", ["b/AndroidManifest.xml": manifest(".Main"),
                "a/res/navigation/main.xml": graph], home, false),
            ("a graph included by the hosted one", ["app/AndroidManifest.xml": manifest(".Main"),
                "app/res/navigation/main.xml": including, "app/res/navigation/sub.xml": graph], home, false),
            ("a graph hosted by another activity", ["app/AndroidManifest.xml": manifest(".Other"),
                "app/res/navigation/main.xml": graph], main, true),
            ("a graph no activity declares", ["app/AndroidManifest.xml": manifest(nil),
                "app/res/navigation/main.xml": graph], main, true),
            ("the hosting activity shares its simple name with another class", [
                "app/AndroidManifest.xml": manifest(".Main").replacingOccurrences(of: "<manifest ",
                    with: "<manifest package=\"x.app\" "),
                "app/res/navigation/main.xml": graph,
                "lib/AndroidManifest.xml": """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="x.lib"><application>
                <activity android:name=".Main"><intent-filter><action android:name="android.intent.action.VIEW"/>
                <data android:scheme="https" android:host="lib.ex.com" android:path="/p"/></intent-filter></activity>
                </application></manifest>
                """,
            ], home + ["https://lib.ex.com/p -> x.lib.Main"], false),
        ]
    }()

    @Test(arguments: 0..<navHostCases.count)
    func navGraphDeepLinksGoWhereAndroidSendsThem(_ index: Int) {
        let c = Self.navHostCases[index]
        let result = Self.run(Case(name: c.name, files: c.files, routes: []))
        #expect(result.routes == c.routes.sorted(), "\(c.name)")
        let repeated = result.warnings.contains { $0.contains("already routes it to") }
        #expect(repeated == c.repeatWarned, "\(c.name): \(result.warnings)")
    }

    /// An intent filter's data elements combine (scheme × host × path); each loss is the `importWarning`
    /// of only the routes it concerns: a host's loss those of that host, a path's those of that path.
    static let filterLossCases: [(pattern: String, losses: [String])] = [
        ("https://shop.example.com/item/:part1/x", ["AndroidManifest.xml:5: pathPattern '/item/.*/x'"]),
        ("https://shop.example.com/about", []),
        ("https://:host(.*\\.example\\.org)/item/:part1/x",
         ["AndroidManifest.xml:4: host '*.example.org'", "AndroidManifest.xml:5: pathPattern '/item/.*/x'"]),
        ("https://:host(.*\\.example\\.org)/about", ["AndroidManifest.xml:4: host '*.example.org'"]),
        ("https://b.example.net/about", ["AndroidManifest.xml:7: port 8080 dropped"]),
        ("https://**/:suffix(.*\\.pdf)", ["AndroidManifest.xml:8: pathSuffix '.pdf'"]),
    ]

    @Test func intentFilterLossesStayWithTheirRoutes() {
        let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
        <activity android:name=".Web"><intent-filter>
        <action android:name="android.intent.action.VIEW"/><data android:scheme="https" android:host="shop.example.com"/>
        <data android:host="*.example.org"/>
        <data android:pathPattern="/item/.*/x"/>
        <data android:path="/about"/>
        <data android:host="b.example.net" android:port="8080"/>
        <data android:pathSuffix=".pdf"/>
        </intent-filter></activity></application></manifest>
        """
        let file = Self.run(Case(name: "filter", files: ["AndroidManifest.xml": manifest], routes: [])).file
        for (pattern, losses) in Self.filterLossCases {
            let route = file.routes.first { $0.pattern == pattern }
            #expect(route != nil, "no route \(pattern) in \(file.routes.map(\.pattern))")
            let lines = route?.metadata["importWarning"]?.split(separator: "\n").map(String.init) ?? []
            #expect(lines.count == losses.count, "\(pattern): \(lines)")
            for l in losses { #expect(lines.contains { $0.hasPrefix(l) }, "\(pattern): no '\(l)' in \(lines)") }
        }
    }

    /// A registration left out for a route that takes its URLs is kept in that route's `importWarning`:
    /// (files, the kept route's pattern, text its importWarning must hold).
    static let leftOutCases: [(files: [String: String], pattern: String, holds: String)] = [
        (["A/D.m": "self.router[@\"/say/:m\"] = ^(DPLDeepLink *l) {};\n",
          "B/D.swift": "import DeepLinkKit\nrouter.register(\"/say/:m\") { _ in }\nlet x = 1\n"
              + "router[\"/say/:m\"] = MessageHandler.self\n"],
         "**/say/:m", "B/D.swift:4: '**/say/:m' → MessageHandler not imported: A/D.m:1 already routes it to Say"),
        (["A/R.m": "[JLRoutes.globalRoutes addRoute:@\"/user/:id\" handler:nil];\n"
              + "[JLRoutes.globalRoutes addRoute:@\"/user/:name\" handler:nil];\n"],
         "user/:id", "A/R.m:2: 'user/:name' not imported: pattern 'user/:name' has the same shape"),
        (["A/M.m": "[MGJRouter registerURLPattern:@\"mgj://s/:q\" toHandler:nil];\n"
              + "[MGJRouter registerURLPattern:@\"mgj://s/:k\" toHandler:nil];\n"],
         "mgj://s/:k", "A/M.m:1: MGJRouter pattern 'mgj://s/:q' not imported: MGJRouter never reaches it"),
    ]

    @Test(arguments: 0..<leftOutCases.count)
    func leftOutRegistrationsStayWithTheRouteThatTakesTheirURLs(_ index: Int) {
        let c = Self.leftOutCases[index]
        let file = Self.run(Case(name: "left out", files: c.files, routes: [])).file
        let kept = file.routes.first { $0.pattern == c.pattern }
        #expect(kept != nil, "no \(c.pattern) in \(file.routes.map(\.pattern))")
        let warning = kept?.metadata["importWarning"] ?? ""
        #expect(warning.contains(c.holds), "\(warning)")
    }

    /// The branch warning is kept only by the routes that take the branch's URLs.
    @Test func mgjBranchWarningStaysWithTheRouteThatTakesIt() {
        let c = Self.cases.first { $0.name.hasPrefix("MGJRouter: a branch") }
        guard let c else { Issue.record("case missing"); return }
        let file = Self.run(c).file
        func warning(_ pattern: String) -> String? {
            file.routes.first { $0.pattern == pattern }?.metadata["importWarning"]
        }
        #expect(warning("mgj://shop/*rest")?.contains("'mgj://shop/cart'") == true)
        #expect(warning("mgj://shop")?.contains("opens nothing") == false)
        #expect(warning("mgj://:host")?.contains("'mgj://foo'") == true)
        #expect(warning("mgj://:host/*rest")?.contains("'mgj://foo'") == true)
        #expect(warning("mgj://shop/cart/list")?.contains("opens nothing") == false)
    }

    @Test(arguments: cases)
    func importCase(_ c: Case) {
        let result = Self.run(c)
        #expect(result.routes == c.routes.sorted(), "\(c)")
        for w in c.warnings { #expect(result.warnings.contains { $0.contains(w) }, "\(c): no warning with '\(w)' in \(result.warnings)") }
        for w in c.absentWarnings {
            #expect(!result.warnings.contains { $0.contains(w) }, "\(c): a warning with '\(w)' in \(result.warnings)")
        }
    }

    /// A lossy conversion is kept in the route itself, as `importWarning` metadata naming FILE:LINE.
    @Test func lossIsRecordedInTheRoute() {
        let c = Case(name: "mgj", files: ["App/R.m": "[MGJRouter registerURLPattern:@\"mgj://foo/bar\" toHandler:nil];\n"], routes: [])
        let file = Self.run(c).file
        #expect(file.routes.count == 2)
        for r in file.routes { #expect(r.metadata["importWarning"]?.hasPrefix("App/R.m:1: MGJRouter pattern 'mgj://foo/bar'") == true) }
        let exact = Self.run(Case(name: "plain", files: ["App/R.swift": "TheRouter.addRouterItem(\"s://a/b\", classString: \"C\")\n"], routes: [])).file
        #expect(exact.routes.count == 1)
        #expect(exact.routes.first?.metadata["importWarning"] == nil)
    }
}
