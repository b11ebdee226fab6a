/// One open as it moves through the stages: the URLs walked, the trace being written, and what each
/// stage needs to know about the caller.
///
/// The resolve loop (``Router/runStages(_:)``) runs one pass of the stages per URL; a stage that rewrites
/// the URL sends the open on with ``follow(_:)``, and the open's outcome goes out through ``ending(_:)``.
struct OpenPass {
    /// The outcome of an open that a newer open in its lane (or task cancellation) superseded.
    static let superseded = RouteOutcome.cancelled(reason: "superseded by a newer navigation")

    /// The URLs walked so far, the opened one first.
    private(set) var chain: [String]
    /// The URL this pass works on (the last of ``chain``).
    private(set) var url: String
    /// The in-process parameters for the handler; they go along with every rewrite.
    let native: NativeParameters
    /// The caller's completion, handed to the request.
    let callback: RouteCallback
    /// The trace the stages write their steps into.
    var trace: RouteTrace
    /// False once a newer open in the lane, or task cancellation, supersedes this one.
    let isCurrent: @Sendable () -> Bool
    /// The most rewrites the open may take.
    let maxHops: Int
    /// Whether every hop so far was a relocation or a redirect (no interceptor's).
    private var onlyRewrites = true

    init(url: String, native: NativeParameters, callback: RouteCallback, trace: RouteTrace, maxHops: Int,
         isCurrent: @escaping @Sendable () -> Bool) {
        chain = [url]
        self.url = url
        self.native = native
        self.callback = callback
        self.trace = trace
        self.maxHops = maxHops
        self.isCurrent = isCurrent
    }

    /// The URLs this pass's request was redirected from, oldest first.
    var redirectedFrom: [String] { Array(chain.dropLast()) }

    /// Sends the open on to `next`. Returns the redirect-loop outcome, as it is, when that takes the open
    /// past ``maxHops`` rewrites, or, while every hop so far was a relocation or a redirect (`rewrite`),
    /// back to a URL it met: those depend on the URL alone, so the walk would repeat until the hop
    /// limit. It stops where `switchyard explain` stops (`a → b → a`). An interceptor may answer a URL
    /// differently the second time, so a chain with an interceptor's hop runs to the limit.
    mutating func follow(_ next: String, rewrite: Bool) -> RouteOutcome? {
        if !rewrite { onlyRewrites = false }
        let repeats = onlyRewrites && chain.contains(next)
        chain.append(next)
        guard chain.count - 1 <= maxHops, !repeats else { return .redirectLoop(chain: chain) }
        url = next
        return nil
    }

    /// `outcome` as the open's outcome: inside `redirected` when the open was rewritten on the way.
    func ending(_ outcome: RouteOutcome) -> RouteOutcome {
        chain.count > 1 ? .redirected(chain: chain, final: outcome) : outcome
    }

    /// Adds a step to the trace.
    mutating func addStep(_ kind: RouteTrace.Step.Kind, _ name: String, _ detail: String, seconds: Double = 0) {
        trace.steps.append(.init(kind: kind, name: name, detail: detail, seconds: seconds))
    }
}
