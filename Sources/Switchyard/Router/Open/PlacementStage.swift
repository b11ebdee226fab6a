/// Stage 6: hands the handler's (or the fallback's) result to the app's ``PlacementApplier``, when one
/// is installed, and turns its verdict into the open's outcome: `handled` only when the result was placed.
///
/// An open superseded while its handler ran ends as cancelled here: its result is not used. Adds a
/// ``RouteTrace/Step/Kind/placement`` step with the applier's verdict; without an applier, no step.
struct PlacementStage {
    /// The app's placement step, if one is installed.
    let applier: (any PlacementApplier)?

    /// The open's outcome.
    func run(_ handled: HandledRequest, _ pass: inout OpenPass) async -> RouteOutcome {
        guard pass.isCurrent() else { return OpenPass.superseded }
        guard let applier else { return .handled(pattern: handled.pattern, result: handled.result) }
        let start = ContinuousClock.now
        let verdict = await applier.apply(handled.result, for: handled.request)
        pass.addStep(.placement, handled.request.target, verdict.description,
                     seconds: (ContinuousClock.now - start).seconds)
        switch verdict {
        case .placed(_, let shown):
            let result = shown.map { RouteResult(handled.result.payload, note: $0) } ?? handled.result
            return .handled(pattern: handled.pattern, result: result)
        case .vetoed(let by, let reason): return .vetoed(by: by, reason: reason)
        case .failed(let reason): return .placementFailed(reason: reason)
        }
    }
}
