import SwitchyardNavigation
import Testing

/// Records what the queue's `play` closure saw.
@MainActor
final class PlayLog {
    var events: [String] = []
    var queue: NavigationQueue?
    var latecomer: Task<NavigationResult, Never>?
    var pendingSeenWhilePlaying: Int?
    var stateSeenWhilePlaying: NavigationState?
    var holding = false
}

/// Yields to other main-actor tasks until `condition` holds (bounded, so a bug fails instead of hanging).
@MainActor
func yield(until condition: () -> Bool) async {
    var spins = 0
    while !condition() && spins < 100_000 {
        spins += 1
        await Task.yield()
    }
}

/// Navigations arriving while another runs wait their turn, first in first out.
@MainActor
struct NavigationQueueTests {
    typealias F = NavigationFixture

    @Test func appliesAndReturnsTheResult() async throws {
        let queue = NavigationQueue(state: try F.base())
        let result = await queue.navigate(.push(F.order(42)))
        #expect(result == .applied(.push(from: F.orders, to: F.order(42).with(id: 3), animation: .slideFromRight)))
        #expect(queue.state == (try F.state([F.ordersTab(F.order(42).with(id: 3)), F.profileTab()], next: 4)))
        #expect(!queue.isRunning)
        #expect(await queue.navigate(.dismiss()) == .rejected(.nothingToDismiss))
    }

    @Test func aNavigationArrivingDuringATransitionIsQueued() async throws {
        let log = PlayLog()
        let queue = NavigationQueue(state: try F.base()) { transition, state in
            log.events.append("start \(transition) -> \(state)")
            if log.latecomer == nil, let queue = log.queue {
                // A deep link arrives mid-animation.
                log.latecomer = Task { @MainActor in await queue.navigate(.pop()) }
                await yield { queue.pendingCount == 1 }
                log.pendingSeenWhilePlaying = queue.pendingCount
                log.stateSeenWhilePlaying = queue.state
            }
            log.events.append("end \(transition)")
        }
        log.queue = queue

        let first = await queue.navigate(.push(F.order(42)))
        let second = await log.latecomer?.value

        let order42 = F.order(42).with(id: 3)
        #expect(first == .applied(.push(from: F.orders, to: order42, animation: .slideFromRight)))
        #expect(second == .applied(.pop(from: order42, to: F.orders, animation: .slideFromRight)))
        #expect(log.pendingSeenWhilePlaying == 1)
        #expect(log.stateSeenWhilePlaying == (try F.state([F.ordersTab(order42), F.profileTab()], next: 4)))
        #expect(log.events == [
            "start push Orders → Order #42 (slideFromRight) -> [Orders] Orders > Order #42",
            "end push Orders → Order #42 (slideFromRight)",
            "start pop Order #42 → Orders (slideToRight) -> [Orders] Orders",
            "end pop Order #42 → Orders (slideToRight)",
        ])
        #expect(queue.state == (try F.state([F.ordersTab(), F.profileTab()], next: 4)))
        #expect(!queue.isRunning)
        #expect(queue.pendingCount == 0)
    }

    @Test func queuedNavigationsRunInArrivalOrderAndFailuresPlayNothing() async throws {
        let log = PlayLog()
        log.holding = true
        let queue = NavigationQueue(state: try F.base()) { transition, _ in
            log.events.append("\(transition)")
            await yield { !log.holding }
        }
        // The first navigation holds its transition until every other one has queued behind it,
        // each started only once the previous one is waiting, so the arrival order is known.
        var tasks: [Task<NavigationResult, Never>] = []
        let actions: [NavigationAction] = [.push(F.order(1)), .push(F.order(1)), .present(F.login), .selectTab(1)]
        for action in actions {
            let expectedPending = tasks.count
            tasks.append(Task { @MainActor in await queue.navigate(action) })
            await yield { queue.isRunning && queue.pendingCount == expectedPending && log.events.count == 1 }
        }
        #expect(queue.pendingCount == 3)
        #expect(queue.state == (try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()], next: 4)))
        log.holding = false
        var results: [NavigationResult] = []
        for task in tasks {
            results.append(await task.value)
        }
        #expect(results.map(\.isApplied) == [true, false, true, true])
        #expect(results[1] == .rejected(.duplicate(kind: "OrderDetail", url: "app://order/1")))
        #expect(log.events == [
            "push Orders → Order #1 (slideFromRight)",
            "present Login as sheet (slideFromBottom)",
            "tabSwitch 0 → 1 (none)",
        ])
        #expect(queue.state == (try F.state([F.ordersTab(F.order(1).with(id: 3)), F.profileTab()], selected: 1, next: 5)))
    }
}
