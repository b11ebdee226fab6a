/// Resumes a continuation exactly once and cancels whichever task lost the race.
final class DeadlineBox: Sendable {
    private struct State {
        var continuation: CheckedContinuation<InterceptorVerdict, Never>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var done = false
    }

    private let state = Locked(State())

    func setContinuation(_ c: CheckedContinuation<InterceptorVerdict, Never>) {
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

    func resume(_ verdict: InterceptorVerdict) {
        typealias Won = (CheckedContinuation<InterceptorVerdict, Never>, Task<Void, Never>?, Task<Void, Never>?)
        let won: Won? = state.withLock { s in
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
