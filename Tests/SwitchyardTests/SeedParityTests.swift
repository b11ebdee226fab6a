import Foundation
import Switchyard
import SwitchyardKit
import SwitchyardTestSupport
import SwitchyardTooling
import Testing

/// WLRRoute's callback URLs (and x-callback-url), opening by target, and the request's state.
struct SeedParityTests {
    static func router() throws -> Router {
        let r = Router()
        try r.register("app://pay/:amount<int>", target: "Pay") { req in RouteResult(note: "paid \(req.path["amount"] ?? "")") }
        try r.register("app://fail", target: "Fail") { _ in throw CancellationError() }
        try r.register("partner://done", target: "Done") { req in RouteResult(note: "done \(req.query.last("outcome") ?? req.query.last("errorCode") ?? "")") }
        try r.register("app://user/:id<int>", target: "User") { req in RouteResult(note: "user \(req.path["id"] ?? "") \(req.query.last("tab") ?? "")") }
        try r.register("app://u/:id<int>", target: "User") { _ in RouteResult(note: "alias") }
        try r.setCallbackAllowList(CallbackAllowList(["partner://done", "https://*.example.com"]))
        return r
    }

    @Test func theRightCallbackOpensAfterTheOpenEnds() async throws {
        let r = try Self.router()
        let ok = await r.openAndTrace("app://pay/5?x-success=partner://done&x-error=partner://done")
        #expect(ok.callback?.url == "partner://done")
        #expect(ok.callback?.outcome.code == "handled")
        let failed = await r.openAndTrace("app://fail?x-success=partner://done&x-error=partner://done")
        #expect(failed.callback?.url.hasPrefix("partner://done?errorCode=failed&errorMessage=") == true)
        let wlr = await r.openAndTrace("app://pay/5?callbackURL=partner%3A%2F%2Fdone")
        #expect(wlr.callback?.url == "partner://done?outcome=handled")
        if case .handled(_, let result) = wlr.callback?.outcome { #expect(result.note == "done handled") } else { Issue.record("\(String(describing: wlr.callback))") }
        let none = await r.openAndTrace("app://pay/5")
        #expect(none.callback == nil)
    }

    static let bypasses = [
        "evil://done", "partner://evil.com", "partner://done.evil.com", "partner://done@evil.com", "partner://x@done",
        "javascript:alert(1)", "data:text/html,hi", "//done", "done", "partner:done", "partner:///done", "https://example.com.evil.com",
        "https://evilexample.com", "https://user@a.example.com", "http://a.example.com", "partner://done%2Eevil.com",
        " partner://done", "partner://done\u{0}.evil.com", "https://a.example.com\\@evil.com",
    ]

    @Test("callback URLs off the allow list are refused", arguments: bypasses)
    func bypassIsRefused(_ target: String) async throws {
        let r = try Self.router()
        let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let trace = await r.openAndTrace("app://pay/5?x-success=\(encoded)")
        guard trace.outcome.isHandled else {
            // The URL itself was refused (a NUL byte in the query): nothing calls back.
            #expect(trace.callback == nil)
            return
        }
        let callback = try #require(trace.callback)
        guard case .rejected(let by, _) = callback.outcome else {
            Issue.record("\(target) was opened: \(callback)")
            return
        }
        #expect(by == "CallbackAllowList")
        #expect(callback.openID == nil)
    }

    @Test func allowedCallbacksOpenAndNothingOpensWithoutAList() async throws {
        let r = try Self.router()
        for target in ["partner://done", "PARTNER://DONE", "partner://do%6Ee", "https://a.example.com/x", "https://b.a.example.com"] {
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let trace = await r.openAndTrace("app://pay/5?x-success=\(encoded)")
            #expect(trace.callback?.openID != nil, "\(target)")
        }
        r.setCallbackAllowList(nil)
        let trace = await r.openAndTrace("app://pay/5?x-success=partner://done")
        #expect(trace.callback?.outcome.description == "rejected by CallbackAllowList: no callback allow list is set, so callback URLs are refused")
        #expect(throws: CallbackRefusal.invalidEntry("partner")) { try CallbackAllowList(["partner"]) }
    }

    @Test func theSeedsCallBackKeyCallsBackAndHandlersReadIt() async throws {
        let r = try Self.router()
        let seen = Deliveries()
        try r.register("app://peek/:id", target: "Peek") { req in
            seen.add(req.callbackURL ?? "none")
            return RouteResult(note: "peek")
        }
        let trace = await r.openAndTrace("app://peek/1?callBack=partner%3A%2F%2Fdone")
        #expect(trace.callback?.url == "partner://done?outcome=handled")
        #expect(trace.callback?.openID != nil)
        // `callBack` wins over `callbackURL`; a URL with neither names no callback.
        _ = await r.openAndTrace("app://peek/2?callbackURL=partner%3A%2F%2Fdone%2Fb&callBack=partner%3A%2F%2Fdone")
        _ = await r.openAndTrace("app://peek/3")
        #expect(seen.all == ["partner://done", "partner://done", "none"])
        let failed = await r.openAndTrace("app://fail?callBack=partner%3A%2F%2Fdone")
        #expect(failed.callback?.url == "partner://done?outcome=failed")
    }

    /// Hostile callbacks, each refused with the refusal that names what was wrong: the callback is not
    /// opened, the open itself ends as it would have, and nothing loops.
    static let hostileCallbacks: [(callback: String, origin: String, refusal: CallbackRefusal)] = [
        ("evil://done", "app://pay/5", .notAllowed(url: "evil://done")),
        ("partner://evil.com", "app://pay/5", .notAllowed(url: "partner://evil.com")),
        ("app://pay/5?outcome=handled", "app://pay/5?callBack=app%3A%2F%2Fpay%2F5", .pointsToItself(url: "app://pay/5?outcome=handled")),
        ("APP://PAY/5/?outcome=handled", "app://pay/5", .pointsToItself(url: "APP://PAY/5/?outcome=handled")),
        ("app://home?callBack=app%3A%2F%2Fpay%2F5&outcome=handled", "app://pay/5",
         .namesACallback(url: "app://home?callBack=app%3A%2F%2Fpay%2F5&outcome=handled", key: "callBack")),
        ("app://home?x-success=app%3A%2F%2Fhome", "app://pay/5", .namesACallback(url: "app://home?x-success=app%3A%2F%2Fhome", key: "x-success")),
    ]

    @Test(arguments: hostileCallbacks.indices)
    func aHostileCallbackGetsTheRefusalThatNamesIt(_ index: Int) throws {
        let (callback, origin, refusal) = Self.hostileCallbacks[index]
        let list = try CallbackAllowList(["app://*", "partner://done"])
        guard case .failure(let got) = list.check(callback, from: origin) else {
            Issue.record("\(callback) was allowed")
            return
        }
        #expect(got == refusal)
    }

    @Test func malformedCallbacksAreRefusedAsInvalidURLs() throws {
        let list = try CallbackAllowList(["app://*"])
        for bad in ["", "://", "app://", "app://a b", "app://x\u{0}y", String(repeating: "a", count: 70_000)] {
            guard case .failure(.invalidURL) = list.check(bad) else {
                Issue.record("\(bad.prefix(20)): \(list.check(bad))")
                continue
            }
        }
        // An entry for any host of a scheme still wants a host, and a scheme.
        #expect((try? list.check("app:///x").get()) == nil)
        #expect((try? list.check("app://discover").get()) != nil)
        #expect(throws: CallbackRefusal.invalidEntry("://*")) { try CallbackAllowList(["://*"]) }
        #expect(throws: CallbackRefusal.invalidEntry("app://**")) { try CallbackAllowList(["app://**"]) }
        #expect(try CallbackAllowList(["APP://*"]).entries.map(\.description) == ["app://*"])
    }

    @Test func theRouterRefusesHostileCallbacksByNameAndNeverLoops() async throws {
        let r = Router()
        let opens = Deliveries()
        try r.register("app://user/:id", target: "User") { req in
            opens.add(req.url.original)
            return RouteResult(note: "user")
        }
        try r.register("app://home", target: "Home") { req in
            opens.add(req.url.original)
            return RouteResult(note: "home")
        }
        r.setCallbackAllowList(try CallbackAllowList(["app://*"]))
        let cases: [(url: String, reason: String)] = [
            ("app://user/1?callBack=evil%3A%2F%2Fsteal", "callback URL 'evil://steal?outcome=handled' is not on the callback allow list"),
            ("app://user/2?callBack=%25zz", "invalid callback URL: "),
            ("app://user/3?callBack=app%3A%2F%2Fuser%2F3", "callback URL 'app://user/3?outcome=handled' leads back to the URL that named it"),
            ("app://user/4?callBack=app%3A%2F%2Fhome%3FcallBack%3Dapp%253A%252F%252Fuser%252F4",
             "callback URL 'app://home?callBack=app%3A%2F%2Fuser%2F4&outcome=handled' names a callback of its own ('callBack')"),
        ]
        for (url, reason) in cases {
            let trace = await r.openAndTrace(url)
            #expect(trace.outcome.code == "handled", "\(url)")
            let callback = try #require(trace.callback, "\(url)")
            #expect(callback.openID == nil, "\(url)")
            guard case .rejected(let by, let why) = callback.outcome else {
                Issue.record("\(url): \(callback)")
                continue
            }
            #expect(by == "CallbackAllowList")
            #expect(why.hasPrefix(reason), "\(why)")
        }
        // Each open ran its own handler once and nothing else opened.
        #expect(opens.all == cases.map(\.url))
    }

    @Test func openingByTargetBuildsTheURLFromItsPattern() async throws {
        let r = try Self.router()
        #expect(try r.url(forTarget: "User", parameters: ["id": "42", "tab": "likes"]) == "app://user/42?tab=likes")
        #expect(await r.open(target: "User", parameters: ["id": "7", "tab": "a b"]).resultNote == "user 7 a b")
        #expect(throws: TargetOpenError.unknownTarget("Nobody")) { try r.url(forTarget: "Nobody") }
        let got = Deliveries()
        #expect(await r.open(target: "User", parameters: ["id": "abc"], callback: got.callback()).code == "failed")
        #expect(await r.open(target: "Nobody", callback: got.callback()).code == "not_found")
        #expect(got.all == ["failed", "not_found"])
    }

    @Test func aRequestKnowsItsState() async throws {
        let r = Router()
        let seen = Deliveries()
        try r.register("app://early", target: "Early") { req in
            seen.add(req.state.description)
            req.callback.finish(.handled(pattern: "app://early", result: RouteResult(note: "early")))
            seen.add(req.state.description)
            return RouteResult(note: "late")
        }
        _ = await r.open("app://early")
        #expect(seen.all == ["handling", "handled: handled"])
        let made = RouteRequest(url: try RouteURL("app://x"), pattern: try RoutePattern("app://x"), target: "X",
                                path: PathParameters(names: [], values: []))
        #expect(made.state.description == "unhandled")
    }
}

/// XKRouter's route definitions by host.
struct HostDefinitionTests {
    @Test func aHostsRoutesAreAValueToReadRegisterAndRemove() async throws {
        let r = Router()
        let user = HostDefinition(host: "USER", routes: [
            .init("app://user/:id<int>", target: "Profile", handler: ClosureHandler { _ in RouteResult(note: "profile") }),
            .init("app://user/:id<int>/posts", target: "Posts", metadata: ["requiresLogin": "true"], handler: nil),
        ])
        try r.register(user)
        try r.register("app://order/:id", target: "Order", handler: nil)
        #expect(r.definition(forHost: "user").routes.map(\.pattern) == ["app://user/:id<int>", "app://user/:id<int>/posts"])
        #expect(r.definition(forHost: "user").routes[1].metadata == ["requiresLogin": "true"])
        #expect(await r.open("app://user/7").resultNote == "profile")
        // All or nothing: a pattern of another host refuses the whole definition.
        let mixed = HostDefinition(host: "shop", routes: [.init("app://shop/cart", target: "Cart", handler: nil),
                                                          .init("app://user/x", target: "X", handler: nil)])
        #expect(throws: RegistrationError.hostMismatch(pattern: "app://user/x", host: "shop")) { try r.register(mixed) }
        #expect(r.definition(forHost: "shop").routes.isEmpty)
        #expect(r.removeAll(host: "user") == 2)
        #expect(r.definition(forHost: "user").routes.isEmpty)
        #expect(r.removeAllRoutes() == 1)
        #expect(r.table.routes.isEmpty)
    }
}

/// TheRouter's relocation payload, accepted as it is.
struct TheRouterRelocationTests {
    @Test func aBareArrayOfRouterTypeMapsIsARelocationTable() throws {
        let json = #"""
        [{"routerType": 1, "orginPath": "app://old/:id", "targetPath": "app://new/:id"},
         {"routerType": 2, "path": "app://deal/:id", "className": "Item"},
         {"routerType": 3, "orginPath": "app://gone"},
         {"routerType": 4, "orginPath": "app://back"}]
        """#
        let table = try RelocationTable.decode(json: Data(json.utf8))
        #expect(table.entries == [.replace(pattern: "app://old/:id", to: "app://new/:id"), .add(pattern: "app://deal/:id", target: "Item"),
                                  .delete(pattern: "app://gone"), .reset(pattern: "app://back")])
        let refusals: [(String, String)] = [
            (#"[{"routerType": 5, "orginPath": "app://x"}]"#, "[0].routerType: unknown routerType 5 (1 replace, 2 add, 3 delete, 4 restore)"),
            (#"[{"orginPath": "app://x"}]"#, "[0].routerType: missing (1 replace, 2 add, 3 delete, 4 restore)"),
            (#"[{"routerType": 1, "orginPath": "app://a/:id", "targetPath": "app://b/:other"}]"#, "[0].targetPath"),
        ]
        for (text, message) in refusals {
            do {
                _ = try RouteSchema.decode(RelocationTable.self, json: Data(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }
}

/// TheRouter's relocation payload in the shapes its server sends (`TheRouterInfo`): the fields its
/// README's examples carry, and the whole model with its defaults.
struct TheRouterPayloadTests {
    /// Shaped as TheRouter's examples send them: replace, restore with `targetPath` equal to
    /// `orginPath`, add by `path` and `className`, and delete by `path`.
    static let examplePayload = #"""
    [{"routerType": 1, "targetPath": "shop://router/detail2", "orginPath": "shop://router/detail"},
     {"routerType": 4, "targetPath": "shop://router/cart", "orginPath": "shop://router/cart"},
     {"routerType": 2, "className": "Shop.CouponController", "path": "shop://router/coupon9"},
     {"routerType": 3, "path": "shop://router/legacy"}]
    """#

    /// The whole model as a server serialises it: every field, unused ones at their defaults.
    static let fullModelPayload = #"""
    [{"routerType": 1, "orginPath": "shop://item/:id", "targetPath": "shop://goods/:id", "path": "", "className": "",
      "params": {"from": "server", "n": 2, "fresh": true}},
     {"routerType": 4, "orginPath": "shop://sale", "targetPath": "shop://deals", "path": "", "className": "", "params": {"tab": "new"}},
     {"routerType": 4, "orginPath": "shop://router/cart", "targetPath": "", "path": "", "className": "", "params": {}},
     {"routerType": 2, "orginPath": "", "targetPath": "", "path": "shop://coupon/:code", "className": "Coupon", "params": null},
     {"routerType": 3, "orginPath": "shop://router/legacy", "targetPath": null, "path": "shop://router/legacy", "className": ""}]
    """#

    @Test func theExamplePayloadIsATable() throws {
        let table = try RelocationTable.decode(json: Data(Self.examplePayload.utf8))
        #expect(table.entries == [
            .replace(pattern: "shop://router/detail", to: "shop://router/detail2"), .reset(pattern: "shop://router/cart"),
            .add(pattern: "shop://router/coupon9", target: "Shop.CouponController"), .delete(pattern: "shop://router/legacy"),
        ])
    }

    @Test func everyFieldOfTheModelIsAcceptedAndDoesWhatItSays() async throws {
        let table = try RelocationTable.decode(json: Data(Self.fullModelPayload.utf8))
        #expect(table.entries == [
            .replace(pattern: "shop://item/:id", to: "shop://goods/:id", parameters: ["from": "server", "n": "2", "fresh": "true"]),
            .replace(pattern: "shop://sale", to: "shop://deals", parameters: ["tab": "new"]),
            .reset(pattern: "shop://router/cart"), .add(pattern: "shop://coupon/:code", target: "Coupon"),
            .delete(pattern: "shop://router/legacy"),
        ])
        let r = Router()
        let seen = Deliveries()
        try r.register("shop://goods/:id", target: "Goods") { req in
            seen.add(req.url.original)
            return RouteResult(note: "goods")
        }
        try r.register("shop://deals", target: "Deals") { req in
            seen.add(req.url.original)
            return RouteResult(note: "deals")
        }
        try r.register("shop://item/:id", target: "Item") { _ in RouteResult(note: "item") }
        try r.register("shop://coupons", target: "Coupon") { _ in RouteResult(note: "coupon") }
        try r.applyRelocations(table)
        // `params` join the relocated URL's query after its own items; the URL's own value of a key wins.
        #expect(await r.open("shop://item/5").resultNote == "goods")
        #expect(await r.open("shop://item/6?from=link&x=1").resultNote == "goods")
        #expect(await r.open("shop://sale").resultNote == "deals")
        #expect(seen.all == ["shop://goods/5?fresh=true&from=server&n=2", "shop://goods/6?from=link&x=1&fresh=true&n=2",
                             "shop://deals?tab=new"])
        #expect(await r.open("shop://coupon/SAVE").resultNote == "coupon")
        #expect(r.relocationRules.contains("replace shop://item/:id → shop://goods/:id adding fresh=true&from=server&n=2"))
        // The exported map keeps the parameters, and reads back as the same relocation.
        let exported = try RouteMap(router: r).text(as: .json)
        let file = try RouteSchema.decode(RouteFile.self, json: Data(exported.utf8))
        #expect(file.relocations?.entries.first == table.entries.first)
    }

    /// Each refusal names the entry and the field.
    static let refusals: [(json: String, message: String)] = [
        (#"[{"routerType": 1, "orginPath": "shop://a", "targetPath": "shop://b", "extra": 1}]"#, "[0].extra: unknown key"),
        (#"[{"routerType": 1, "orginPath": "shop://a", "targetPath": "shop://b", "params": {"x": {"y": 1}}}]"#,
         "[0].params.x: expected a string, number or boolean"),
        (#"[{"routerType": 1, "orginPath": "shop://a", "targetPath": "shop://b", "params": [1]}]"#, "[0].params"),
        (#"[{"routerType": 2, "path": "shop://c", "className": "C", "params": {"a": "b"}}]"#,
         "[0].params: not used by routerType 2 (accepted only empty)"),
        (#"[{"routerType": 2, "path": "shop://c", "className": ""}]"#, "[0].className: missing (routerType 2 needs it)"),
        (#"[{"routerType": 1, "orginPath": "shop://a", "targetPath": ""}]"#, "[0].targetPath: missing (routerType 1 needs it)"),
        (#"[{"routerType": 1, "orginPath": "shop://a", "targetPath": "shop://b", "className": "B"}]"#,
         "[0].className: not used by routerType 1"),
        (#"[{"routerType": 3, "path": "shop://a", "orginPath": "shop://b"}]"#, "[0].orginPath: names another route than path 'shop://a'"),
        (#"[{"routerType": 3}]"#, "[0].path: missing (routerType 3 needs path or orginPath)"),
        (#"[{"routerType": 4, "orginPath": "shop://a", "targetPath": "shop://a", "params": {"a": "b"}}]"#,
         "[0].params: not used by routerType 4"),
        (#"[{"routerType": 4, "orginPath": "shop://a/:id", "targetPath": "shop://b/:other"}]"#, "[0].targetPath"),
        (#"[{"routerType": 1, "orginPath": "shop://a", "targetPath": 5}]"#, "[0].targetPath"),
    ]

    @Test(arguments: refusals.indices)
    func aBadEntryIsRefusedNamingItsField(_ index: Int) {
        let (json, message) = Self.refusals[index]
        do {
            let table = try RouteSchema.decode(RelocationTable.self, json: Data(json.utf8))
            Issue.record("accepted \(json): \(table.entries)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test func theNativeFormatCarriesParametersAndRoundTrips() throws {
        let json = #"{"version": 3, "entries": [{"op": "replace", "pattern": "app://a/:id", "to": "app://b/:id", "parameters": {"src": "push", "n": 1}}]}"#
        let table = try RelocationTable.decode(json: Data(json.utf8))
        #expect(table.entries == [.replace(pattern: "app://a/:id", to: "app://b/:id", parameters: ["src": "push", "n": "1"])])
        let again = try RelocationTable.decode(json: try JSONEncoder().encode(table))
        #expect(again == table)
        #expect(table.entries[0].description == "replace app://a/:id → app://b/:id adding n=1&src=push")
        #expect(throws: RelocationError.self) {
            try RelocationTable.decode(json: Data(#"{"entries": [{"op": "add", "pattern": "app://x", "target": "X", "parameters": {}}]}"#.utf8))
        }
    }
}

struct OpenWebURLTests {
    @Test func onlyHTTPSOpensThroughTheWebRoutes() async throws {
        let r = Router()
        try r.register("https://:host/*path", target: "Web") { req in RouteResult(note: "web \(req.url.host)") }
        #expect(await r.openWebURL("https://example.com/docs").resultNote == "web example.com")
        let got = Deliveries()
        for url in ["http://example.com", "javascript:alert(1)", "app://x", "not a url"] {
            #expect(await r.openWebURL(url, callback: got.callback()).code == "rejected", "\(url)")
        }
        #expect(got.all == ["rejected", "rejected", "rejected", "rejected"])
    }
}
