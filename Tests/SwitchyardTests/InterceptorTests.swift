import Foundation
import SwitchyardTestSupport
import Testing
@testable import Switchyard
import SwitchyardKit

struct InterceptorTests {
    static func router() throws -> Router {
        let r = Router()
        try r.register("app://home", target: "Home") { _ in RouteResult(note: "home") }
        try r.register("app://order/:id<int>", target: "Order", metadata: ["requiresLogin": "true"]) { req in
            RouteResult(note: "order \(req.path["id"] ?? "")")
        }
        try r.register("app://orders", target: "Orders", metadata: ["requiresLogin": "true"]) { _ in
            RouteResult(note: "orders")
        }
        try r.register("app://login", target: "Login") { _ in RouteResult(note: "login") }
        try r.register("app://blocked", target: "Blocked") { _ in RouteResult(note: "blocked") }
        return r
    }

    @Test func interceptorsRunByPriorityThenRegistrationOrder() async throws {
        let r = try Self.router()
        let order = Deliveries()
        for (name, priority) in [("a", 0), ("b", 10), ("c", 0), ("d", 10), ("e", -5)] {
            r.addInterceptor(ClosureInterceptor(name) { _ in order.add(name); return .proceed }, priority: priority)
        }
        await r.open("app://home")
        #expect(order.all == ["b", "d", "a", "c", "e"])
        let trace = try #require(r.history.last)
        #expect(trace.steps.map(\.name) == ["app://home", "b", "d", "a", "c", "e", "Home"])
    }

    @Test func scopesSelectWhichRequestsAnInterceptorSees() async throws {
        let r = try Self.router()
        let seen = Deliveries()
        let whitelist = ClosureInterceptor("whitelist") { req in
            seen.add("w:" + req.pattern.description)
            return .proceed
        }
        r.addInterceptor(whitelist, scope: .patterns(["app://orders"]))
        let meta = ClosureInterceptor("meta") { req in
            seen.add("m:" + req.pattern.description)
            return .proceed
        }
        r.addInterceptor(meta, scope: .metadata(key: "requiresLogin", value: "true"))
        let except_ = ClosureInterceptor("except") { req in
            seen.add("x:" + req.pattern.description)
            return .proceed
        }
        r.addInterceptor(except_, scope: .excluding(["app://home", "app://orders"]))
        await r.open("app://home")
        await r.open("app://orders")
        await r.open("app://order/5")
        #expect(seen.all == ["w:app://orders", "m:app://orders", "m:app://order/:id<int>", "x:app://order/:id<int>"])
    }

    @Test func rejectAndRedirectDecisions() async throws {
        let r = try Self.router()
        r.addInterceptor(ClosureInterceptor("guard") { req in
            req.pattern.description == "app://blocked" ? .reject(reason: "not for you") : .proceed
        })
        r.addInterceptor(ClosureInterceptor("moved") { req in
            req.url.host == "orders" ? .redirect(to: "app://order/1") : .proceed
        })
        let rejected = await r.open("app://blocked")
        guard case .rejected(let by, let why) = rejected else { Issue.record("\(rejected)"); return }
        #expect(by == "guard" && why == "not for you")
        let redirected = await r.open("app://orders?ref=x")
        guard case .redirected(let chain, let final) = redirected else { Issue.record("\(redirected)"); return }
        #expect(chain == ["app://orders?ref=x", "app://order/1?ref=x"])
        #expect(final.resultNote == "order 1")
    }

