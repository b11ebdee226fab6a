// Observers, the failure handler and the history of traces.

extension Router {
    /// Adds an observer that receives every trace. Returns an id for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (RouteTrace) -> Void) -> Int {
        withState { s in
            let id = s.nextObserverID
            s.nextObserverID += 1
            s.observers.append((id, observer))
            return id
        }
    }

    /// Removes an observer.
    public func removeObserver(_ id: Int) {
        withState { $0.observers.removeAll { $0.0 == id } }
    }

    /// Sets the global failure handler: it sees every open that does not end handled.
    public func setFailureHandler(_ handler: (@Sendable (RouteOutcome, RouteTrace) -> Void)?) {
        withState { $0.failureHandler = handler }
    }

    /// The traces of the most recent opens, oldest first.
    public var history: [RouteTrace] { withState { Array($0.history) } }

    /// The number the next open's trace gets (`RouteTrace.id`, the `#N` of logs). A router that
    /// replaces another (a reloaded route table) is set to go on from the old one's, so the numbers
    /// stay unique across the replacement; it never goes down.
    package var nextOpenID: Int {
        get { withState { $0.nextTraceID } }
        set { withState { $0.nextTraceID = max($0.nextTraceID, newValue) } }
    }

    /// Keeps a finished open's trace in the history, then hands it to the observers and, when the open
    /// failed, to the failure handler.
    func record(_ trace: RouteTrace) {
        let (observers, failureHandler) = withState { s in
            s.history.append(trace)
            if s.history.count > s.historyLimit { s.history.removeFirst(s.history.count - s.historyLimit) }
            return (s.observers.map(\.1), s.failureHandler)
        }
        for o in observers { o(trace) }
        if trace.outcome.isFailure { failureHandler?(trace.outcome, trace) }
    }
}
