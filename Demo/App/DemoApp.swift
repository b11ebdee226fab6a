import Foundation
import Switchyard
import SwitchyardKit
import SwitchyardNavigation

/// The demo app built into `switchyard`: a tab-bar shop app (Home, Discover, Orders, Me) whose routes
/// show every feature — constrained and typed parameters, query and native parameters, a login gate
/// that resumes, redirects of legacy paths, relocation tables, allow-listed web screens, a service call,
/// pop to target, dismiss-then-push, a tab jump, a form with a leave guard, and deep links that build
/// their back stack.
public enum DemoApp {
    /// The demo app's description, as JSON (the `--app FILE` format; `switchyard app` prints it).
    public static let json = #"""
    {
      "name": "Switchyard Shop",
      "loginURL": "app://login",
      "webAllowList": ["switchyard.dev", "example.com"],
      "tabs": [
        {"title": "Home", "root": "app://home"},
        {"title": "Discover", "root": "app://discover"},
        {"title": "Orders", "root": "app://orders"},
        {"title": "Me", "root": "app://me"}
      ],
      "routes": [
        {"pattern": "app://home", "target": "Home", "title": "Home", "opens": "tab",
         "body": ["Welcome to the Switchyard demo shop.", "Type a URL at the prompt, or pick a link."],
         "links": [
           {"title": "Item #7 (typed :id<int>)", "url": "app://discover/item/7"},
           {"title": "Order #42 (needs login, deep link)", "url": "app://order/42?from=home"},
           {"title": "Log in by phone (regex)", "url": "app://user/login/13800000000"},
           {"title": "Search shoes (query)", "url": "app://search/shoes?sort=price&size=42&size=43"},
           {"title": "Legacy profile (redirect)", "url": "app://profile/alice"},
           {"title": "Docs (allow-listed web)", "url": "https://switchyard.dev/docs"},
           {"title": "Evil site (blocked web)", "url": "https://switchyard.dev.evil.com/"},
           {"title": "Add item 7 to cart (service call)", "url": "app://services/cart/add?item=7"},
           {"title": "Edit profile (leave guard)", "url": "app://settings/edit"},
           {"title": "Track order #42 (deep link, 2 parents)", "url": "app://order/42/track"}
         ]},
        {"pattern": "app://home/reset", "target": "NewHome", "title": "New root", "opens": "setRoot",
         "body": ["This screen replaced the whole stack of the tab it was opened in (windowNavRoot)."]},
        {"pattern": "app://discover", "target": "Discover", "title": "Discover", "opens": "tab",
         "body": ["Things people like this week."],
         "links": [
           {"title": "Item #7", "url": "app://discover/item/7"},
           {"title": "Item #8 (slides from left)", "url": "app://discover/item/8?animation=fromLeft"},
           {"title": "Popular: shoes", "url": "app://search/shoes"},
           {"title": "Cart", "url": "app://cart"}
         ]},
        {"pattern": "app://discover/item/:id<int>", "aliases": ["app://goods/detail/:id<int>"], "target": "Item",
         "title": "Item #{id}", "parent": "app://discover",
         "body": ["Path parameter id = {id} (typed <int>).", "Opened from: {openedFrom} (a native parameter)."],
         "links": [
           {"title": "Add to cart (service)", "url": "app://services/cart/add?item={id}"},
           {"title": "Share (sheet)", "url": "app://share/{id}"},
           {"title": "Buy now (checkout in its own navigation)", "url": "app://checkout/{id}"},
           {"title": "Cart (pop to target)", "url": "app://cart"},
           {"title": "Seller of item #{id} (a link made from this screen's id)", "url": "app://user/seller-{id}"}
         ]},
        {"pattern": "app://search/:query?", "target": "Search", "title": "Search: {query}",
         "body": ["Optional segment query = {query}", "Sort: {sort}; repeated query keys keep every value."],
         "links": [{"title": "Item #7", "url": "app://discover/item/7"}]},
        {"pattern": "app://cart", "target": "Cart", "title": "Cart", "opens": "popTo",
         "body": ["Opening the cart again pops back to this screen instead of pushing another."],
         "links": [{"title": "Item #9", "url": "app://discover/item/9"}, {"title": "Cart again", "url": "app://cart"}]},
        {"pattern": "app://share/:id", "target": "Share", "title": "Share #{id}", "opens": "present",
         "body": ["A sheet over the stack. Esc dismisses it."]},
        {"pattern": "app://checkout/:id<int>", "target": "Checkout", "title": "Checkout #{id}", "opens": "presentInNavigation",
         "metadata": {"requiresLogin": true},
         "body": ["A presented screen with its own navigation stack."],
         "links": [
           {"title": "Pay (dismiss, then push the receipt)", "url": "app://pay/{id}"},
           {"title": "Coupons (pushed inside the sheet)", "url": "app://checkout/{id}/coupons"}
         ]},
        {"pattern": "app://checkout/:id<int>/coupons", "target": "Coupons", "title": "Coupons for #{id}",
         "metadata": {"requiresLogin": true},
         "body": ["Pushed on the checkout sheet's own stack."]},
        {"pattern": "app://pay/:id<int>", "target": "Receipt", "title": "Receipt #{id}", "opens": "dismissThenPush",
         "metadata": {"requiresLogin": true},
         "body": ["Opened as modalDismissBeforePush: a sheet above (the checkout) is dismissed first, then this is pushed."]},
        {"pattern": "app://orders", "target": "Orders", "title": "Orders", "opens": "tab",
         "metadata": {"requiresLogin": true},
         "body": ["Your orders. This tab is behind the login gate."],
         "links": [
           {"title": "Order #42", "url": "app://order/42"},
           {"title": "Order #43", "url": "app://order/43"},
           {"title": "Old order link (relocated)", "url": "app://old/order/44"}
         ]},
        {"pattern": "app://order/:id<int>", "target": "OrderDetail", "title": "Order #{id}", "parent": "app://orders",
         "metadata": {"requiresLogin": true},
         "body": ["Order {id}. Back goes to the orders list, wherever you came from."],
         "links": [
           {"title": "Track", "url": "app://order/{id}/track"},
           {"title": "Orders (pop to target)", "url": "app://orders?jumpType=popTo"},
           {"title": "Browse Discover (tab jump)", "url": "app://discover"}
         ]},
        {"pattern": "app://order/:id<int>/track", "target": "Tracking", "title": "Tracking #{id}", "parent": "app://order/{id}",
         "metadata": {"requiresLogin": true},
         "body": ["Out for delivery."]},
        {"pattern": "app://me", "target": "Me", "title": "Me", "opens": "tab",
         "metadata": {"requiresLogin": true},
         "body": ["Your account."],
         "links": [
           {"title": "Settings", "url": "app://settings"},
           {"title": "Edit profile (form with a leave guard)", "url": "app://settings/edit"},
           {"title": "My public profile", "url": "app://user/me"}
         ]},
        {"pattern": "app://settings", "target": "Settings", "title": "Settings", "parent": "app://me",
         "metadata": {"requiresLogin": true},
         "links": [{"title": "New root for this tab (setRoot)", "url": "app://home/reset"}]},
        {"pattern": "app://settings/edit", "target": "EditProfile", "title": "Edit profile", "opens": "presentInNavigation",
         "metadata": {"requiresLogin": true},
         "guard": "You have unsaved changes",
         "body": ["A profile form (a route with a leave guard). It opens with two edits made for the demo:",
                  "Name alice → Alice B.",
                  "City (empty) → Berlin"]},
        {"pattern": "app://user/:id", "target": "UserProfile", "title": "User {id}",
         "body": ["Plain parameter id = {id}."]},
        {"pattern": "app://user/login/:phone([0-9]+)", "target": "PhoneLogin", "title": "Log in as {phone}", "opens": "present",
         "metadata": {"loginFlow": true},
         "body": ["A pattern with a regular expression: the phone segment must match [0-9]+.",
                  "Part of the login flow: what the login screen holds stays held here, and L logs in."]},
        {"pattern": "app://login", "target": "Login", "title": "Log in", "opens": "presentFullScreen",
         "body": ["Sign in to see your orders and your account.", "Press L to log in; Esc cancels and goes back."],
         "links": [
           {"title": "Forgot your password?", "url": "app://login/forgot"},
           {"title": "Log in by phone", "url": "app://user/login/13800000000"}
         ]},
        {"pattern": "app://login/forgot", "target": "ForgotPassword", "title": "Reset password", "opens": "present",
         "metadata": {"loginFlow": true},
         "body": ["A detour of the login flow (its route sets loginFlow): a held navigation stays held while it is up.",
                  "Esc goes back to the screen under it (the login screen, on the way to log in); L logs in from here too."]},
        {"pattern": "https://:host", "target": "Web", "title": "Web: {host}", "metadata": {"web": true},
         "body": ["A simulated web view for an allow-listed host."]},
        {"pattern": "https://:host/*path", "target": "WebPage", "title": "Web: {host}/{path}", "metadata": {"web": true},
         "body": ["A simulated web view for an allow-listed host."]}
      ],
      "redirects": [
        {"from": "app://profile/:id", "to": "app://user/:id"}
      ],
      "relocations": {"version": 1, "entries": [
        {"op": "replace", "pattern": "app://old/order/:id", "to": "app://order/:id"}
      ]}
    }
    """#

    /// The demo app's description.
    public static func description() throws(RouteFileError) -> AppDescription {
        try AppDescription.decode(json: Data(json.utf8))
    }

    /// Where the demo mounts its services.
    public static let servicesBase = "app://services"

    /// The patterns the demo registers in code rather than in its description (the service mount), so
    /// that lint knows its links to `app://services/cart/add` reach something.
    public static let mountedPatterns = [servicesBase + "/:service/:method"]

    /// Registers the demo's services (TheRouter's service registry) and mounts them for URL calls:
    /// `app://services/cart/add?item=N` and `app://services/cart/count`. They are installed as a
    /// module, ``DemoServices``, with this run's `cart` in its registry.
    public static func registerServices(on router: Router, cart: Cart) throws {
        let registry = ServiceRegistry()
        registry.register(Cart.self, instance: cart)
        try router.install(DemoServices.self, services: registry)
    }

    /// Whether the demo's services are mounted for `app`: for the demo itself, and for an app
    /// description (such as `switchyard app --print`'s template) whose links call them and that
    /// has no routes of its own under the mount.
    public static func mountsServices(_ app: AppDescription) -> Bool {
        let owns = app.routes.contains { route in
            route.pattern.hasPrefix(servicesBase) || route.aliases.contains { $0.hasPrefix(servicesBase) }
        }
        // A generated app's index links are not all made to answer (their example URLs are made when read).
        return !owns && app.hasLink(toPrefix: servicesBase + "/")
    }

    /// Where the demo lets callback URLs (`callBack=`, `x-success=`…) go: its own scheme, so
    /// `app://user/7?callBack=app%3A%2F%2Fdiscover` opens User 7, then Discover.
    public static let callbackAllowList = ["app://*"]

    /// The demo's route cache (TheRouter's `useCache`): the user's cache directory, `switchyard/demo-routes.routesnapshot`;
    /// not used by a debug build.
    public static let routeCache = RouterCache(
        directory: (FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory).appendingPathComponent("switchyard"),
        name: "demo-routes")

    /// The version the demo's routes are cached under: a checksum (FNV-1a) of its description and of the
    /// routes its modules declare (``DemoRoutes/declaredRoutes``), so a changed description or screen type
    /// never loads the routes of the previous one.
    public static let routeCacheVersion: String = {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let declared = DemoRoutes.declaredRoutes.map { route in
            let metadata = route.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(route.pattern) \(route.target) \(route.priority) \(metadata.joined(separator: ","))"
        }
        for byte in (json + declared.joined(separator: "\n")).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return "demo-" + String(hash, radix: 16)
    }()

    /// Builds the running demo app, optionally with an extra relocation table.
    /// - Parameters:
    ///   - app: the app to run; the demo's own description by default.
    ///   - relocations: a relocation table applied after the app's own.
    ///   - callbackAllowList: where callback URLs may go. By default the demo's ``callbackAllowList``
    ///     when `app` is nil, and nowhere for another app.
    ///   - routeCache: where the demo's own screen routes are cached (``routeCache`` by default; another
    ///     app's description is read fresh each time and not cached).
    ///
    /// The demo's own screen routes reach the router through its modules (``DemoRoutes``, installed by
    /// ``DemoRoutes/registration()``); another app's are registered by the runtime from its description.
    @MainActor
    public static func makeRuntime(app: consuming AppDescription? = nil, relocations: RelocationTable? = nil,
                                   callbackAllowList: CallbackAllowList? = nil,
                                   routeCache: RouterCache = DemoApp.routeCache) throws -> AppRuntime {
        let isDemo = app == nil
        // Taken, not copied: the runtime then owns the only reference to the route list, and its deferred
        // index links are set in place instead of on a copy of every route.
        let description = try app.take() ?? Self.description()
        let cart = Cart()
        let mounts = mountsServices(description)
        let callbacks = try callbackAllowList ?? (isDemo ? CallbackAllowList(Self.callbackAllowList) : nil)
        let cache = isDemo ? (cache: routeCache, version: routeCacheVersion) : nil
        let screens = isDemo ? DemoRoutes.registration() : nil
        let runtime = try AppRuntime(app: consume description, routeCache: cache, screens: screens) { router in
            if mounts { try registerServices(on: router, cart: cart) }
            if let relocations { try router.applyRelocations(relocations) }
            router.setCallbackAllowList(callbacks)
        }
        return runtime
    }
}
