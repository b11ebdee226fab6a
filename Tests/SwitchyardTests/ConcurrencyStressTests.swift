import Foundation
import SwitchyardTestSupport
import Testing
@testable import Switchyard
import SwitchyardKit

/// Many tasks mixing register, remove, open, relocation swaps, interceptor changes and registration from
/// inside a handler. Run under ThreadSanitizer in CI (`swift test --sanitize=thread --filter ConcurrencyStress`).
struct ConcurrencyStressTests {
    @Test func concurrentRegisterRemoveOpenAndTableSwaps() async throws {
        let r = Router()
        for i in 0..<50 { try r.register("app://base/\(i)/:id", target: "Base\(i)") { _ in RouteResult() } }
        // A handler that registers a route while it handles (a crash seen in other routers).
        try r.register("app://spawn/:n", target: "Spawn") { req in
            let n = req.path["n"] ?? "0"
            try? r.register("app://spawned/\(n)", target: "Spawned") { _ in RouteResult() }
            _ = r.canOpen("app://spawned/\(n)")
            return RouteResult()
        }
        let gate = LoginGate(loginURL: "app://base/0/login")
        gate.install(on: r)
        let outcomes = Counter()

        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var rng = SplitMix64(seed: UInt64(worker) &+ 1)
                    for step in 0..<250 {
                        switch rng.next() % 9 {
                        case 0:
                            let gated = step % 2 == 0 ? "true" : "false"
                            try? r.register("app://dyn/\(worker)/\(step)", target: "Dyn",
                                            metadata: ["requiresLogin": gated]) { _ in
                                RouteResult()
                            }
                        case 1:
                            try? r.remove("app://dyn/\(worker)/\(Int(rng.next() % UInt64(step + 1)))")
                        case 2:
                            let table = RelocationTable(version: step, entries: [
                                .replace(pattern: "app://old/\(worker)/:id", to: "app://base/\(worker)/:id"),
                                .add(pattern: "app://alias/\(worker)/:id", target: "Base\(worker)"),
                            ])
                            try? r.applyRelocations(table)
                        case 3:
                            let id = r.addInterceptor(ClosureInterceptor("tmp\(worker)") { _ in .proceed },
                                                      priority: Int(rng.next() % 5))
                            _ = r.removeInterceptor(id)
                        case 4:
                            await r.open("app://spawn/\(worker * 1000 + step)")
                            outcomes.add()
                        case 5:
                            if step % 50 == 0 { r.removeAll(host: "spawned") }
                            _ = r.history.count
                        case 6:
                            if rng.next() % 2 == 0 { gate.setLoggedIn(true) } else { gate.logout() }
                            _ = await gate.loginSucceeded()
                        default:
                            let urls = ["app://base/\(worker)/7", "app://old/\(worker)/3", "app://alias/\(worker)/1",
                                        "app://dyn/\(worker)/\(step / 2)", "app://nope/1", "app://base/%zz"]
                            await r.open(urls[Int(rng.next() % UInt64(urls.count))])
                            _ = try? r.match("app://base/1/2")
                            outcomes.add()
                        }
                    }
                }
            }
        }
        #expect(outcomes.value > 500)
        #expect(r.canOpen("app://base/3/1"))
    }

    @Test func tableSnapshotsAreSafeToShareAcrossThreads() async throws {
        var b = RouteTableBuilder<Int>()
        for i in 0..<1000 { try b.add("app://h\(i % 30)/p\(i)/:id", target: i) }
        let table = b.build()
        await withTaskGroup(of: Int.self) { g in
            for t in 0..<8 {
                g.addTask {
                    var hits = 0
                    for i in stride(from: t, to: 1000, by: 8)
                    where (try? table.match("app://h\(i % 30)/p\(i)/x"))??.target == i {
                        hits += 1
                    }
                    return hits
                }
            }
            var total = 0
            for await h in g { total += h }
            #expect(total == 1000)
        }
    }
}

final class Counter: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
