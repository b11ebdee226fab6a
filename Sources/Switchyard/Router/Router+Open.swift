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
        let (traceID, generation) = withState { s in
            let id = s.nextTraceID
            s.nextTraceID += 1
            var gen = 0
            if let lane {
                gen = (s.lanes[lane] ?? 0) + 1
                s.lanes[lane] = gen
            }
            return (id, gen)
        }
        var trace = RouteTrace(id: traceID, url: url)
        let isCurrent: @Sendable () -> Bool = { [self] in
            if Task.isCancelled { return false }
            guard let lane else { return true }
            return withState { $0.lanes[lane] == generation }
        }
        let outcome = await resolve(url, native: native, callback: callback, trace: &trace, isCurrent: isCurrent)
        trace.outcome = outcome
        trace.seconds = (ContinuousClock.now - start).seconds
        callback.finishUnlessTakenOver(outcome)
        if followsCallbackURL && !callback.isTakenOver, let target = Self.callbackURL(for: url, outcome: outcome) {
            trace.callback = await openCallbackURL(target, origin: url)
        }
        let (observers, failureHandler) = withState { s in
            s.history.append(trace)
            if s.history.count > s.historyLimit { s.history.removeFirst(s.history.count - s.historyLimit) }
            return (s.observers.map(\.1), s.failureHandler)
        }
        for o in observers { o(trace) }
        if outcome.isFailure { failureHandler?(outcome, trace) }
        return trace
    }

    /// Opens a Foundation `URL`.
    @discardableResult
    public func open(_ url: URL, native: NativeParameters = NativeParameters(), lane: String? = nil,
                     callback: RouteCallback = RouteCallback(nil)) async -> RouteOutcome {
        await open(url.absoluteString, native: native, lane: lane, callback: callback)
    }

    private func resolve(_ url: String, native: NativeParameters, callback: RouteCallback, trace: inout RouteTrace,
                         isCurrent: @escaping @Sendable () -> Bool) async -> RouteOutcome {
        var chain = [url]
        var current = url
        var native = native
        var interceptorsSeen = 0

        func hop(_ next: String) -> RouteOutcome? {
            chain.append(next)
            return chain.count - 1 > maxRedirectHops ? .redirectLoop(chain: chain) : nil
        }
        func wrap(_ outcome: RouteOutcome) -> RouteOutcome {
            chain.count > 1 ? .redirected(chain: chain, final: outcome) : outcome
        }

        while true {
            guard isCurrent() else { return wrap(.cancelled(reason: "superseded by a newer navigation")) }
            let parsed: RouteURL
            do throws(URLParseError) { parsed = try RouteURL(current, limits: options.limits) } catch {
                return wrap(.invalidURL(error))
            }
            if trace.normalized == nil { trace.normalized = parsed.normalized }
            let table = self.table
            let (relocations, redirects, interceptors, fallback, applier) = withState {
                ($0.relocations, $0.redirects, $0.interceptors, $0.fallback, $0.placementApplier)
            }

            // 1–2. The relocation table, then the static redirects: one decision shared with `resolve`.
            var aliasTarget: (pattern: RoutePattern, target: String, params: PathParameters)?
            switch Self.rewriteStep(current, parsed: parsed, relocations: relocations, redirects: redirects) {
            case .deleted(let rule):
                trace.steps.append(.init(kind: .relocation, name: rule.description, detail: "deleted (table v\(relocations.version))", seconds: 0))
                return wrap(.notFound(url: current))
            case .unbuildable(let kind, let rule, let error):
                return wrap(.failed(pattern: rule.description, error: "\(kind.rawValue): \(error)"))
            case .rewritten(let kind, let rule, let next):
                trace.steps.append(.init(kind: kind == .relocation ? .relocation : .redirect, name: rule.description, detail: "→ \(next)", seconds: 0))
                if let loop = hop(next) { return loop }
                current = next
                continue
            case .alias(let rule, let target, let params):
                aliasTarget = (rule, target, params)
                trace.steps.append(.init(kind: .relocation, name: rule.description, detail: "path for target \(target)", seconds: 0))
            case .route:
                break
            }

            // 3. Match.
            let pattern: RoutePattern
            let entry: RouteEntry
            let path: PathParameters
            if let alias = aliasTarget {
                guard let aliased = table.targets.first(where: { $0.target == alias.target }) else {
                    return wrap(.notFound(url: current))
                }
                (pattern, entry, path) = (alias.pattern, aliased, alias.params)
            } else {
                let m: RouteMatch<RouteEntry>?
                do throws(URLParseError) { m = try table.match(current) } catch { return wrap(.invalidURL(error)) }
                guard let m else {
                    trace.candidates = []
                    trace.steps.append(.init(kind: .match, name: current, detail: "no route matches", seconds: 0))
                    guard let fallback else { return wrap(.notFound(url: current)) }
                    var request = RouteRequest(url: parsed, pattern: Self.fallbackPattern, target: "fallback",
                                               path: PathParameters(names: [], values: []), native: native,
                                               callback: callback, redirectedFrom: Array(chain.dropLast()))
                    request.openID = trace.id
                    let t0 = ContinuousClock.now
                    do {
                        let result = try await fallback.handle(request)
                        trace.steps.append(.init(kind: .fallback, name: "fallback", detail: result.description, seconds: (ContinuousClock.now - t0).seconds))
                        return wrap(await place(result, for: request, pattern: "fallback", applier: applier, trace: &trace,
                                                isCurrent: isCurrent))
                    } catch {
                        return wrap(.failed(pattern: nil, error: String(describing: error)))
                    }
                }
                (pattern, entry, path) = (m.pattern, m.target, m.parameters)
            }
            trace.matchedPattern = pattern.description
            trace.target = entry.target
            trace.candidates = table.candidates(for: parsed)
            trace.steps.append(.init(kind: .match, name: pattern.description, detail: "→ \(entry.target)", seconds: 0))

            var request = RouteRequest(url: parsed, pattern: pattern, target: entry.target, path: path, native: native,
                                       metadata: entry.metadata, callback: callback, redirectedFrom: Array(chain.dropLast()))
            request.openID = trace.id

            // 4. Interceptors, in order; each has a deadline. An interceptor judges the navigation when its
            // scope covers the matched route or any route the navigation implies (a deep link's parents).
            let implied = impliedRoutes(of: entry, request: request, table: table)
            var redirected = false
            for reg in interceptors {
                let direct = reg.scope.applies(pattern: pattern.description, metadata: entry.metadata)
                let via = direct ? nil : implied.first { reg.scope.applies(pattern: $0.pattern, metadata: $0.metadata) }
                guard direct || via != nil else { continue }
                interceptorsSeen += 1
                let t0 = ContinuousClock.now
                let verdict = await Self.runWithDeadline(reg.interceptor, request, timeout: reg.timeout)
                let elapsed = (ContinuousClock.now - t0).seconds
                guard isCurrent() else { return wrap(.cancelled(reason: "superseded by a newer navigation")) }
                switch verdict {
                case .timedOut:
                    trace.steps.append(.init(kind: .interceptor, name: reg.interceptor.name, detail: "timed out", seconds: elapsed))
                    return wrap(.timedOut(interceptor: reg.interceptor.name, seconds: reg.timeout))
                case .threw(let error):
                    trace.steps.append(.init(kind: .interceptor, name: reg.interceptor.name, detail: "threw \(error)", seconds: elapsed))
                    return wrap(.failed(pattern: pattern.description, error: "interceptor \(reg.interceptor.name): \(error)"))
                case .decided(let decision):
                    let detail = decision.description + (via.map { " (judged for \($0.url), which this navigation also shows)" } ?? "")
                    trace.steps.append(.init(kind: .interceptor, name: reg.interceptor.name, detail: detail, seconds: elapsed))
                    switch decision {
                    case .proceed: continue
                    case .reject(let reason): return wrap(.rejected(by: reg.interceptor.name, reason: reason))
                    case .redirect(let to, let keep):
                        var next = to
                        if keep { next = Self.carryQuery(from: parsed, into: to) }
                        if let loop = hop(next) { return loop }
                        current = next
                        redirected = true
                    }
                }
                if redirected { break }
            }
            if redirected {
                native = request.native
                continue
            }

            // 5. The handler.
            guard let handler = entry.handler else {
                return wrap(.failed(pattern: pattern.description, error: "no handler registered for target \(entry.target)"))
            }
            let t0 = ContinuousClock.now
            guard await handler.shouldHandle(request) else {
                trace.steps.append(.init(kind: .handler, name: entry.target, detail: "declined", seconds: (ContinuousClock.now - t0).seconds))
                return wrap(.declined(pattern: pattern.description))
            }
            guard isCurrent() else { return wrap(.cancelled(reason: "superseded by a newer navigation")) }
            do {
                request.native = native
                let result = try await handler.handle(request)
                trace.steps.append(.init(kind: .handler, name: entry.target, detail: result.description, seconds: (ContinuousClock.now - t0).seconds))
                return wrap(await place(result, for: request, pattern: pattern.description, applier: applier, trace: &trace,
                                        isCurrent: isCurrent))
            } catch {
                trace.steps.append(.init(kind: .handler, name: entry.target, detail: "threw \(error)", seconds: (ContinuousClock.now - t0).seconds))
                return wrap(.failed(pattern: pattern.description, error: String(describing: error)))
            }
        }
    }

    /// Hands a handler's result to the app's placement applier (when one is installed) and turns its
    /// verdict into the outcome: `handled` only when the result was placed.
    private func place(_ result: RouteResult, for request: RouteRequest, pattern: String, applier: (any PlacementApplier)?,
                       trace: inout RouteTrace, isCurrent: @Sendable () -> Bool) async -> RouteOutcome {
        // A newer open in the lane while the handler ran supersedes this one: its result is not used.
        guard isCurrent() else { return .cancelled(reason: "superseded by a newer navigation") }
        guard let applier else { return .handled(pattern: pattern, result: result) }
        let t0 = ContinuousClock.now
        let verdict = await applier.apply(result, for: request)
        trace.steps.append(.init(kind: .placement, name: request.target, detail: verdict.description,
                                 seconds: (ContinuousClock.now - t0).seconds))
        switch verdict {
        case .placed(_, let shown):
            return .handled(pattern: pattern, result: shown.map { RouteResult(result.payload, note: $0) } ?? result)
        case .vetoed(let by, let reason): return .vetoed(by: by, reason: reason)
        case .failed(let reason): return .placementFailed(reason: reason)
        }
    }

    /// A route that a navigation implies besides its own: its URL, pattern and metadata.
    struct ImpliedRoute {
        let url: String
        let pattern: String
        let metadata: [String: String]
    }

    /// The routes a navigation implies: the handler's ``RouteHandler/impliedURLs(for:)``, then theirs, up
    /// to a bounded number (a parent cycle ends there). URLs that match no route are left out.
    func impliedRoutes(of entry: RouteEntry, request: RouteRequest, table: RouteTable<RouteEntry>) -> [ImpliedRoute] {
        var pending = entry.handler?.impliedURLs(for: request) ?? []
        var out: [ImpliedRoute] = []
        var seen: Set<String> = []
        while !pending.isEmpty && out.count < 16 {
            let url = pending.removeFirst()
            guard seen.insert(url).inserted, let parsed = try? RouteURL(url, limits: options.limits),
                  let m = try? table.match(url) else { continue }
            out.append(ImpliedRoute(url: url, pattern: m.pattern.description, metadata: m.target.metadata))
            let parent = RouteRequest(url: parsed, pattern: m.pattern, target: m.target.target, path: m.parameters,
                                      native: request.native, metadata: m.target.metadata)
            pending += m.target.handler?.impliedURLs(for: parent) ?? []
        }
        return out
    }

    static let fallbackPattern = RoutePattern(scheme: nil, host: .literal("fallback"), path: [])

    /// Appends the original query items that `to` does not already set.
    static func carryQuery(from original: RouteURL, into to: String) -> String {
        guard !original.query.isEmpty, let dest = try? RouteURL(to) else { return to }
        let present = Set(dest.query.names)
        let extra = original.query.items.filter { !present.contains($0.name) }
        guard !extra.isEmpty else { return to }
        let encoded = extra.map {
            PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "=" + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
        }.joined(separator: "&")
        var base = to
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        return base + (base.contains("?") ? "&" : "?") + encoded + fragment
    }

    enum Verdict: Sendable {
        case decided(InterceptorDecision)
        case threw(String)
        case timedOut
    }

    /// Runs an interceptor with a deadline. An interceptor that never answers does not hold anything up:
    /// its task is cancelled and left behind, and the navigation ends as timed out.
    static func runWithDeadline(_ interceptor: any Interceptor, _ request: RouteRequest, timeout: Double) async -> Verdict {
        let box = DeadlineBox()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Verdict, Never>) in
            box.setContinuation(continuation)
            let work = Task {
                do {
                    let d = try await interceptor.intercept(request)
                    box.resume(.decided(d))
                } catch {
                    box.resume(.threw(String(describing: error)))
                }
            }
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1_000_000_000))
                if !Task.isCancelled { box.resume(.timedOut) }
            }
            box.setTasks(work: work, timer: timer)
        }
    }
}

/// Resumes a continuation exactly once and cancels whichever task lost the race.
final class DeadlineBox: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Router.Verdict, Never>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var done = false
    }

    private let state = Locked(State())

    func setContinuation(_ c: CheckedContinuation<Router.Verdict, Never>) {
        state.withLock { $0.continuation = c }
    }

    func setTasks(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let finished = state.withLock { s in
            s.work = work
            s.timer = timer
            return s.done
        }
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    func resume(_ verdict: Router.Verdict) {
        let won: (CheckedContinuation<Router.Verdict, Never>, Task<Void, Never>?, Task<Void, Never>?)? = state.withLock { s in
            guard !s.done, let c = s.continuation else { return nil }
            s.done = true
            s.continuation = nil
            return (c, s.work, s.timer)
        }
        guard let (c, w, t) = won else { return }
        w?.cancel()
        t?.cancel()
        c.resume(returning: verdict)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}
