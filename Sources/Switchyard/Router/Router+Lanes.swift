// Lanes: a newer open in a lane supersedes the older ones that have not finished.

extension Router {
    /// Starts an open in `lane` (nil: no lane): gives the open its trace number, and a check that stays
    /// true while no newer open entered the same lane and the task is not cancelled. The stages ask it
    /// before each pass, after each interceptor, before the handler runs and after it returned.
    func enterLane(_ lane: String?) -> (traceID: Int, isCurrent: @Sendable () -> Bool) {
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
        let isCurrent: @Sendable () -> Bool = { [self] in
            if Task.isCancelled { return false }
            guard let lane else { return true }
            return withState { $0.lanes[lane] == generation }
        }
        return (traceID, isCurrent)
    }
}