    /// A hang here would hit the time limit; the outcome itself proves the deadline fired.
    @Test(.timeLimit(.minutes(1)))
    func aStuckInterceptorTimesOutWithoutBlockingOtherNavigations() async throws {
        let r = try Self.router()
        r.addInterceptor(ClosureInterceptor("stuck") { _ in
            // Never answers, and ignores cancellation.
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            return .proceed
        }, scope: .patterns(["app://blocked"]), timeout: 0.2)
        async let stuck = r.open("app://blocked")
        // Other routes stay usable while the stuck one waits.
        let home = await r.open("app://home")
        #expect(home.code == "handled")
        let outcome = await stuck
        guard case .timedOut(let name, let seconds) = outcome else { Issue.record("\(outcome)"); return }
        #expect(name == "stuck" && seconds == 0.2)
        // And every later open of the stuck route still finishes (as timed out), not hangs.
        for _ in 0..<3 { #expect(await r.open("app://blocked").code == "timed_out") }
    }

    @Test func aThrowingInterceptorFailsTheNavigation() async throws {
        let r = try Self.router()
        struct Nope: Error {}
        r.addInterceptor(ClosureInterceptor("thrower") { _ in throw Nope() })
        #expect(await r.open("app://home").code == "failed")
    }

    @Test func removedInterceptorsNoLongerRun() async throws {
        let r = try Self.router()
        let id = r.addInterceptor(ClosureInterceptor("no") { _ in .reject(reason: "no") })
        #expect(await r.open("app://home").code == "rejected")
        #expect(r.removeInterceptor(id))
        #expect(await r.open("app://home").code == "handled")
    }

    @Test func aNewerNavigationInTheSameLaneCancelsTheOlderOneExactlyOnce() async throws {
        let r = try Self.router()
        r.addInterceptor(ClosureInterceptor("slow") { req in
            if req.url.host == "orders" { try? await Task.sleep(nanoseconds: 300_000_000) }
            return .proceed
        })
        let got = Deliveries()
        async let first = r.open("app://orders", lane: "main", callback: got.callback())
        try await Task.sleep(nanoseconds: 50_000_000)
        let second = await r.open("app://home", lane: "main", callback: got.callback())
        #expect(second.code == "handled")
        #expect(await first.code == "cancelled")
        #expect(got.all.sorted() == ["cancelled", "handled"])
    }

    /// A handler already running when a newer open in its lane starts still runs to its end, but its
    /// open ends `cancelled`, not `handled`, and its result is not used: the placement applier never
    /// sees it, and the trace shows the handler's step with no placement step after it.
    @Test func aHandlerRunningWhenANewerOpenStartsEndsCancelled() async throws {
        let r = try Self.router()
        let placed = PlacedNotes()
        r.setPlacementApplier(placed)
        let gate = HandlerGate()
        try r.register("app://slow", target: "Slow") { _ in
            await gate.enterAndWait()
            return RouteResult(note: "slow")
        }
        let got = Deliveries()
        async let first = r.openAndTrace("app://slow", lane: "main", callback: got.callback())
        while await !gate.entered { await Task.yield() }
        let second = await r.open("app://home", lane: "main", callback: got.callback())
        #expect(second.code == "handled")
        await gate.release()
        let firstTrace = await first
        #expect(firstTrace.outcome.code == "cancelled")
        #expect(firstTrace.outcome.description.contains("superseded by a newer navigation"))
        #expect(firstTrace.steps.map(\.kind) == [.match, .handler])
        #expect(firstTrace.steps.last?.detail == "slow")
        #expect(got.all.sorted() == ["cancelled", "handled"])
        #expect(placed.notes == ["home"])
        // Without a newer open the same handler's open is handled, and its result is placed.
        async let alone = r.open("app://slow", lane: "main")
        while await gate.waiting == 0 { await Task.yield() }
        await gate.release()
        #expect(await alone.code == "handled")
        #expect(placed.notes == ["home", "slow"])
    }

    @Test func taskCancellationEndsTheNavigationAsCancelled() async throws {
        let r = try Self.router()
        r.addInterceptor(ClosureInterceptor("slow") { _ in
            try? await Task.sleep(nanoseconds: 200_000_000)
            return .proceed
        })
        let got = Deliveries()
        let task = Task { await r.open("app://home", callback: got.callback()) }
        try await Task.sleep(nanoseconds: 30_000_000)
        task.cancel()
        #expect(await task.value.code == "cancelled")
        #expect(got.all == ["cancelled"])
    }

    // MARK: Login gate

    @Test func loginGateHoldsTheNavigationAndResumesItOnceAfterLogin() async throws {
        let r = try Self.router()
        let gate = LoginGate(loginURL: "app://login")
        gate.install(on: r)
        let got = Deliveries()
        var native = NativeParameters()
        native.set("coupon", "SAVE10")
        let first = await r.open("app://order/42?from=push", native: native, callback: got.callback())
        guard case .redirected(let chain, let final) = first else { Issue.record("\(first)"); return }
        #expect(chain == ["app://order/42?from=push", "app://login"])
        #expect(final.resultNote == "login")
        #expect(got.all.isEmpty) // held, not finished
        #expect(gate.pendingURL == "app://order/42?from=push")

        let resumed = await gate.loginSucceeded()
        #expect(resumed?.resultNote == "order 42")
        #expect(got.all == ["handled"])
        #expect(await gate.loginSucceeded() == nil) // nothing held: no second resume
        #expect(got.all == ["handled"])
        // Logged in now: no more gating.
        #expect(await r.open("app://orders").resultNote == "orders")
    }

    @Test func resumedNavigationKeepsItsNativeParameters() async throws {
        let r = Router()
        let gate = LoginGate(loginURL: "app://login")
        gate.install(on: r)
        try r.register("app://login", target: "Login") { _ in RouteResult() }
        try r.register("app://pay", target: "Pay", metadata: ["requiresLogin": "true"]) { req in
            RouteResult(note: req.native.get("amount", as: Int.self).map { "pay \($0)" } ?? "no amount")
        }
        var native = NativeParameters()
        native.set("amount", 99)
        await r.open("app://pay", native: native)
        #expect(await gate.loginSucceeded()?.resultNote == "pay 99")
    }

    @Test func cancellingLoginCancelsTheHeldNavigation() async throws {
        let r = try Self.router()
        let gate = LoginGate(loginURL: "app://login")
        gate.install(on: r)
        let got = Deliveries()
        await r.open("app://orders", callback: got.callback())
        gate.loginCancelled()
        #expect(got.all == ["cancelled"])
        gate.loginCancelled()
        #expect(got.all == ["cancelled"])
        #expect(!gate.isLoggedIn)
    }

    @Test func aNewerGatedNavigationSupersedesTheHeldOne() async throws {
        let r = try Self.router()
        let gate = LoginGate(loginURL: "app://login")
        gate.install(on: r)
        let a = Deliveries()
        let b = Deliveries()
        await r.open("app://orders", callback: a.callback())
        await r.open("app://order/7", callback: b.callback())
        #expect(a.all == ["cancelled"])
        #expect(await gate.loginSucceeded()?.resultNote == "order 7")
        #expect(b.all == ["handled"])
    }

    @Test func theLoginRouteIsNeverGated() async throws {
        let r = Router()
        let gate = LoginGate(loginURL: "app://login")
        gate.install(on: r)
        // Even if the login route itself is marked as needing login.
        try r.register("app://login", target: "Login", metadata: ["requiresLogin": "true"]) { _ in
            RouteResult(note: "login")
        }
        #expect(await r.open("app://login").resultNote == "login")
        #expect(gate.pendingURL == nil)
    }

    // MARK: Redirects and relocations

    @Test func staticRedirectMapsParameters() async throws {
        let r = Router()
        try r.register("app://user/:id", target: "User") { req in RouteResult(note: "user \(req.path["id"] ?? "")") }
        try r.addRedirect(from: "app://profile/:id", to: "app://user/:id")
        let outcome = await r.open("app://profile/9?tab=posts")
        guard case .redirected(let chain, let final) = outcome else { Issue.record("\(outcome)"); return }
        #expect(chain == ["app://profile/9?tab=posts", "app://user/9?tab=posts"])
        #expect(final.resultNote == "user 9")
        #expect(r.canOpen("app://profile/9"))
    }

    @Test func relocationTableOperations() async throws {
        let r = Router()
        try r.register("app://order/:id", target: "Order") { req in RouteResult(note: "order \(req.path["id"] ?? "")") }
        try r.register("app://order-v2/:id", target: "OrderV2") { req in
            RouteResult(note: "v2 \(req.path["id"] ?? "")")
        }
        try r.register("app://promo", target: "Promo") { _ in RouteResult(note: "promo") }
        let json = """
        {"version": 3, "entries": [
          {"op": "replace", "pattern": "app://order/:id", "to": "app://order-v2/:id"},
          {"op": "add", "pattern": "app://o/:id", "target": "Order"},
          {"op": "delete", "pattern": "app://promo"}
        ]}
        """
        try r.applyRelocations(RelocationTable.decode(json: Data(json.utf8)))
        #expect(await r.open("app://order/5").resultNote == "v2 5")
        #expect(await r.open("app://o/6").resultNote == "order 6")
        #expect(await r.open("app://promo").code == "not_found")
        #expect(!r.canOpen("app://promo"))
        try r.applyRelocations(RelocationTable(entries: [.reset(pattern: "app://order/:id")]))
        #expect(await r.open("app://order/5").resultNote == "order 5")
    }

    @Test func aRejectedRelocationTableLeavesThePreviousOneInForce() async throws {
        let r = Router()
        try r.register("app://a", target: "A") { _ in RouteResult(note: "a") }
        try r.register("app://b", target: "B") { _ in RouteResult(note: "b") }
        try r.applyRelocations(RelocationTable(version: 1, entries: [.replace(pattern: "app://a", to: "app://b")]))
        let before = r.relocationRules
        // A malformed entry: refused with its index.
        let unknownOp = "op: unknown op 'move' (expected replace, add, delete or reset)"
        #expect(throws: RelocationError.invalidEntry(index: 1, reason: unknownOp)) {
            let json = #"{"entries":[{"op":"delete","pattern":"app://x"},{"op":"move","pattern":"app://y"}]}"#
            _ = try RelocationTable.decode(json: Data(json.utf8))
        }
        // A bad pattern in the second entry: nothing of the table is applied.
        #expect(throws: RelocationError.self) {
            try r.applyRelocations(RelocationTable(entries: [.delete(pattern: "app://b"),
                                                             .replace(pattern: "app://c/:x", to: "app://d/:y")]))
        }
        // A cycle: refused with the cycle shown.
        do {
            try r.applyRelocations(RelocationTable(entries: [.replace(pattern: "app://b", to: "app://c"),
                                                             .replace(pattern: "app://c", to: "app://a")]))
            Issue.record("accepted a cycle")
        } catch {
            guard case .cycle(let cycle) = error else { Issue.record("\(error)"); return }
            #expect(cycle.first == cycle.last)
            #expect(Set(cycle) == ["app://a", "app://b", "app://c"])
        }
        #expect(r.relocationRules == before)
        #expect(await r.open("app://a").final.resultNote == "b")
        #expect(await r.open("app://b").resultNote == "b")
    }

    @Test func redirectLoopsThroughInterceptorsEndAsTypedOutcome() async throws {
        let r = Router()
        try r.register("app://ping", target: "Ping") { _ in RouteResult() }
        try r.register("app://pong", target: "Pong") { _ in RouteResult() }
        r.addInterceptor(ClosureInterceptor("bounce") { req in
            .redirect(to: req.url.host == "ping" ? "app://pong" : "app://ping", keepParameters: false)
        })
        let outcome = await r.open("app://ping")
        guard case .redirectLoop(let chain) = outcome else { Issue.record("\(outcome)"); return }
        #expect(chain.count == 10) // the URL opened plus 9 hops: the 9th is over the limit of 8
        #expect(chain.first == "app://ping")
    }

    /// Property: over random relocation tables and static redirects, every open ends within 9 hops.
    @Test func everyOpenEndsWithinNineHopsOverRandomTables() async throws {
        var rng = SplitMix64(seed: 0x5eed)
        let hosts = (0..<8).map { "h\($0)" }
        var accepted = 0
        for _ in 0..<150 {
            let r = Router()
            for h in hosts { try r.register("app://\(h)/:id", target: h) { _ in RouteResult() } }
            var entries: [RelocationEntry] = []
            for _ in 0..<Int(rng.next() % 8) {
                let a = hosts[Int(rng.next() % 8)], b = hosts[Int(rng.next() % 8)]
                switch rng.next() % 4 {
                case 0: entries.append(.replace(pattern: "app://\(a)/:id", to: "app://\(b)/:id"))
                case 1: entries.append(.add(pattern: "app://x\(a)/:id", target: b))
                case 2: entries.append(.delete(pattern: "app://\(a)/:id"))
                default: entries.append(.reset(pattern: "app://\(a)/:id"))
                }
            }
            if (try? r.applyRelocations(RelocationTable(entries: entries))) != nil { accepted += 1 }
            // Static redirects and a bouncing interceptor can still loop at run time.
            let a = hosts[Int(rng.next() % 8)], b = hosts[Int(rng.next() % 8)]
            try? r.addRedirect(from: "app://r\(a)/:id", to: "app://\(b)/:id")
            if rng.next() % 3 == 0 {
                let from = hosts[Int(rng.next() % 8)], to = hosts[Int(rng.next() % 8)]
                r.addInterceptor(ClosureInterceptor("bounce") { req in
                    req.url.host == from ? .redirect(to: "app://\(to)/1", keepParameters: false) : .proceed
                })
            }
            for h in hosts + hosts.map({ "r" + $0 }) + hosts.map({ "x" + $0 }) {
                let outcome = await r.open("app://\(h)/1")
                if case .redirected(let chain, _) = outcome { #expect(chain.count <= 9) }
                if case .redirectLoop(let chain) = outcome { #expect(chain.count == 10) }
            }
        }
        #expect(accepted > 0)
    }
}

/// Holds a handler until the test releases it.
actor HandlerGate {
    private(set) var entered = false
    private var continuations: [CheckedContinuation<Void, Never>] = []
    var waiting: Int { continuations.count }

    func enterAndWait() async {
        entered = true
        await withCheckedContinuation { continuations.append($0) }
    }

    func release() {
        for continuation in continuations { continuation.resume() }
        continuations = []
    }
}

/// A placement applier that records the note of every result it placed.
final class PlacedNotes: PlacementApplier {
    private let box = Locked<[String]>([])
    var notes: [String] { box.withLock { $0 } }

    func apply(_ result: RouteResult, for request: RouteRequest) async -> PlacementVerdict {
        box.withLock { $0.append(result.note) }
        return .placed(note: "placed \(result.note)")
    }
}
