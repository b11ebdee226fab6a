extension InterceptorStage {
    /// Runs an interceptor with a deadline. An interceptor that never answers does not hold anything up:
    /// its task is cancelled and left behind, and the navigation ends as timed out.
    static func runWithDeadline(_ interceptor: any Interceptor, _ request: RouteRequest,
                                timeout: Double) async -> InterceptorVerdict {
        let box = DeadlineBox()
        return await withCheckedContinuation { (continuation: CheckedContinuation<InterceptorVerdict, Never>) in
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
