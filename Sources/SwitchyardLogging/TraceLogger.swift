import Logging
import Switchyard

extension Router {
    /// Logs every trace through swift-log: handled opens at `info` (or `debug` with `quietSuccess`),
    /// everything else at `warning`. Returns the observer id (for `removeObserver`).
    @discardableResult
    public func logTraces(to logger: Logger, quietSuccess: Bool = false) -> Int {
        addObserver { trace in
            var metadata: Logger.Metadata = [
                "trace": "\(trace.id)",
                "url": "\(trace.url)",
                "outcome": "\(trace.outcome.code)",
                "ms": "\(Int((trace.seconds * 1000).rounded()))",
            ]
            if let p = trace.matchedPattern { metadata["pattern"] = "\(p)" }
            if let t = trace.target { metadata["target"] = "\(t)" }
            if !trace.steps.isEmpty { metadata["steps"] = .array(trace.steps.map { .string($0.description) }) }
            let level: Logger.Level = trace.outcome.isHandled ? (quietSuccess ? .debug : .info) : .warning
            logger.log(level: level, "open \(trace.url): \(trace.outcome)", metadata: metadata)
        }
    }
}
