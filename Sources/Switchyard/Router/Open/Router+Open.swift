import Foundation

extension Router {
    /// Opens a URL: relocations, redirects, matching, interceptors, the handler, then the app's placement.
    ///
    /// Every open ends in exactly one ``RouteOutcome``, which is returned and delivered once to
    /// `callback` (unless a component such as a login gate took the callback over to finish it later).
    /// When a ``PlacementApplier`` is installed, the outcome is final only after it applied the handler's
    /// result, so `handled` means the screen was placed.
    /// - Parameters:
    ///   - url: the URL to open.
    ///   - native: in-process parameters for the handler.
    ///   - lane: when given, a newer open in the same lane cancels this one if it has not finished: at
    ///     its next stage, or, when its handler is already running, as soon as the handler returns
    ///     (the handler's result is then not used and the outcome is `cancelled`).
    ///   - callback: the caller's completion; fires exactly once.
    @discardableResult
    public func open(_ url: String, native: NativeParameters = NativeParameters(), lane: String? = nil,
                     callback: RouteCallback = RouteCallback(nil)) async -> RouteOutcome {
        await openAndTrace(url, native: native, lane: lane, callback: callback).outcome
    }

    /// Opens a URL as ``open(_:native:lane:callback:)-(String,_,_,_)`` does and returns this open's own
    /// trace (with its outcome), so a caller never has to look for it in ``history``, where concurrent
    /// opens interleave.
    @discardableResult
    public func openAndTrace(_ url: String, native: NativeParameters = NativeParameters(), lane: String? = nil,
                             callback: RouteCallback = RouteCallback(nil)) async -> RouteTrace {
        await openAndTrace(url, native: native, lane: lane, callback: callback, followsCallbackURL: true)
    }

    func openAndTrace(_ url: String, native: NativeParameters, lane: String?, callback: RouteCallback,
                      followsCallbackURL: Bool) async -> RouteTrace {
        runPendingRegistrars()
        let start = ContinuousClock.now
        let (traceID, isCurrent) = enterLane(lane)
        var pass = OpenPass(url: url, native: native, callback: callback, trace: RouteTrace(id: traceID, url: url),
                            maxHops: maxRedirectHops, isCurrent: isCurrent)
        let outcome = await runStages(&pass)
        var trace = pass.trace
        trace.outcome = outcome
        trace.seconds = (ContinuousClock.now - start).seconds
        callback.finishUnlessTakenOver(outcome)
        if followsCallbackURL && !callback.isTakenOver, let target = Self.callbackURL(for: url, outcome: outcome) {
            trace.callback = await openCallbackURL(target, origin: url)
        }
        record(trace)
        return trace
    }

    /// Opens a Foundation `URL`.
    @discardableResult
    public func open(_ url: URL, native: NativeParameters = NativeParameters(), lane: String? = nil,
                     callback: RouteCallback = RouteCallback(nil)) async -> RouteOutcome {
        await open(url.absoluteString, native: native, lane: lane, callback: callback)
    }
}
