import Foundation
import Hummingbird
import Logging
import Synchronization

/// hummingbird-project/hummingbird's trie router, used the way a Hummingbird app uses it: a
/// `Router` with one `get` route per converted path, `buildResponder()`, then each URL handed to
/// `RouterResponder.respond(to:context:)` as the `Request` a server would make of it.
///
/// `respond(to:context:)` is the narrowest public way to resolve a path: the trie's own
/// `RouterTrie.resolve(_:)` is public, but a `RouterTrie` can only be had through SPI (its
/// initialiser and `RouterPathTrieBuilder` are `@_spi(Internal)`, and `RouterResponder.trie` is
/// internal), which this harness does not use. So one lookup here is:
///
/// - cut `scheme:/` off the URL, keeping the `/` before the host (the query stays: a server hands
///   the router the request target with its query);
/// - `HTTPRequest(method: .get, path:)` and `Request(head:body:)`, which parses the URI (path and
///   query) as a server does for every request;
/// - `respond(to:context:)`: the trie walk (`RouterTrie.resolve`, which also fills the
///   `Parameters`), the GET responder looked up in the endpoint's method dictionary, the context
///   copied with the parameters and the endpoint path set, the route's handler called through
///   `CallbackResponder` (it stores the route's number in ``Slot`` and returns
///   `Response(status: .ok)`); a miss goes to the not-found responder, which throws
///   `HTTPError(.notFound)`, caught by `respond` and turned into a 404 `Response`.
///
/// The request body and the context are made once and copied per lookup, as RoutingKit's empty
/// `Parameters` are: a server would also make a fresh context per request (a `Logger` copy and
/// an `EndpointPath` box), which is not counted here.
///
/// `respond` is `async`; the lookups never suspend, and they run on the calling thread inside one
/// task per pass (see ``runHere(_:)``), timed inside the task.
struct HummingbirdLookup: Sendable {
    let responder: RouterResponder<LookupContext>
    let slot: Slot
    let context: LookupContext
    let body: RequestBody

    init(responder: RouterResponder<LookupContext>, slot: Slot) {
        self.responder = responder
        self.slot = slot
        context = LookupContext(source: LookupSource(logger: Logger(label: "switchyard-benchmarks.hummingbird")))
        body = RequestBody(buffer: ByteBuffer())
    }

    /// The matched route's number, or -1 when the router answers 404.
    @inline(__always)
    func lookup(_ url: String) async -> Int {
        var rest = Substring(url)
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), rest[colon...].hasPrefix("://") {
            rest = rest[rest.utf8.index(colon, offsetBy: 2)...]
        }
        let request = Request(head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: String(rest)), body: body)
        do {
            let response = try await responder.respond(to: request, context: context)
            return response.status == .ok ? slot.value : -1
        } catch {
            return -2
        }
    }

    /// One timed pass over `urls` inside the task: nanoseconds per lookup and the sum of the targets.
    func timedPass(_ urls: [String]) async -> (Double, Int) {
        let clock = ContinuousClock()
        var acc = 0
        let start = clock.now
        for url in urls { acc &+= await lookup(url) }
        let elapsed = start.duration(to: clock.now)
        return (elapsed.nanoseconds / Double(max(urls.count, 1)), acc)
    }

    /// One untimed pass, run to completion on the calling thread: the sum of the targets.
    func pass(_ urls: [String]) -> Int {
        runHere {
            var acc = 0
            for url in urls { acc &+= await lookup(url) }
            return acc
        }
    }

    /// The target of every URL, in order.
    func targets(_ urls: [String]) -> [Int] {
        runHere {
            var out: [Int] = []
            out.reserveCapacity(urls.count)
            for url in urls { out.append(await lookup(url)) }
            return out
        }
    }

    /// Registers `paths[i]` (Hummingbird syntax) with a handler answering `i`, for every `i` with `register[i]`.
    static func router(_ paths: ArraySlice<String>, register: [Bool], slot: Slot) -> Router<LookupContext> {
        let router = Router(context: LookupContext.self)
        for i in paths.indices where register[i] {
            router.get(RouterPath(paths[i])) { _, _ in
                slot.value = i
                return Response(status: .ok)
            }
        }
        return router
    }

    /// The responder of ``router(_:register:slot:)``; the builder is dropped.
    static func build(_ paths: ArraySlice<String>, register: [Bool], slot: Slot) -> RouterResponder<LookupContext> {
        router(paths, register: register, slot: slot).buildResponder()
    }
}

/// The request context the benchmark's router uses: Hummingbird's core storage and nothing else.
struct LookupContext: RequestContext {
    typealias Source = LookupSource
    var coreContext: CoreRequestContextStorage

    init(source: LookupSource) {
        coreContext = .init(source: source)
    }
}

/// What a ``LookupContext`` is made from: only a logger (no channel, as there is no connection).
struct LookupSource: RequestContextSource {
    let logger: Logger
}

/// Where a route's handler leaves the route's number for the lookup to read after `respond`.
final class Slot: @unchecked Sendable {
    // @unchecked: written by a handler and read by the lookup on the same thread (see runHere).
    var value = 0
}

// MARK: Timing and counting passes (the counterparts of timeBatch, countMatched, hitPass and missPass)

/// Times one pass over `urls`, returning nanoseconds per lookup; the clock runs inside the task,
/// around the loop only. The targets are summed into `sink`.
@inline(never)
func timeBatch(_ impl: HummingbirdLookup, _ urls: [String], _ sink: inout Int) -> Double {
    let (ns, acc) = runHere { await impl.timedPass(urls) }
    sink &+= acc
    return ns
}

/// How many URLs of `urls` the router answers with a route.
func countMatched(_ impl: HummingbirdLookup, _ urls: [String]) -> Int {
    impl.targets(urls).reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
}

/// One pass over the hit list: counted by callgrind in a `--count hummingbird` child. It includes
/// starting and draining the pass's one task (a few instructions per lookup at 1,000 lookups).
@inline(never)
func hitPassHummingbird(_ impl: HummingbirdLookup, _ urls: [String]) -> Int {
    1 &+ impl.pass(urls)
}

/// One pass over the miss list: counted by callgrind in a `--count hummingbird` child.
@inline(never)
func missPassHummingbird(_ impl: HummingbirdLookup, _ urls: [String]) -> Int {
    2 &+ impl.pass(urls)
}

// MARK: Running async work on the calling thread

/// Runs `body` in a new task whose jobs all run on the calling thread, and returns its result.
///
/// The task prefers a ``CurrentThreadExecutor``; this thread drains it until the task is done. So the
/// Hummingbird lookups run on the same thread as the synchronous lookups they are interleaved with,
/// and in a callgrind child on the thread whose instructions are counted.
func runHere<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let executor = CurrentThreadExecutor()
    _ = Task(executorPreference: executor) { box.value = await body() }
    executor.drain { box.value != nil }
    guard let value = box.value else { preconditionFailure("task ended without a result") }
    return value
}

/// The result of ``runHere(_:)``'s task.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: written by the task, which runs on the calling thread inside drain(until:), and read after it.
    var value: T?
}

/// A task executor whose jobs wait in a queue until the thread that owns it runs them.
final class CurrentThreadExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs queued jobs until `finished()`; waits (yielding the core) while the queue is empty.
    func drain(until finished: () -> Bool) {
        while !finished() {
            if let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            } else {
                sched_yield()
            }
        }
    }
}
