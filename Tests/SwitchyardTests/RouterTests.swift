import Foundation
import SwitchyardTestSupport
import Testing
@testable import Switchyard

struct RouterTests {
    static func router() throws -> Router {
        let r = Router()
        try r.register("app://user/login/:phone([0-9]+)", target: "Login") { req in
            RouteResult(note: "login \(req.path["phone"] ?? "")")
        }
        try r.register("app://order/:id<int>", target: "OrderDetail", metadata: ["requiresLogin": "true"]) { req in
            RouteResult(try req.require("id", as: Int.self), note: "order \(try req.require("id", as: Int.self))")
        }
        try r.register("app://login", target: "Login") { _ in RouteResult(note: "login screen") }
        return r
    }

    @Test func handlerSeesPathQueryAndNativeParameters() async throws {
        let r = Router()
        enum Avatar: NativeKey { typealias Value = [UInt8] }
        try r.register("app://profile/:id<int>", target: "Profile") { req in
            #expect(req.path["id"] == "7")
            #expect(req.query.values(for: "tab") == ["a", "b"])
            #expect(req["tab"] == "b")
            #expect(req.native[Avatar.self] == [1, 2, 3])
            #expect(req.native.get("source", as: String.self) == "deep link")
            #expect(throws: ParameterError.invalid(key: "source", value: "deep link", expected: "Int")) {
                try req.native.require("source", as: Int.self)
            }
            return RouteResult(note: "ok")
        }
        var native = NativeParameters()
        native[Avatar.self] = [1, 2, 3]
        native.set("source", "deep link")
        let outcome = await r.open("app://profile/7?tab=a&tab=b", native: native)
        #expect(outcome.code == "handled")
    }

    @Test func callbackFiresExactlyOnceWithTheDefaultWhenTheHandlerDoesNotAnswer() async throws {
        let r = try Self.router()
        let d = Deliveries()
        _ = await r.open("app://user/login/123", callback: d.callback())
        #expect(d.all == ["handled"])
    }

    @Test func handlerThatAnswersEarlyIsNotAnsweredTwice() async throws {
        let r = Router()
        try r.register("app://pick", target: "Picker") { req in
            req.callback.finish(.handled(pattern: "app://pick", result: RouteResult("photo-1")))
            req.callback.finish(.cancelled(reason: "late")) // ignored
            return RouteResult(note: "done")
        }
        let got = Deliveries()
        let cb = RouteCallback { got.add(($0.final.resultPayload as String?) ?? $0.code) }
        _ = await r.open("app://pick", callback: cb)
        #expect(got.all == ["photo-1"])
    }

    @Test func everyFailureKindIsATypedOutcome() async throws {
        let r = try Self.router()
        try r.register("app://declines", target: "D",
                       handler: ClosureHandler(shouldHandle: { _ in false }) { _ in RouteResult() })
        struct Boom: Error {}
        try r.register("app://throws", target: "T") { _ in throw Boom() }
        try r.register("app://nohandler", target: "N", handler: nil)
        #expect(await r.open("app://missing").code == "not_found")
        #expect(await r.open("app://user/%zz").code == "invalid_url")
        #expect(await r.open("app://declines").code == "declined")
        #expect(await r.open("app://throws").code == "failed")
        #expect(await r.open("app://nohandler").code == "failed")
    }

    @Test func fallbackHandlesUnmatchedURLs() async throws {
        let r = try Self.router()
        r.setFallback(ClosureHandler { req in RouteResult(note: "web view for \(req.url.host)") })
        let outcome = await r.open("app://unknown/x")
        guard case .handled(let p, let result) = outcome else { Issue.record("\(outcome)"); return }
        #expect(p == "fallback")
        #expect(result.note == "web view for unknown")
    }

    @Test func canOpenHasNoSideEffects() async throws {
        let r = Router()
        let d = Deliveries()
        try r.register("app://x/:id", target: "X") { _ in d.add("handler"); return RouteResult() }
        r.addInterceptor(ClosureInterceptor("spy") { _ in d.add("interceptor"); return .proceed })
        #expect(r.canOpen("app://x/1"))
        #expect(!r.canOpen("app://y/1"))
        #expect(!r.canOpen("app://x/%"))
        #expect(d.all.isEmpty)
        #expect(r.history.isEmpty)
    }

    @Test func oneTargetUnderSeveralPatterns() async throws {
        let r = Router()
        let goods = ClosureHandler { req in RouteResult(note: req.path["id"] ?? "") }
        try r.register(["app://goods/detail/:id", "app://product/:id"], target: "Goods", handler: goods)
        #expect(await r.open("app://goods/detail/3").code == "handled")
        #expect(await r.open("app://product/3").code == "handled")
        // All-or-nothing: a conflict adds none of the patterns.
        #expect(throws: RegistrationError.self) {
            try r.register(["app://new/:x", "app://product/:other"], target: "Other", handler: nil)
        }
        #expect(!r.canOpen("app://new/1"))
    }

    @Test func routesCanBeAddedRemovedAndReplacedAtRunTime() async throws {
        let r = try Self.router()
        try r.register("app://promo/:code", target: "Promo") { _ in RouteResult(note: "v1") }
        try r.register("app://promo/list", target: "PromoList") { _ in RouteResult(note: "list") }
        #expect(await r.open("app://promo/x").final.resultNote == "v1")
        try r.replace("app://promo/:code", target: "Promo2", handler: ClosureHandler { _ in RouteResult(note: "v2") })
        #expect(await r.open("app://promo/x").final.resultNote == "v2")
        try r.remove("app://promo/:code")
        #expect(await r.open("app://promo/x").code == "not_found")
        #expect(throws: RegistrationError.notRegistered(pattern: "app://promo/:code")) {
            try r.remove("app://promo/:code")
        }
        #expect(r.removeAll(host: "PROMO") == 1)
        #expect(await r.open("app://promo/list").code == "not_found")
        #expect(await r.open("app://login").code == "handled")
    }

    @Test func lazyRegistrarRunsOnceEvenUnderConcurrentOpens() async throws {
        let r = Router()
        let count = Deliveries()
        r.addLazyRegistrar { router in
            count.add("ran")
            try? router.register("app://lazy", target: "Lazy") { _ in RouteResult() }
        }
        #expect(count.all.isEmpty)
        await withTaskGroup(of: String.self) { g in
            for _ in 0..<50 { g.addTask { await r.open("app://lazy").code } }
            for await code in g { #expect(code == "handled") }
        }
        #expect(count.all == ["ran"])
    }

    @Test func historyKeepsTheLastOpensAndObserversSeeEveryTrace() async throws {
        let r = Router(historyLimit: 3)
        try r.register("app://a/:n", target: "A") { _ in RouteResult() }
        let seen = Deliveries()
        r.addObserver { seen.add($0.url) }
        for i in 0..<5 { await r.open("app://a/\(i)") }
        #expect(seen.all.count == 5)
        #expect(r.history.map(\.url) == ["app://a/2", "app://a/3", "app://a/4"])
        let t = try #require(r.history.last)
        #expect(t.matchedPattern == "app://a/:n")
        #expect(t.target == "A")
        #expect(t.candidates == ["app://a/:n"])
        #expect(t.steps.map(\.kind) == [.match, .handler])
        #expect(t.description.contains("outcome: handled"))
    }

    @Test func failureHandlerSeesEveryFailure() async throws {
        let r = try Self.router()
        let failures = Deliveries()
        r.setFailureHandler { outcome, _ in failures.add(outcome.code) }
        await r.open("app://nope")
        await r.open("app://user/login/1")
        await r.open("bad url")
        #expect(failures.all == ["not_found", "invalid_url"])
    }
}

extension RouteOutcome {
    var resultNote: String? {
        if case .handled(_, let r) = final { return r.note }
        return nil
    }
    var resultPayload: String? {
        if case .handled(_, let r) = final { return r.payload(as: String.self) }
        return nil
    }
}
